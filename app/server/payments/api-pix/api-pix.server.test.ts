import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { checkoutValues } from '#tests/fixtures/checkout-values'
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, type FakeApiPix, startFakeApiPix } from '#tests/support/fake-api-pix/server'
import { withTestDatabase } from '#tests/setup/with-database'
import { users } from '~/db/schema'
import { action as webhookAction } from '~/routes/resources/pix-webhook'
import { db, queryRows } from '~/server/db.server'
import { resetEnvForTests } from '~/server/env.server'
import { changeOrderStatus } from '~/server/orders/status.server'
import { clearStoreSettingsCache, getStoreSettings } from '~/server/settings.server'
import { paymentEventsOf } from '../payment-events.server'
import { pixChargeForOrder } from '../pix.server'
import { PAID_BY_PSP_LABEL } from './confirm.server'
import { resetApiPixClientForTests } from './provider.server'
import { reconcilePix, registerPixWebhook } from './reconcile.server'
import { newRefundId, refundablePix, refundPix } from './refunds.server'
import { drainPixInbox } from './webhook.server'
import { reconcileWithProviders } from '../reconciliation.server'

/**
 * PIX through the API Pix end to end below the browser (issue 29), on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL: charge creation, the PSP's callbacks (once, twice, at once,
 * late, with another amount, forged), the reconciliation job and refunds — against the fake PSP,
 * which checks every exchange against the official document (`fake.violations` stays empty).
 * The callbacks reach the real webhook route's action through a small HTTP server standing in
 * for the shop's (the route is a function of a Request).
 */
withTestDatabase()

const TOKEN = 'tok_'.padEnd(40, 'x')
let fake: FakeApiPix
let shop: Server
const savedEnv = { ...process.env }

beforeAll(async () => {
	fake = await startFakeApiPix()
	shop = createServer((req, res) => {
		const chunks: Buffer[] = []
		req.on('data', (c: Buffer) => chunks.push(c))
		req.on('end', () => {
			const token = /^\/webhooks\/pix\/([^/]+)\/pix$/.exec(req.url ?? '')?.[1] ?? ''
			const request = new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers: { 'content-type': 'application/json' }, body: Buffer.concat(chunks) })
			void (webhookAction({ request, params: { token }, context: { clientIp: '127.0.0.1', cspNonce: '' } } as never) as Promise<{ init: ResponseInit | null }>).then((result) => {
				res.writeHead(result.init?.status ?? 200).end()
			})
		})
	})
	await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve))
	const { port } = shop.address() as AddressInfo
	Object.assign(process.env, {
		PIX_PROVIDER: 'api-pix',
		PIX_API_URL: fake.apiUrl,
		PIX_OAUTH_URL: fake.oauthUrl,
		PIX_CLIENT_ID: FAKE_CLIENT_ID,
		PIX_CLIENT_SECRET: FAKE_CLIENT_SECRET,
		PIX_WEBHOOK_TOKEN: TOKEN,
		PUBLIC_URL: `http://127.0.0.1:${port}`,
	})
	resetEnvForTests()
	resetApiPixClientForTests()
})

afterAll(async () => {
	process.env = savedEnv
	resetEnvForTests()
	resetApiPixClientForTests()
	await new Promise<void>((resolve) => shop.close(() => resolve()))
	await fake.stop()
})

beforeEach(async () => {
	await db.execute(sql`truncate orders, order_status_history, mail_outbox, payment_events, payment_inbox, rate_limits cascade`)
	await db.execute(sql`truncate points_history, user_gamification cascade`)
	clearStoreSettingsCache()
	expect((await registerPixWebhook()).ok).toBe(true)
})

afterEach(() => {
	expect(fake.violations).toEqual([])
})

