import { Outlet, useRouteError } from 'react-router'
import { CheckoutShell } from '~/components/shop/checkout-shell'
import { BoundaryContent } from '~/components/shop/error-page'

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
	return (
		<CheckoutShell>
			<BoundaryContent error={useRouteError()} />
		</CheckoutShell>
	)
}
