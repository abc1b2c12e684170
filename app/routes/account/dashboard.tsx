import { HeartIcon, PaletteIcon, ShieldIcon, ShoppingBagIcon } from 'lucide-react'
import { type Shortcut, ShortcutCard } from '~/components/ui/shortcut-card'
import { requireUser } from '~/server/auth/guards.server'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Minha Conta', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	// Every loader checks for itself; the layout's check is not relied upon.
	const user = await requireUser(request)
	return { firstName: firstNameOf(user), isAdmin: user.isAdmin }
}

/** 'Maria Silva' → 'Maria'; without a name, the part of the e-mail before '@'. */
function firstNameOf(user: { fullName: string | null; email: string }): string {
	const name = user.fullName?.trim()
	if (name) return name.split(/\s+/)[0] ?? name
	return user.email.split('@')[0] ?? user.email
}

const SHORTCUTS: readonly Shortcut[] = [
	{ to: '/', title: 'Ver produtos', description: 'Bandanas, colares, lacinhos e muito mais.', icon: ShoppingBagIcon },
	{ to: '/personalize', title: 'Crie sua bandana', description: 'Personalize com o nome e a cor favorita do seu pet.', icon: PaletteIcon },
	{ to: '/assinaturas', title: 'Assinaturas', description: 'Novidades todo mês com frete grátis.', icon: HeartIcon },
]

/** The customer's landing page. Level, counts and badges arrive with the loyalty issue. */
export default function AccountDashboard({ loaderData }: Route.ComponentProps) {
	const shortcuts = loaderData.isAdmin
		? [...SHORTCUTS, { to: '/admin', title: 'Painel administrativo', description: 'Gerencie a loja.', icon: ShieldIcon }]
		: SHORTCUTS
	return (
		<main className="mx-auto w-full max-w-5xl p-4 md:p-8">
			<h1 className="text-2xl font-bold break-words md:text-3xl">Olá, {loaderData.firstName}!</h1>
			<p className="mt-1 text-muted-foreground">Bem-vindo(a) à sua área. O que vamos fazer hoje?</p>
			<ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
				{shortcuts.map((item) => (
					<li key={item.title}>
						<ShortcutCard item={item} />
					</li>
				))}
			</ul>
		</main>
	)
}
