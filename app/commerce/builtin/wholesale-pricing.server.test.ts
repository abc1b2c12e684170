import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { toCartView } from '~/server/cart/view.server'
import { db } from '~/server/db.server'
import { CommerceError } from '../errors'
import { insertOrIncrementLines } from './cart.server'
import { builtinProvider as commerce } from './provider.server'
import { clearCommerceTables, createProduct } from './test-factories.server'

withTestDatabase()

let variantId = ''

beforeEach(async () => {
	await clearCommerceTables()
	await db.execute(sql`delete from wholesale_pricing`)
	await db.execute(sql`insert into wholesale_pricing (product_type, min_quantity, max_quantity, unit_price_cents, display_order) values
		('bandana', 10, 20, 1500, 0), ('bandana', 21, 40, 1300, 1), ('bandana', 41, null, 1000, 2)`)
	// The product's own price is the first tier's; the tiers decide the rest (decision 10).
	const { variant } = await createProduct({ title: 'Bandana Atacado', handle: 'atacado-bandana-base', variants: [{ priceCents: 1500 }] })
	variantId = variant.id
})

/**
 * A cart holding the wholesale base as /atacado's builder adds it (server-built lines): a shopper's
 * own add of it is refused (issue 28; app/routes/resources/cart.test.ts).
 */
async function wholesaleCart(quantity: number) {
	const cart = await commerce.createCart()
	await db.transaction((tx) => insertOrIncrementLines(tx, cart.id, [{ variantId, quantity, attributes: [] }], 'server'))
	return (await commerce.getCart(cart.id))!
}

const unitPrice = (cart: Awaited<ReturnType<typeof commerce.getCart>>) => cart?.lines[0]?.cost.unitPrice.amountCents

describe('wholesale tiers in the cart (decision 10, issue 9)', () => {
	test('the unit price follows the quantity’s tier at 10, 20, 21, 40 and 41, and the total is exact', async () => {
		const cart = await wholesaleCart(10)
		const lineId = cart.lines[0]!.id
		const prices: Record<number, number | undefined> = {}
		for (const quantity of [10, 20, 21, 40, 41]) {
			prices[quantity] = unitPrice(await commerce.updateCartLines(cart.id, [{ lineId, quantity }]))
		}
		expect(prices).toEqual({ 10: 1500, 20: 1500, 21: 1300, 40: 1300, 41: 1000 })
		const at25 = await commerce.updateCartLines(cart.id, [{ lineId, quantity: 25 }])
		expect(at25.lines[0]?.cost.total.amountCents).toBe(32_500)
	})

	test('a tier the owner changes reaches a cart not yet checked out', async () => {
		const cart = await wholesaleCart(25)
		expect(unitPrice(cart)).toBe(1300)
		await db.execute(sql`update wholesale_pricing set unit_price_cents = 1190 where product_type = 'bandana' and min_quantity = 21`)
		expect(unitPrice(await commerce.getCart(cart.id))).toBe(1190)
	})

	test('the minimum of 10 holds: fewer is refused on add and on update; removing the line is allowed', async () => {
		const refused = await wholesaleCart(5).catch((e: unknown) => e)
		expect(refused).toBeInstanceOf(CommerceError)
		expect((refused as CommerceError).userMessage).toBe('Quantidade mínima: 10 unidades')
		const cart = await wholesaleCart(10)
		const lineId = cart.lines[0]!.id
		const lowered = await commerce.updateCartLines(cart.id, [{ lineId, quantity: 9 }]).catch((e: unknown) => e)
		expect((lowered as CommerceError).userMessage).toBe('Quantidade mínima: 10 unidades')
		expect((await commerce.getCart(cart.id))?.lines[0]?.quantity).toBe(10)
		expect((await commerce.updateCartLines(cart.id, [{ lineId, quantity: 0 }])).lines).toHaveLength(0)
	})

	test('a personalised collar line keeps its minimum of 10 too (issue 31): the drawer cannot take it to 9', async () => {
		const { variant } = await createProduct({ title: 'Guia Personalizada', handle: 'guia-personalizada-base-colares', variants: [{ priceCents: 1000 }] })
		const cart = await commerce.createCart()
		await db.transaction((tx) => insertOrIncrementLines(tx, cart.id, [{ variantId: variant.id, quantity: 12, attributes: [] }], 'server'))
		const lineId = (await commerce.getCart(cart.id))!.lines[0]!.id
		const lowered = await commerce.updateCartLines(cart.id, [{ lineId, quantity: 9 }]).catch((e: unknown) => e)
		expect((lowered as CommerceError).userMessage).toBe('Mínimo de 10 unidades')
		expect((await commerce.getCart(cart.id))?.lines[0]?.quantity).toBe(12)
		expect((await commerce.updateCartLines(cart.id, [{ lineId, quantity: 10 }])).lines[0]?.quantity).toBe(10)
		const view = toCartView(await commerce.getCart(cart.id), { freeShippingThresholdCents: 0, giftThresholdCents: 0, giftProductHandle: '' })
		expect(view.lines[0]).toMatchObject({ quantity: 10, minQuantity: 10 })
		expect((await commerce.updateCartLines(cart.id, [{ lineId, quantity: 0 }])).lines).toHaveLength(0)
	})

	test('other products keep their own price and any quantity', async () => {
		const { variant } = await createProduct({ title: 'Bandana Preta', variants: [{ priceCents: 3490 }] })
		const cart = await commerce.createCart({ lines: [{ variantId: variant.id, quantity: 1 }] })
		expect(unitPrice(cart)).toBe(3490)
	})
})
