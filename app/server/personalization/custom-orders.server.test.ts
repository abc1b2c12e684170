import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import { withDataDir } from '#tests/setup/with-data-dir'
import { withTestDatabase } from '#tests/setup/with-database'
import { personalizationOrders } from '~/db/schema'
import { setClockForTests } from '~/server/clock.server'
import { db, queryRows } from '~/server/db.server'
import { saveUpload } from '~/server/storage.server'
import { loader as downloadLoader } from '~/routes/admin/custom-order-file'
import { loader as sheetLoader } from '~/routes/admin/custom-order-sheet'
import { action as queueAction, loader as queueLoader } from '~/routes/admin/custom-orders'
import { userWithSession } from '#tests/fixtures/session-user'
import { waitingForOwner } from '~/server/admin-dashboard/sales.server'
import {
	customOrderCounts,
	customOrdersOfUser,
	latestCustomOrders,
	listCustomOrders,
	moveCustomOrder,
	saveCustomOrderNotes,
	shipCustomOrder,
} from './custom-orders.server'

withTestDatabase()
withDataDir()

afterEach(() => setClockForTests(null))

let faceOrderId = ''
beforeAll(async () => {
	await db.delete(personalizationOrders)
	const bytes = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ff00aa' } })
		.png()
		.toBuffer()
	const saved = await saveUpload({
		file: new File([new Uint8Array(bytes)], 'rosto.png', { type: 'image/png' }),
		kind: 'image',
		bucket: 'personalizacao-arquivos',
		prefix: 'rosto_pet',
	})
	if (!saved.ok) throw new Error('upload falhou')
	for (let i = 0; i < 7; i++) {
		const [row] = await db
			.insert(personalizationOrders)
			.values({
				productType: i % 2 === 0 ? 'bandana' : 'collar',
				selectedColor: 'Preto',
				totalPriceCents: 2990 + i,
				createdAt: new Date(Date.UTC(2026, 10, 1 + i)),
				petFaceFileUrl: i === 6 ? saved.upload.url : null,
			})
			.returning({ id: personalizationOrders.id })
		if (i === 6) faceOrderId = row!.id
	}
})

describe('custom orders', () => {
	test('never checked out: all 7 are abandoned personalizations, none in the queue; newest first', async () => {
		expect(await customOrderCounts()).toEqual({ total: 0, pending: 0, completed: 0, unpaid: 0, abandoned: 7 })
		expect(await listCustomOrders({ view: 'pagos', completed: false, page: 1 })).toEqual([])
		expect(await latestCustomOrders(5)).toEqual([])
		const abandoned = await listCustomOrders({ view: 'abandonados', page: 1 })
		expect(abandoned.map((r) => r.totalCents)).toEqual([2996, 2995, 2994, 2993, 2992, 2991, 2990])
		expect(abandoned[0]?.files).toEqual([{ field: 'rosto', label: 'Rosto do pet' }])
		expect(abandoned[0]?.stage).toBeNull()
		// Not placed, so not paid: a move is refused and nothing changes.
		expect(await moveCustomOrder({ id: faceOrderId, to: 'em_producao', actorUserId: null })).toEqual({
			ok: false,
			message: 'Só é possível produzir peças de pedidos pagos.',
		})
		expect(await moveCustomOrder({ id: randomUUID(), to: 'em_producao', actorUserId: null })).toMatchObject({ ok: false })
	})
	test('notes are saved; over 2000 characters they are refused and nothing changes', async () => {
		expect(await saveCustomOrderNotes(faceOrderId, 'Cliente pediu fonte cursiva')).toEqual({
			ok: true,
			message: 'Notas salvas com sucesso!',
		})
		expect(await saveCustomOrderNotes(faceOrderId, 'x'.repeat(2001))).toEqual({
			ok: false,
			message: 'As notas devem ter no máximo 2000 caracteres.',
		})
		const [row] = await db.select().from(personalizationOrders).where(eq(personalizationOrders.id, faceOrderId))
		expect(row?.adminNotes).toBe('Cliente pediu fonte cursiva')
	})
})

describe('file download route', () => {
	const call = async (cookie: string, params: Record<string, string>) => {
		const request = new Request(`http://loja.test/admin/pedidos-personalizados/${params.id}/arquivo/${params.campo}`, {
			headers: { cookie },
		})
		try {
			return (await downloadLoader({ request, params, context: {} } as never)) as Response
		} catch (thrown) {
			return thrown as Response
		}
	}

	test('the admin gets the bytes as an attachment; a customer is refused; unknown fields and ids are 404', async () => {
		const admin = await userWithSession({ admin: true })
		const response = await call(admin.cookie, { id: faceOrderId, campo: 'rosto' })
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('image/png')
		expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="rosto_pet_/)
		const body = new Uint8Array(await response.arrayBuffer())
		expect([...body.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47])

		expect((await call(admin.cookie, { id: faceOrderId, campo: 'arte' })).status).toBe(404)
		expect((await call(admin.cookie, { id: faceOrderId, campo: '..' })).status).toBe(404)
		expect((await call(admin.cookie, { id: randomUUID(), campo: 'rosto' })).status).toBe(404)

		const customer = await userWithSession()
		const refused = await call(customer.cookie, { id: faceOrderId, campo: 'rosto' })
		expect(refused.status).toBe(302)
		expect(refused.headers.get('location')).toBe('/')
	})
})

