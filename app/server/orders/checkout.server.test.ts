import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { checkoutValues } from '#tests/fixtures/checkout-values'
import { withTestDatabase } from '#tests/setup/with-database'
import { addCartLines, createCart } from '~/commerce/builtin/cart.server'
import { clearCommerceTables, createProduct } from '~/commerce/builtin/test-factories.server'
import { db, queryRows } from '~/server/db.server'
import { testCardProvider } from '~/server/payments/test-card-provider.server'
import { clearStoreSettingsCache } from '~/server/settings.server'
import { type CheckoutValues, TEST_CARD_TOKENS } from '~/utils/checkout-schema'
import { logger } from '~/server/logger.server'
import { type CheckoutStep, checkoutTestHooks, submitCheckout } from './checkout.server'
import { TRANSIENT_RETRY_BUDGET_MS } from '~/server/retry-transient.server'
import { orderAccessToken } from './order-link.server'
import { loadOrderForViewer } from './order-view.server'
import { placeOrder } from './place-order.server'

withTestDatabase()

beforeEach(async () => {
	await db.execute(sql`truncate orders, coupons, coupon_redemptions, order_lines, order_status_history, mail_outbox cascade`)
	await clearCommerceTables()
	await db.execute(sql`delete from store_settings`)
	clearStoreSettingsCache()
})

afterEach(() => {
	vi.restoreAllMocks()
	checkoutTestHooks.beforeStep = null
	checkoutTestHooks.retryBudgetMs = TRANSIENT_RETRY_BUDGET_MS
})

describe('card approved', () => {
	test('only what went into the order leaves the cart: a line another tab added during the charge stays', async () => {
		const bought = await createProduct({ title: 'Bandana Floral', variants: [{ priceCents: 3000, stock: 10 }] })
		const later = await createProduct({ title: 'Gravata Azul', variants: [{ priceCents: 2000, stock: 10 }] })
		const cart = await createCart({ lines: [{ variantId: bought.variant.id, quantity: 2 }] })
		const charge = testCardProvider.charge.bind(testCardProvider)
		vi.spyOn(testCardProvider, 'charge').mockImplementation(async (input) => {
			// The other tab, while the provider answers: a new product and one more of the ordered one.
			await addCartLines(cart.id, [
				{ variantId: later.variant.id, quantity: 1 },
				{ variantId: bought.variant.id, quantity: 1 },
			])
			return charge(input)
		})
		const outcome = await submitCheckout({
			request: new Request('http://loja.test/checkout', { method: 'POST' }),
			cartId: cart.id,
			userId: null,
			buyerTokenHash: 'hash',
			checkout: checkoutValues(),
		})
		expect(outcome.ok).toBe(true)
		const [order] = await queryRows<{ status: string; total_cents: number }>(sql`select status, total_cents from orders`)
		expect(order).toEqual({ status: 'pago', total_cents: 6000 + 1990 })
		const left = await queryRows<{ variant_id: string; quantity: number }>(
			sql`select variant_id, quantity from cart_lines where cart_id = ${cart.id}::uuid order by quantity, variant_id`,
		)
		expect(left).toHaveLength(2)
		expect(left).toEqual(
			expect.arrayContaining([
				{ variant_id: later.variant.id, quantity: 1 },
				{ variant_id: bought.variant.id, quantity: 1 },
			]),
		)
	})
})

