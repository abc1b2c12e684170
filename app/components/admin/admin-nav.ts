import { LayoutDashboardIcon } from 'lucide-react'
import type { AreaNavItem } from '~/components/account/area-frame'

/**
 * The back-office sidebar 'Menu Admin' (document 001 §2 'Admin area'). Only pages that exist
 * are listed; each later page adds its line here in the documents' order (users, banner, videos,
 * personalization, custom orders, wholesale, reviews, Aria IA, coupons).
 */
export const ADMIN_NAV: readonly AreaNavItem[] = [{ label: 'Dashboard', to: '/admin', icon: LayoutDashboardIcon, end: true }]

export const ADMIN_NAV_TITLE = 'Menu Admin'
