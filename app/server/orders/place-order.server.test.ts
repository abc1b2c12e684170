// Runs on both databases (decision 130): its subject is the order's transaction and stock locks.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { type CheckoutOverrides, checkoutInput, checkoutValues } from '#tests/fixtures/checkout-values'
import { withTestDatabase } from '#tests/setup/with-database'
import { createCart } from '~/commerce/builtin/cart.server'
import { clearCommerceTables, createProduct } from '~/commerce/builtin/test-factories.server'
import { db, queryRows } from '~/server/db.server'
import { clearStoreSettingsCache, updateStoreSettings } from '~/server/settings.server'
import { type CheckoutValues, checkoutSchema } from '~/utils/checkout-schema'
import { PLACE_ORDER_MESSAGES, generateOrderReference, placeOrder } from './place-order.server'

withTestDatabase()

beforeEach(async () => {
	await db.execute(sql`truncate orders, coupons, coupon_redemptions, order_lines, order_status_history cascade`)
	await clearCommerceTables()
	await db.execute(sql`delete from store_settings`)
	clearStoreSettingsCache()
})

/** Paying by PIX, the e-mail typed in mixed case (the order keeps it lower-cased). */
const PIX_FORM: CheckoutOverrides = { paymentMethod: 'pix', email: 'Maria@Example.com' }

function pixCheckout(overrides: CheckoutOverrides = {}): CheckoutValues {
	return checkoutValues({ ...PIX_FORM, ...overrides })
}

async function cartWith(lines: { variantId: string; quantity: number }[]) {
	return (await createCart({ lines })).id
}

async function place(cartId: string, checkout = pixCheckout(), emptyCart = true) {
	return placeOrder({ cartId, userId: null, buyerTokenHash: 'hash', checkout, emptyCart })
}

