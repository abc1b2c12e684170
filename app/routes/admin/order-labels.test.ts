import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, onTestFinished, test, vi } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { type FakeMelhorEnvio, startFakeMelhorEnvio } from '#tests/support/fake-melhor-envio/server'
import { db, queryRows } from '~/server/db.server'
import { resetEnvForTests } from '~/server/env.server'
import { clearStoreSettingsCache } from '~/server/settings.server'
import { action as orderAction, loader as orderLoader } from './order'
import { action as ordersAction } from './orders'

/**
 * The label intents of the admin routes (issue 32, decision 115): behind requireAdmin like every
 * admin action, zod-checked, and wired to the label run ('etiqueta', 'rastreio' on the order page;
 * 'etiquetas' on the list).
 */
withTestDatabase()

let fake: FakeMelhorEnvio
beforeAll(async () => {
	fake = await startFakeMelhorEnvio()
})
afterAll(() => fake.stop())
beforeEach(async () => {
	fake.reset()
	await db.execute(sql`truncate orders, order_lines, order_status_history, mail_outbox, shipping_labels, shipping_tracking_events cascade`)
	await db.execute(sql`delete from store_settings`)
	clearStoreSettingsCache()
	vi.stubEnv('MELHOR_ENVIO_TOKEN', fake.token)
	vi.stubEnv('MELHOR_ENVIO_API_URL', fake.apiUrl)
	resetEnvForTests()
	onTestFinished(() => {
		vi.unstubAllEnvs()
		resetEnvForTests()
	})
})

const context = { clientIp: '203.0.113.9', cspNonce: '' }
type Handler = (args: never) => unknown

async function call(handler: Handler, url: string, init: { cookie?: string; form?: URLSearchParams; params?: Record<string, string> } = {}) {
	const request = new Request(`http://loja.test${url}`, { method: init.form ? 'POST' : 'GET', body: init.form, headers: init.cookie ? { cookie: init.cookie } : {} })
	try {
		return await handler({ request, params: init.params ?? {}, context } as never)
	} catch (thrown) {
		return thrown
	}
}

const statusOf = (result: unknown) => (result instanceof Response ? result.status : ((result as { init?: ResponseInit | null })?.init?.status ?? 200))
const dataOf = <T,>(result: unknown) => ((result as { data?: unknown })?.data ?? result) as T

async function insertOrder(status = 'pago') {
	const reference = `PET-R${randomUUID().slice(0, 5).toUpperCase()}`
	const [row] = await queryRows<{ id: string }>(sql`
		insert into orders (reference, idempotency_key, status, customer_name, email, cpf, phone, cep, street, number, district, city, uf,
			shipping_cents, subtotal_cents, total_cents, payment_method, shipping_service_id, shipping_carrier, shipping_service)
		values (${reference}, ${randomUUID()}, ${status}, 'Maria Silva', 'maria@example.com', '52998224725', '11912345678', '01310100',
			'Rua A', '1', 'Centro', 'São Paulo', 'SP', 0, 4990, 4990, 'pix', 1, 'Correios', 'PAC')
		returning id`)
	await db.execute(sql`insert into order_lines (order_id, product_handle, product_title, variant_title, unit_price_cents, quantity, line_total_cents)
		values (${row!.id}::uuid, 'bandana', 'Bandana', 'P', 4990, 1, 4990)`)
	return { id: row!.id, reference }
}

describe('label intents', () => {
	test('a customer is denied on the order page and on the list, and nothing is bought', async () => {
		const customer = await userWithSession()
		const order = await insertOrder()
		const single = await call(orderAction as Handler, `/admin/pedidos/${order.id}`, {
			cookie: customer.cookie,
			params: { orderId: order.id },
			form: new URLSearchParams({ intent: 'etiqueta' }),
		})
		expect((single as Response).headers.get('location')).toBe('/')
		const bulk = await call(ordersAction as Handler, '/admin/pedidos', { cookie: customer.cookie, form: new URLSearchParams([['intent', 'etiquetas'], ['ids', order.id]]) })
		expect((bulk as Response).headers.get('location')).toBe('/')
		expect(fake.calls).toEqual([])
	})

	test("the admin's 'Gerar etiqueta': a toast, the card with the PDF; the list's run with one result per order", async () => {
		const admin = await userWithSession({ admin: true })
		const order = await insertOrder()
		const before = dataOf<{ label: { canGenerate: boolean } }>(await call(orderLoader as Handler, `/admin/pedidos/${order.id}`, { cookie: admin.cookie, params: { orderId: order.id } }))
		expect(before.label.canGenerate).toBe(true)
		const done = (await call(orderAction as Handler, `/admin/pedidos/${order.id}`, {
			cookie: admin.cookie,
			params: { orderId: order.id },
			form: new URLSearchParams({ intent: 'etiqueta' }),
		})) as Response
		expect(done.status).toBe(302)
		expect(done.headers.get('set-cookie')).toContain('loja_toast')
		const after = dataOf<{ label: { canGenerate: boolean; printUrl: string; canTrack: boolean }; order: { status: string } }>(
			await call(orderLoader as Handler, `/admin/pedidos/${order.id}`, { cookie: admin.cookie, params: { orderId: order.id } }),
		)
		expect(after.order.status).toBe('enviado')
		expect(after.label).toMatchObject({ canGenerate: false, canTrack: true })
		expect(after.label.printUrl).toMatch(/\/imprimir\//)

		const other = await insertOrder('em_producao')
		const bulk = await call(ordersAction as Handler, '/admin/pedidos', { cookie: admin.cookie, form: new URLSearchParams([['intent', 'etiquetas'], ['ids', other.id], ['ids', order.id]]) })
		expect(dataOf<{ labelResults: Array<{ reference: string; ok: boolean }> }>(bulk).labelResults.map((r) => [r.reference, r.ok])).toEqual([
			[other.reference, true],
			[order.reference, true],
		])
		// The first order's label was already bought: its PDF again, not a second purchase.
		expect([...fake.shipments.values()].map((s) => s.paid)).toEqual([1, 1])
		const invalid = await call(ordersAction as Handler, '/admin/pedidos', { cookie: admin.cookie, form: new URLSearchParams([['intent', 'etiquetas'], ['ids', 'x']]) })
		expect(statusOf(invalid)).toBe(400)
		expect(dataOf<{ labelError: string }>(invalid).labelError).toBe('Pedido não encontrado.')
		expect(fake.violations).toEqual([])
	})
})
