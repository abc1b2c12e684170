import { Outlet, useRouteError } from 'react-router'
import { BoundaryContent } from '~/components/shop/error-page'
import { ShopShell } from '~/components/shop/shop-shell'

/** The public shop's layout: header, footer and assistant button around every storefront page. */
export default function StorefrontLayout() {
	return (
		<ShopShell>
			<Outlet />
		</ShopShell>
	)
}

/** A storefront page without its own error boundary failed: keep the shell, explain in Portuguese. */
export function ErrorBoundary() {
	return (
		<ShopShell>
			<BoundaryContent error={useRouteError()} />
		</ShopShell>
	)
}
