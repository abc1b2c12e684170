import type * as PersonalizationModule from './personalization-block'
import type * as RestockModule from './restock-alert'
import { preloadedPart } from '~/components/ui/preloaded-part'
import { loadOnce } from '~/utils/load-once'

/*
 * Parts of the standard product page that only some products draw, out of its first load (issue 34,
 * decision 146): 'Avise-me quando chegar' (a product with a sold-out option, decision 120) and the
 * bandana extras (a bandana whose add-on products exist). Loaded by the loader, the clientLoader and,
 * where the server drew them, before hydration (components/ui/preloaded-part.tsx); a product
 * without them loads neither.
 */

const restockAlert = loadOnce(() => import('./restock-alert'))
const personalizationBlock = loadOnce(() => import('./personalization-block'))

/*
 * How the server's HTML shows each part: the attribute both of the restock alert's forms (open, or
 * folded under the buttons) carry, and the extras' heading. Written in those modules as literals:
 * importing a constant from here would make this module a file of its own in the first load.
 */
const RESTOCK_ALERT_DRAWN = '[data-restock-alert]'
const PERSONALIZATION_DRAWN = '#personalizacao-titulo'

export const RestockAlertPart = preloadedPart<typeof RestockModule, RestockModule.RestockAlertProps>(restockAlert, (module) => module.RestockAlert)
export const PersonalizationPart = preloadedPart<typeof PersonalizationModule, PersonalizationModule.PersonalizationBlockProps>(
	personalizationBlock,
	(module) => module.PersonalizationBlock,
)

/** The product route's data that says which of them the page draws (as StandardProduct decides). */
export type OptionalPartsData = {
	product: { variants: { availableForSale: boolean }[] }
	isSubscription: boolean
	addons: unknown[]
	restockAlerts: boolean
}

/** Loads the modules the page will draw (loader, clientLoader): a sold-out option with alerts on, extras offered. */
export async function loadOptionalParts(data: OptionalPartsData): Promise<void> {
	const standard = !data.isSubscription
	const soldOut = standard && data.restockAlerts && data.product.variants.some((variant) => !variant.availableForSale)
	await Promise.all([soldOut ? restockAlert.load() : undefined, standard && data.addons.length > 0 ? personalizationBlock.load() : undefined])
}

/** The parts for `loadPartsDrawnByServer`: found in the server's HTML, loaded before hydration. */
export const OPTIONAL_PARTS_DRAWN = [
	{ selector: RESTOCK_ALERT_DRAWN, load: restockAlert.load },
	{ selector: PERSONALIZATION_DRAWN, load: personalizationBlock.load },
]
