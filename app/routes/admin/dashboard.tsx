import {
	ClipboardListIcon,
	MailIcon,
	PackageIcon,
	PaletteIcon,
	ReceiptIcon,
	SettingsIcon,
	SparklesIcon,
	TicketPercentIcon,
} from 'lucide-react'
import { type Shortcut, ShortcutCard } from '~/components/ui/shortcut-card'
import { requireAdmin } from '~/server/auth/guards.server'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Painel Administrativo', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	// Every loader checks for itself; the layout's check is not relied upon.
	await requireAdmin(request)
	return null
}

/**
 * The dashboard's shortcut cards (document 001 §2 'Admin area'). A card becomes a link once its
 * page exists: the issue that builds the page adds `to`.
 */
const SHORTCUTS: readonly Shortcut[] = [
	{ title: 'Bandanas', description: 'Cores e preços da personalização de bandanas.', icon: SparklesIcon },
	{ title: 'Colares', description: 'Preço base e cores dos colares personalizados.', icon: PaletteIcon },
	{ title: 'Pedidos Personalizados', description: 'Acompanhe e conclua os pedidos personalizados.', icon: ClipboardListIcon },
	{ title: 'Atacado', description: 'Faixas de quantidade e preços de atacado.', icon: PackageIcon },
	{ title: 'Pedidos', description: 'Pagamento, produção, envio e entrega dos pedidos da loja.', icon: ReceiptIcon, to: '/admin/pedidos' },
	{ title: 'Cupons', description: 'Crie cupons e importe os da loja antiga.', icon: TicketPercentIcon, to: '/admin/cupons' },
	{ title: 'E-mails', description: 'Mensagens enviadas pela loja (caixa de saída).', icon: MailIcon, to: '/admin/emails' },
	{ title: 'Configurações', description: 'Dados da loja, PIX, frete e brinde.', icon: SettingsIcon, to: '/admin/configuracoes' },
]

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
