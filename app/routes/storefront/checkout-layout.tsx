import { Outlet, useRouteError } from 'react-router'
import { CheckoutShell } from '~/components/shop/checkout-shell'
import { ErrorPageSlot } from '~/components/shop/error-page-slot'

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
			<BoundaryInSlot error={useRouteError()} />
		</CheckoutShell>
	)
}

function BoundaryInSlot({ error }: { error: unknown }) {
	return <ErrorPageSlot>{(pages) => <pages.BoundaryContent error={error} />}</ErrorPageSlot>
}
