import { LayoutDashboardIcon, MailIcon, ReceiptIcon, SettingsIcon, TicketPercentIcon } from 'lucide-react'
import type { AreaNavItem } from '~/components/account/area-frame'

/**
 * The back-office sidebar 'Menu Admin' (document 001 §2 'Admin area'). Only pages that exist
 * are listed; each later page adds its line here in the documents' order (users, banner, videos,
 * personalization, custom orders, wholesale, reviews, Aria IA, coupons).
 */
export const ADMIN_NAV: readonly AreaNavItem[] = [
	{ label: 'Dashboard', to: '/admin', icon: LayoutDashboardIcon, end: true },
	// The shop's own orders (decision 5) and the pages around them: not in document 001's list.
	{ label: 'Pedidos', to: '/admin/pedidos', icon: ReceiptIcon },
	{ label: 'Cupons', to: '/admin/cupons', icon: TicketPercentIcon },
	{ label: 'E-mails', to: '/admin/emails', icon: MailIcon },
	{ label: 'Configurações', to: '/admin/configuracoes', icon: SettingsIcon },
]

export const ADMIN_NAV_TITLE = 'Menu Admin'
