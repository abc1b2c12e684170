import { type Cart, type CartLine, brl } from '~/commerce/types'

/**
 * A cart's totals from its priced lines, the same for every cart backend (the built-in tables
 * and a hosted store's variants, decision 046): lines that cannot be bought stay in the cart,
 * flagged, but count for nothing. Integer cents throughout.
 */
export function cartFromLines(id: string, lines: CartLine[], checkoutUrl: string): Cart {
	const buyable = lines.filter((line) => !line.unavailable)
	const subtotalCents = buyable.reduce((sum, line) => sum + line.cost.total.amountCents, 0)
	return {
		id,
		lines,
		totalQuantity: buyable.reduce((sum, line) => sum + line.quantity, 0),
		cost: { subtotal: brl(subtotalCents), total: brl(subtotalCents) },
		checkoutUrl,
	}
}
