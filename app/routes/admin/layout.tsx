import { data, Outlet } from 'react-router'
import { AreaFrame } from '~/components/account/area-frame'
import { ADMIN_NAV, ADMIN_NAV_TITLE } from '~/components/admin/admin-nav'
import { useRootData } from '~/components/shop/use-root-data'
import { requireAdmin } from '~/server/auth/guards.server'
import { getSidebarOpen } from '~/server/sidebar.server'
import { PRIVATE_NO_STORE, routeHeaders } from '~/utils/route-headers'
import type { Route } from './+types/layout'
// The complete stylesheet: the page's own holds only what the storefront uses (storefront.css).
import adminStylesheet from '~/styles/app.css?url'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminStylesheet }]

// Loader and action headers (Cache-Control, Retry-After) reach the client only through this.
export const headers = routeHeaders(PRIVATE_NO_STORE)

/** The back-office (/admin): admins only; others get /auth or 'Acesso negado' (document 001 §6). */
export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	return data({ sidebarOpen: getSidebarOpen(request) })
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
	const storeName = useRootData()?.settings.storeName ?? ''
	return (
		<AreaFrame title={ADMIN_NAV_TITLE} nav={ADMIN_NAV} storeName={storeName} sidebarOpen={loaderData.sidebarOpen}>
			<Outlet />
		</AreaFrame>
	)
}
