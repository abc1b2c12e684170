import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { setClockForTests } from '~/server/clock.server'
import { db, queryRows } from '~/server/db.server'
import { clearStoreSettingsCache } from '~/server/settings.server'
import { formatMoney } from '~/utils/format'
import type * as RefundOrder from '~/server/payments/refund-order.server'
import { action as orderAction, loader as orderLoader } from './order'
import { action as accountOrdersAction, loader as accountOrdersLoader } from '../account/orders'
import { action as adminReturnsAction, loader as adminReturnsLoader } from '../admin/return-requests'
import { loader as adminOrderLoader } from '../admin/order'

/**
 * Issue 31 (decision 117): withdrawing from a purchase through the route actions — the shopper's
 * request on the order page (guest link) and on /user/orders, its guards and validation, its
 * idempotency; the owner's approval (refund by hand, or through the provider) and refusal.
 */
withTestDatabase()

// The provider's refund is the payments module's own (tested there); here it only answers.
const provider = vi.hoisted(() => ({
	refundable: null as null | { provider: 'mercadopago' | 'api-pix'; paidCents: number; availableCents: number },
	calls: [] as Array<{ orderId: string; amountCents: number; refundId: string }>,
}))
vi.mock('~/server/payments/refund-order.server', async (importOriginal) => {
	const actual = await importOriginal<typeof RefundOrder>()
	return {
		...actual,
		refundableOrder: async (orderId: string) => provider.refundable ?? actual.refundableOrder(orderId),
		refundThroughProvider: async (input: { orderId: string; amountCents: number; refundId: string }) => {
			provider.calls.push({ orderId: input.orderId, amountCents: input.amountCents, refundId: input.refundId })
			return { ok: true as const, provider: provider.refundable?.provider ?? 'mercadopago' }
		},
	}
})

const context = { clientIp: '203.0.113.7' }
const sp = (iso: string) => new Date(`${iso}-03:00`)
const NOW = sp('2026-12-03T10:00:00')

beforeEach(async () => {
	await db.execute(sql`truncate orders, order_lines, order_status_history, return_requests, personalization_orders, mail_outbox cascade`)
	await db.execute(sql`delete from store_settings`)
	clearStoreSettingsCache()
	setClockForTests(NOW)
	provider.refundable = null
	provider.calls = []
})
afterEach(() => setClockForTests(null))

type Line = { title?: string; total?: number; attributes?: Array<{ key: string; value: string }> }

async function placeOrder(
	options: { userId?: string; status?: string; deliveredAt?: Date | null; lines?: Line[]; paymentMethod?: 'pix' | 'card'; provider?: string } = {},
) {
	const reference = `PET-${randomUUID().slice(0, 6).toUpperCase()}`
	const lines = options.lines ?? [{ title: 'Coleira Neon', total: 5000 }]
	const total = lines.reduce((sum, l) => sum + (l.total ?? 5000), 0)
	const status = options.status ?? 'entregue'
	const [order] = await queryRows<{ id: string; access_token: string }>(sql`
		insert into orders (reference, user_id, idempotency_key, status, customer_name, email, cpf, phone, cep, street, number,
			district, city, uf, shipping_cents, subtotal_cents, total_cents, payment_method, payment_provider, paid_at, delivery_min_days, delivery_max_days)
		values (${reference}, ${options.userId ?? null}::uuid, ${randomUUID()}, ${status}, 'Maria Souza', 'maria@example.com', '52998224725',
			'11912345678', '01310100', 'Rua A', '1', 'Centro', 'São Paulo', 'SP', 0, ${total}, ${total}, ${options.paymentMethod ?? 'pix'},
			${options.provider ?? null}, ${status === 'aguardando_pagamento' ? null : sp('2026-11-20T09:00:00')}, 5, 8)
		returning id, access_token`)
	const id = order!.id
	for (const line of lines) {
		await db.execute(sql`insert into order_lines (order_id, product_handle, product_title, variant_title, unit_price_cents, quantity, line_total_cents, attributes)
			values (${id}::uuid, 'produto', ${line.title ?? 'Coleira Neon'}, 'M', ${line.total ?? 5000}, 1, ${line.total ?? 5000}, ${JSON.stringify(line.attributes ?? [])}::jsonb)`)
	}
	const delivered = options.deliveredAt === undefined ? sp('2026-12-01T15:00:00') : options.deliveredAt
	if (status === 'entregue' && delivered) {
		await db.execute(sql`insert into order_status_history (order_id, from_status, to_status, created_at) values (${id}::uuid, 'enviado', 'entregue', ${delivered})`)
	}
	return { id, reference, token: order!.access_token }
}

