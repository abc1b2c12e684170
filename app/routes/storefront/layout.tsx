import { isRouteErrorResponse, Outlet, useRouteError } from 'react-router'
import {
	ErrorContent,
	isUnavailableError,
	logBoundaryErrorInBrowser,
	NotFoundContent,
	UnavailableContent,
} from '~/components/shop/error-page'
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
	logBoundaryErrorInBrowser(error)
	if (isUnavailableError(error)) return <ShopShell><UnavailableContent /></ShopShell>
	return <ShopShell>{status === 404 ? <NotFoundContent /> : <ErrorContent status={status} />}</ShopShell>
}
