// Runs on both databases (decision 130): its subject is a crash inside the order's transaction.
import { createScratchPostgresDatabase, scratchPool } from '#tests/setup/scratch-postgres'
import { createVariant, renderCheckout, shopperWith, submitCheckout } from '#tests/support/checkout-http'
import { type RunningServer, startAppServer } from '#tests/support/app-server'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

/**
 * The crash test (issue 8, decision 019): SIGKILL the production server in the middle of a
 * burst of checkouts on PostgreSQL, start it again on the same database, and check that every
 * order is whole (lines, stock decrement, coupon use, first history row) or absent, and that
 * no unit of stock was lost: initial stock = stock now + units in live orders.
 */
const SHOPPERS = 24
/** Kill once this many orders are in: a third of the burst done, the rest in flight. */
const KILL_AFTER_ORDERS = 8
const INITIAL_STOCK = 500

describe.skipIf(!process.env.TEST_DATABASE_URL)('a server killed mid-burst of checkouts (PostgreSQL)', () => {
	let database: Awaited<ReturnType<typeof createScratchPostgresDatabase>>
	let pool: pg.Pool
	let server: RunningServer | undefined
	const env = () => ({ SEED_DEMO: 'false', DATABASE_URL: database.url, PAYMENT_MODE: 'test' })

	beforeAll(async () => {
		database = await createScratchPostgresDatabase(
			process.env.TEST_DATABASE_URL as string,
			`crash_${process.pid}_${Math.random().toString(36).slice(2, 8)}`,
		)
		server = await startAppServer(env())
		pool = scratchPool(database.url, 2)
	})
	afterAll(async () => {
		await pool?.end()
		await server?.stop()
		await database?.drop()
	})

	test('every order exists whole or not at all, and no stock is lost', { timeout: 180_000 }, async () => {
		const first = server as RunningServer
		const variants = [
			await createVariant(pool, { stock: INITIAL_STOCK, priceCents: 3000 }),
			await createVariant(pool, { stock: INITIAL_STOCK, priceCents: 4500 }),
		]
		await pool.query(`insert into coupons (code, kind, value, usage_limit) values ('QUEDA', 'percentage', 5, 1000)`)

		// Carts and page renders first, so that the burst is checkouts only.
		const shoppers = await Promise.all(
			Array.from({ length: SHOPPERS }, async (_, i) => {
				const session = await shopperWith(first.url, variants[i % 2]!, 1 + (i % 3))
				if (i % 4 === 0) await session.post('/cart', { intent: 'add', lines: JSON.stringify([{ variantId: variants[1], quantity: 1 }]) })
				return { session, key: await renderCheckout(session) }
			}),
		)

		const burst = shoppers.map(({ session, key }, i) =>
			submitCheckout(session, {
				idempotencyKey: key,
				paymentMethod: i % 2 ? 'card' : 'pix',
				couponCode: i % 3 === 0 ? 'QUEDA' : undefined,
			}).then(
				(r) => r.status,
				() => 'cut' as const,
			),
		)
		// Kill as soon as the first orders are in, with the rest of the burst still in flight.
		const deadline = Date.now() + 60_000
		for (;;) {
			const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from orders')
			if ((rows[0]?.n ?? 0) >= KILL_AFTER_ORDERS || Date.now() > deadline) break
			await new Promise((r) => setTimeout(r, 5))
		}
		const exited = new Promise((r) => first.process.once('exit', r))
		first.process.kill('SIGKILL')
		await exited
		const outcomes = await Promise.all(burst)
		// Mid-burst: some submissions never got an answer.
		expect(outcomes.filter((o) => o === 'cut').length, JSON.stringify(outcomes)).toBeGreaterThan(0)
		await first.stop()

		server = await startAppServer(env())
		expect((await fetch(`${server.url}/healthz`)).status).toBe(200)

		const { rows: orders } = await pool.query<{
			reference: string
			status: string
			coupon_code: string | null
			lines: number
			first_history: string | null
			redemptions: number
		}>(`select o.reference, o.status, o.coupon_code,
				(select count(*)::int from order_lines l where l.order_id = o.id) as lines,
				(select h.to_status from order_status_history h where h.order_id = o.id and h.from_status is null) as first_history,
				(select count(*)::int from coupon_redemptions r where r.order_id = o.id) as redemptions
			from orders o`)
		expect(orders.length).toBeGreaterThanOrEqual(KILL_AFTER_ORDERS)
		for (const order of orders) {
			expect(order.lines, order.reference).toBeGreaterThan(0)
			expect(order.first_history, order.reference).toBe('aguardando_pagamento')
			// A cancelled order gave its coupon use back (its redemption row went with it).
			const expectedRedemptions = order.coupon_code && order.status !== 'cancelado' ? 1 : 0
			expect(order.redemptions, order.reference).toBe(expectedRedemptions)
		}
		const { rows: coupon } = await pool.query<{ used_count: number; redemptions: number }>(
			`select used_count, (select count(*)::int from coupon_redemptions r where r.coupon_id = c.id) as redemptions
			from coupons c where code = 'QUEDA'`,
		)
		expect(coupon[0]?.used_count).toBe(coupon[0]?.redemptions)

		for (const variantId of variants) {
			const { rows } = await pool.query<{ stock: number; units: number }>(
				`select v.stock, coalesce((select sum(l.quantity) from order_lines l join orders o on o.id = l.order_id
					where l.variant_id = v.id and o.status <> 'cancelado'), 0)::int as units
				from product_variants v where v.id = $1`,
				[variantId],
			)
			expect(rows[0]!.stock + rows[0]!.units).toBe(INITIAL_STOCK)
		}

		// The restarted shop takes orders again.
		const variantId = variants[0]!
		const shopper = await shopperWith(server.url, variantId, 1)
		const again = await submitCheckout(shopper, { idempotencyKey: await renderCheckout(shopper), paymentMethod: 'pix' })
		expect(again.status).toBe(302)
	})
})
