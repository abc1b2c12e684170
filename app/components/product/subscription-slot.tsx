import { lazy, Suspense } from 'react'
import type * as SubscriptionModule from './subscription-product'
import { loadOnce } from '~/utils/load-once'

/*
 * The subscription layout of the product page, out of the page's first load (issue 34, decision
 * 137): a standard product, nearly every product page, never draws it. Where the server did draw
 * it, its code must be there before React hydrates, or the boundary would hydrate late and meet
 * changed data or lost clicks (decisions 124 and 135). So the module is loaded:
 * - on the server, by the route's loader, before the page renders;
 * - in the browser, before hydration, by the route module itself when the page's HTML holds the
 *   layout (`awaitSubscriptionLayoutBeforeHydration`, a top-level await that React Router's module
 *   script waits for); a standard product page awaits nothing;
 * - on a client navigation, by the route's clientLoader, before the page renders.
 * The slot then draws the loaded component directly, the same tree as the server's.
 */

/** The layout's heading id: its presence in the HTML says the server drew the layout. */
export const SUBSCRIPTION_TITLE_ID = 'assinatura-titulo'

/** Loads the subscription layout's module once (a failed load may be tried again). */
const subscriptionLayout = loadOnce(() => import('./subscription-product'))
export const loadSubscriptionProduct = subscriptionLayout.load

/** In the browser before hydration: the layout's code when the server's HTML holds it. */
export async function awaitSubscriptionLayoutBeforeHydration() {
	if (typeof document === 'undefined' || !document.getElementById(SUBSCRIPTION_TITLE_ID)) return
	await loadSubscriptionProduct().catch(() => undefined)
}

const LazySubscriptionProduct = lazy(() => loadSubscriptionProduct().then((module) => ({ default: module.SubscriptionProduct })))

export function SubscriptionProductSlot(props: SubscriptionModule.SubscriptionProductProps) {
	const Loaded = subscriptionLayout.current()?.SubscriptionProduct
	if (Loaded) return <Loaded {...props} />
	// Only when a load above failed or was skipped: drawn once the code arrives.
	return (
		<Suspense fallback={null}>
			<LazySubscriptionProduct {...props} />
		</Suspense>
	)
}
