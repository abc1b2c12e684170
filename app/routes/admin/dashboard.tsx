import { ClipboardListIcon, type LucideIcon, PackageIcon, PaletteIcon, SparklesIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Card, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { requireAdmin } from '~/server/auth/guards.server'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Painel Administrativo', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	// Every loader checks for itself; the layout's check is not relied upon.
	await requireAdmin(request)
	return null
}

type Shortcut = { title: string; description: string; icon: LucideIcon; to?: string }

/**
 * The dashboard's shortcut cards (document 001 §2 'Admin area'). A card becomes a link once its
 * page exists: the issue that builds the page adds `to`.
 */
const SHORTCUTS: readonly Shortcut[] = [
	{ title: 'Bandanas', description: 'Cores e preços da personalização de bandanas.', icon: SparklesIcon },
	{ title: 'Colares', description: 'Preço base e cores dos colares personalizados.', icon: PaletteIcon },
	{ title: 'Pedidos Personalizados', description: 'Acompanhe e conclua os pedidos personalizados.', icon: ClipboardListIcon },
	{ title: 'Atacado', description: 'Faixas de quantidade e preços de atacado.', icon: PackageIcon },
]

function ShortcutCard({ item }: { item: Shortcut }) {
	const card = (
		<Card className={item.to ? 'h-full transition-colors hover:border-primary/60 hover:bg-accent/40' : 'h-full'}>
			<CardHeader>
				<item.icon className="mb-2 size-6 text-primary" aria-hidden="true" />
				<CardTitle>
					<h2>{item.title}</h2>
				</CardTitle>
				<CardDescription>{item.description}</CardDescription>
			</CardHeader>
		</Card>
	)
	if (!item.to) return card
	return (
		<Link to={item.to} className="block h-full rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60">
			{card}
		</Link>
	)
}

export default function AdminDashboard() {
	return (
		<main className="mx-auto w-full max-w-6xl p-4 md:p-8">
			<h1 className="text-2xl font-bold md:text-3xl">Painel Administrativo</h1>
			<p className="mt-1 text-muted-foreground">Atalhos para as áreas da loja.</p>
			<ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
				{SHORTCUTS.map((item) => (
					<li key={item.title}>
						<ShortcutCard item={item} />
					</li>
				))}
			</ul>
		</main>
	)
}
