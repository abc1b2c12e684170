// Runs on both databases (decision 130): its subject is races.
import { HttpSession } from '#tests/e2e/support/http-session'
import { createScratchPostgresDatabase, scratchPool } from '#tests/setup/scratch-postgres'
import { createVariant, renderCheckout, shopperWith, submitCheckout } from '#tests/support/checkout-http'
import { type RunningServer, startAppServer } from '#tests/support/app-server'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

/**
 * Money races through HTTP on PostgreSQL (issue 8, decision 019): the production server on a
 * scratch database, concurrent 'Finalizar Pedido' posts from real sessions (cookies, carts,
 * rendered idempotency keys), and what the database holds afterwards.
 */
const N = 6
const ADMIN = { email: 'dona@loja.test', password: 'senha-forte-da-dona-123' }

describe.skipIf(!process.env.TEST_DATABASE_URL)('checkout races through HTTP (PostgreSQL)', () => {
	let server: RunningServer
	let database: Awaited<ReturnType<typeof createScratchPostgresDatabase>>
	let pool: pg.Pool

	beforeAll(async () => {
		database = await createScratchPostgresDatabase(
			process.env.TEST_DATABASE_URL as string,
			`races_${process.pid}_${Math.random().toString(36).slice(2, 8)}`,
		)
		server = await startAppServer({
			SEED_DEMO: 'false',
			DATABASE_URL: database.url,
			PAYMENT_MODE: 'test',
			ADMIN_EMAIL: ADMIN.email,
			ADMIN_PASSWORD: ADMIN.password,
		})
		pool = scratchPool(database.url, 2)
	})
	afterAll(async () => {
		await pool?.end()
		await server?.stop()
		await database?.drop()
	})

	const ordersOfCart = async (reference: string) =>
		(
			await pool.query<{ reference: string; status: string; payment_mode: string | null; payment_reference: string | null }>(
				`select reference, status, payment_mode, payment_reference from orders
				where cart_id = (select cart_id from orders where reference = $1) order by created_at`,
				[reference],
			)
		).rows

	test('one cart, N renders of /checkout submitted at once by card and PIX: one order, one charge', async () => {
		const variantId = await createVariant(pool, { stock: 10 })
		const shopper = await shopperWith(server.url, variantId, 1)
		// N tabs: each render of the page carries its own idempotency key.
		const keys: string[] = []
		for (let i = 0; i < N; i += 1) keys.push(await renderCheckout(shopper))
		expect(new Set(keys).size).toBe(N)

		const results = await Promise.all(
			keys.map((idempotencyKey, i) => submitCheckout(shopper, { idempotencyKey, paymentMethod: i % 3 === 2 ? 'pix' : 'card' })),
		)
		const references = new Set(results.map((r) => r.reference).filter(Boolean))
		expect(references.size, JSON.stringify(results.map((r) => [r.status, r.reference]))).toBe(1)
		const reference = [...references][0] as string
		// Every other answer is that order or 'carrinho vazio' (a PIX order empties the cart at once).
		for (const result of results) {
			if (result.reference) expect(result.status).toBe(302)
			else expect(result.status, result.body.slice(0, 200)).toBe(409)
		}

		const orders = await ordersOfCart(reference)
		expect(orders).toHaveLength(1)
		const { rows: stock } = await pool.query<{ stock: number }>('select stock from product_variants where id = $1', [variantId])
		expect(stock[0]?.stock).toBe(9)
		const order = orders[0]!
		if (order.status === 'pago') {
			// One charge: one approval in the history, one 'pedido recebido' e-mail, marked as a test payment.
			expect(order.payment_mode).toBe('test')
			expect(order.payment_reference).toMatch(/^test_/)
			const { rows: paid } = await pool.query(
				`select 1 from order_status_history h join orders o on o.id = h.order_id where o.reference = $1 and h.to_status = 'pago'`,
				[reference],
			)
			expect(paid).toHaveLength(1)
			const { rows: mails } = await pool.query(`select 1 from mail_outbox where subject like $1`, [`%Pedido recebido: ${reference}`])
			expect(mails).toHaveLength(1)
			// The order page marks it 'Teste'.
			const page = await (await shopper.get(`/pedido/${reference}`)).text()
			expect(page).toContain('data-testid="test-payment-badge"')
		} else {
			expect(order.status).toBe('aguardando_pagamento')
		}
		// After the order, the cart is empty: a further submission makes no second order.
		const again = await submitCheckout(shopper, { idempotencyKey: keys[0]!.replace(/.$/, 'x'), paymentMethod: 'card' })
		expect([302, 409]).toContain(again.status)
		expect(await ordersOfCart(reference)).toHaveLength(1)
	})

	test('N renders, all by approved card at once: one paid order, charged once', async () => {
		const variantId = await createVariant(pool, { stock: 10 })
		const shopper = await shopperWith(server.url, variantId, 2)
		const keys: string[] = []
		for (let i = 0; i < N; i += 1) keys.push(await renderCheckout(shopper))
		const results = await Promise.all(keys.map((idempotencyKey) => submitCheckout(shopper, { idempotencyKey, paymentMethod: 'card' })))
		const references = new Set(results.map((r) => r.reference))
		// Every tab lands on the same order page: the losers waited for the one charge.
		expect(references.size, JSON.stringify(results.map((r) => [r.status, r.reference]))).toBe(1)
		expect(results.every((r) => r.status === 302)).toBe(true)
		const reference = [...references][0] as string
		const orders = await ordersOfCart(reference)
		expect(orders).toHaveLength(1)
		expect(orders[0]).toMatchObject({ status: 'pago', payment_mode: 'test' })
		const { rows: history } = await pool.query<{ to_status: string }>(
			`select h.to_status from order_status_history h join orders o on o.id = h.order_id where o.reference = $1 order by h.created_at`,
			[reference],
		)
		expect(history.map((h) => h.to_status)).toEqual(['aguardando_pagamento', 'pago'])
		const { rows: stock } = await pool.query<{ stock: number }>('select stock from product_variants where id = $1', [variantId])
		expect(stock[0]?.stock).toBe(8)
		const { rows: mails } = await pool.query(`select 1 from mail_outbox where subject like $1`, [`%Pedido recebido: ${reference}`])
		expect(mails).toHaveLength(1)

		// The owner sees it marked 'Teste' in the order list and on the order.
		const admin = new HttpSession(server.url)
		await admin.signIn(ADMIN.email, ADMIN.password)
		const list = await (await admin.get(`/admin/pedidos?q=${reference}`)).text()
		expect(list).toContain(reference)
		expect(list).toContain('data-testid="test-payment-badge"')
		const { rows: ids } = await pool.query<{ id: string }>('select id from orders where reference = $1', [reference])
		const detail = await admin.get(`/admin/pedidos/${ids[0]!.id}`)
		expect(detail.status).toBe(200)
		expect(await detail.text()).toContain('data-testid="test-payment-badge"')
	})

	test('the same submission replayed N times at once: one order', async () => {
		const variantId = await createVariant(pool, { stock: 10 })
		const shopper = await shopperWith(server.url, variantId, 1)
		const idempotencyKey = await renderCheckout(shopper)
		const results = await Promise.all(
			Array.from({ length: N }, () => submitCheckout(shopper, { idempotencyKey, paymentMethod: 'pix' })),
		)
		expect(results.map((r) => r.status)).toEqual(Array(N).fill(302))
		expect(new Set(results.map((r) => r.reference)).size).toBe(1)
		const { rows } = await pool.query('select 1 from orders where idempotency_key = $1', [idempotencyKey])
		expect(rows).toHaveLength(1)
		const { rows: stock } = await pool.query<{ stock: number }>('select stock from product_variants where id = $1', [variantId])
		expect(stock[0]?.stock).toBe(9)
	})

	test('N shoppers check out the last unit at once: one order, stock 0', async () => {
		const variantId = await createVariant(pool, { stock: 1 })
		const shoppers = await Promise.all(Array.from({ length: N }, () => shopperWith(server.url, variantId, 1)))
		const keys = await Promise.all(shoppers.map((s) => renderCheckout(s)))
		const results = await Promise.all(
			shoppers.map((s, i) => submitCheckout(s, { idempotencyKey: keys[i]!, paymentMethod: i % 2 ? 'card' : 'pix' })),
		)
		const placed = results.filter((r) => r.reference)
		expect(placed, JSON.stringify(results.map((r) => r.status))).toHaveLength(1)
		for (const refused of results.filter((r) => !r.reference)) {
			expect(refused.status).toBe(409)
			expect(refused.body).toContain('Não há estoque suficiente')
		}
		const { rows: stock } = await pool.query<{ stock: number }>('select stock from product_variants where id = $1', [variantId])
		expect(stock[0]?.stock).toBe(0)
		const { rows: lines } = await pool.query<{ units: number }>(
			`select coalesce(sum(l.quantity), 0)::int as units from order_lines l join orders o on o.id = l.order_id
			where l.variant_id = $1 and o.status <> 'cancelado'`,
			[variantId],
		)
		expect(lines[0]?.units).toBe(1)
	})

	test('a coupon with usage limit 1 used by N checkouts at once: used once', async () => {
		const variantId = await createVariant(pool, { stock: null })
		await pool.query(`insert into coupons (code, kind, value, usage_limit) values ('CORRIDA1', 'percentage', 10, 1)`)
		const shoppers = await Promise.all(Array.from({ length: N }, () => shopperWith(server.url, variantId, 1)))
		const keys = await Promise.all(shoppers.map((s) => renderCheckout(s)))
		const results = await Promise.all(
			shoppers.map((s, i) => submitCheckout(s, { idempotencyKey: keys[i]!, paymentMethod: 'pix', couponCode: 'corrida1' })),
		)
		const placed = results.filter((r) => r.reference)
		expect(placed, JSON.stringify(results.map((r) => r.status))).toHaveLength(1)
		for (const refused of results.filter((r) => !r.reference)) {
			expect(refused.status).toBe(409)
			expect(refused.body).toContain('Cupom esgotado')
		}
		const { rows } = await pool.query<{ used_count: number; redemptions: number; orders: number }>(
			`select used_count,
				(select count(*)::int from coupon_redemptions r where r.coupon_id = c.id) as redemptions,
				(select count(*)::int from orders where coupon_code = c.code) as orders
			from coupons c where code = 'CORRIDA1'`,
		)
		expect(rows[0]).toEqual({ used_count: 1, redemptions: 1, orders: 1 })
	})
})
