import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { checkoutValues } from '#tests/fixtures/checkout-values'
import { withTestDatabase } from '#tests/setup/with-database'
import { type FakeMelhorEnvio, startFakeMelhorEnvio } from '#tests/support/fake-melhor-envio/server'
import { db, queryRows } from '~/server/db.server'
import { clearStoreSettingsCache } from '~/server/settings.server'
import { userAgentOf } from './client.server'
import { generateLabels } from './bulk-labels.server'
import { LABEL_MESSAGES, generateLabel, labelOf, parseBusinessAddress } from './labels.server'
import type { MelhorEnvioConfig } from './quotes.server'
import { pollTracking } from './tracking.server'
import { trackingEventsOf } from './tracking-events.server'

/**
 * Labels and tracking (issue 32, decision 115) against the fake, which checks every request
 * against Melhor Envio's documented contract: the whole run, each failure explained and resumed
 * without paying twice, and tracking moving the order to 'Entregue' with its e-mail.
 */
withTestDatabase()

let fake: FakeMelhorEnvio
let config: MelhorEnvioConfig

beforeAll(async () => {
	fake = await startFakeMelhorEnvio()
	config = { apiUrl: fake.apiUrl, token: fake.token, userAgent: userAgentOf('Pet Estilo', 'contato@petestilo.com.br'), timeoutMs: 500 }
})
afterAll(() => fake.stop())
beforeEach(async () => {
	fake.reset()
	await db.execute(sql`truncate orders, order_lines, order_status_history, mail_outbox, shipping_labels, shipping_tracking_events cascade`)
	await db.execute(sql`delete from store_settings`)
	clearStoreSettingsCache()
})

async function insertOrder(options: { status?: string; serviceId?: number | null } = {}) {
	const reference = `PET-L${randomUUID().slice(0, 5).toUpperCase()}`
	const c = checkoutValues({ paymentMethod: 'pix' })
	const [order] = await queryRows<{ id: string }>(sql`
		insert into orders (reference, idempotency_key, status, customer_name, email, cpf, phone, cep, street, number,
			district, city, uf, shipping_cents, subtotal_cents, discount_cents, total_cents, payment_method, paid_at,
			shipping_service_id, shipping_carrier, shipping_service)
		values (${reference}, ${c.idempotencyKey}, ${options.status ?? 'pago'}, ${c.name}, ${c.email}, ${c.cpf},
			${c.phone}, ${c.cep}, ${c.street}, ${c.number}, ${c.district}, ${c.city}, ${c.uf}, 0, 9980, 0, 9980, 'pix', now(),
			${options.serviceId === undefined ? 1 : options.serviceId}, 'Correios', 'PAC')
		returning id`)
	if (!order) throw new Error('pedido não criado')
	await db.execute(sql`insert into order_lines (order_id, product_handle, product_title, variant_title, unit_price_cents, quantity, line_total_cents)
		values (${order.id}::uuid, 'bandana-xadrez', 'Bandana Xadrez', 'P', 4990, 2, 9980)`)
	return { id: order.id, reference }
}

async function orderOf(id: string) {
	const [row] = await queryRows<{ status: string; tracking_code: string | null }>(sql`select status, tracking_code from orders where id = ${id}::uuid`)
	return row
}

const mails = () => queryRows<{ subject: string; text: string }>(sql`select subject, text from mail_outbox order by created_at`)

