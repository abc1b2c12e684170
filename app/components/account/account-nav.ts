import { HeartIcon, LayoutDashboardIcon } from 'lucide-react'
import type { AreaNavItem } from './area-frame'

/**
 * The customer area's sidebar (document 001 §2 'Customer area'). Only pages that exist are
 * listed; each later page adds its line here (Meu Perfil, Meus Pedidos, Minhas Fotos, …).
 */
export const ACCOUNT_NAV: readonly AreaNavItem[] = [
	{ label: 'Dashboard', to: '/user/dashboard', icon: LayoutDashboardIcon },
	{ label: 'Meus Favoritos', to: '/user/favorites', icon: HeartIcon },
]

export const ACCOUNT_NAV_TITLE = 'Minha Conta'
