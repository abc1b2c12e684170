import { isRouteErrorResponse, Outlet, useRouteError } from 'react-router'
import { ErrorContent, NotFoundContent } from '~/components/shop/error-page'
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
	const error = useRouteError()
	const status = isRouteErrorResponse(error) ? error.status : undefined
	if (!isRouteErrorResponse(error)) console.error(error)
	return <ShopShell>{status === 404 ? <NotFoundContent /> : <ErrorContent status={status} />}</ShopShell>
}