describe('Gerar etiqueta', () => {
	test('cart → checkout → generate → print; the order is "Enviado" with the code and the shopper is told, with the tracking link', async () => {
		const order = await insertOrder()
		const result = await generateLabel(order.id, null, { config })
		expect(result).toMatchObject({ ok: true })
		if (!result.ok) return
		expect(result.printUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/imprimir\/.+\.pdf$/)
		expect(result.trackingCode).toMatch(/^QB\d{9}BR$/)
		expect(fake.violations).toEqual([])
		expect(fake.calls.filter((c) => c !== 'POST /api/v2/me/shipment/tracking')).toEqual([
			'POST /api/v2/me/cart',
			'POST /api/v2/me/shipment/checkout',
			'POST /api/v2/me/shipment/generate',
			'POST /api/v2/me/shipment/print',
		])
		const [shipment] = [...fake.shipments.values()]
		// The documented request: the shop (CNPJ) to the shopper (CPF), the lines declared, insured at their value.
		expect(shipment?.body).toMatchObject({
			service: 1,
			from: { company_document: '11222333000181', address: 'Rua Exemplo', number: '100', district: 'Vila Mariana', city: 'São Paulo', state_abbr: 'SP', postal_code: '01310100' },
			to: { document: '52998224725', postal_code: '01310100', state_abbr: 'SP' },
			products: [{ name: 'Bandana Xadrez — P', quantity: 2, unitary_value: 49.9 }],
			options: { insurance_value: 99.8, non_commercial: true, receipt: false, own_hand: false },
		})
		expect(await orderOf(order.id)).toEqual({ status: 'enviado', tracking_code: result.trackingCode })
		const [shipped] = await mails()
		expect(shipped?.subject).toBe(`Pedido enviado: ${order.reference}`)
		expect(shipped?.text).toContain(`https://www.melhorrastreio.com.br/rastreio/${result.trackingCode}`)
		expect((await trackingEventsOf(order.id)).map((e) => e.kind)).toEqual(['paid', 'generated'])
		// Again: the same PDF, nothing bought.
		const again = await generateLabel(order.id, null, { config })
		expect(again).toEqual(result)
		expect(shipment?.paid).toBe(1)
	})

	test('no balance: explained, the order unchanged; after a top-up the retry reuses the shipment and pays once', async () => {
		const order = await insertOrder({ status: 'em_producao' })
		fake.balanceCents = 100
		const refused = await generateLabel(order.id, null, { config })
		expect(refused).toEqual({ ok: false, message: LABEL_MESSAGES.balance, reference: order.reference })
		expect(await orderOf(order.id)).toEqual({ status: 'em_producao', tracking_code: null })
		expect(await mails()).toEqual([])
		expect(await labelOf(order.id)).toMatchObject({ step: 'cart', lastError: LABEL_MESSAGES.balance })

		fake.balanceCents = 100_000
		const done = await generateLabel(order.id, null, { config })
		expect(done.ok).toBe(true)
		expect(fake.shipments.size).toBe(1)
		expect([...fake.shipments.values()][0]?.paid).toBe(1)
		expect(fake.calls.filter((c) => c === 'POST /api/v2/me/cart')).toHaveLength(1)
		expect(fake.violations).toEqual([])
	})

	test('a checkout whose answer was lost is not paid again: the retry asks first, then goes on', async () => {
		const order = await insertOrder()
		// Melhor Envio takes the money but its answer comes after the time box.
		fake.answerLate('/api/v2/me/shipment/checkout', 800)
		const lost = await generateLabel(order.id, null, { config: { ...config, timeoutMs: 300 } })
		expect(lost).toMatchObject({ ok: false, message: LABEL_MESSAGES.down })
		expect(await labelOf(order.id)).toMatchObject({ step: 'cart' })
		const again = await generateLabel(order.id, null, { config })
		expect(again.ok).toBe(true)
		expect([...fake.shipments.values()].map((s) => s.paid)).toEqual([1])
		expect(fake.calls.filter((c) => c === 'POST /api/v2/me/shipment/checkout')).toHaveLength(1)
		expect(await orderOf(order.id)).toMatchObject({ status: 'enviado' })
	})

	test("the shopper's address refused, the carrier down: explained, nothing bought, the retry works", async () => {
		const order = await insertOrder()
		fake.refuseAddress = true
		const refused = await generateLabel(order.id, null, { config })
		expect(refused.ok).toBe(false)
		if (!refused.ok) expect(refused.message).toMatch(/^O Melhor Envio recusou o endereço do cliente \(to\.postal_code: .+\)\. Confira o endereço/)
		fake.refuseAddress = false
		fake.failNext(503)
		expect(await generateLabel(order.id, null, { config })).toMatchObject({ ok: false, message: LABEL_MESSAGES.down })
		expect(await orderOf(order.id)).toMatchObject({ status: 'pago' })
		expect((await generateLabel(order.id, null, { config })).ok).toBe(true)
		expect([...fake.shipments.values()].map((s) => s.paid)).toEqual([1])
	})

	test('not configured, not a Melhor Envio service, not paid: refused without a call', async () => {
		const table = await insertOrder({ serviceId: null })
		const unpaid = await insertOrder({ status: 'aguardando_pagamento' })
		expect(await generateLabel(table.id, null, { config: null })).toMatchObject({ ok: false, message: LABEL_MESSAGES.notConfigured })
		expect(await generateLabel(table.id, null, { config })).toMatchObject({ ok: false, message: LABEL_MESSAGES.notMelhorEnvio })
		expect(await generateLabel(unpaid.id, null, { config })).toMatchObject({ ok: false, message: LABEL_MESSAGES.wrongStatus })
		expect(fake.calls).toEqual([])
	})
})