function post(url: string, form: Record<string, string>, cookie?: string) {
	return new Request(`http://loja.test${url}`, { method: 'POST', body: new URLSearchParams(form), headers: cookie ? { cookie } : {} })
}

async function call<T>(run: () => Promise<T>): Promise<T | Response> {
	try {
		return await run()
	} catch (thrown) {
		if (thrown instanceof Response) return thrown
		const init = (thrown as { init?: ResponseInit } | null)?.init
		if (init) return thrown as T
		throw thrown
	}
}

const statusOf = (result: unknown) =>
	result instanceof Response ? result.status : ((result as { init?: ResponseInit | null } | null)?.init?.status ?? 200)
const dataOf = <T = Record<string, unknown>>(result: unknown) => ((result as { data?: unknown })?.data ?? result) as T

async function askOnOrderPage(order: { reference: string; token: string }, form: Record<string, string> = {}, token: string | null = order.token) {
	const query = token ? `?acesso=${token}` : ''
	return call(() =>
		orderAction({
			request: post(`/pedido/${order.reference}${query}`, { intent: 'return-request', ...form }),
			params: { reference: order.reference },
			context,
		} as never),
	)
}

const requestsOf = (orderId: string) =>
	queryRows<{ status: string; reason: string | null; reason_text: string | null; refund_method: string | null; refund_cents: number | null; admin_message: string | null }>(
		sql`select status, reason, reason_text, refund_method, refund_cents, admin_message from return_requests where order_id = ${orderId}::uuid order by created_at`,
	)
const mails = () => queryRows<{ to: string; subject: string; text: string }>(sql`select "to", subject, text from mail_outbox order by created_at`)