describe('one cart, one order (decision 019)', () => {
	const request = () => new Request('http://loja.test/checkout', { method: 'POST' })

	test('another render submitted while the card is being charged gets the same order and no second charge', async () => {
		const product = await createProduct({ title: 'Bandana Floral', variants: [{ priceCents: 3000, stock: 10 }] })
		const cart = await createCart({ lines: [{ variantId: product.variant.id, quantity: 1 }] })
		const charge = testCardProvider.charge.bind(testCardProvider)
		let second: ReturnType<typeof submitCheckout> | undefined
		const spy = vi.spyOn(testCardProvider, 'charge').mockImplementation(async (input) => {
			// The other tab submits its own render (own key, PIX even) while the provider answers.
			second = submitCheckout({
				request: request(),
				cartId: cart.id,
				userId: null,
				buyerTokenHash: 'hash',
				checkout: checkoutValues({ paymentMethod: 'pix' }),
			})
			await new Promise((resolve) => setTimeout(resolve, 300))
			return charge(input)
		})
		const third = () =>
			submitCheckout({ request: request(), cartId: cart.id, userId: null, buyerTokenHash: 'hash', checkout: checkoutValues() })
		const first = await submitCheckout({
			request: request(),
			cartId: cart.id,
			userId: null,
			buyerTokenHash: 'hash',
			checkout: checkoutValues(),
		})
		const outcomes = [first, await second]
		expect(outcomes.every((o) => o?.ok)).toBe(true)
		// Paid: the cart is empty, so a later render submitted now places nothing.
		expect(await third()).toMatchObject({ ok: false, code: 'cart_empty' })
		const references = new Set(outcomes.map((o) => (o?.ok ? o.reference : null)))
		expect(references.size).toBe(1)
		expect(spy).toHaveBeenCalledTimes(1)
		const orders = await queryRows<{ status: string; payment_mode: string | null }>(sql`select status, payment_mode from orders`)
		expect(orders).toEqual([{ status: 'pago', payment_mode: 'test' }])
	})

	test('the database refuses a second open card order for a cart', async () => {
		const product = await createProduct({ title: 'Bandana Floral', variants: [{ priceCents: 3000, stock: 10 }] })
		const cart = await createCart({ lines: [{ variantId: product.variant.id, quantity: 1 }] })
		const insert = (reference: string) =>
			db.execute(sql`insert into orders (reference, cart_id, idempotency_key, customer_name, email, cpf, phone, cep, street,
				number, district, city, uf, shipping_cents, subtotal_cents, total_cents, payment_method)
				values (${reference}, ${cart.id}::uuid, ${randomUUID()}, 'Maria', 'maria@example.com', '52998224725', '11912345678',
				'01310100', 'Rua', '1', 'Centro', 'São Paulo', 'SP', 0, 1000, 1000, 'card')`)
		await insert('PET-AAAAAA')
		await expect(insert('PET-BBBBBB')).rejects.toThrow()
		// Once it is paid (or cancelled), the cart may make its next order.
		await db.execute(sql`update orders set status = 'pago' where reference = 'PET-AAAAAA'`)
		await insert('PET-CCCCCC')
	})
})

describe('a charge cut short by a crash', () => {
	test('the next submission of the cart retries the charge on the same order, with the same reference', async () => {
		const product = await createProduct({ title: 'Bandana Floral', variants: [{ priceCents: 3000, stock: 10 }] })
		const cart = await createCart({ lines: [{ variantId: product.variant.id, quantity: 1 }] })
		const placed = await placeOrder({ cartId: cart.id, userId: null, buyerTokenHash: 'hash', checkout: checkoutValues(), emptyCart: false })
		if (!placed.ok) throw new Error(placed.message)
		// The server claimed the charge and died before it answered: the claim is old now.
		await db.execute(sql`update orders set payment_provider = 'test', payment_mode = 'test',
			updated_at = now() - interval '10 minutes' where id = ${placed.order.id}::uuid`)
		const spy = vi.spyOn(testCardProvider, 'charge')
		const outcome = await submitCheckout({
			request: new Request('http://loja.test/checkout', { method: 'POST' }),
			cartId: cart.id,
			userId: null,
			buyerTokenHash: 'hash',
			checkout: checkoutValues(),
		})
		expect(outcome).toEqual({ ok: true, reference: placed.order.reference })
		expect(spy).toHaveBeenCalledTimes(1)
		expect(spy.mock.calls[0]?.[0].orderReference).toBe(placed.order.reference)
		const orders = await queryRows<{ status: string }>(sql`select status from orders`)
		expect(orders).toEqual([{ status: 'pago' }])
		const [stock] = await queryRows<{ stock: number }>(sql`select stock from product_variants where id = ${product.variant.id}::uuid`)
		expect(stock?.stock).toBe(9)
	})
})

