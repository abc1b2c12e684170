import { and, eq } from 'drizzle-orm'
import { afterAll, describe, expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { createProduct } from '~/commerce/builtin/test-factories.server'
import { pointsHistory, userFavorites, userGamification } from '~/db/schema'
import { setClockForTests } from '~/server/clock.server'
import { db } from '~/server/db.server'
import { closeAllEventStreams, type LiveEvent, resetEventsForTests, subscribe } from '~/server/events.server'
import { action, FAVORITE_RATE_LIMIT, loader } from './favorites'

withTestDatabase()
afterAll(async () => {
	await closeAllEventStreams()
	resetEventsForTests()
})

type Result = { status: number; data: Record<string, unknown> }

function unwrap(value: unknown): Result {
	const result = value as { data: Record<string, unknown>; init: ResponseInit | null }
	return { status: result.init?.status ?? 200, data: result.data }
}

async function post(fields: Record<string, string>, cookie?: string): Promise<Result> {
	const request = new Request('http://loja.test/resources/favorites', {
		method: 'POST',
		body: new URLSearchParams(fields),
		headers: cookie ? { cookie } : {},
	})
	return unwrap(await action({ request, params: {}, context: { clientIp: '203.0.113.9', cspNonce: '' } } as never))
}

async function get(cookie?: string): Promise<Result> {
	const request = new Request('http://loja.test/resources/favorites', { headers: cookie ? { cookie } : {} })
	return unwrap(await loader({ request, params: {}, context: { clientIp: '203.0.113.9', cspNonce: '' } } as never))
}

describe('POST /resources/favorites', () => {
	test('signed out: 401 with the login message, nothing stored', async () => {
		const { product } = await createProduct()
		const result = await post({ intent: 'add', productId: product.id })
		expect(result.status).toBe(401)
		expect(result.data).toEqual({ ok: false, title: 'Login necessário', message: 'Faça login para adicionar favoritos' })
		expect(await db.select().from(userFavorites).where(eq(userFavorites.productId, product.id))).toHaveLength(0)
		expect((await get()).status).toBe(401)
	})

	test('add stores the catalogue snapshot, awards the first favourite once and publishes; remove deletes', async () => {
		const { product } = await createProduct({
			title: 'Bandana Xadrez Azul',
			variants: [{ priceCents: 4590 }, { priceCents: 3990 }],
			images: 2,
		})
		const { product: second } = await createProduct({ title: 'Colar Rosa' })
		const person = await userWithSession()
		const events: LiveEvent[] = []
		const unsubscribe = subscribe(`favorites:${person.id}`, (event) => events.push(event))

		const added = await post({ intent: 'add', productId: product.id, productTitle: 'Forjado', price: '1' }, person.cookie)
		expect(added).toEqual({
			status: 200,
			data: { ok: true, productId: product.id, favorite: true, productTitle: 'Bandana Xadrez Azul', pointsAwarded: 5 },
		})
		const [row] = await db.select().from(userFavorites).where(eq(userFavorites.userId, person.id))
		expect(row).toMatchObject({
			productId: product.id,
			productTitle: 'Bandana Xadrez Azul',
			productHandle: product.handle,
			productImageUrl: `/media/${product.handle}-1.jpg`,
			productPriceCents: 3990,
		})
		expect(events).toEqual([{ type: 'changed', id: product.id }])

		// Adding again: still one row, no more points.
		expect((await post({ intent: 'add', productId: product.id }, person.cookie)).data).toMatchObject({ ok: true, pointsAwarded: 0 })
		expect(await db.select().from(userFavorites).where(eq(userFavorites.userId, person.id))).toHaveLength(1)

		const removed = await post({ intent: 'remove', productId: product.id }, person.cookie)
		expect(removed.data).toEqual({ ok: true, productId: product.id, favorite: false, productTitle: 'Bandana Xadrez Azul', pointsAwarded: 0 })
		expect(await db.select().from(userFavorites).where(eq(userFavorites.userId, person.id))).toHaveLength(0)

		// Favouriting again, or another product, is not the first favourite any more.
		expect((await post({ intent: 'add', productId: product.id }, person.cookie)).data).toMatchObject({ pointsAwarded: 0 })
		expect((await post({ intent: 'add', productId: second.id }, person.cookie)).data).toMatchObject({ pointsAwarded: 0 })
		const history = await db
			.select()
			.from(pointsHistory)
			.where(and(eq(pointsHistory.userId, person.id), eq(pointsHistory.actionType, 'first_favorite')))
		expect(history).toHaveLength(1)
		expect(history[0]).toMatchObject({ description: 'Primeiro produto favoritado', points: 5 })
		const [summary] = await db.select().from(userGamification).where(eq(userGamification.userId, person.id))
		expect(summary?.totalPoints).toBe(5)

		expect((await get(person.cookie)).data).toEqual({ ok: true, productIds: [second.id, product.id] })
		unsubscribe()
	})

	test('concurrent first favourites award 5 points once', async () => {
		const products = await Promise.all([createProduct(), createProduct(), createProduct()])
		const person = await userWithSession()
		const results = await Promise.all(products.map(({ product }) => post({ intent: 'add', productId: product.id }, person.cookie)))
		expect(results.map((r) => r.data.pointsAwarded).reduce((a, b) => Number(a) + Number(b), 0)).toBe(5)
		expect(await db.select().from(pointsHistory).where(eq(pointsHistory.userId, person.id))).toHaveLength(1)
	})

	test('bad input gets a Portuguese 400; an unknown or draft product a 404', async () => {
		const person = await userWithSession()
		const { product: draft } = await createProduct({ status: 'draft' })
		expect(await post({ intent: 'toggle', productId: draft.id }, person.cookie)).toMatchObject({
			status: 400,
			data: { ok: false, title: 'Erro', message: 'Não foi possível atualizar seus favoritos' },
		})
		expect(await post({ intent: 'add', productId: 'bandana' }, person.cookie)).toMatchObject({
			status: 400,
			data: { message: 'Produto não encontrado' },
		})
		expect(await post({ intent: 'add', productId: draft.id }, person.cookie)).toMatchObject({ status: 404 })
		expect(await post({ intent: 'remove', productId: '00000000-0000-4000-8000-000000000000' }, person.cookie)).toMatchObject({
			status: 404,
		})
	})

	test('one person toggling too fast is limited (429)', async () => {
		const person = await userWithSession()
		const { product } = await createProduct()
		// One fixed window for the whole loop: on a slow machine it could cross a minute boundary.
		setClockForTests(Math.floor(Date.now() / 60_000) * 60_000 + 1000)
		for (let i = 0; i < FAVORITE_RATE_LIMIT.limit; i += 1) {
			await post({ intent: i % 2 === 0 ? 'add' : 'remove', productId: product.id }, person.cookie)
		}
		const refused = await post({ intent: 'add', productId: product.id }, person.cookie)
		expect(refused.status).toBe(429)
		expect(refused.data.ok).toBe(false)
	})
})
