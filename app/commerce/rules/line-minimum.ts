import { BASE_PRODUCT_HANDLES, WHOLESALE_BASE_HANDLES } from '../internal-products'
import { COLLAR_MINIMUM, COLLAR_QUANTITY_MESSAGES } from './collar-quantity'
import { WHOLESALE_MINIMUM, WHOLESALE_MINIMUM_MESSAGE } from './wholesale-tiers'

/** The personalised collar's base product (document 001 §7: a fixed handle, seeded with the shop). */
export const COLLAR_PERSONALIZATION_BASE_HANDLE = BASE_PRODUCT_HANDLES.collarPersonalization

export type LineMinimum = { quantity: number; message: string }

/**
 * The fewest units a cart line of this product may hold, and what the shopper is told below it;
 * null when one is enough. Wholesale lines (document 001 §5) and personalised collars (issue 31:
 * 'Mínimo de 10 unidades' on the builder) keep their minimum in the cart too: the drawer's minus
 * stops there and the server refuses less, on both cart backends.
 */
export function lineMinimumOf(handle: string): LineMinimum | null {
	if (WHOLESALE_BASE_HANDLES[handle]) return { quantity: WHOLESALE_MINIMUM, message: WHOLESALE_MINIMUM_MESSAGE }
	if (handle === COLLAR_PERSONALIZATION_BASE_HANDLE) return { quantity: COLLAR_MINIMUM, message: COLLAR_QUANTITY_MESSAGES.minimum }
	return null
}

/** The line's minimum when `quantity` is below it (so the change is refused), else null. */
export function belowLineMinimum(handle: string, quantity: number): LineMinimum | null {
	const minimum = lineMinimumOf(handle)
	return minimum && quantity < minimum.quantity ? minimum : null
}
