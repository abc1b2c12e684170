import { data, Outlet, redirect } from 'react-router'
import { ACCOUNT_NAV, ACCOUNT_NAV_TITLE } from '~/components/account/account-nav'
import { AreaFrame } from '~/components/account/area-frame'
import { NavigationProgress, PendingPage } from '~/components/shop/navigation-pending'
import { useRootData } from '~/components/shop/use-root-data'
import { requireUser } from '~/server/auth/guards.server'
import { getSidebarOpen } from '~/server/sidebar.server'
import { loadOnce } from '~/utils/load-once'
import { PRIVATE_NO_STORE, routeHeaders } from '~/utils/route-headers'
import type { Route } from './+types/layout'

// Loader and action headers (Cache-Control, Retry-After) reach the client only through this.
export const headers = routeHeaders(PRIVATE_NO_STORE)

/** The customer area (/user): signed-in people only (document 001 §2; unauthenticated → /auth). */
export async function loader({ request }: Route.LoaderArgs) {
	await requireUser(request)
	const { pathname } = new URL(request.url)
	// /user itself has no page of its own.
	if (pathname.replace(/\/$/, '') === '/user') throw redirect('/user/dashboard')
	return data({ sidebarOpen: getSidebarOpen(request) })
}

/** The favourites' skeleton, loaded when a navigation starts (decision 148). */
const accountSkeletons = loadOnce(() => import('~/components/account/favorites-skeleton').then((module) => module.ACCOUNT_PENDING_SKELETONS))

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
	const storeName = useRootData()?.settings.storeName ?? ''
	return (
		<AreaFrame title={ACCOUNT_NAV_TITLE} nav={ACCOUNT_NAV} storeName={storeName} sidebarOpen={loaderData.sidebarOpen}>
			{/* The same loading feedback as the shop: top bar, and placeholders for 'Meus Favoritos'. */}
			<NavigationProgress />
			<PendingPage skeletons={accountSkeletons}>
				<Outlet />
			</PendingPage>
		</AreaFrame>
	)
}
