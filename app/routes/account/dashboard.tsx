import { HeartIcon, PaletteIcon, ShieldIcon, ShoppingBagIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Card, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
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

const SHORTCUTS = [
	{ to: '/', title: 'Ver produtos', description: 'Bandanas, colares, lacinhos e muito mais.', icon: ShoppingBagIcon },
	{ to: '/personalize', title: 'Crie sua bandana', description: 'Personalize com o nome e a cor favorita do seu pet.', icon: PaletteIcon },
	{ to: '/assinaturas', title: 'Assinaturas', description: 'Novidades todo mês com frete grátis.', icon: HeartIcon },
] as const

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
					<li key={item.to}>
						<Link
							to={item.to}
							className="block h-full rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
						>
							<Card className="h-full transition-colors hover:border-primary/60 hover:bg-accent/40">
								<CardHeader>
									<item.icon className="mb-2 size-6 text-primary" aria-hidden="true" />
									<CardTitle>
										<h2>{item.title}</h2>
									</CardTitle>
									<CardDescription>{item.description}</CardDescription>
								</CardHeader>
							</Card>
						</Link>
					</li>
				))}
			</ul>
		</main>
	)
}
