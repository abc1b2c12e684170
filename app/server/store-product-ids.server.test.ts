import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { fixedCatalogue } from '#tests/support/fake-storefront/catalogue'
import { withFakeStorefrontProvider } from '#tests/support/fake-storefront/provider-env'
import type { FakeStorefront } from '#tests/support/fake-storefront/server'
import { getCommerce } from '~/commerce/index.server'
import { getStorefrontProvider } from '~/commerce/storefront/provider.server'
import { reviews, userFavorites, userViews } from '~/db/schema'
import { db } from '~/server/db.server'
import { listFavoriteProductIds, listFavorites } from '~/server/favorites.server'
import { latestApprovedReviews, recentlyViewedHandles } from '~/server/home.server'
import { addPersonalizedBandana, addPersonalizedCollar } from '~/server/personalization/add-to-cart.server'
import { listReviewsForAdmin } from '~/server/reviews-admin.server'
import { getReviewSummary, listApprovedReviews, listLatestApprovedReviews, setReviewApproval } from '~/server/reviews.server'
import { action as favoritesAction } from '~/routes/resources/favorites'
import { action as reviewsAction } from '~/routes/resources/reviews'
import { action as viewsAction } from '~/routes/resources/views'
import { reviewMessages } from '~/utils/review-messages'

/**
 * Favourites, views and reviews with COMMERCE_PROVIDER=storefront (decision 051): the store's
 * Product gids are kept as our rows' product ids, snapshots and handles come from the fake
 * Storefront server, and ids that are not the store's are a Portuguese 400.
 */

withTestDatabase()

let fake: FakeStorefront
const UUID = '3f2b8c1e-9a4d-4c6e-8b1a-2d3e4f5a6b7c'

withFakeStorefrontProvider(fixedCatalogue, (started) => (fake = started))

beforeEach(() => {
	getStorefrontProvider().client.clearCache()
	fake.requests.length = 0
})

function storeProduct(handle: string) {
	const product = fake.catalogue.products.find((p) => p.handle === handle)
	if (!product) throw new Error(`no ${handle}`)
	return product
}

let ipCounter = 0
async function call(
	action: (args: never) => unknown,
	path: string,
	fields: Record<string, string>,
	cookie?: string,
): Promise<{ status: number; data: Record<string, unknown> }> {
	ipCounter += 1
	const request = new Request(`http://loja.test${path}`, {
		method: 'POST',
		body: new URLSearchParams(fields),
		headers: cookie ? { cookie } : {},
	})
	const result = (await action({ request, params: {}, context: { clientIp: `203.0.113.${ipCounter}`, cspNonce: '' } } as never)) as {
		data: Record<string, unknown>
		init: ResponseInit | null
	}
	return { status: result.init?.status ?? 200, data: result.data }
}

describe('getProductsByIds on the store', () => {
	test('in the order asked, once each; unknown gids and other providers’ ids skipped', async () => {
		const a = storeProduct('bandana-xadrez-vermelha')
		const b = storeProduct('colar-couro-marrom')
		const found = await getCommerce().getProductsByIds([b.id, UUID, a.id, 'gid://shopify/Product/999999', b.id, 'lixo'])
		expect(found.map((p) => p.handle)).toEqual(['colar-couro-marrom', 'bandana-xadrez-vermelha'])
		expect(fake.requests).toHaveLength(1)
		expect(await getCommerce().getProductsByIds([UUID])).toEqual([])
	})
})

describe('favourites with store ids', () => {
	test('add keeps the gid and the store’s snapshot; the list and the hearts read it; remove deletes', async () => {
		const person = await userWithSession()
		const product = storeProduct('bandana-xadrez-vermelha')
		const added = await call(favoritesAction, '/resources/favorites', { intent: 'add', productId: product.id }, person.cookie)
		expect(added).toEqual({
			status: 200,
			data: { ok: true, productId: product.id, favorite: true, productTitle: product.title, pointsAwarded: 5 },
		})
		const [row] = await db.select().from(userFavorites).where(eq(userFavorites.userId, person.id))
		expect(row).toMatchObject({
			productId: product.id,
			productTitle: product.title,
			productHandle: 'bandana-xadrez-vermelha',
			productImageUrl: product.images[0]!.url,
			productPriceCents: 2990,
		})
		expect(await listFavoriteProductIds(person.id)).toEqual([product.id])
		expect((await listFavorites(person.id)).map((f) => f.productHandle)).toEqual(['bandana-xadrez-vermelha'])

		const removed = await call(favoritesAction, '/resources/favorites', { intent: 'remove', productId: product.id }, person.cookie)
		expect(removed.data).toMatchObject({ ok: true, favorite: false })
		expect(await listFavoriteProductIds(person.id)).toEqual([])
	})

	test('a uuid or a malformed id is a Portuguese 400; an unknown gid a 404; nothing stored', async () => {
		const person = await userWithSession()
		for (const productId of [UUID, 'gid://shopify/ProductVariant/1', "gid://shopify/Product/1' or 1=1", '']) {
			const result = await call(favoritesAction, '/resources/favorites', { intent: 'add', productId }, person.cookie)
			expect(result.status, productId).toBe(400)
			expect(result.data).toEqual({ ok: false, title: 'Erro', message: 'Produto não encontrado' })
		}
		const unknown = await call(
			favoritesAction,
			'/resources/favorites',
			{ intent: 'add', productId: 'gid://shopify/Product/999999' },
			person.cookie,
		)
		expect(unknown.status).toBe(404)
		expect(await listFavoriteProductIds(person.id)).toEqual([])
	})
})