describe('the shopper asks', () => {
	test('a guest through the e-mail link: stored once however often she submits; she and the owner get an e-mail', async () => {
		const order = await placeOrder()
		const first = await askOnOrderPage(order, { reason: 'tamanho', reasonText: 'Ficou apertada no Thor.' })
		expect(statusOf(first)).toBe(200)
		expect(dataOf(first)).toEqual({ returnRequest: { ok: true, message: expect.stringContaining('Pedido de desistência enviado') } })
		// The double submit: same order, no second request, no second e-mail.
		const again = await askOnOrderPage(order, { reason: 'desisti' })
		expect(dataOf(again)).toEqual({ returnRequest: { ok: true, message: expect.stringContaining('Você já pediu a desistência') } })
		await Promise.all([askOnOrderPage(order), askOnOrderPage(order)])
		expect(await requestsOf(order.id)).toEqual([expect.objectContaining({ status: 'aberto', reason: 'tamanho', reason_text: 'Ficou apertada no Thor.' })])
		const sent = await mails()
		expect(sent.map((m) => m.to).sort()).toEqual(['contato@petestilo.com.br', 'maria@example.com'])
		expect(sent.find((m) => m.to === 'maria@example.com')?.subject).toBe(`Recebemos seu pedido de desistência: ${order.reference}`)
		expect(sent.find((m) => m.to === 'contato@petestilo.com.br')?.text).toContain('O tamanho não serviu — Ficou apertada no Thor.')

		// The page then shows the request instead of the form.
		const page = dataOf<{ returns: { canAsk: boolean; request: { title: string } } }>(
			await orderLoader({ request: new Request(`http://loja.test/pedido/${order.reference}?acesso=${order.token}`), params: { reference: order.reference }, context } as never),
		)
		expect(page.returns).toMatchObject({ canAsk: false, request: { title: 'Pedido de desistência enviado' }, policyPath: '/trocas-e-devolucoes' })
	})

	test('someone without the link, the buyer cookie or the account gets the same 404 as an unknown order', async () => {
		const order = await placeOrder()
		const result = await askOnOrderPage(order, {}, null)
		expect(statusOf(result)).toBe(404)
		expect(dataOf(result)).toEqual({ returnRequest: { ok: false, message: 'Pedido não encontrado.' } })
		const wrong = await askOnOrderPage(order, {}, 'f'.repeat(64))
		expect(statusOf(wrong)).toBe(404)
		expect(await requestsOf(order.id)).toEqual([])
	})

	test('bad input answers 400 in Portuguese and stores nothing', async () => {
		const order = await placeOrder()
		const cases: Array<[Record<string, string>, string]> = [
			[{ reason: 'qualquer' }, 'Escolha um dos motivos da lista.'],
			[{ reasonText: 'x'.repeat(1001) }, 'Conte o motivo em até 1000 caracteres.'],
			[{ reasonText: 'nulo\u0000aqui' }, 'O texto contém caracteres inválidos'],
			[{ intent: 'outra-coisa' }, 'Ação desconhecida'],
		]
		for (const [form, message] of cases) {
			const result = await askOnOrderPage(order, form)
			expect(statusOf(result)).toBe(400)
			expect(dataOf<{ returnRequest: { message: string } }>(result).returnRequest.message).toContain(message)
		}
		expect(await requestsOf(order.id)).toEqual([])
	})

	test('after the 7th day the request is refused and the page says why, with the policy link', async () => {
		const order = await placeOrder({ deliveredAt: sp('2026-11-24T10:00:00') })
		// Delivered Tuesday 24 November: the last day is Tuesday 1 December; now is 3 December.
		const result = await askOnOrderPage(order)
		expect(statusOf(result)).toBe(400)
		expect(dataOf<{ returnRequest: { message: string } }>(result).returnRequest.message).toContain('O prazo de 7 dias para desistir da compra já terminou')
		setClockForTests(sp('2026-12-01T23:59:00'))
		expect(statusOf(await askOnOrderPage(order))).toBe(200)
	})

	test('personalised pieces in production: no button, a sentence explaining why; the request is refused', async () => {
		const order = await placeOrder({ lines: [{ title: 'Bandana Personalizada', total: 8990, attributes: [{ key: 'Nome do pet', value: 'Thor' }] }] })
		const page = dataOf<{ returns: { canAsk: boolean; blockedText: string } }>(
			await orderLoader({ request: new Request(`http://loja.test/pedido/${order.reference}?acesso=${order.token}`), params: { reference: order.reference }, context } as never),
		)
		expect(page.returns.canAsk).toBe(false)
		expect(page.returns.blockedText).toContain('peças personalizadas')
		const result = await askOnOrderPage(order)
		expect(statusOf(result)).toBe(400)
		expect(await requestsOf(order.id)).toEqual([])
	})

	test('/user/orders: a customer asks for her own order only', async () => {
		const ana = await userWithSession()
		const bia = await userWithSession()
		const order = await placeOrder({ userId: ana.id })
		const list = await accountOrdersLoader({ request: new Request('http://loja.test/user/orders', { headers: { cookie: ana.cookie } }), params: {}, context } as never)
		expect(list.returns[order.id]).toMatchObject({ canAsk: true, windowText: expect.stringContaining('08/12/2026') })
		// An old order, its window long over: nothing on its card (its page says why).
		const old = await placeOrder({ userId: ana.id, deliveredAt: sp('2026-10-01T10:00:00') })
		const again = await accountOrdersLoader({ request: new Request('http://loja.test/user/orders', { headers: { cookie: ana.cookie } }), params: {}, context } as never)
		expect(again.returns[old.id]).toBeNull()

		const asBia = await call(() =>
			accountOrdersAction({ request: post('/user/orders', { intent: 'return-request', reference: order.reference }, bia.cookie), params: {}, context } as never),
		)
		expect(statusOf(asBia)).toBe(404)
		const anonymous = await call(() =>
			accountOrdersAction({ request: post('/user/orders', { intent: 'return-request', reference: order.reference }), params: {}, context } as never),
		)
		expect(statusOf(anonymous)).toBe(302)
		expect(await requestsOf(order.id)).toEqual([])

		const asAna = await call(() =>
			accountOrdersAction({ request: post('/user/orders', { intent: 'return-request', reference: order.reference }, ana.cookie), params: {}, context } as never),
		)
		expect(statusOf(asAna)).toBe(200)
		expect(await requestsOf(order.id)).toEqual([expect.objectContaining({ status: 'aberto', reason: null, reason_text: null })])
	})
})