async function count(table: 'orders' | 'coupon_redemptions' | 'cart_lines') {
	const [row] = await queryRows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`)
	return row?.n ?? 0
}

async function stockOf(variantId: string) {
	const [row] = await queryRows<{ stock: number | null }>(sql`select stock from product_variants where id = ${variantId}::uuid`)
	return row?.stock
}

async function insertCoupon(values: { code: string; kind: string; value: number; usageLimit?: number | null; minSubtotalCents?: number }) {
	await db.execute(sql`insert into coupons (code, kind, value, usage_limit, min_subtotal_cents)
		values (${values.code}, ${values.kind}, ${values.value}, ${values.usageLimit ?? null}, ${values.minSubtotalCents ?? 0})`)
}

describe('placeOrder', () => {
	test('creates the order from the server cart: snapshot lines, totals, status history, empty cart', async () => {
		const { variant } = await createProduct({ title: 'Bandana Floral', variants: [{ priceCents: 3990, stock: 5 }] })
		const cartId = await cartWith([{ variantId: variant.id, quantity: 2 }])
		const result = await place(cartId)
		expect(result.ok).toBe(true)
		if (!result.ok) return
		expect(result.order.reference).toMatch(/^PET-[2-9A-HJKMNP-Z]{6}$/)
		expect(result.order.status).toBe('aguardando_pagamento')
		const [order] = await queryRows<Record<string, unknown>>(sql`select * from orders where id = ${result.order.id}::uuid`)
		expect(order).toMatchObject({
			subtotal_cents: 7980,
			shipping_cents: 1990,
			discount_cents: 0,
			total_cents: 9970,
			cpf: '52998224725',
			cep: '01310100',
			phone: '11912345678',
			email: 'maria@example.com',
			uf: 'SP',
		})
		const lines = await queryRows<Record<string, unknown>>(sql`select * from order_lines where order_id = ${result.order.id}::uuid`)
		expect(lines).toHaveLength(1)
		expect(lines[0]).toMatchObject({ product_title: 'Bandana Floral', unit_price_cents: 3990, quantity: 2, line_total_cents: 7980 })
		const history = await queryRows<Record<string, unknown>>(
			sql`select from_status, to_status from order_status_history where order_id = ${result.order.id}::uuid`,
		)
		expect(history).toEqual([{ from_status: null, to_status: 'aguardando_pagamento' }])
		expect(await stockOf(variant.id)).toBe(3)
		expect(await count('cart_lines')).toBe(0)
	})

	test('the same idempotency key twice gives one order (the second call replays the first)', async () => {
		const { variant } = await createProduct({ variants: [{ priceCents: 5000, stock: 10 }] })
		const cartId = await cartWith([{ variantId: variant.id, quantity: 1 }])
		const checkout = pixCheckout()
		const [first, second] = await Promise.all([place(cartId, checkout), place(cartId, checkout)])
		const third = await place(cartId, checkout)
		expect(await count('orders')).toBe(1)
		for (const result of [first, second, third]) {
			expect(result.ok).toBe(true)
			if (result.ok && first.ok) expect(result.order.id).toBe(first.order.id)
		}
		expect([first, second, third].filter((r) => r.ok && r.source === 'replayed')).toHaveLength(2)
		expect(await stockOf(variant.id)).toBe(9)
	})

	test('a key used by another cart is refused, not replayed', async () => {
		const { variant } = await createProduct({ variants: [{ priceCents: 5000 }] })
		const checkout = pixCheckout()
		const first = await place(await cartWith([{ variantId: variant.id, quantity: 1 }]), checkout)
		const second = await place(await cartWith([{ variantId: variant.id, quantity: 1 }]), checkout)
		expect(first.ok).toBe(true)
		expect(second).toMatchObject({ ok: false, code: 'attempt_mismatch' })
		expect(await count('orders')).toBe(1)
	})

	test('20 concurrent checkouts of a variant with stock 1 give exactly one order', async () => {
		const { variant } = await createProduct({ title: 'Laço Último', variants: [{ priceCents: 2990, stock: 1 }] })
		const carts = []
		for (let i = 0; i < 20; i += 1) {
			// Each shopper put the last unit in their cart while it was still there.
			const [cart] = await queryRows<{ id: string }>(sql`insert into carts default values returning id`)
			await db.execute(sql`insert into cart_lines (cart_id, variant_id, quantity) values (${cart!.id}::uuid, ${variant.id}::uuid, 1)`)
			carts.push(cart!.id)
		}
		const results = await Promise.all(carts.map((cartId) => place(cartId)))
		const placed = results.filter((r) => r.ok)
		const refused = results.filter((r) => !r.ok)
		expect(placed).toHaveLength(1)
		expect(refused).toHaveLength(19)
		for (const r of refused) expect(r).toMatchObject({ code: 'out_of_stock', message: PLACE_ORDER_MESSAGES.outOfStock('Laço Último') })
		expect(await count('orders')).toBe(1)
		expect(await stockOf(variant.id)).toBe(0)
		// The refused carts keep their line: nothing the shopper chose is lost.
		expect(await count('cart_lines')).toBe(19)
	})

	test('a tampered price field in the request is ignored: the variant price is charged', async () => {
		const { variant } = await createProduct({ variants: [{ priceCents: 12_000 }] })
		const cartId = await cartWith([{ variantId: variant.id, quantity: 1 }])
		const tampered = { unitPriceCents: 1, totalCents: 1, subtotalCents: 1, shippingCents: 0, price: '0.01' }
		const checkout = checkoutSchema.parse({ ...checkoutInput(PIX_FORM), ...tampered })
		expect(checkout).not.toHaveProperty('totalCents')
		const result = await place(cartId, checkout)
		expect(result.ok).toBe(true)
		const [order] = await queryRows<{ total_cents: number; subtotal_cents: number }>(sql`select total_cents, subtotal_cents from orders`)
		expect(order).toEqual({ total_cents: 12_000, subtotal_cents: 12_000 })
	})

	test('a coupon with one use redeemed concurrently succeeds once', async () => {
		await insertCoupon({ code: 'UMAVEZ', kind: 'percentage', value: 10, usageLimit: 1 })
		const { variant } = await createProduct({ variants: [{ priceCents: 20_000 }] })
		const carts = await Promise.all(Array.from({ length: 8 }, () => cartWith([{ variantId: variant.id, quantity: 1 }])))
		const results = await Promise.all(carts.map((cartId) => place(cartId, pixCheckout({ couponCode: 'umavez' }))))
		expect(results.filter((r) => r.ok)).toHaveLength(1)
		for (const r of results.filter((r) => !r.ok)) {
			expect(r).toMatchObject({ code: 'coupon', field: 'couponCode', message: 'Cupom esgotado' })
		}
		const [coupon] = await queryRows<{ used_count: number }>(sql`select used_count from coupons where code = 'UMAVEZ'`)
		expect(coupon?.used_count).toBe(1)
		expect(await count('coupon_redemptions')).toBe(1)
		const [order] = await queryRows<{ discount_cents: number; total_cents: number; coupon_code: string }>(
			sql`select discount_cents, total_cents, coupon_code from orders`,
		)
		expect(order).toEqual({ discount_cents: 2000, total_cents: 18_000, coupon_code: 'UMAVEZ' })
	})

	test('an unknown or inapplicable coupon refuses the order with its reason beside the field', async () => {
		await insertCoupon({ code: 'MIN200', kind: 'fixed', value: 1000, minSubtotalCents: 20_000 })
		const { variant } = await createProduct({ variants: [{ priceCents: 5000, stock: 3 }] })
		const cartId = await cartWith([{ variantId: variant.id, quantity: 1 }])
		expect(await place(cartId, pixCheckout({ couponCode: 'NADA' }))).toMatchObject({
			ok: false,
			field: 'couponCode',
			message: 'Cupom inválido',
		})
		const below = await place(cartId, pixCheckout({ couponCode: 'MIN200' }))
		expect(below).toMatchObject({ ok: false, field: 'couponCode' })
		if (!below.ok) expect(below.message).toMatch(/^Pedido mínimo de R\$\s200,00 para este cupom$/)
		// Rolled back: stock untouched, nothing written.
		expect(await stockOf(variant.id)).toBe(3)
		expect(await count('orders')).toBe(0)
	})

	test.each([
		[9999, 1990],
		[10_000, 0],
	])('shipping at the threshold: subtotal %i → shipping %i', async (priceCents, shipping) => {
		const { variant } = await createProduct({ variants: [{ priceCents }] })
		const result = await place(await cartWith([{ variantId: variant.id, quantity: 1 }]))
		expect(result.ok).toBe(true)
		const [order] = await queryRows<{ shipping_cents: number; total_cents: number }>(sql`select shipping_cents, total_cents from orders`)
		expect(order).toEqual({ shipping_cents: shipping, total_cents: priceCents + shipping })
	})

	test('a subscription line ships free and costs 12 months', async () => {
		const { variant } = await createProduct({ variants: [{ priceCents: 4990 }] })
		const [cart] = await queryRows<{ id: string }>(sql`insert into carts default values returning id`)
		await db.execute(sql`insert into cart_lines (cart_id, variant_id, quantity, is_subscription)
			values (${cart!.id}::uuid, ${variant.id}::uuid, 1, true)`)
		const result = await place(cart!.id)
		expect(result.ok).toBe(true)
		const [order] = await queryRows<{ shipping_cents: number; total_cents: number }>(sql`select shipping_cents, total_cents from orders`)
		expect(order).toEqual({ shipping_cents: 0, total_cents: 4990 * 12 })
	})

	test('a free-shipping coupon zeroes the shipping', async () => {
		await insertCoupon({ code: 'FRETEGRATIS', kind: 'free_shipping', value: 0 })
		const { variant } = await createProduct({ variants: [{ priceCents: 3000 }] })
		const result = await place(await cartWith([{ variantId: variant.id, quantity: 1 }]), pixCheckout({ couponCode: 'fretegratis' }))
		expect(result.ok).toBe(true)
		const [order] = await queryRows<{ shipping_cents: number; total_cents: number }>(sql`select shipping_cents, total_cents from orders`)
		expect(order).toEqual({ shipping_cents: 0, total_cents: 3000 })
	})

	test('an empty cart (or no cart) places nothing', async () => {
		const [cart] = await queryRows<{ id: string }>(sql`insert into carts default values returning id`)
		expect(await place(cart!.id)).toMatchObject({ ok: false, code: 'cart_empty' })
		expect(await place(randomUUID())).toMatchObject({ ok: false, code: 'cart_empty' })
		expect(await count('orders')).toBe(0)
	})

	test('a product switched off after it went into the cart blocks the order with its name', async () => {
		const { variant } = await createProduct({ title: 'Gravata Azul', variants: [{ priceCents: 3000 }] })
		const cartId = await cartWith([{ variantId: variant.id, quantity: 1 }])
		await db.execute(sql`update product_variants set available = false where id = ${variant.id}::uuid`)
		expect(await place(cartId)).toMatchObject({ ok: false, code: 'unavailable', message: PLACE_ORDER_MESSAGES.unavailable('Gravata Azul') })
	})

	test('a gift that ran out is dropped, the paid items are still sold', async () => {
		const { variant } = await createProduct({ variants: [{ priceCents: 15_000 }] })
		const gift = await createProduct({ title: 'Brinde Lacinho', variants: [{ priceCents: 1000, stock: 1 }] })
		const [cart] = await queryRows<{ id: string }>(sql`insert into carts default values returning id`)
		await db.execute(sql`insert into cart_lines (cart_id, variant_id, quantity) values (${cart!.id}::uuid, ${variant.id}::uuid, 1)`)
		await db.execute(sql`insert into cart_lines (cart_id, variant_id, quantity, is_gift)
			values (${cart!.id}::uuid, ${gift.variant.id}::uuid, 1, true)`)
		await db.execute(sql`update product_variants set stock = 0 where id = ${gift.variant.id}::uuid`)
		// Stock 0 makes the gift 'unavailable' in the cart view: it is left out, not an error.
		const result = await place(cart!.id)
		expect(result.ok).toBe(true)
		const lines = await queryRows<{ is_gift: boolean }>(sql`select is_gift from order_lines`)
		expect(lines).toEqual([{ is_gift: false }])
	})

	describe('the gift rule is decided again when the order is placed', () => {
		/** A cart whose gift line was added when the rule last ran (as the cart service does). */
		async function cartWithGift(priceCents: number) {
			const { variant } = await createProduct({ title: 'Coleira Couro', variants: [{ priceCents, stock: 10 }] })
			const gift = await createProduct({
				title: 'Brinde Lacinho',
				handle: 'brinde-lacinho-pet',
				variants: [{ priceCents: 1000, stock: 5 }],
			})
			const cartId = await cartWith([{ variantId: variant.id, quantity: 1 }])
			await db.execute(sql`insert into cart_lines (cart_id, variant_id, quantity, is_gift)
				values (${cartId}::uuid, ${gift.variant.id}::uuid, 1, true)`)
			return { cartId, variantId: variant.id, giftVariantId: gift.variant.id }
		}

		async function orderedLines() {
			return queryRows<{ product_title: string; is_gift: boolean; line_total_cents: number }>(
				sql`select product_title, is_gift, line_total_cents from order_lines order by is_gift`,
			)
		}

		test('exactly at the threshold the gift ships, free', async () => {
			await updateStoreSettings({ giftThresholdCents: 10_000 })
			const { cartId, giftVariantId } = await cartWithGift(10_000)
			const result = await place(cartId)
			expect(result.ok).toBe(true)
			expect(await orderedLines()).toEqual([
				{ product_title: 'Coleira Couro', is_gift: false, line_total_cents: 10_000 },
				{ product_title: 'Brinde Lacinho', is_gift: true, line_total_cents: 0 },
			])
			expect(await stockOf(giftVariantId)).toBe(4)
		})

		test('one cent below a threshold the owner raised, the gift is left out (and its stock untouched)', async () => {
			const { cartId, giftVariantId } = await cartWithGift(10_000)
			await updateStoreSettings({ giftThresholdCents: 10_001 })
			const result = await place(cartId)
			expect(result.ok).toBe(true)
			if (!result.ok) return
			expect(await orderedLines()).toEqual([{ product_title: 'Coleira Couro', is_gift: false, line_total_cents: 10_000 }])
			expect(result.cartLines.some((l) => l.isGift)).toBe(false)
			expect(await stockOf(giftVariantId)).toBe(5)
			const [order] = await queryRows<{ total_cents: number }>(sql`select total_cents from orders`)
			expect(order?.total_cents).toBe(10_000)
		})

		test('a price that dropped below the threshold takes the gift out', async () => {
			const { cartId, variantId } = await cartWithGift(10_000)
			await db.execute(sql`update product_variants set price_cents = 9999 where id = ${variantId}::uuid`)
			expect((await place(cartId)).ok).toBe(true)
			expect(await orderedLines()).toEqual([{ product_title: 'Coleira Couro', is_gift: false, line_total_cents: 9_999 }])
		})

		test('a gift product the owner replaced or switched off is not shipped', async () => {
			const replaced = await cartWithGift(20_000)
			await updateStoreSettings({ giftProductHandle: 'outro-brinde' })
			expect((await place(replaced.cartId)).ok).toBe(true)
			expect((await orderedLines()).filter((l) => l.is_gift)).toEqual([])
		})
	})

	test('PIX is refused when the store has no PIX key', async () => {
		await db.execute(sql`insert into store_settings (key, value) values ('pixKey', 'null'::jsonb)`)
		clearStoreSettingsCache()
		const { variant } = await createProduct({ variants: [{ priceCents: 3000 }] })
		expect(await place(await cartWith([{ variantId: variant.id, quantity: 1 }]))).toMatchObject({
			ok: false,
			code: 'pix_unavailable',
			field: 'paymentMethod',
		})
	})
})

describe('generateOrderReference', () => {
	test('short, unambiguous, and varied', () => {
		const refs = new Set(Array.from({ length: 500 }, generateOrderReference))
		expect(refs.size).toBeGreaterThan(495)
		for (const ref of refs) expect(ref).toMatch(/^PET-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/)
	})
})

describe('shipping by region and the PIX discount (issue 13)', () => {
	test('the CEP’s region sets the rate and the delivery window stored with the order', async () => {
		const { variant } = await createProduct({ title: 'Bandana Manaus', variants: [{ priceCents: 3000, stock: 5 }] })
		const result = await place(
			await cartWith([{ variantId: variant.id, quantity: 1 }]),
			// A state typed wrong does not change the price: the CEP is in Amazonas (Norte).
			pixCheckout({ cep: '69005-040', city: 'Manaus', uf: 'SP' }),
		)
		expect(result.ok).toBe(true)
		if (!result.ok) return
		const [order] = await queryRows<Record<string, unknown>>(sql`select * from orders where id = ${result.order.id}::uuid`)
		expect(order).toMatchObject({ shipping_cents: 3990, total_cents: 6990, delivery_min_days: 10, delivery_max_days: 16 })
	})

	test('the owner’s table and the free-shipping threshold hold for every region', async () => {
		await updateStoreSettings({
			shippingTable: {
				sudeste: { rateCents: 1000, minDays: 2, maxDays: 4 },
				sul: { rateCents: 1500, minDays: 3, maxDays: 5 },
				'centro-oeste': { rateCents: 2000, minDays: 4, maxDays: 6 },
				nordeste: { rateCents: 2500, minDays: 5, maxDays: 8 },
				norte: { rateCents: 3000, minDays: 6, maxDays: 9 },
			},
		})
		const { variant } = await createProduct({ title: 'Coleira', variants: [{ priceCents: 5000, stock: 10 }] })
		const south = await place(await cartWith([{ variantId: variant.id, quantity: 1 }]), pixCheckout({ cep: '90010-000', uf: 'RS' }))
		const free = await place(await cartWith([{ variantId: variant.id, quantity: 2 }]), pixCheckout({ cep: '66010-000', uf: 'PA' }))
		if (!south.ok || !free.ok) throw new Error('orders expected')
		const rows = await queryRows<{ reference: string; shipping_cents: number; delivery_max_days: number }>(
			sql`select reference, shipping_cents, delivery_max_days from orders`,
		)
		// Decision 085: the table is the transit; the order stores production (4) + transit.
		expect(rows.find((r) => r.reference === south.order.reference)).toMatchObject({ shipping_cents: 1500, delivery_max_days: 9 })
		expect(rows.find((r) => r.reference === free.order.reference)).toMatchObject({ shipping_cents: 0, delivery_max_days: 13 })
	})

	test('a personalised piece takes the personalised production days (decision 085)', async () => {
		await updateStoreSettings({ productionDays: 3, personalizedProductionDays: 7 })
		const { variant } = await createProduct({ title: 'Bandana Bordada', variants: [{ priceCents: 3000, stock: 5 }] })
		const plain = await place(await cartWith([{ variantId: variant.id, quantity: 1 }]), pixCheckout({ cep: '69005-040', city: 'Manaus', uf: 'AM' }))
		// The personaliser's own line (the shop writes its attributes; a shopper's request cannot).
		const namedCart = await cartWith([{ variantId: variant.id, quantity: 1 }])
		await db.execute(sql`update cart_lines set attributes = ${JSON.stringify([{ key: 'Nome do pet', value: 'Thor' }])}::jsonb where cart_id = ${namedCart}::uuid`)
		const named = await place(namedCart, pixCheckout({ cep: '69005-040', city: 'Manaus', uf: 'AM' }))
		if (!plain.ok || !named.ok) throw new Error('orders expected')
		const rows = await queryRows<{ reference: string; delivery_min_days: number; delivery_max_days: number }>(
			sql`select reference, delivery_min_days, delivery_max_days from orders`,
		)
		// Norte's default transit: 6 to 12 business days.
		expect(rows.find((r) => r.reference === plain.order.reference)).toMatchObject({ delivery_min_days: 9, delivery_max_days: 15 })
		expect(rows.find((r) => r.reference === named.order.reference)).toMatchObject({ delivery_min_days: 13, delivery_max_days: 19 })
	})

	test('PIX pays the total less the discount on the products, not on shipping', async () => {
		await updateStoreSettings({ pixDiscountPercent: 5 })
		const { variant } = await createProduct({ title: 'Laço', variants: [{ priceCents: 2990, stock: 10 }] })
		const pix = await place(await cartWith([{ variantId: variant.id, quantity: 1 }]))
		if (!pix.ok) throw new Error('order expected')
		const [pixOrder] = await queryRows<Record<string, unknown>>(sql`select * from orders where id = ${pix.order.id}::uuid`)
		// 29,90 + 19,90 shipping − 1,50 (5% of 29,90, half up) = 48,30.
		expect(pixOrder).toMatchObject({ subtotal_cents: 2990, shipping_cents: 1990, pix_discount_cents: 150, total_cents: 4830 })
		expect(pix.order.totalCents).toBe(4830)
	})
})