async function pixOrder(options: { totalCents?: number; ageHours?: number; withUser?: boolean } = {}) {
	const total = options.totalCents ?? 12345
	const c = checkoutValues({ paymentMethod: 'pix' })
	let userId: string | null = null
	if (options.withUser !== false) {
		const [user] = await db.insert(users).values({ email: `cliente.${randomUUID()}@exemplo.test`, passwordHash: 'x' }).returning({ id: users.id })
		userId = user?.id ?? null
	}
	const reference = `PET-P${randomUUID().slice(0, 5).toUpperCase()}`
	const createdAt = new Date(Date.now() - (options.ageHours ?? 0) * 3600_000).toISOString()
	const [order] = await queryRows<{ id: string }>(sql`
		insert into orders (reference, user_id, idempotency_key, customer_name, email, cpf, phone, cep, street, number,
			district, city, uf, shipping_cents, subtotal_cents, discount_cents, total_cents, payment_method, created_at)
		values (${reference}, ${userId}, ${c.idempotencyKey}, ${c.name}, ${c.email}, ${c.cpf}, ${c.phone}, ${c.cep}, ${c.street},
			${c.number}, ${c.district}, ${c.city}, ${c.uf}, 0, ${total}, 0, ${total}, 'pix', ${createdAt})
		returning id`)
	if (!order) throw new Error('pedido não criado')
	const charge = await pixChargeForOrder({ id: order.id, reference, totalCents: total }, await getStoreSettings())
	const [row] = await queryRows<{ pix_txid: string }>(sql`select pix_txid from orders where id = ${order.id}::uuid`)
	return { id: order.id, reference, userId, txid: row?.pix_txid ?? '', charge }
}

async function orderState(id: string) {
	const [order] = await queryRows<{ status: string }>(sql`select status from orders where id = ${id}::uuid`)
	const [paid] = await queryRows<{ n: number }>(sql`select count(*)::int as n from order_status_history where order_id = ${id}::uuid and to_status = 'pago'`)
	const [mails] = await queryRows<{ n: number }>(sql`select count(*)::int as n from mail_outbox where subject like '%pago%' or subject like '%confirmado%'`)
	const points = await queryRows<{ points: number }>(sql`select points from points_history where description like 'Compra%'`)
	const kinds = (await paymentEventsOf(id)).map((e) => e.kind)
	return { status: order?.status, paidTransitions: Number(paid?.n), paidMails: Number(mails?.n), points: points.map((p) => Number(p.points)), kinds }
}

describe('charge at checkout', () => {
	test('PUT /cob with the deadline, the buyer, the exact total and the key; the page gets the PSP\'s copia e cola', async () => {
		const order = await pixOrder({ totalCents: 12345 })
		const cob = fake.cobs.get(order.txid)
		expect(order.txid).toMatch(/^[0-9a-f]{32}$/)
		expect(cob?.valor.original).toBe('123.45')
		expect(cob?.devedor).toEqual({ cpf: '52998224725', nome: 'Maria da Silva' })
		expect(cob?.chave).toBe((await getStoreSettings()).pixKey)
		expect(cob?.solicitacaoPagador).toContain(order.reference)
		// The store's 24 h deadline, in seconds (less the moments the test took).
		expect(cob?.calendario.expiracao).toBeGreaterThan(24 * 3600 - 60)
		expect(cob?.calendario.expiracao).toBeLessThanOrEqual(24 * 3600)
		expect(order.charge?.payload).toBe(cob?.pixCopiaECola)
		expect(order.charge?.dynamic).toBe(true)
		expect(order.charge?.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/)
	})

	test('a retried checkout (or two tabs at once) never creates a second charge', async () => {
		const order = await pixOrder()
		const puts = () => fake.requests.filter((r) => r === `PUT /api/v2/cob/${order.txid}`).length
		const before = puts()
		await db.execute(sql`update orders set pix_copia_e_cola = null where id = ${order.id}::uuid`)
		const settings = await getStoreSettings()
		const again = await Promise.all([1, 2].map(() => pixChargeForOrder({ id: order.id, reference: order.reference, totalCents: 12345 }, settings)))
		expect(again.map((c) => c?.payload)).toEqual([order.charge?.payload, order.charge?.payload])
		expect([...fake.cobs.keys()].filter((t) => t === order.txid)).toHaveLength(1)
		// How the two interleaved is the machine's timing (ci50: the second read the charge the first had
		// stored, and sent no PUT): one PUT or two, never a second charge.
		expect(puts() - before).toBeGreaterThanOrEqual(1)
		expect(puts() - before).toBeLessThanOrEqual(2)
		// A tab that read the order before the other stored its charge, made certain: its PUT is refused
		// (txid taken) and the charge read back.
		await db.execute(sql`update orders set pix_copia_e_cola = null where id = ${order.id}::uuid`)
		const putsBeforeLate = puts()
		const late = await pixChargeForOrder({ id: order.id, reference: order.reference, totalCents: 12345 }, settings)
		expect(late?.payload).toBe(order.charge?.payload)
		expect(puts() - putsBeforeLate).toBe(1)
		expect([...fake.cobs.keys()].filter((t) => t === order.txid)).toHaveLength(1)
		fake.violations.length = 0 // the refused PUTs are the PSP's own 400s, not our faults
	})

	test('PSP down at checkout: the static BR Code of the store key, for good, flagged for the owner', async () => {
		fake.failNext(503, 1)
		const order = await pixOrder()
		expect(order.charge?.dynamic).toBe(false)
		expect(order.charge?.payload).toMatch(/^000201/)
		expect(order.charge?.payload).toContain('br.gov.bcb.pix')
		expect((await orderState(order.id)).kinds).toEqual(['charge_fallback'])
		// The PSP is back: the order keeps the code it showed (never a second payable code).
		const settings = await getStoreSettings()
		const later = await pixChargeForOrder({ id: order.id, reference: order.reference, totalCents: 12345 }, settings)
		expect(later?.payload).toBe(order.charge?.payload)
		expect(fake.cobs.has(order.txid)).toBe(false)
	})
})

