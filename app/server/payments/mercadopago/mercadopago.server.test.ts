import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { checkoutValues } from '#tests/fixtures/checkout-values'
import { withTestDatabase } from '#tests/setup/with-database'
import { action as webhookAction } from '~/routes/resources/mercadopago-webhook'
import { FAKE_ACCESS_TOKEN, FAKE_PUBLIC_KEY, FAKE_WEBHOOK_SECRET, type FakeMercadoPago, startFakeMercadoPago, TEST_CARDS } from '#tests/support/fake-mercadopago/server'
import { db, queryRows } from '~/server/db.server'
import { paymentEventsOf } from '../payment-events.server'
import { drainMercadoPagoInbox } from './webhook.server'
import { resetEnvForTests } from '~/server/env.server'
import { clearStoreSettingsCache, updateStoreSettings } from '~/server/settings.server'
import { getCardProvider } from '../card-provider.server'
import { getMercadoPagoClient, mercadoPagoProvider, resetMercadoPagoClientForTests } from './provider.server'
import { MP_DECLINED_MESSAGES } from './status'
import { reconcileMercadoPago } from './reconcile.server'
import { CARD_REFUND_MESSAGES, refundableCard, refundCard } from './refunds.server'
import { userWithSession } from '#tests/fixtures/session-user'
import { loader as paymentsLoader } from '~/routes/admin/payments'

/**
 * The Mercado Pago card provider against the fake (issue 29, decision 077), on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL: every request we send is checked by the fake against the
 * documented shapes (`fake.violations` stays empty).
 */
withTestDatabase()

let fake: FakeMercadoPago
let shop: Server
const savedEnv = { ...process.env }

beforeAll(async () => {
	fake = await startFakeMercadoPago()
	// The shop's webhook route, behind a small HTTP server (the route is a function of a Request).
	shop = createServer((req, res) => {
		const chunks: Buffer[] = []
		req.on('data', (c: Buffer) => chunks.push(c))
		req.on('end', () => {
			const headers = new Headers()
			for (const name of ['content-type', 'x-signature', 'x-request-id']) {
				const value = req.headers[name]
				if (typeof value === 'string') headers.set(name, value)
			}
			const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) })
			void (webhookAction({ request, params: {}, context: { clientIp: '127.0.0.1', cspNonce: '' } } as never) as Promise<{ init: ResponseInit | null }>).then((result) => {
				res.writeHead(result.init?.status ?? 200).end()
			})
		})
	})
	await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve))
	const { port } = shop.address() as AddressInfo
	Object.assign(process.env, {
		PAYMENT_MODE: 'live',
		MERCADOPAGO_ACCESS_TOKEN: FAKE_ACCESS_TOKEN,
		MERCADOPAGO_PUBLIC_KEY: FAKE_PUBLIC_KEY,
		MERCADOPAGO_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
		MERCADOPAGO_API_URL: fake.apiUrl,
		MERCADOPAGO_SDK_URL: fake.sdkUrl,
		PUBLIC_URL: `http://127.0.0.1:${port}`,
	})
	resetEnvForTests()
	resetMercadoPagoClientForTests()
})

afterAll(async () => {
	process.env = savedEnv
	resetEnvForTests()
	resetMercadoPagoClientForTests()
	await new Promise<void>((resolve) => shop.close(() => resolve()))
	await fake.stop()
})

beforeEach(async () => {
	await db.execute(sql`delete from store_settings where key = 'cardInterestFreeInstallments'`)
	clearStoreSettingsCache()
	fake.interestFreeUpTo = 6
})

afterEach(() => {
	expect(fake.violations).toEqual([])
})

