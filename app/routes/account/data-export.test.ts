import { expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { personalizationOrders, reviews, userPhotos, userProfiles } from '~/db/schema'
import { approvePhoto } from '~/server/account/photos.server'
import { recordActivity } from '~/server/activity/record.server'
import { db } from '~/server/db.server'
import { setReviewApproval } from '~/server/reviews.server'
import { updateStoreSettings } from '~/server/settings.server'
import { loader } from './data-export'

withTestDatabase()

test("the download holds the customer's own data, nothing of others, no secrets", async () => {
	const ana = await userWithSession()
	const bia = await userWithSession()
	await db.insert(userProfiles).values([
		{ userId: ana.id, fullName: 'Ana Souza', petName: 'Thor' },
		{ userId: bia.id, fullName: 'Bia Lima', petName: 'Mel' },
	])
	await db.insert(personalizationOrders).values({ userId: bia.id, productType: 'collar', totalPriceCents: 100 })
	const response = (await loader({
		request: new Request('http://loja.test/user/settings/dados.json', { headers: { cookie: ana.cookie } }),
		params: {},
		context: { clientIp: '203.0.113.7' },
	} as never)) as Response
	expect(response.headers.get('content-disposition')).toBe('attachment; filename="meus-dados.json"')
	expect(response.headers.get('cache-control')).toBe('private, no-store')
	const text = await response.text()
	const body = JSON.parse(text) as {
		perfil: { full_name: string; pet_name: string }
		pedidos_personalizados: unknown[]
		conta: { email: string }
	}
	expect(body.perfil).toMatchObject({ full_name: 'Ana Souza', pet_name: 'Thor' })
	expect(body.pedidos_personalizados).toEqual([])
	expect(text).not.toContain('Bia Lima')
	expect(text).not.toMatch(/password|senha|token/i)
	await expect(
		loader({ request: new Request('http://loja.test/user/settings/dados.json'), params: {}, context: { clientIp: '203.0.113.7' } } as never),
	).rejects.toMatchObject({ status: 302 })
})

test("issue 30: the back-office's changes to the customer's own data are in the download, without who made them or from where", async () => {
	const ana = await userWithSession()
	const bia = await userWithSession()
	const admin = await userWithSession({ admin: true })
	const actor = { actorId: admin.id, ip: '2001:db8::30' }
	const [review] = await db
		.insert(reviews)
		.values({ productId: 'produto-1', productName: 'Coleira Azul', customerName: 'Ana', customerEmail: 'ana@exemplo.test', userId: ana.id, rating: 5 })
		.returning({ id: reviews.id })
	const [photo] = await db.insert(userPhotos).values({ userId: ana.id, photoUrl: '/nao-existe/ana.jpg' }).returning({ id: userPhotos.id })
	expect(await setReviewApproval(review!.id, true, actor)).toBe(true)
	expect(await approvePhoto(photo!.id, actor)).toBe(true)
	await db.transaction(async (tx) => {
		await recordActivity(tx, {
			...actor,
			kind: 'order_status',
			subject: { type: 'order', id: null, label: 'Pedido PET-ANA001', userId: ana.id },
			before: { status: 'pago' },
			after: { status: 'enviado' },
		})
		await recordActivity(tx, {
			...actor,
			kind: 'role',
			subject: { type: 'user', id: ana.id, label: 'Papel da conta', userId: ana.id },
			before: { role: 'customer' },
			after: { role: 'admin' },
		})
		await recordActivity(tx, {
			...actor,
			kind: 'order_status',
			subject: { type: 'order', id: null, label: 'Pedido PET-BIA002', userId: bia.id },
			before: { status: 'pago' },
			after: { status: 'cancelado' },
		})
	})
	await updateStoreSettings({ city: 'Curitiba' }, db, actor)

	const response = (await loader({
		request: new Request('http://loja.test/user/settings/dados.json', { headers: { cookie: ana.cookie } }),
		params: {},
		context: { clientIp: '203.0.113.7' },
	} as never)) as Response
	const text = await response.text()
	const body = JSON.parse(text) as { alteracoes_feitas_pela_loja: Record<string, unknown>[] }
	expect(body.alteracoes_feitas_pela_loja).toEqual([
		{ quando: expect.any(String), tipo: 'Avaliação', assunto: 'Avaliação — Coleira Azul', antes: { isApproved: false }, depois: { isApproved: true } },
		{ quando: expect.any(String), tipo: 'Foto', assunto: 'Foto de cliente', antes: { isApproved: false }, depois: { isApproved: true } },
		{ quando: expect.any(String), tipo: 'Status do pedido', assunto: 'Pedido PET-ANA001', antes: { status: 'pago' }, depois: { status: 'enviado' } },
		{ quando: expect.any(String), tipo: 'Papel da conta', assunto: 'Papel da conta', antes: { role: 'customer' }, depois: { role: 'admin' } },
	])
	expect(text).not.toContain('PET-BIA002')
	expect(text).not.toContain('Curitiba')
	expect(text).not.toContain('2001:db8::30')
	expect(text).not.toContain(admin.id)
})
