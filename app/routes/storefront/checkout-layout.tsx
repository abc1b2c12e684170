import { isRouteErrorResponse, Outlet, useRouteError } from 'react-router'
import { CheckoutShell } from '~/components/shop/checkout-shell'
import {
	ErrorContent,
	isUnavailableError,
	logBoundaryErrorInBrowser,
	NotFoundContent,
	UnavailableContent,
} from '~/components/shop/error-page'

/** The checkout's layout: its own header and footer, without the storefront's shell (issue 34). */
export default function CheckoutLayout() {
	return (
		<CheckoutShell>
			<Outlet />
		</CheckoutShell>
	)
}

/** The checkout failed without handling it: keep the checkout's chrome, explain in Portuguese. */
export function ErrorBoundary() {
	const error = useRouteError()
	const status = isRouteErrorResponse(error) ? error.status : undefined
	logBoundaryErrorInBrowser(error)
	if (isUnavailableError(error)) return <CheckoutShell><UnavailableContent /></CheckoutShell>
	return <CheckoutShell>{status === 404 ? <NotFoundContent /> : <ErrorContent status={status} />}</CheckoutShell>
}
