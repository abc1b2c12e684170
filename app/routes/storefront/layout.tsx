import { Outlet, useRouteError } from 'react-router'
import { ErrorPageSlot } from '~/components/shop/error-page-slot'
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
			<BoundaryInSlot error={useRouteError()} />
		</ShopShell>
	)
}

function BoundaryInSlot({ error }: { error: unknown }) {
	return <ErrorPageSlot>{(pages) => <pages.BoundaryContent error={error} />}</ErrorPageSlot>
}
