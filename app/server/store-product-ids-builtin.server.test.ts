import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { createProduct } from '~/commerce/builtin/test-factories.server'
import { getCommerce } from '~/commerce/index.server'
import { personalizationOrders, reviews, userFavorites, userViews } from '~/db/schema'
import { deleteOrArchiveProduct } from '~/server/catalog-admin/products.server'
import { db } from '~/server/db.server'
import { addFavorite } from '~/server/favorites.server'
import { addPersonalizedBandana } from '~/server/personalization/add-to-cart.server'
import { recordProductView } from '~/server/views.server'
import { action as favoritesAction } from '~/routes/resources/favorites'
import { action as reviewsAction } from '~/routes/resources/reviews'
import { action as viewsAction } from '~/routes/resources/views'

/**
 * Decision 051 on the built-in provider: product ids are our uuids (kept as text), a store gid is a
 * Portuguese 400 like any malformed id, and deleting a product still takes its favourites, views and
 * reviews with it (the trigger that replaced the foreign keys' cascade).
 */

withTestDatabase()

const GID = 'gid://shopify/Product/1001'

let ipCounter = 0
async function call(action: (args: never) => unknown, path: string, fields: Record<string, string>, cookie?: string) {
	ipCounter += 1
	const request = new Request(`http://loja.test${path}`, {
		method: 'POST',
		body: new URLSearchParams(fields),
		headers: cookie ? { cookie } : {},
	})
	const result = (await action({ request, params: {}, context: { clientIp: `198.18.0.${ipCounter}`, cspNonce: '' } } as never)) as {
		data: Record<string, unknown>
		init: ResponseInit | null
	}
	return { status: result.init?.status ?? 200, data: result.data }
}

describe('built-in product ids', () => {
	test('getProductsByIds: in the order asked, once each, case-insensitive; drafts, gids and garbage skipped', async () => {
		const { product: a } = await createProduct({ title: 'Bandana A' })
		const { product: b } = await createProduct({ title: 'Bandana B' })
		const { product: draft } = await createProduct({ title: 'Rascunho', status: 'draft' })
		const found = await getCommerce().getProductsByIds([b.id, GID, a.id.toUpperCase(), draft.id, b.id, 'lixo'])
		expect(found.map((p) => p.id)).toEqual([b.id, a.id])
	})

	test('a store gid is a Portuguese 400 on favourites, views and reviews', async () => {
		const person = await userWithSession()
		expect(await call(favoritesAction, '/resources/favorites', { intent: 'add', productId: GID }, person.cookie)).toEqual({
			status: 400,
			data: { ok: false, title: 'Erro', message: 'Produto não encontrado' },
		})
		expect(await call(viewsAction, '/resources/views', { productId: GID })).toEqual({
			status: 400,
			data: { ok: false, message: 'Produto inválido.' },
		})
		const review = await call(reviewsAction, '/resources/reviews', { productId: GID, rating: '5', comment: 'Muito bom mesmo!' })
		expect(review.status).toBe(400)
		expect(review.data).toMatchObject({ ok: false, message: 'Produto não encontrado' })
		const actor = { request: new Request('http://loja.test/personalize', { method: 'POST' }), userId: null }
		expect(await addPersonalizedBandana(actor, { colour: 'Azul', readyMadeArtId: GID })).toMatchObject({
			status: 400,
			body: { ok: false, error: 'Arte inválida.' },
		})
	})

	test('deleting a product (admin) deletes its favourites, views and reviews and clears a personalization’s choice', async () => {
		const person = await userWithSession()
		const { product } = await createProduct({ title: 'Bandana Apagada' })
		const { product: kept } = await createProduct({ title: 'Bandana Mantida' })
		expect(await addFavorite(person.id, product.id)).toMatchObject({ ok: true })
		expect(await addFavorite(person.id, kept.id)).toMatchObject({ ok: true })
		expect(await recordProductView({ userId: person.id }, { id: product.id })).toEqual({ ok: true, recorded: true })
		const posted = await call(reviewsAction, '/resources/reviews', { productId: product.id, rating: '5', comment: 'Muito bom mesmo!' })
		expect(posted.status).toBe(201)
		const [order] = await db
			.insert(personalizationOrders)
			.values({ productType: 'bandana', totalPriceCents: 5000, selectedArtProductId: product.id, selectedArtProductTitle: product.title })
			.returning()

		expect(await deleteOrArchiveProduct(product.id)).toEqual({ ok: true, archived: false })
		expect((await db.select().from(userFavorites).where(eq(userFavorites.userId, person.id))).map((f) => f.productId)).toEqual([kept.id])
		expect(await db.select().from(userViews).where(eq(userViews.productId, product.id))).toEqual([])
		expect(await db.select().from(reviews).where(eq(reviews.productId, product.id))).toEqual([])
		const [after] = await db.select().from(personalizationOrders).where(eq(personalizationOrders.id, order!.id))
		expect(after).toMatchObject({ selectedArtProductId: null, selectedArtProductTitle: product.title })
	})
})
