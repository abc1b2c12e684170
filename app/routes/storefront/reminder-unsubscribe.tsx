import { BellOffIcon } from '~/components/icons/lucide'
import { data, Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { UNSUBSCRIBE_MESSAGES, unsubscribeWithToken } from '~/server/cart-reminders/unsubscribe.server'
import { pageTitle } from '~/utils/meta'
import { PRIVATE_NO_STORE, routeHeaders } from '~/utils/route-headers'
import type { Route } from './+types/reminder-unsubscribe'

/**
 * /lembretes/cancelar/:token — the reminder's one-click way out (decision 121). Opening the link
 * withdraws the consent (a scanner that opens it can only stop mail, never start it); the same
 * address answers the mail client's RFC 8058 one-click POST. No sign-in needed.
 */

export const headers = routeHeaders({ ...PRIVATE_NO_STORE, 'Referrer-Policy': 'no-referrer' })

export const meta: Route.MetaFunction = ({ matches }) => [
	{ title: pageTitle('Lembretes de carrinho', matches) },
	{ name: 'robots', content: 'noindex' },
]

async function withdraw(token: string | undefined) {
	const outcome = await unsubscribeWithToken(token)
	if (!outcome.ok) return data({ ok: false as const, message: UNSUBSCRIBE_MESSAGES.invalid }, { status: 404, headers: PRIVATE_NO_STORE })
	return data({ ok: true as const, message: UNSUBSCRIBE_MESSAGES.done }, { headers: PRIVATE_NO_STORE })
}

export function loader({ params }: Route.LoaderArgs) {
	return withdraw(params.token)
}

/** List-Unsubscribe-Post (RFC 8058): the mail client posts 'List-Unsubscribe=One-Click' here. */
export function action({ params }: Route.ActionArgs) {
	return withdraw(params.token)
}

export default function ReminderUnsubscribe({ loaderData }: Route.ComponentProps) {
	return (
		<main className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
			<BellOffIcon aria-hidden="true" className="size-10 text-primary" />
			<h1 className="text-2xl font-bold">{loaderData.ok ? 'Lembretes cancelados' : 'Link inválido'}</h1>
			<p className="text-muted-foreground" data-testid="lembretes-mensagem">
				{loaderData.message}
			</p>
			{loaderData.ok ? (
				<p className="text-sm text-muted-foreground">Se mudar de ideia, é só ligar de novo em Minha conta › Configurações.</p>
			) : null}
			<div className="flex flex-wrap justify-center gap-2">
				<Button asChild>
					<Link to="/">Voltar à loja</Link>
				</Button>
				<Button asChild variant="outline">
					<Link to="/user/settings">Minhas configurações</Link>
				</Button>
			</div>
		</main>
	)
}