describe('a busy pool after the order is committed (decision 059)', () => {
	/** What drizzle throws when the pool had no free connection within connectionTimeoutMillis. */
	const poolTimeout = () =>
		Object.assign(new Error('Failed query: update orders'), { cause: new Error('timeout exceeded when trying to connect') })

	/** The first `times` tries of each listed step fail as a busy pool does. */
	function failFirstTries(steps: Partial<Record<CheckoutStep, number>>, error: () => Error = poolTimeout) {
		const left = { ...steps }
		const tried: CheckoutStep[] = []
		checkoutTestHooks.beforeStep = (step) => {
			tried.push(step)
			if ((left[step] ?? 0) > 0) {
				left[step] = (left[step] ?? 0) - 1
				throw error()
			}
		}
		return tried
	}

	const submit = (cartId: string, values: CheckoutValues) =>
		submitCheckout({
			request: new Request('http://loja.test/checkout', { method: 'POST' }),
			cartId,
			userId: null,
			buyerTokenHash: 'hash',
			checkout: values,
		})

	async function cartWithOneLine() {
		const product = await createProduct({ title: 'Bandana Floral', variants: [{ priceCents: 3000, stock: 10 }] })
		return createCart({ lines: [{ variantId: product.variant.id, quantity: 1 }] })
	}

	const orderRow = async () => {
		const rows = await queryRows<{ reference: string; status: string; payment_reference: string | null; payment_provider: string | null }>(
			sql`select reference, status, payment_reference, payment_provider from orders`,
		)
		expect(rows).toHaveLength(1)
		return rows[0] as (typeof rows)[number]
	}
	const cartLines = async (cartId: string) => queryRows(sql`select id from cart_lines where cart_id = ${cartId}::uuid`)

	test('an approved charge whose writes first meet a busy pool is still recorded: paid, with its reference, cart emptied', async () => {
		const cart = await cartWithOneLine()
		const tried = failFirstTries({ 'record-charge': 2, 'remove-lines': 1, 'mark-paid': 1 })
		const charge = vi.spyOn(testCardProvider, 'charge')

		const outcome = await submit(cart.id, checkoutValues())

		const order = await orderRow()
		expect(outcome).toEqual({ ok: true, reference: order.reference })
		expect(charge).toHaveBeenCalledTimes(1)
		const approved = await charge.mock.results[0]?.value
		expect(order).toMatchObject({ status: 'pago', payment_reference: approved.providerReference })
		expect(order.payment_reference).toMatch(/^test_/)
		expect(await cartLines(cart.id)).toHaveLength(0)
		expect(tried).toEqual([
			'claim',
			'record-charge',
			'record-charge',
			'record-charge',
			'remove-lines',
			'remove-lines',
			'mark-paid',
			'mark-paid',
		])
	})

	test('a charge that cannot be recorded within the bound is logged for reconciliation, and the shopper goes to her order', async () => {
		const cart = await cartWithOneLine()
		checkoutTestHooks.retryBudgetMs = 300
		failFirstTries({ 'mark-paid': 100 })
		const charge = vi.spyOn(testCardProvider, 'charge')
		const errors = vi.spyOn(logger, 'error')

		const outcome = await submit(cart.id, checkoutValues())

		const order = await orderRow()
		expect(outcome).toEqual({ ok: true, reference: order.reference })
		const approved = await charge.mock.results[0]?.value
		// The reference is in: the order is never charged again nor expired as abandoned.
		expect(order).toMatchObject({ status: 'aguardando_pagamento', payment_reference: approved.providerReference })
		expect(errors).toHaveBeenCalledWith(
			expect.objectContaining({ reference: order.reference, providerReference: approved.providerReference }),
			expect.stringContaining('conciliar manualmente'),
		)
		// Even with its claim gone stale, a retried submission does not charge it a second time.
		checkoutTestHooks.beforeStep = null
		await db.execute(sql`update orders set updated_at = now() - interval '10 minutes'`)
		expect(await submit(cart.id, checkoutValues())).toEqual({ ok: true, reference: order.reference })
		expect(charge).toHaveBeenCalledTimes(1)
	}, 60_000)

	test('a claim that meets a busy pool is retried, and the order is charged', async () => {
		const cart = await cartWithOneLine()
		failFirstTries({ claim: 2 })
		const charge = vi.spyOn(testCardProvider, 'charge')

		const outcome = await submit(cart.id, checkoutValues())

		const order = await orderRow()
		expect(outcome).toEqual({ ok: true, reference: order.reference })
		expect(charge).toHaveBeenCalledTimes(1)
		expect(order.status).toBe('pago')
	})

	test('a claim still failing after the bound sends the shopper to her order; her retry (same key) charges it', async () => {
		const cart = await cartWithOneLine()
		checkoutTestHooks.retryBudgetMs = 0
		failFirstTries({ claim: 1 })
		const charge = vi.spyOn(testCardProvider, 'charge')
		const values = checkoutValues()

		const first = await submit(cart.id, values)

		const placed = await orderRow()
		// Not a 503: the order exists, unclaimed and uncharged.
		expect(first).toEqual({ ok: true, reference: placed.reference })
		expect(placed).toMatchObject({ status: 'aguardando_pagamento', payment_provider: null, payment_reference: null })
		expect(charge).not.toHaveBeenCalled()

		// The same submission again (same idempotency key): replayed, and charged this time.
		const retried = await submit(cart.id, values)

		expect(retried).toEqual({ ok: true, reference: placed.reference })
		expect(charge).toHaveBeenCalledTimes(1)
		expect(await orderRow()).toMatchObject({ status: 'pago', payment_provider: 'test' })
		expect(await cartLines(cart.id)).toHaveLength(0)
	})

	test('a claim failing past the bound: the order page says the card was not charged; a new submission of the cart charges that order', async () => {
		const product = await createProduct({ title: 'Bandana Floral', variants: [{ priceCents: 3000, stock: 10 }] })
		const cart = await createCart({ lines: [{ variantId: product.variant.id, quantity: 1 }] })
		checkoutTestHooks.retryBudgetMs = 0
		failFirstTries({ claim: 1 })
		const charge = vi.spyOn(testCardProvider, 'charge')
		const page = async (reference: string) => {
			const [{ id } = { id: '' }] = await queryRows<{ id: string }>(sql`select id from orders where reference = ${reference}`)
			const token = await orderAccessToken(id)
			const view = await loadOrderForViewer(new Request(`http://loja.test/pedido/${reference}?acesso=${token}`), reference)
			return { status: view?.status, cardNotCharged: view?.cardNotCharged, cardCharging: view?.cardCharging }
		}

		const first = await submit(cart.id, checkoutValues())

		const placed = await orderRow()
		expect(first).toEqual({ ok: true, reference: placed.reference })
		expect(charge).not.toHaveBeenCalled()
		expect(await page(placed.reference)).toEqual({ status: 'aguardando_pagamento', cardNotCharged: true, cardCharging: false })
		expect(await cartLines(cart.id)).toHaveLength(1)

		// 'Tentar pagar de novo' opens /checkout, which renders a new idempotency key: the cart's open order.
		const retried = await submit(cart.id, checkoutValues())

		expect(retried).toEqual({ ok: true, reference: placed.reference })
		expect(charge).toHaveBeenCalledTimes(1)
		expect(charge.mock.calls[0]?.[0].orderReference).toBe(placed.reference)
		expect(await orderRow()).toMatchObject({
			reference: placed.reference,
			status: 'pago',
			payment_reference: expect.stringMatching(/^test_/),
		})
		expect(await page(placed.reference)).toEqual({ status: 'pago', cardNotCharged: false, cardCharging: false })
		expect(await cartLines(cart.id)).toHaveLength(0)
		// The stock was taken once, by the order's placement.
		const [stock] = await queryRows<{ stock: number }>(sql`select stock from product_variants where id = ${product.variant.id}::uuid`)
		expect(stock?.stock).toBe(9)
	})

	test('a replayed submission still waits for a charge under way instead of charging twice', async () => {
		const cart = await cartWithOneLine()
		const values = checkoutValues()
		const charge = testCardProvider.charge.bind(testCardProvider)
		let replay: ReturnType<typeof submitCheckout> | undefined
		const spy = vi.spyOn(testCardProvider, 'charge').mockImplementation(async (input) => {
			// A double click: the same submission arrives while the provider answers.
			replay = submit(cart.id, values)
			await new Promise((resolve) => setTimeout(resolve, 300))
			return charge(input)
		})
		const first = await submit(cart.id, values)
		expect(await replay).toEqual(first)
		expect(spy).toHaveBeenCalledTimes(1)
		expect((await orderRow()).status).toBe('pago')
	})

	test('any other error after the charge is not retried: it propagates (a bug is not an outage)', async () => {
		const cart = await cartWithOneLine()
		const tried = failFirstTries({ 'record-charge': 1 }, () => Object.assign(new Error('valor inválido'), { code: '22P02' }))
		const errors = vi.spyOn(logger, 'error')

		await expect(submit(cart.id, checkoutValues())).rejects.toThrow('valor inválido')

		expect(tried).toEqual(['claim', 'record-charge'])
		// The charge went through: it is logged for reconciliation all the same.
		expect(errors).toHaveBeenCalledWith(expect.objectContaining({ providerReference: expect.stringMatching(/^test_/) }), expect.any(String))
	})

	test('a declined card whose cancellation meets a busy pool is cancelled on the retry, and the shopper told it was declined', async () => {
		const cart = await cartWithOneLine()
		failFirstTries({ 'cancel-declined': 1 })

		const outcome = await submit(cart.id, checkoutValues({ cardToken: TEST_CARD_TOKENS.declined }))

		expect(outcome).toMatchObject({ ok: false, code: 'card_declined' })
		expect(await orderRow()).toMatchObject({ status: 'cancelado', payment_reference: expect.stringMatching(/^test_/) })
		expect(await cartLines(cart.id)).toHaveLength(1)
	})
})