describe('confirmation by the PSP', () => {
	test('paid once: status, history, e-mail, points, and the timeline with the provider ids', async () => {
		const order = await pixOrder()
		const pix = await fake.pay(order.txid)
		expect(await drainPixInbox()).toBeGreaterThanOrEqual(0)
		await waitForInboxEmpty()
		const state = await orderState(order.id)
		expect(state).toMatchObject({ status: 'pago', paidTransitions: 1, paidMails: 1, points: [1230] })
		expect(state.kinds).toEqual(['charge_created', 'notification_received', 'confirmed'])
		const confirmed = (await paymentEventsOf(order.id)).find((e) => e.kind === 'confirmed')
		expect(confirmed).toMatchObject({ provider: 'api-pix', providerRef: order.txid, providerEventId: pix.endToEndId, amountCents: 12345 })
		const [history] = await queryRows<{ note: string }>(sql`select note from order_status_history where order_id = ${order.id}::uuid and to_status = 'pago'`)
		expect(history?.note).toBe(PAID_BY_PSP_LABEL)
	})

	test('delivered twice, concurrently, and again late: paid exactly once', async () => {
		const order = await pixOrder()
		const pix = await fake.pay(order.txid, { deliveries: 3, concurrent: true })
		await Promise.all([drainPixInbox(), drainPixInbox(), reconcilePix()])
		await fake.deliver([{ ...pix, devolucoes: [] }])
		await waitForInboxEmpty()
		const state = await orderState(order.id)
		expect(state).toMatchObject({ status: 'pago', paidTransitions: 1, paidMails: 1, points: [1230] })
		expect(state.kinds.filter((k) => k === 'confirmed')).toHaveLength(1)
		expect(state.kinds.filter((k) => k === 'notification_received')).toHaveLength(1)
	})

	test('out of order: a notification before the payment settles changes nothing; the later one pays', async () => {
		const order = await pixOrder()
		// A body naming the charge before the PSP has it paid: the PSP says ATIVA, nothing happens.
		await postNotification(TOKEN, { pix: [{ endToEndId: 'E'.padEnd(32, '1'), txid: order.txid, valor: '123.45', horario: new Date().toISOString() }] })
		await waitForInboxEmpty()
		expect((await orderState(order.id)).status).toBe('aguardando_pagamento')
		await fake.pay(order.txid)
		await waitForInboxEmpty()
		expect((await orderState(order.id)).status).toBe('pago')
	})

	test('another amount is flagged for the owner, not accepted', async () => {
		const order = await pixOrder({ totalCents: 5000 })
		await fake.pay(order.txid, { valor: '49.99' })
		await waitForInboxEmpty()
		const state = await orderState(order.id)
		expect(state.status).toBe('aguardando_pagamento')
		expect(state.kinds).toContain('flag_amount_mismatch')
		const flag = (await paymentEventsOf(order.id)).find((e) => e.kind === 'flag_amount_mismatch')
		expect(flag?.amountCents).toBe(4999)
		expect(flag?.detail).toContain('R$ 49,99')
	})

	test('paid after the order expired: flagged, the order stays cancelled', async () => {
		const order = await pixOrder()
		await changeOrderStatus({ orderId: order.id, to: 'cancelado', actorUserId: null, cancelReason: 'payment_expired' })
		await fake.pay(order.txid)
		await waitForInboxEmpty()
		const state = await orderState(order.id)
		expect(state.status).toBe('cancelado')
		expect(state.kinds).toContain('flag_paid_after_expiry')
		expect((await refundablePix(order.id))?.availableCents).toBe(12345)
	})

	test('a forged token is a 404 and stores nothing; a body that does not parse is a 400', async () => {
		const order = await pixOrder()
		fake.cobs.get(order.txid)!.status = 'CONCLUIDA'
		const forged = { pix: [{ endToEndId: 'E'.padEnd(32, '2'), txid: order.txid, valor: '123.45', horario: new Date().toISOString() }] }
		expect(await postNotification('x'.repeat(40), forged)).toBe(404)
		expect(await postNotification(TOKEN.slice(0, -1), forged)).toBe(404)
		expect(await postNotification(TOKEN, { pix: 'nada' })).toBe(400)
		expect(await postNotification(TOKEN, 'não é json')).toBe(400)
		const [inbox] = await queryRows<{ n: number }>(sql`select count(*)::int as n from payment_inbox`)
		expect(Number(inbox?.n)).toBe(0)
		expect((await orderState(order.id)).status).toBe('aguardando_pagamento')
	})

	test('PSP failing while a notification is processed: kept, and the next run finishes it', async () => {
		const order = await pixOrder()
		fake.failNext(500, 1)
		await fake.pay(order.txid)
		await waitFor(async () => {
			const [row] = await queryRows<{ last_error: string | null }>(sql`select last_error from payment_inbox`)
			return Boolean(row?.last_error)
		})
		expect((await orderState(order.id)).status).toBe('aguardando_pagamento')
		await db.execute(sql`update payment_inbox set claimed_until = null`)
		await drainPixInbox()
		expect((await orderState(order.id)).status).toBe('pago')
	})

	test('the OAuth token expired at the PSP: renewed, and the confirmation goes through', async () => {
		const order = await pixOrder()
		fake.expireTokens()
		await fake.pay(order.txid)
		await waitForInboxEmpty()
		expect((await orderState(order.id)).status).toBe('pago')
	})
})