describe('the production queue (issue 30)', () => {
	async function insertOrder(reference: string, status: string, options: { userId?: string; paidAt?: Date } = {}) {
		const [row] = await queryRows<{ id: string }>(sql`
			insert into orders (reference, idempotency_key, status, user_id, customer_name, email, cpf, phone, cep, street, number, district,
				city, uf, shipping_cents, subtotal_cents, total_cents, payment_method, paid_at)
			values (${reference}, ${randomUUID()}, ${status}, ${options.userId ?? null}, 'Maria Silva', 'maria@example.com', '52998224725',
				'11912345678', '01310100', 'Rua A', '1', 'Centro', 'São Paulo', 'SP', 0, 5000, 5000, 'pix', ${options.paidAt?.toISOString() ?? null})
			returning id`)
		return row!.id
	}
	async function insertPiece(values: Partial<typeof personalizationOrders.$inferInsert>) {
		const [row] = await db
			.insert(personalizationOrders)
			.values({ productType: 'bandana', selectedColor: 'Azul claro', totalPriceCents: 5989, ...values })
			.returning({ id: personalizationOrders.id })
		return row!.id
	}
	/** An order line naming a piece, as checkout copies it (decision 037). */
	async function insertLine(orderId: string, pieceId: string, line: { title: string; quantity: number; size?: string; addOn?: boolean }) {
		const attributes = [
			...(line.addOn ? [{ key: 'Para', value: 'Bandana Personalizada' }] : [{ key: 'Cor', value: 'Azul claro' }]),
			{ key: '_personalizacao', value: pieceId },
		]
		const options = line.size ? [{ name: 'Tamanho', value: line.size }] : []
		await db.execute(sql`
			insert into order_lines (order_id, product_handle, product_title, variant_title, selected_options, attributes,
				unit_price_cents, quantity, line_total_cents)
			values (${orderId}::uuid, 'bandana-personalizada', ${line.title}, ${line.size ?? 'Default'}, ${JSON.stringify(options)}::jsonb,
				${JSON.stringify(attributes)}::jsonb, 2990, ${line.quantity}, ${2990 * line.quantity})`)
	}

	const ids = { bandana: '', collar: '', unpaid: '', cancelled: '', leftInCart: '' }
	let paidOrder = ''
	let customerId = ''
	beforeAll(async () => {
		const customer = await userWithSession()
		customerId = customer.id
		paidOrder = await insertOrder('PET-FILA01', 'pago', { userId: customerId, paidAt: new Date('2026-11-10T12:00:00Z') })
		const unpaidOrder = await insertOrder('PET-FILA02', 'aguardando_pagamento', { userId: customerId })
		const cancelledOrder = await insertOrder('PET-FILA03', 'cancelado')
		ids.bandana = await insertPiece({ orderId: paidOrder, userId: customerId, petName: 'Thor', createdAt: new Date('2026-11-09T10:00:00Z') })
		ids.collar = await insertPiece({
			orderId: paidOrder,
			userId: customerId,
			productType: 'collar',
			selectedColor: 'Verde',
			quantity: 12,
			createdAt: new Date('2026-11-09T11:00:00Z'),
		})
		ids.unpaid = await insertPiece({ orderId: unpaidOrder, userId: customerId, createdAt: new Date('2026-11-11T10:00:00Z') })
		ids.cancelled = await insertPiece({ orderId: cancelledOrder, createdAt: new Date('2026-11-12T10:00:00Z') })
		ids.leftInCart = await insertPiece({ userId: customerId, createdAt: new Date('2026-11-13T10:00:00Z') })
		// The bandana's base line (size M; the drawer raised it to 2), two add-ons naming the same
		// piece, and the collar's line: one queue row per piece all the same.
		await insertLine(paidOrder, ids.bandana, { title: 'Bandana Personalizada', quantity: 2, size: 'M' })
		await insertLine(paidOrder, ids.bandana, { title: 'Personalização: Nome do pet', quantity: 2, addOn: true })
		await insertLine(paidOrder, ids.bandana, { title: 'Personalização: Rosto do pet', quantity: 2, addOn: true })
		await insertLine(paidOrder, ids.collar, { title: 'Colar Personalizado', quantity: 12 })
	})

	test('the queue holds placed, paid pieces only, once each, first paid first; unpaid and abandoned are separate views', async () => {
		expect(await customOrderCounts()).toEqual({ total: 2, pending: 2, completed: 0, unpaid: 2, abandoned: 8 })
		const queue = await listCustomOrders({ view: 'pagos', completed: false, page: 1 })
		expect(queue.map((r) => r.id)).toEqual([ids.bandana, ids.collar])
		expect(queue[0]).toMatchObject({
			size: 'M',
			quantity: 2,
			colour: 'Azul claro',
			petName: 'Thor',
			stage: 'na_fila',
			order: { reference: 'PET-FILA01', status: 'pago', customerName: 'Maria Silva', otherPiecesNotReady: 1 },
		})
		expect(queue[1]).toMatchObject({ size: null, quantity: 12, stage: 'na_fila' })
		expect(await listCustomOrders({ view: 'pagos', completed: true, page: 1 })).toEqual([])

		const unpaid = await listCustomOrders({ view: 'nao-pagos', page: 1 })
		expect(unpaid.map((r) => r.id)).toEqual([ids.cancelled, ids.unpaid])
		expect(unpaid.map((r) => r.stage)).toEqual([null, null])
		const abandoned = await listCustomOrders({ view: 'abandonados', page: 1 })
		expect(abandoned[0]?.id).toBe(ids.leftInCart)

		// Every row is in exactly one view.
		const all = [...queue, ...unpaid, ...abandoned].map((r) => r.id)
		expect(new Set(all).size).toBe(all.length)
		const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(sql`select count(*)::int as count from personalization_orders`)
		expect(all).toHaveLength(count)

		// The dashboard's block and the shopper's list: paid pieces; placed pieces, never a cart's.
		expect((await latestCustomOrders(5)).map((r) => r.id).sort()).toEqual([ids.bandana, ids.collar].sort())
		expect((await customOrdersOfUser(customerId)).map((r) => r.id)).toEqual([ids.unpaid, ids.collar, ids.bandana])
		// The dashboard's 'Personalizados em andamento': paid pieces not ready yet.
		expect((await waitingForOwner()).openCustomOrders).toBe(2)
	})

	test('production moves one step at a time; starting moves the paid order to Em produção; the order ships when every piece is ready', async () => {
		setClockForTests(new Date('2026-11-14T09:00:00Z'))
		const move = (id: string, to: 'na_fila' | 'em_producao' | 'pronto') => moveCustomOrder({ id, to, actorUserId: null })
		expect(await move(ids.bandana, 'pronto')).toEqual({ ok: false, message: 'Não é possível mudar a peça de "Na fila" para "Pronto".' })
		expect(await move(ids.unpaid, 'em_producao')).toEqual({ ok: false, message: 'Só é possível produzir peças de pedidos pagos.' })
		expect(await move(ids.cancelled, 'em_producao')).toEqual({ ok: false, message: 'O pedido desta peça foi cancelado.' })

		expect(await move(ids.bandana, 'em_producao')).toEqual({ ok: true, message: 'Produção: "Em produção"' })
		const [order] = await queryRows<{ status: string }>(sql`select status from orders where id = ${paidOrder}::uuid`)
		expect(order?.status).toBe('em_producao')
		const history = await queryRows<{ to_status: string; note: string | null }>(
			sql`select to_status, note from order_status_history where order_id = ${paidOrder}::uuid`,
		)
		expect(history).toEqual([{ to_status: 'em_producao', note: 'Produção da peça personalizada iniciada' }])
		expect(await move(ids.bandana, 'em_producao')).toEqual({ ok: false, message: 'A peça já está "Em produção".' })

		// Back to the queue and forward again (an undo), then the second piece of the same order.
		expect(await move(ids.bandana, 'na_fila')).toEqual({ ok: true, message: 'Produção: "Na fila"' })
		expect(await move(ids.bandana, 'em_producao')).toMatchObject({ ok: true })
		expect(await move(ids.collar, 'em_producao')).toMatchObject({ ok: true })
		expect(await move(ids.bandana, 'pronto')).toEqual({ ok: true, message: 'Pedido marcado como concluído' })
		const [done] = await db.select().from(personalizationOrders).where(eq(personalizationOrders.id, ids.bandana))
		expect(done?.orderCompletedAt?.toISOString()).toBe('2026-11-14T09:00:00.000Z')

		expect(await shipCustomOrder({ id: ids.bandana, trackingCode: 'BR123456789BR', actorUserId: null })).toEqual({
			ok: false,
			message: 'Ainda há peças deste pedido que não estão prontas.',
		})
		expect(await move(ids.collar, 'pronto')).toMatchObject({ ok: true })
		expect(await move(ids.collar, 'em_producao')).toEqual({ ok: true, message: 'Pedido marcado como pendente' })
		expect(await move(ids.collar, 'pronto')).toMatchObject({ ok: true })
		expect(await customOrderCounts()).toMatchObject({ total: 2, pending: 0, completed: 2 })

		expect(await shipCustomOrder({ id: ids.bandana, trackingCode: 'BR123456789BR', actorUserId: null })).toEqual({
			ok: true,
			message: 'Pedido marcado como enviado',
		})
		const [shipped] = await queryRows<{ status: string; tracking_code: string }>(
			sql`select status, tracking_code from orders where id = ${paidOrder}::uuid`,
		)
		expect(shipped).toEqual({ status: 'enviado', tracking_code: 'BR123456789BR' })
		expect(await move(ids.collar, 'em_producao')).toEqual({ ok: false, message: 'O pedido desta peça já foi enviado.' })
		const mine = await customOrdersOfUser(customerId)
		expect(mine.map((r) => [r.id, r.stage])).toEqual([
			[ids.unpaid, null],
			[ids.collar, 'enviado'],
			[ids.bandana, 'enviado'],
		])
	})
})

