import { ShoppingBagIcon } from '~/components/icons/lucide'
import { data, Link, redirect } from 'react-router'
import { Button } from '~/components/ui/button'
import { getOptionalUser } from '~/server/auth/guards.server'
import { OPEN_CART_PATH } from '~/server/cart-reminders/links.server'
import { restoreCartFromReminder } from '~/server/cart-reminders/restore.server'
import { pageTitle } from '~/utils/meta'
import { PRIVATE_NO_STORE, routeHeaders } from '~/utils/route-headers'
import type { Route } from './+types/cart-restore'

/**
 * /carrinho/voltar/:token — the reminder's 'Voltar ao carrinho' (decision 121): the lines go
 * back into this browser's cart and the shop opens with the drawer showing them. A link that
 * is not (or no longer) valid gets a page in Portuguese, never an error.
 */

// The token is in the address: no shared cache, and no Referer carrying it anywhere.
export const headers = routeHeaders({ ...PRIVATE_NO_STORE, 'Referrer-Policy': 'no-referrer' })

export const meta: Route.MetaFunction = ({ matches }) => [
	{ title: pageTitle('Voltar ao carrinho', matches) },
	{ name: 'robots', content: 'noindex' },
]

export async function loader({ request, params }: Route.LoaderArgs) {
	const user = await getOptionalUser(request)
	const outcome = await restoreCartFromReminder(request, user?.id ?? null, params.token)
	if (outcome.ok) throw redirect(OPEN_CART_PATH, { headers: outcome.headers })
	return data({ message: outcome.message }, { status: outcome.status, headers: PRIVATE_NO_STORE })
}

export default function CartRestore({ loaderData }: Route.ComponentProps) {
	return (
		<main className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
			<ShoppingBagIcon aria-hidden="true" className="size-10 text-primary" />
			<h1 className="text-2xl font-bold">Não conseguimos abrir este carrinho</h1>
			<p className="text-muted-foreground">{loaderData.message}</p>
			<Button asChild>
				<Link to="/">Ver a loja</Link>
			</Button>
		</main>
	)
}
