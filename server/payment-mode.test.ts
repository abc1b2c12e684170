import { createScratchPostgresDatabase, scratchPool } from '#tests/setup/scratch-postgres'
import { createVariant, renderCheckout, shopperWith, submitCheckout } from '#tests/support/checkout-http'
import { type RunningServer, startAppServer } from '#tests/support/app-server'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

/**
 * PAYMENT_MODE=live (issue 8 defect 6, decision 019): the test card provider is refused, card
 * payment is unavailable with a Portuguese message, and PIX still works. Before the fix,
 * `cardToken=tok_test_approved` made a paid order on any shop.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a live shop refuses the test card provider (PostgreSQL)', () => {
	let server: RunningServer
	let database: Awaited<ReturnType<typeof createScratchPostgresDatabase>>
	let pool: pg.Pool

	beforeAll(async () => {
		database = await createScratchPostgresDatabase(
			process.env.TEST_DATABASE_URL as string,
			`live_${process.pid}_${Math.random().toString(36).slice(2, 8)}`,
		)
		server = await startAppServer({ SEED_DEMO: 'false', DATABASE_URL: database.url, PAYMENT_MODE: 'live' })
		pool = scratchPool(database.url, 2)
	})
	afterAll(async () => {
		await pool?.end()
		await server?.stop()
		await database?.drop()
	})

	test('the checkout offers no card; a test-card submission is refused and changes nothing; PIX works', async () => {
		const variantId = await createVariant(pool, { stock: 5 })
		const shopper = await shopperWith(server.url, variantId, 1)
		const page = await (await shopper.get('/checkout')).text()
		expect(page).not.toMatch(/name="paymentMethod"[^>]*value="card"/)
		expect(page).toContain('O pagamento com cartão não está disponível no momento.')

		const refused = await submitCheckout(shopper, { idempotencyKey: await renderCheckout(shopper), paymentMethod: 'card' })
		expect(refused.status).toBe(409)
		expect(refused.reference).toBeNull()
		expect(refused.body).toContain('O pagamento com cartão não está disponível no momento.')
		const { rows: none } = await pool.query('select 1 from orders')
		expect(none).toHaveLength(0)
		const { rows: stock } = await pool.query<{ stock: number }>('select stock from product_variants where id = $1', [variantId])
		expect(stock[0]?.stock).toBe(5)
		const { rows: mails } = await pool.query(`select 1 from mail_outbox where subject like 'Pedido recebido%'`)
		expect(mails).toHaveLength(0)

		// The cart is intact and PIX still places the order, unmarked.
		const pix = await submitCheckout(shopper, { idempotencyKey: await renderCheckout(shopper), paymentMethod: 'pix' })
		expect(pix.status).toBe(302)
		const { rows: orders } = await pool.query<{ status: string; payment_method: string; payment_mode: string | null }>(
			'select status, payment_method, payment_mode from orders where reference = $1',
			[pix.reference],
		)
		expect(orders).toEqual([{ status: 'aguardando_pagamento', payment_method: 'pix', payment_mode: null }])
		const orderPage = await (await shopper.get(`/pedido/${pix.reference}`)).text()
		expect(orderPage).not.toContain('data-testid="test-payment-badge"')
	})
})
