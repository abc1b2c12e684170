import type * as SubscriptionModule from './subscription-product'
import { preloadedPart } from '~/components/ui/preloaded-part'
import { loadOnce } from '~/utils/load-once'

/*
 * The subscription layout of the product page, out of the page's first load (issue 34, decision
 * 137): a standard product, nearly every product page, never draws it. Loaded by the loader, the
 * clientLoader, and before hydration where the server drew it (components/ui/preloaded-part.tsx).
 */

/** Loads the subscription layout's module once (a failed load may be tried again). */
const subscriptionLayout = loadOnce(() => import('./subscription-product'))
export const loadSubscriptionProduct = subscriptionLayout.load

/** The layout's heading id: its presence in the HTML says the server drew the layout. */
export const SUBSCRIPTION_TITLE_ID = 'assinatura-titulo'
export const SUBSCRIPTION_DRAWN = `#${SUBSCRIPTION_TITLE_ID}`

export const SubscriptionProductSlot = preloadedPart<typeof SubscriptionModule, SubscriptionModule.SubscriptionProductProps>(
	subscriptionLayout,
	(module) => module.SubscriptionProduct,
)
