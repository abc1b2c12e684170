import { describe, expect, test } from 'vitest'
import { type CartLine, brl } from '~/commerce/types'
import { cartFromLines } from './cart-from-lines'

function line(id: string, unitPriceCents: number, quantity: number, unavailable = false): CartLine {
	return {
		id,
		quantity,
		unavailable,
		isGift: false,
		isSubscription: false,
		attributes: [],
		cost: { unitPrice: brl(unitPriceCents), total: brl(unitPriceCents * quantity) },
	} as unknown as CartLine
}

describe('cartFromLines', () => {
	test('sums the buyable lines in cents and counts their quantities; unavailable lines stay but count for nothing', () => {
		const cart = cartFromLines('c1', [line('a', 2990, 3), line('b', 1999, 1), line('c', 5000, 2, true)], '/checkout')
		expect(cart.lines.map((l) => l.id)).toEqual(['a', 'b', 'c'])
		expect(cart.totalQuantity).toBe(4)
		expect(cart.cost.subtotal.amountCents).toBe(2990 * 3 + 1999)
		expect(cart.cost.total.amountCents).toBe(cart.cost.subtotal.amountCents)
		expect(cart.checkoutUrl).toBe('/checkout')
	})

	test('an empty cart is zero', () => {
		const cart = cartFromLines('c2', [], '')
		expect(cart.totalQuantity).toBe(0)
		expect(cart.cost.total.amountCents).toBe(0)
	})
})