test('several at once: one run per order, each with its result; no balance stops only the ones it reaches', async () => {
	const first = await insertOrder()
	const second = await insertOrder()
	const table = await insertOrder({ serviceId: null })
	// Enough for one PAC label of the fake (R$ 15,90 + weight), not two.
	fake.balanceCents = 2500
	const [owner] = await queryRows<{ id: string }>(sql`insert into users (email, password_hash) values (${`dona.${randomUUID()}@exemplo.test`}, 'nao-usado') returning id`)
	const results = await generateLabels([first.id, second.id, table.id], { actorId: owner!.id, ip: '127.0.0.1' }, { config })
	expect(results.map((r) => [r.reference, r.ok, r.ok ? null : r.message])).toEqual([
		[first.reference, true, null],
		[second.reference, false, LABEL_MESSAGES.balance],
		[table.reference, false, LABEL_MESSAGES.notMelhorEnvio],
	])
	expect(await orderOf(first.id)).toMatchObject({ status: 'enviado' })
	expect(await orderOf(second.id)).toMatchObject({ status: 'pago' })
})

describe('tracking', () => {
	test('posted, then delivered: the timeline grows and the order becomes "Entregue" with its e-mail, once', async () => {
		const order = await insertOrder()
		const label = await generateLabel(order.id, null, { config })
		expect(label.ok).toBe(true)
		const [shipment] = [...fake.shipments.values()]
		fake.advance(shipment!.id, 'posted')
		expect(await pollTracking({ config })).toEqual({ asked: 1, delivered: 0 })
		expect(await orderOf(order.id)).toMatchObject({ status: 'enviado' })
		fake.advance(shipment!.id, 'delivered')
		expect(await pollTracking({ config })).toEqual({ asked: 1, delivered: 1 })
		expect(await orderOf(order.id)).toMatchObject({ status: 'entregue' })
		expect((await trackingEventsOf(order.id)).map((e) => e.label)).toEqual(['Etiqueta paga', 'Etiqueta gerada', 'Postado na transportadora', 'Entregue'])
		expect((await mails()).map((m) => m.subject)).toEqual([`Pedido enviado: ${order.reference}`, `Pedido entregue: ${order.reference}`])
		// Delivered orders are no longer asked about.
		expect(await pollTracking({ config })).toEqual({ asked: 0, delivered: 0 })
		expect(fake.violations).toEqual([])
	})
})

test('the business address as the settings write it', () => {
	expect(parseBusinessAddress('Rua Exemplo, 100 – Vila Mariana – São Paulo/SP – 04000-000')).toEqual({
		address: 'Rua Exemplo',
		number: '100',
		district: 'Vila Mariana',
		city: 'São Paulo',
		state_abbr: 'SP',
	})
	expect(parseBusinessAddress('Av. Brasil, 12 sala 3 - Centro - Belo Horizonte/mg')).toMatchObject({ number: '12', complement: 'sala 3', state_abbr: 'MG' })
	expect(parseBusinessAddress('Rua sem número')).toBeNull()
})