describe('the queue page and the printable work order (routes)', () => {
	const context = { clientIp: '203.0.113.7' }
	async function call(handler: (args: never) => unknown, url: string, init: { cookie: string; form?: Record<string, string>; params?: Record<string, string> }) {
		const request = new Request(`http://loja.test${url}`, {
			method: init.form ? 'POST' : 'GET',
			body: init.form ? new URLSearchParams(init.form) : undefined,
			headers: { cookie: init.cookie },
		})
		try {
			return await handler({ request, params: init.params ?? {}, context } as never)
		} catch (thrown) {
			return thrown
		}
	}
	const statusOf = (result: unknown) =>
		result instanceof Response ? result.status : ((result as { init?: ResponseInit | null })?.init?.status ?? 200)
	const dataOf = (result: unknown) => ((result as { data?: unknown })?.data ?? result) as Record<string, unknown>

	test('views by ?visao (anything else is the queue); zod refuses a skipped step name and an empty tracking code', async () => {
		const admin = await userWithSession({ admin: true })
		const abandoned = dataOf(await call(queueLoader as never, '/admin/pedidos-personalizados?visao=abandonados', { cookie: admin.cookie }))
		expect(abandoned.view).toBe('abandonados')
		expect((abandoned.pending as unknown[]).length).toBeGreaterThan(0)
		expect(dataOf(await call(queueLoader as never, '/admin/pedidos-personalizados?visao=%3Cx%3E', { cookie: admin.cookie })).view).toBe('pagos')

		const bad = await call(queueAction as never, '/admin/pedidos-personalizados', {
			cookie: admin.cookie,
			form: { intent: 'production', id: faceOrderId, to: 'enviado' },
		})
		expect(statusOf(bad)).toBe(400)
		const empty = await call(queueAction as never, '/admin/pedidos-personalizados', {
			cookie: admin.cookie,
			form: { intent: 'ship', id: faceOrderId, trackingCode: '   ' },
		})
		expect(statusOf(empty)).toBe(400)
		expect(dataOf(empty).message).toBe('Informe o código de rastreio para marcar o pedido como enviado.')
		const refused = await call(queueAction as never, '/admin/pedidos-personalizados', {
			cookie: admin.cookie,
			form: { intent: 'production', id: faceOrderId, to: 'em_producao' },
		})
		expect(statusOf(refused)).toBe(400)
		expect(dataOf(refused).message).toBe('Só é possível produzir peças de pedidos pagos.')
	})

	test('the work order of a placed piece, for the admin only; a configuration never checked out has none', async () => {
		const admin = await userWithSession({ admin: true })
		const [placed] = await queryRows<{ id: string }>(sql`select id from personalization_orders where order_id is not null limit 1`)
		const sheet = dataOf(await call(sheetLoader as never, `/admin/pedidos-personalizados/${placed!.id}/ordem`, { cookie: admin.cookie, params: { id: placed!.id } }))
		expect(sheet.row).toMatchObject({ id: placed!.id, order: { reference: expect.stringMatching(/^PET-FILA0/) } })
		const missing = await call(sheetLoader as never, `/admin/pedidos-personalizados/${faceOrderId}/ordem`, { cookie: admin.cookie, params: { id: faceOrderId } })
		expect(statusOf(missing)).toBe(404)
		expect(statusOf(await call(sheetLoader as never, '/admin/pedidos-personalizados/x/ordem', { cookie: admin.cookie, params: { id: 'x' } }))).toBe(404)
		const customer = await userWithSession()
		const denied = await call(sheetLoader as never, `/admin/pedidos-personalizados/${placed!.id}/ordem`, { cookie: customer.cookie, params: { id: placed!.id } })
		expect((denied as Response).headers.get('location')).toBe('/')
	})
})