describe('views with store ids', () => {
	test('recorded by gid or by handle; recently viewed lists the store’s handles, newest first', async () => {
		const person = await userWithSession()
		const first = storeProduct('lacinho-rosa')
		const second = storeProduct('colar-nylon-preto')
		expect((await call(viewsAction, '/resources/views', { productId: first.id }, person.cookie)).data).toEqual({ ok: true, recorded: true })
		await new Promise((resolve) => setTimeout(resolve, 5))
		expect((await call(viewsAction, '/resources/views', { handle: second.handle }, person.cookie)).data).toEqual({
			ok: true,
			recorded: true,
		})
		const rows = await db.select().from(userViews).where(eq(userViews.userId, person.id))
		expect(rows.map((r) => r.productId).sort()).toEqual([first.id, second.id].sort())
		expect(await recentlyViewedHandles({ userId: person.id, visitorId: null })).toEqual(['colar-nylon-preto', 'lacinho-rosa'])
	})

	test('a uuid or a malformed id is a 400 with “Produto inválido.”', async () => {
		for (const productId of [UUID, 'gid://shopify/Product/abc']) {
			const result = await call(viewsAction, '/resources/views', { productId })
			expect(result).toEqual({ status: 400, data: { ok: false, message: 'Produto inválido.' } })
		}
	})
})

describe('reviews with store ids', () => {
	test('a review of a store product is kept pending, then shown once approved, on the home and in the admin', async () => {
		const product = storeProduct('bandana-florida')
		const posted = await call(reviewsAction, '/resources/reviews', {
			productId: product.id,
			rating: '4',
			comment: 'Linda e confortável, recomendo!',
			name: 'Rita',
		})
		expect(posted).toEqual({ status: 201, data: { ok: true } })
		const [row] = await db.select().from(reviews).where(eq(reviews.productId, product.id))
		expect(row).toMatchObject({ productName: product.title, isApproved: false })
		expect(await listApprovedReviews(product.id)).toEqual([])

		expect(await setReviewApproval(row!.id, true)).toBe(true)
		expect((await listApprovedReviews(product.id)).map((r) => r.customerName)).toEqual(['Rita'])
		expect(await getReviewSummary(product.id)).toEqual({ average: 4, count: 1 })
		expect((await latestApprovedReviews()).find((r) => r.id === row!.id)).toMatchObject({ productHandle: 'bandana-florida' })
		expect((await listLatestApprovedReviews()).find((r) => r.id === row!.id)?.product).toEqual({
			title: product.title,
			handle: 'bandana-florida',
		})
		expect((await listReviewsForAdmin('todas', 1)).find((r) => r.id === row!.id)?.productHandle).toBe('bandana-florida')

		// The store down: the reviews are ours and still show, without their links.
		getStorefrontProvider().client.clearCache()
		fake.failNext({ status: 500 }, { status: 500 })
		expect((await latestApprovedReviews()).find((r) => r.id === row!.id)).toMatchObject({ customerName: 'Rita', productHandle: null })
		expect((await listReviewsForAdmin('todas', 1)).find((r) => r.id === row!.id)?.productHandle).toBeNull()
	})

	test('a uuid or a malformed id is a 400; an unknown gid a 404; reads of such ids are empty', async () => {
		for (const productId of [UUID, 'gid://shopify/Product/-1', 'x'.repeat(500)]) {
			const result = await call(reviewsAction, '/resources/reviews', { productId, rating: '5', comment: 'Muito bom mesmo!' })
			expect(result.status, productId).toBe(400)
			expect(result.data).toMatchObject({
				ok: false,
				message: reviewMessages.productInvalid,
				fieldErrors: { productId: reviewMessages.productInvalid },
			})
		}
		const unknown = await call(reviewsAction, '/resources/reviews', {
			productId: 'gid://shopify/Product/999999',
			rating: '5',
			comment: 'Muito bom mesmo!',
		})
		expect(unknown.status).toBe(404)
		expect(await listApprovedReviews(UUID)).toEqual([])
		expect(await getReviewSummary('lixo')).toEqual({ average: null, count: 0 })
	})
})

describe('personalization choices', () => {
	test('an art or accessory id that is not a store gid is a Portuguese 400 before anything is read', async () => {
		const actor = { request: new Request('http://loja.test/personalize', { method: 'POST' }), userId: null }
		expect(await addPersonalizedBandana(actor, { colour: 'Azul', readyMadeArtId: UUID })).toMatchObject({
			status: 400,
			body: { ok: false, error: 'Arte inválida.', field: 'readyMadeArtId' },
		})
		expect(await addPersonalizedCollar(actor, { colour: 'Azul', quantity: '10', accessoryId: 'nada' })).toMatchObject({
			status: 400,
			body: { ok: false, error: 'Acessório inválido.', field: 'accessoryId' },
		})
		expect(fake.requests).toHaveLength(0)
	})
})
