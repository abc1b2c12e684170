import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import { withDataDir } from '#tests/setup/with-data-dir'
import { withTestDatabase } from '#tests/setup/with-database'
import { personalizationOrders } from '~/db/schema'
import { setClockForTests } from '~/server/clock.server'
import { db } from '~/server/db.server'
import { saveUpload } from '~/server/storage.server'
import { loader as downloadLoader } from '~/routes/admin/custom-order-file'
import { userWithSession } from '#tests/fixtures/session-user'
import {
	customOrderCounts,
	latestCustomOrders,
	listCustomOrders,
	saveCustomOrderNotes,
	setCustomOrderCompleted,
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
	test('counts, newest first, the 5 latest for the dashboard', async () => {
		expect(await customOrderCounts()).toEqual({ total: 7, pending: 7, completed: 0 })
		const pending = await listCustomOrders({ completed: false, page: 1 })
		expect(pending.map((r) => r.totalCents)).toEqual([2996, 2995, 2994, 2993, 2992, 2991, 2990])
		expect((await latestCustomOrders(5)).map((r) => r.totalCents)).toEqual([2996, 2995, 2994, 2993, 2992])
		expect(pending[0]?.files).toEqual([{ field: 'rosto', label: 'Rosto do pet' }])
	})

	test('completion sets and clears the time (document 001 §4)', async () => {
		setClockForTests(new Date('2026-11-20T15:00:00Z'))
		expect(await setCustomOrderCompleted(faceOrderId, true)).toEqual({ ok: true, message: 'Pedido marcado como concluído' })
		const [done] = await db.select().from(personalizationOrders).where(eq(personalizationOrders.id, faceOrderId))
		expect(done?.orderCompletedAt?.toISOString()).toBe('2026-11-20T15:00:00.000Z')
		expect(await customOrderCounts()).toEqual({ total: 7, pending: 6, completed: 1 })
		expect(await setCustomOrderCompleted(faceOrderId, false)).toEqual({ ok: true, message: 'Pedido marcado como pendente' })
		const [back] = await db.select().from(personalizationOrders).where(eq(personalizationOrders.id, faceOrderId))
		expect(back).toMatchObject({ orderCompleted: false, orderCompletedAt: null })
		expect(await setCustomOrderCompleted(randomUUID(), true)).toMatchObject({ ok: false })
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