describe('reconciliation and refunds', () => {
	test('a missed webhook: the reconciliation job finds the PIX and confirms it once', async () => {
		const order = await pixOrder()
		await fake.pay(order.txid, { deliveries: 0 })
		expect((await reconcilePix()).confirmed).toBe(1)
		expect((await reconcilePix()).confirmed).toBe(0)
		expect(await orderState(order.id)).toMatchObject({ status: 'pago', paidTransitions: 1, points: [1230] })
	})

	test("the owner's reconciliation view: received but unpaid, paid by hand but never received; a settled one is no difference (decision 119)", async () => {
		const settled = await pixOrder()
		await fake.pay(settled.txid, { deliveries: 0 })
		await reconcilePix()
		const missed = await pixOrder({ totalCents: 4990 })
		await fake.pay(missed.txid, { deliveries: 0 })
		const byHand = await pixOrder({ totalCents: 7000 })
		await changeOrderStatus({ orderId: byHand.id, to: 'pago', actorUserId: null })
		// Paid after its deadline, cancelled, its PIX given back whole: settled, no difference.
		const returned = await pixOrder({ totalCents: 2500 })
		await changeOrderStatus({ orderId: returned.id, to: 'cancelado', actorUserId: null, cancelReason: 'payment_expired' })
		const late = await fake.pay(returned.txid)
		await waitForInboxEmpty()
		const refundId = newRefundId()
		expect(await refundPix({ orderId: returned.id, amountCents: 2500, refundId, reason: 'Pago depois do prazo' })).toEqual({ ok: true })
		await fake.settleRefund(late.endToEndId, refundId, 'DEVOLVIDO', false)
		const view = await reconcileWithProviders()
		expect(view.checks).toEqual([{ provider: 'API Pix', ok: true, payments: expect.any(Number) }])
		const ours = view.mismatches.filter((m) => [settled.txid, missed.txid, byHand.txid, returned.txid].includes(m.providerRef))
		expect(ours).toHaveLength(2)
		expect(ours).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ kind: 'shop_only', providerRef: byHand.txid, orderReference: byHand.reference, orderStatus: 'pago', amountCents: null, orderTotalCents: 7000 }),
				expect.objectContaining({ kind: 'provider_only', providerRef: missed.txid, orderReference: missed.reference, orderStatus: 'aguardando_pagamento', amountCents: 4990 }),
			]),
		)
	})

	test('a cancelled order removes its charge at the PSP (REMOVIDA_PELO_USUARIO_RECEBEDOR), once', async () => {
		const order = await pixOrder()
		await changeOrderStatus({ orderId: order.id, to: 'cancelado', actorUserId: null })
		expect((await reconcilePix()).removed).toBe(1)
		expect(fake.cobs.get(order.txid)?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR')
		expect((await reconcilePix()).removed).toBe(0)
		expect((await orderState(order.id)).kinds).toContain('charge_removed')
	})

	test('partial then whole refund, followed until DEVOLVIDO (webhook) and NAO_REALIZADO (job)', async () => {
		const order = await pixOrder({ totalCents: 10000 })
		const pix = await fake.pay(order.txid)
		await waitForInboxEmpty()
		const first = newRefundId()
		expect(await refundPix({ orderId: order.id, amountCents: 3000, refundId: first, reason: 'Item em falta' })).toEqual({ ok: true })
		// A double submit of the same form: the same refund.
		expect(await refundPix({ orderId: order.id, amountCents: 3000, refundId: first, reason: 'Item em falta' })).toEqual({ ok: true })
		expect((await refundablePix(order.id))?.availableCents).toBe(7000)
		expect((await refundPix({ orderId: order.id, amountCents: 7001, refundId: newRefundId(), reason: 'x' })).ok).toBe(false)
		await fake.settleRefund(pix.endToEndId, first, 'DEVOLVIDO')
		await waitForInboxEmpty()
		expect((await orderState(order.id)).kinds).toContain('refund_completed')
		const second = newRefundId()
		expect((await refundPix({ orderId: order.id, amountCents: 7000, refundId: second, reason: 'Cancelado' })).ok).toBe(true)
		await fake.settleRefund(pix.endToEndId, second, 'NAO_REALIZADO', false)
		expect((await reconcilePix()).refundsSettled).toBe(1)
		const kinds = (await orderState(order.id)).kinds
		expect(kinds.filter((k) => k === 'refund_requested')).toHaveLength(2)
		expect(kinds).toContain('refund_failed')
		// The failed refund's amount is available again.
		expect((await refundablePix(order.id))?.availableCents).toBe(7000)
	})
})

async function postNotification(token: string, body: unknown): Promise<number> {
	const { port } = shop.address() as AddressInfo
	const response = await fetch(`http://127.0.0.1:${port}/webhooks/pix/${token}/pix`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: typeof body === 'string' ? body : JSON.stringify(body),
	})
	return response.status
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
	const deadline = Date.now() + timeoutMs
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error('tempo esgotado')
		await new Promise((resolve) => setTimeout(resolve, 20))
	}
}

/** The notifications the webhook queued are all processed (the drain it started has finished). */
async function waitForInboxEmpty() {
	await waitFor(async () => {
		await drainPixInbox()
		const [row] = await queryRows<{ n: number }>(sql`select count(*)::int as n from payment_inbox where processed_at is null`)
		return Number(row?.n) === 0
	})
}