/** What MercadoPago.js does in the browser: the card's digits go to Mercado Pago, a token comes back. */
async function cardToken(holder: string, card: { number: string; securityCode: string } = TEST_CARDS.master): Promise<string> {
	const response = await fetch(`${fake.apiUrl}/v1/card_tokens?public_key=${FAKE_PUBLIC_KEY}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ card_number: card.number, security_code: card.securityCode, expiration_month: 11, expiration_year: 2030, cardholder: { name: holder } }),
	})
	return ((await response.json()) as { id: string }).id
}

const payer = { email: 'maria@example.com', name: 'Maria da Silva Souza', cpf: '52998224725' }
const master = { paymentMethodId: 'master', issuerId: '24' }

function charge(token: string, overrides: Partial<Parameters<typeof mercadoPagoProvider.charge>[0]> = {}) {
	return mercadoPagoProvider.charge({
		token,
		amountCents: 12345,
		installments: 1,
		orderReference: `PET-${randomUUID().slice(0, 6).toUpperCase()}`,
		idempotencyKey: randomUUID(),
		card: master,
		payer,
		...overrides,
	})
}

describe('configuration', () => {
	test('live mode with the credentials: Mercado Pago; test mode keeps the test provider', () => {
		expect(getCardProvider('live')?.id).toBe('mercadopago')
		expect(getCardProvider('test')?.id).toBe('test')
	})
})

describe('charging a card token', () => {
	test('approved: POST /v1/payments with the exact amount, the order as external_reference, the idempotency key, the buyer', async () => {
		const key = randomUUID()
		const result = await charge(await cardToken('APRO'), { idempotencyKey: key, orderReference: 'PET-ABC123', installments: 3 })
		expect(result.status).toBe('approved')
		const payment = fake.payments.get(Number(result.providerReference))
		expect(payment).toMatchObject({ transaction_amount: 123.45, installments: 3, external_reference: 'PET-ABC123', payment_method_id: 'master', issuer_id: 24, notification_url: `${process.env.PUBLIC_URL}/webhooks/mercadopago` })
		expect(fake.idempotencyKeys).toContain(key)
	})

	test('a retried charge with the same key gets the same payment back: charged once', async () => {
		const key = randomUUID()
		const reference = 'PET-RETRY1'
		const token = await cardToken('APRO')
		const first = await charge(token, { idempotencyKey: key, orderReference: reference })
		const before = fake.payments.size
		const again = await charge(token, { idempotencyKey: key, orderReference: reference })
		expect(again).toEqual(first)
		expect(fake.payments.size).toBe(before)
	})

	test('in_process: pending, with what Mercado Pago is doing', async () => {
		const result = await charge(await cardToken('CONT'))
		expect(result).toMatchObject({ status: 'pending', detail: 'Pagamento em processamento no Mercado Pago' })
	})

	test.each([
		['OTHE', MP_DECLINED_MESSAGES.generic],
		['FUND', MP_DECLINED_MESSAGES.insufficientAmount],
		['SECU', MP_DECLINED_MESSAGES.securityCode],
		['EXPI', MP_DECLINED_MESSAGES.expiry],
		['CALL', MP_DECLINED_MESSAGES.callForAuthorize],
		['FORM', MP_DECLINED_MESSAGES.badFilled],
	])('rejected (%s): declined with its Portuguese message and the payment id', async (holder, message) => {
		const result = await charge(await cardToken(holder))
		expect(result).toMatchObject({ status: 'declined', message })
		expect(result.providerReference).toMatch(/^\d+$/)
	})

	test('the answer is lost after Mercado Pago charged the card: found by the order reference, approved, never charged twice (decision 119)', async () => {
		const reference = `PET-L${randomUUID().slice(0, 5).toUpperCase()}`
		const before = fake.payments.size
		fake.loseNextPaymentAnswer()
		const result = await charge(await cardToken('APRO'), { orderReference: reference })
		expect(result.status).toBe('approved')
		expect(fake.payments.size).toBe(before + 1)
		expect(fake.payments.get(Number(result.providerReference))?.external_reference).toBe(reference)
		expect(fake.requests.slice(-2)).toEqual(['POST /v1/payments', 'GET /v1/payments/search'])
	})

	test('Mercado Pago down: an error (the checkout tells the shopper to try again), never an approval', async () => {
		fake.failNext(503)
		await expect(charge(await cardToken('APRO'))).rejects.toThrow(/HTTP 503/)
	})
})

describe('instalments', () => {
	test("the shop's 'sem juros' up to its setting, Mercado Pago's interest above it; by payment method and issuer, never by the card's digits", async () => {
		await updateStoreSettings({ cardInterestFreeInstallments: 3 })
		fake.interestFreeUpTo = 3
		const options = await mercadoPagoProvider.installmentOptions!({ amountCents: 10_000, card: master })
		expect(options.map((o) => [o.count, o.interestFree])).toEqual([[1, true], [2, true], [3, true], [4, false], [5, false], [6, false]])
		expect(options[3]).toEqual({ count: 4, installmentCents: 2699, totalCents: 10_796, interestFree: false })
	})

	test('the account charges interest on a count the shop promised sem juros: that count is not offered', async () => {
		fake.interestFreeUpTo = 2
		const options = await mercadoPagoProvider.installmentOptions!({ amountCents: 10_000, card: master })
		expect(options.map((o) => o.count)).toEqual([1, 2])
	})
})

describe('refunds', () => {
	test('partial then the rest, each once per key', async () => {
		const result = await charge(await cardToken('APRO'))
		const client = getMercadoPagoClient()
		const key = randomUUID()
		const part = await client.refund(result.providerReference!, 2345, key)
		expect(part.amount).toBe(23.45)
		expect((await client.refund(result.providerReference!, 2345, key)).id).toBe(part.id)
		await client.refund(result.providerReference!, null, randomUUID())
		const payment = await client.getPayment(result.providerReference!)
		expect(payment).toMatchObject({ status: 'refunded', transaction_amount_refunded: 123.45 })
		expect(await client.getPayment('999')).toBeNull()
	})
})

/** A card order awaiting its payment, as the checkout leaves it after Mercado Pago said in_process. */
async function pendingCardOrder(totalCents = 12345) {
	const c = checkoutValues({ paymentMethod: 'card' })
	const reference = `PET-M${randomUUID().slice(0, 5).toUpperCase()}`
	const result = await charge(await cardToken('CONT'), { orderReference: reference, amountCents: totalCents, idempotencyKey: c.idempotencyKey })
	if (result.status !== 'pending') throw new Error('esperava pagamento pendente')
	const [order] = await queryRows<{ id: string }>(sql`
		insert into orders (reference, idempotency_key, customer_name, email, cpf, phone, cep, street, number,
			district, city, uf, shipping_cents, subtotal_cents, discount_cents, total_cents, payment_method, payment_provider, payment_mode, payment_reference)
		values (${reference}, ${c.idempotencyKey}, ${c.name}, ${c.email}, ${c.cpf}, ${c.phone}, ${c.cep}, ${c.street},
			${c.number}, ${c.district}, ${c.city}, ${c.uf}, 0, ${totalCents}, 0, ${totalCents}, 'card', 'mercadopago', 'live', ${result.providerReference})
		returning id`)
	return { id: order!.id, reference, paymentId: Number(result.providerReference) }
}

async function orderState(id: string) {
	const [order] = await queryRows<{ status: string }>(sql`select status from orders where id = ${id}::uuid`)
	const [paid] = await queryRows<{ n: number }>(sql`select count(*)::int as n from order_status_history where order_id = ${id}::uuid and to_status = 'pago'`)
	return { status: order?.status, paidTransitions: Number(paid?.n), kinds: (await paymentEventsOf(id)).map((e) => e.kind) }
}

async function settle() {
	// The route answered before the work: wait for the queue, then drain once more for certainty.
	for (let i = 0; i < 50; i++) {
		const [left] = await queryRows<{ n: number }>(sql`select count(*)::int as n from payment_inbox where processed_at is null`)
		if (Number(left?.n) === 0) break
		await drainMercadoPagoInbox()
	}
}

describe('notifications (webhook)', () => {
	beforeEach(async () => {
		await db.execute(sql`truncate orders, order_status_history, mail_outbox, payment_events, payment_inbox, rate_limits cascade`)
	})

	test('pending, then approved: delivered twice at once, the order is paid once, with one confirmation on its timeline', async () => {
		const order = await pendingCardOrder()
		expect((await orderState(order.id)).status).toBe('aguardando_pagamento')
		fake.payments.get(order.paymentId)!.status = 'approved'
		fake.payments.get(order.paymentId)!.status_detail = 'accredited'
		const statuses = await Promise.all([fake.notify(order.paymentId), fake.notify(order.paymentId, { deliveries: 2 })])
		expect(statuses.flat()).toEqual([200, 200, 200])
		await settle()
		const state = await orderState(order.id)
		expect(state).toMatchObject({ status: 'pago', paidTransitions: 1 })
		expect(state.kinds.filter((k) => k === 'confirmed')).toHaveLength(1)
		expect(state.kinds.filter((k) => k === 'notification_received')).toHaveLength(1)
		// Late, again: nothing changes.
		await fake.notify(order.paymentId)
		await settle()
		expect(await orderState(order.id)).toEqual(state)
	})

	test('forged, stale (a replay) or unsigned: refused, nothing stored, nothing changed', async () => {
		const order = await pendingCardOrder()
		fake.payments.get(order.paymentId)!.status = 'approved'
		expect(await fake.notify(order.paymentId, { forged: true })).toEqual([401])
		expect(await fake.notify(order.paymentId, { ts: Date.now() - 10 * 60_000 })).toEqual([401])
		const unsigned = await fetch(`${process.env.PUBLIC_URL}/webhooks/mercadopago?data.id=${order.paymentId}&type=payment`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ type: 'payment', data: { id: String(order.paymentId) } }),
		})
		expect(unsigned.status).toBe(401)
		const [inbox] = await queryRows<{ n: number }>(sql`select count(*)::int as n from payment_inbox`)
		expect(Number(inbox?.n)).toBe(0)
		expect((await orderState(order.id)).status).toBe('aguardando_pagamento')
	})

	test('the body is never trusted: a signed notification of a still-pending payment changes nothing', async () => {
		const order = await pendingCardOrder()
		expect(await fake.notify(order.paymentId)).toEqual([200])
		await settle()
		expect((await orderState(order.id)).status).toBe('aguardando_pagamento')
	})

	test('pending, then rejected after review: the order is cancelled (stock back) and the timeline says why', async () => {
		const order = await pendingCardOrder()
		await fake.setStatus(order.paymentId, 'rejected', 'cc_rejected_high_risk')
		await settle()
		const state = await orderState(order.id)
		expect(state.status).toBe('cancelado')
		expect(state.kinds).toContain('charge_declined')
	})

	test('charged back: flagged for the owner, once', async () => {
		const order = await pendingCardOrder()
		await fake.setStatus(order.paymentId, 'approved', 'accredited')
		await settle()
		await fake.setStatus(order.paymentId, 'charged_back', 'settled', { deliveries: 2 })
		await settle()
		const state = await orderState(order.id)
		expect(state.status).toBe('pago')
		expect(state.kinds.filter((k) => k === 'flag_charged_back')).toHaveLength(1)
	})
})

/** A card order Mercado Pago approved after review (pending at the checkout, then the notification). */
async function paidCardOrder(totalCents = 12345) {
	const order = await pendingCardOrder(totalCents)
	await fake.setStatus(order.paymentId, 'approved', 'accredited')
	await settle()
	expect((await orderState(order.id)).status).toBe('pago')
	return order
}

describe('refunds from the admin order page (decision 079)', () => {
	beforeEach(async () => {
		await db.execute(sql`truncate orders, order_status_history, mail_outbox, payment_events, payment_inbox, rate_limits cascade`)
	})

	test('a part, submitted twice at once (one refund at Mercado Pago), then the rest; its notification adds nothing', async () => {
		const order = await paidCardOrder()
		expect(await refundableCard(order.id)).toEqual({ paymentId: String(order.paymentId), paidCents: 12345, refundedCents: 0, availableCents: 12345 })
		const part = { orderId: order.id, amountCents: 2345, refundId: `D${randomUUID().replaceAll('-', '')}` }
		expect(await Promise.all([refundCard(part), refundCard(part)])).toEqual([{ ok: true }, { ok: true }])
		expect(fake.payments.get(order.paymentId)?.refunds.map((r) => r.amount)).toEqual([23.45])
		expect(await refundableCard(order.id)).toMatchObject({ refundedCents: 2345, availableCents: 10000 })

		expect(await refundCard({ orderId: order.id, amountCents: 10001, refundId: 'Doutro1' })).toEqual({ ok: false, message: CARD_REFUND_MESSAGES.amount(10000) })
		expect(await refundCard({ orderId: order.id, amountCents: 10000, refundId: 'Doutro2' })).toEqual({ ok: true })
		expect(fake.payments.get(order.paymentId)).toMatchObject({ status: 'refunded', transaction_amount_refunded: 123.45 })
		expect(await refundableCard(order.id)).toMatchObject({ refundedCents: 12345, availableCents: 0 })

		// Mercado Pago notifies the refunds: the same completed refunds, not new ones.
		await fake.notify(order.paymentId, { deliveries: 2 })
		await settle()
		const kinds = (await orderState(order.id)).kinds
		expect(kinds.filter((k) => k === 'refund_requested')).toHaveLength(2)
		expect(kinds.filter((k) => k === 'refund_completed')).toHaveLength(2)
		expect(await refundableCard(order.id)).toMatchObject({ availableCents: 0 })
	})

	test('the whole payment: Mercado Pago\'s whole refund (no amount in the body)', async () => {
		const order = await paidCardOrder(5000)
		expect(await refundCard({ orderId: order.id, amountCents: 5000, refundId: 'Dinteiro' })).toEqual({ ok: true })
		expect(fake.payments.get(order.paymentId)).toMatchObject({ status: 'refunded', transaction_amount_refunded: 50 })
		expect((await orderState(order.id)).kinds).toContain('refund_completed')
	})

	test('nothing to refund (still pending), a bad id, Mercado Pago down: refused, nothing recorded', async () => {
		const pending = await pendingCardOrder()
		expect(await refundableCard(pending.id)).toBeNull()
		expect(await refundCard({ orderId: pending.id, amountCents: 100, refundId: 'Dx' })).toEqual({ ok: false, message: CARD_REFUND_MESSAGES.unavailable })
		const order = await paidCardOrder()
		expect(await refundCard({ orderId: order.id, amountCents: 100, refundId: 'não-é-id' })).toEqual({ ok: false, message: CARD_REFUND_MESSAGES.invalidId })
		fake.failNext(503)
		expect(await refundCard({ orderId: order.id, amountCents: 100, refundId: 'Dfora' })).toEqual({ ok: false, message: CARD_REFUND_MESSAGES.down })
		expect((await orderState(order.id)).kinds).not.toContain('refund_requested')
		expect(fake.payments.get(order.paymentId)?.refunds).toEqual([])
	})
})

describe('reconciliation of missed notifications (decision 079)', () => {
	beforeEach(async () => {
		await db.execute(sql`truncate orders, order_status_history, mail_outbox, payment_events, payment_inbox, rate_limits cascade`)
	})
	const later = () => new Date(Date.now() + 6 * 60 * 1000)

	test('approved with no notification: paid by the job once it is a few minutes old, once', async () => {
		const order = await pendingCardOrder()
		await fake.setStatus(order.paymentId, 'approved', 'accredited', false)
		expect(await reconcileMercadoPago()).toMatchObject({ checked: 0 })
		expect((await orderState(order.id)).status).toBe('aguardando_pagamento')
		expect(await reconcileMercadoPago(later())).toEqual({ checked: 1, paid: 1, cancelled: 0, failed: 0, found: 0 })
		expect(await reconcileMercadoPago(later())).toMatchObject({ checked: 0 })
		const state = await orderState(order.id)
		expect(state).toMatchObject({ status: 'pago', paidTransitions: 1 })
		expect(state.kinds.filter((k) => k === 'confirmed')).toHaveLength(1)
	})

	test('a charge whose answer never came, on an order the checkout cancelled: found by reference, flagged for the owner once (decision 119)', async () => {
		const c = checkoutValues({ paymentMethod: 'card' })
		const reference = `PET-P${randomUUID().slice(0, 5).toUpperCase()}`
		const approved = await charge(await cardToken('APRO'), { orderReference: reference, idempotencyKey: c.idempotencyKey })
		const [order] = await queryRows<{ id: string }>(sql`
			insert into orders (reference, idempotency_key, customer_name, email, cpf, phone, cep, street, number,
				district, city, uf, shipping_cents, subtotal_cents, discount_cents, total_cents, payment_method, payment_provider, payment_mode, status)
			values (${reference}, ${c.idempotencyKey}, ${c.name}, ${c.email}, ${c.cpf}, ${c.phone}, ${c.cep}, ${c.street},
				${c.number}, ${c.district}, ${c.city}, ${c.uf}, 0, 12345, 0, 12345, 'card', 'mercadopago', 'live', 'cancelado')
			returning id`)
		expect(await reconcileMercadoPago()).toMatchObject({ found: 1, paid: 0, failed: 0 })
		expect(await reconcileMercadoPago()).toMatchObject({ found: 0 })
		const state = await orderState(order!.id)
		expect(state.status).toBe('cancelado')
		expect(state.kinds.filter((k) => k === 'flag_paid_after_expiry')).toHaveLength(1)
		const [row] = await queryRows<{ payment_reference: string }>(sql`select payment_reference from orders where id = ${order!.id}::uuid`)
		expect(row?.payment_reference).toBe(approved.providerReference)
	})

	test('Mercado Pago down: nothing changes; the next run finds it rejected and cancels the order', async () => {
		const order = await pendingCardOrder()
		await fake.setStatus(order.paymentId, 'rejected', 'cc_rejected_high_risk', false)
		fake.failNext(500)
		expect(await reconcileMercadoPago(later())).toMatchObject({ checked: 0, failed: 1 })
		expect((await orderState(order.id)).status).toBe('aguardando_pagamento')
		expect(await reconcileMercadoPago(later())).toMatchObject({ checked: 1, cancelled: 1 })
		expect((await orderState(order.id)).status).toBe('cancelado')
	})
})

describe("the owner's reconciliation view, /admin/pagamentos (decision 119)", () => {
	beforeEach(async () => {
		await db.execute(sql`truncate orders, order_status_history, mail_outbox, payment_events, payment_inbox, rate_limits cascade`)
	})

	async function view(cookie: string, query = '?conferir=1') {
		const request = new Request(`http://loja.test/admin/pagamentos${query}`, { headers: { cookie } })
		try {
			return (await paymentsLoader({ request, params: {}, context: { clientIp: '203.0.113.7' } } as never)) as Awaited<ReturnType<typeof paymentsLoader>>
		} catch (thrown) {
			return thrown as Response
		}
	}

	test('admins only; the comparison runs on request and lists only the differences, with the flags of the month', async () => {
		const customer = await userWithSession()
		const refused = await view(customer.cookie)
		expect(refused).toBeInstanceOf(Response)
		expect([302, 403, 404]).toContain((refused as Response).status)

		const admin = await userWithSession({ admin: true })
		const settled = await paidCardOrder(4990)
		const unpaid = await pendingCardOrder(3000)
		await fake.setStatus(unpaid.paymentId, 'approved', 'accredited', false)
		const chargedBack = await paidCardOrder(2500)
		await fake.setStatus(chargedBack.paymentId, 'charged_back', 'settled')
		await settle()

		const quiet = (await view(admin.cookie, '')) as Exclude<Awaited<ReturnType<typeof view>>, Response>
		expect(quiet.reconciliation).toBeNull()
		expect(quiet.providers).toEqual(['Mercado Pago'])
		expect(quiet.flags.map((f) => [f.label, f.orderReference])).toEqual([['Contestação (chargeback)', chargedBack.reference]])

		const page = (await view(admin.cookie)) as Exclude<Awaited<ReturnType<typeof view>>, Response>
		expect(page.reconciliation?.checks).toEqual([{ provider: 'Mercado Pago', ok: true, payments: expect.any(Number) }])
		const ours = page.reconciliation!.mismatches.filter((m) => [settled.reference, unpaid.reference, chargedBack.reference].includes(m.orderReference ?? ''))
		expect(ours).toHaveLength(2)
		expect(ours.map((m) => [m.label, m.orderReference, m.received, m.orderTotal])).toEqual(
			expect.arrayContaining([
				['Pago na loja, não recebido no provedor', chargedBack.reference, null, 'R$ 25,00'],
				['Recebido no provedor, não pago na loja', unpaid.reference, 'R$ 30,00', 'R$ 30,00'],
			]),
		)
	})

	test('Mercado Pago down: the view says so in Portuguese, and still shows the flags', async () => {
		const admin = await userWithSession({ admin: true })
		fake.failNext(503)
		const page = (await view(admin.cookie)) as Exclude<Awaited<ReturnType<typeof view>>, Response>
		expect(page.reconciliation?.checks).toEqual([{ provider: 'Mercado Pago', ok: false, message: 'O Mercado Pago não respondeu agora. Tente de novo em instantes.' }])
		expect(page.reconciliation?.mismatches).toEqual([])
	})
})
