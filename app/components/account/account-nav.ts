import { AwardIcon, CameraIcon, HeartIcon, LayoutDashboardIcon, PackageIcon, PawPrintIcon, SettingsIcon, TrophyIcon, UserIcon } from '~/components/icons/lucide'
import type { AreaNavItem } from './area-frame'

/**
 * The customer area's sidebar (document 001 §2 'Customer area'). Only pages that exist are
 * listed; each later page adds its line here (Meu Perfil, Meus Pedidos, Minhas Fotos, …).
 */
export const ACCOUNT_NAV: readonly AreaNavItem[] = [
	{ label: 'Dashboard', to: '/user/dashboard', icon: LayoutDashboardIcon },
	{ label: 'Meu Perfil', to: '/user/profile', icon: UserIcon },
	{ label: 'Meus Pets', to: '/user/pets', icon: PawPrintIcon },
	{ label: 'Meus Pedidos', to: '/user/orders', icon: PackageIcon },
	{ label: 'Minhas Fotos', to: '/user/photos', icon: CameraIcon },
	{ label: 'Meus Favoritos', to: '/user/favorites', icon: HeartIcon },
	{ label: 'Meus pontos', to: '/user/gamification', icon: TrophyIcon },
	{ label: 'Recompensas', to: '/user/rewards', icon: AwardIcon },
	{ label: 'Configurações', to: '/user/settings', icon: SettingsIcon },
]

export const ACCOUNT_NAV_TITLE = 'Minha Conta'
