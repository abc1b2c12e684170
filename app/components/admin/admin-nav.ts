import {
	BotIcon,
	BoxesIcon,
	CameraIcon,
	ClapperboardIcon,
	FilmIcon,
	ClipboardListIcon,
	HistoryIcon,
	StarIcon,
	LayersIcon,
	LayoutDashboardIcon,
	MailIcon,
	PackageIcon,
	PaletteIcon,
	ReceiptIcon,
	ScaleIcon,
	SettingsIcon,
	ShoppingBagIcon,
	SparklesIcon,
	TicketPercentIcon,
	TrophyIcon,
	Undo2Icon,
	UsersIcon,
	VideoIcon,
} from '~/components/icons/lucide'
import type { AreaNavItem } from '~/components/account/area-frame'

/**
 * The back-office sidebar 'Menu Admin' (document 001 §2 'Admin area'), grouped as issue 11 asks
 * (Vendas, Catálogo, Personalização, Clientes, Conteúdo, Loja). Only pages that exist are
 * listed.
 */
export const ADMIN_NAV: readonly AreaNavItem[] = [
	{ label: 'Dashboard', to: '/admin', icon: LayoutDashboardIcon, end: true },
	// The shop's own orders (decision 5) and the pages around them: not in document 001's list.
	{ label: 'Pedidos', to: '/admin/pedidos', icon: ReceiptIcon, group: 'Vendas' },
	// Issue 31: the shoppers' withdrawal requests (decision 117).
	{ label: 'Desistências', to: '/admin/desistencias', icon: Undo2Icon, group: 'Vendas' },
	{ label: 'Cupons', to: '/admin/cupons', icon: TicketPercentIcon, group: 'Vendas' },
	// Issue 29: what the payment providers received against the shop's orders.
	{ label: 'Pagamentos', to: '/admin/pagamentos', icon: ScaleIcon, group: 'Vendas' },
	{ label: 'Produtos', to: '/admin/produtos', icon: ShoppingBagIcon, group: 'Catálogo' },
	{ label: 'Coleções', to: '/admin/colecoes', icon: LayersIcon, group: 'Catálogo' },
	{ label: 'Estoque', to: '/admin/estoque', icon: BoxesIcon, group: 'Catálogo' },
	{ label: 'Bandanas', to: '/admin/personalizacao/bandanas', icon: SparklesIcon, group: 'Personalização' },
	{ label: 'Colares', to: '/admin/personalizacao/colares', icon: PaletteIcon, group: 'Personalização' },
	{ label: 'Pedidos Personalizados', to: '/admin/pedidos-personalizados', icon: ClipboardListIcon, group: 'Personalização' },
	{ label: 'Atacado', to: '/admin/atacado', icon: PackageIcon, group: 'Personalização' },
	{ label: 'Usuários', to: '/admin/users', icon: UsersIcon, group: 'Clientes' },
	{ label: 'Avaliações', to: '/admin/avaliacoes', icon: StarIcon, group: 'Clientes' },
	{ label: 'Fotos', to: '/admin/fotos', icon: CameraIcon, group: 'Clientes' },
	{ label: 'Fidelidade', to: '/admin/fidelidade', icon: TrophyIcon, group: 'Clientes' },
	{ label: 'Vídeo do Banner', to: '/admin/banner', icon: FilmIcon, group: 'Conteúdo' },
	{ label: 'Vídeo da Assinatura', to: '/admin/subscription-cta-video', icon: ClapperboardIcon, group: 'Conteúdo' },
	{ label: 'Vídeo da Personalização', to: '/admin/personalization-video', icon: VideoIcon, group: 'Conteúdo' },
	{ label: 'Aria IA', to: '/admin/aria', icon: BotIcon, group: 'Conteúdo' },
	{ label: 'E-mails', to: '/admin/emails', icon: MailIcon, group: 'Loja' },
	{ label: 'Configurações', to: '/admin/configuracoes', icon: SettingsIcon, group: 'Loja' },
	// Issue 30: who changed what in the back-office.
	{ label: 'Atividade', to: '/admin/atividade', icon: HistoryIcon, group: 'Loja' },
]

export const ADMIN_NAV_TITLE = 'Menu Admin'