describe('the owner answers', () => {
	async function decide(form: Record<string, string>, cookie: string) {
		return call(() => adminReturnsAction({ request: post('/admin/desistencias', form, cookie), params: {}, context } as never))
	}

	test('only admins: a customer is sent away from the list and the action', async () => {
		const customer = await userWithSession()
		const order = await placeOrder()
		await askOnOrderPage(order)
		const list = await call(() => adminReturnsLoader({ request: new Request('http://loja.test/admin/desistencias', { headers: { cookie: customer.cookie } }), params: {}, context } as never))
		expect(statusOf(list)).toBe(302)
		const denied = await decide({ intent: 'refuse', orderId: order.id, message: 'Não.' }, customer.cookie)
		expect(statusOf(denied)).toBe(302)
		expect((denied as Response).headers.get('location')).toBe('/')
		expect(await requestsOf(order.id)).toEqual([expect.objectContaining({ status: 'aberto' })])
	})

	test('approved with no provider (static PIX): the owner confirms the refund by hand; the order is cancelled; she is told', async () => {
		const admin = await userWithSession({ admin: true })
		const order = await placeOrder()
		await askOnOrderPage(order, { reason: 'desisti' })
		const list = dataOf<{ requests: Array<{ reference: string; statusLabel: string }> }>(
			await adminReturnsLoader({ request: new Request('http://loja.test/admin/desistencias', { headers: { cookie: admin.cookie } }), params: {}, context } as never),
		)
		expect(list.requests).toEqual([expect.objectContaining({ reference: order.reference, statusLabel: 'Aguardando resposta' })])
		const panel = dataOf<{ returnRequest: { approve: { method: string; amountInput: string; refundId: string } } }>(
			await adminOrderLoader({ request: new Request(`http://loja.test/admin/pedidos/${order.id}`, { headers: { cookie: admin.cookie } }), params: { orderId: order.id }, context } as never),
		).returnRequest
		expect(panel.approve).toMatchObject({ method: 'manual', amountInput: '50,00' })

		const form = { intent: 'approve', orderId: order.id, amount: panel.approve.amountInput, refundId: panel.approve.refundId }
		const unconfirmed = await decide(form, admin.cookie)
		expect(statusOf(unconfirmed)).toBe(400)
		expect(dataOf(unconfirmed)).toEqual({ error: expect.stringContaining('Confirme que já devolveu') })
		const tooMuch = await decide({ ...form, amount: '50,01', refundedByHand: 'on' }, admin.cookie)
		expect(dataOf(tooMuch)).toEqual({ error: `O valor a devolver não pode passar de ${formatMoney(5000)}.` })
		const badAmount = await decide({ ...form, amount: 'cinquenta', refundedByHand: 'on' }, admin.cookie)
		expect(dataOf(badAmount)).toEqual({ error: 'Informe o valor a devolver em reais, por exemplo 30,00.' })

		const approved = await decide({ ...form, refundedByHand: 'on', message: 'Devolvemos por PIX para a sua chave.' }, admin.cookie)
		expect(statusOf(approved)).toBe(302)
		expect((approved as Response).headers.get('location')).toBe(`/admin/pedidos/${order.id}`)
		expect(await requestsOf(order.id)).toEqual([
			expect.objectContaining({ status: 'aprovado', refund_method: 'manual', refund_cents: 5000, admin_message: 'Devolvemos por PIX para a sua chave.' }),
		])
		const [status] = await queryRows<{ status: string }>(sql`select status from orders where id = ${order.id}::uuid`)
		expect(status?.status).toBe('cancelado')
		const activity = await queryRows<{ kind: string; after: Record<string, unknown> }>(
			sql`select kind, after from activity_log where subject_id = ${order.id} order by seq`,
		)
		expect(activity.map((a) => a.kind)).toEqual(['return_request', 'refund', 'order_status'])
		expect(activity[1]?.after).toEqual({ refundedCents: 5000 })
		const mail = (await mails()).find((m) => m.subject === `Desistência aprovada: ${order.reference}`)
		expect(mail?.text).toContain(`Devolvemos ${formatMoney(5000)} a você.`)
		expect(mail?.text).toContain('Mensagem da loja: Devolvemos por PIX para a sua chave.')

		// A second submit of the same page changes nothing.
		const twice = await decide({ ...form, refundedByHand: 'on' }, admin.cookie)
		expect(dataOf(twice)).toEqual({ error: 'Este pedido de desistência já foi respondido.' })

		// The shopper sees the refund on her order page.
		const page = dataOf<{ returns: { request: { title: string; lines: string[] } } }>(
			await orderLoader({ request: new Request(`http://loja.test/pedido/${order.reference}?acesso=${order.token}`), params: { reference: order.reference }, context } as never),
		)
		expect(page.returns.request.title).toBe('Desistência aprovada')
		expect(page.returns.request.lines).toContain(`Reembolso de ${formatMoney(5000)} feito pela loja.`)
	})

	test('approved with Mercado Pago: the refund goes through the provider with the page’s refund id', async () => {
		const admin = await userWithSession({ admin: true })
		const order = await placeOrder({ paymentMethod: 'card', provider: 'mercadopago' })
		await askOnOrderPage(order)
		provider.refundable = { provider: 'mercadopago', paidCents: 5000, availableCents: 5000 }
		const result = await decide({ intent: 'approve', orderId: order.id, amount: '50,00', refundId: 'D123abc' }, admin.cookie)
		expect(statusOf(result)).toBe(302)
		expect(provider.calls).toEqual([{ orderId: order.id, amountCents: 5000, refundId: 'D123abc' }])
		expect(await requestsOf(order.id)).toEqual([expect.objectContaining({ status: 'aprovado', refund_method: 'mercadopago', refund_cents: 5000 })])
		const mail = (await mails()).find((m) => m.subject === `Desistência aprovada: ${order.reference}`)
		expect(mail?.text).toContain(`Pedimos o estorno de ${formatMoney(5000)} no seu cartão.`)
	})

	test('refused: a message is required and reaches the shopper; she may ask again while in time', async () => {
		const admin = await userWithSession({ admin: true })
		const order = await placeOrder()
		await askOnOrderPage(order)
		const empty = await decide({ intent: 'refuse', orderId: order.id, message: '   ' }, admin.cookie)
		expect(dataOf(empty)).toEqual({ error: 'Escreva uma mensagem para o cliente explicando a recusa.' })
		const long = await decide({ intent: 'refuse', orderId: order.id, message: 'a'.repeat(1001) }, admin.cookie)
		expect(dataOf(long)).toEqual({ error: 'A mensagem deve ter no máximo 1000 caracteres.' })
		const bad = await decide({ intent: 'apagar', orderId: 'nao-e-uuid' }, admin.cookie)
		expect(statusOf(bad)).toBe(400)
		const refused = await decide({ intent: 'refuse', orderId: order.id, message: 'O produto foi usado.' }, admin.cookie)
		expect(statusOf(refused)).toBe(302)
		expect(await requestsOf(order.id)).toEqual([expect.objectContaining({ status: 'recusado', admin_message: 'O produto foi usado.' })])
		expect((await mails()).find((m) => m.subject.startsWith('Sobre o seu pedido de desistência'))?.text).toContain('Mensagem da loja: O produto foi usado.')
		const [status] = await queryRows<{ status: string }>(sql`select status from orders where id = ${order.id}::uuid`)
		expect(status?.status).toBe('entregue')
		expect(statusOf(await askOnOrderPage(order))).toBe(200)
		expect((await requestsOf(order.id)).map((r) => r.status)).toEqual(['recusado', 'aberto'])
	})
})
