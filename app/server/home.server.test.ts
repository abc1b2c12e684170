import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { clearCommerceTables, createCollection, createProduct } from '~/commerce/builtin/test-factories.server'
import { heroVideo, personalizationVideo, products, reviews, subscriptionCtaVideo, users, userViews } from '~/db/schema'
import { db } from '~/server/db.server'
import {
	approvedReviewSummary,
	latestApprovedReviews,
	loadCategoryRows,
	loadCollectionCounts,
	loadFeaturedProducts,
	loadHomeReviews,
	loadHomeVideos,
	recentlyViewedHandles,
} from './home.server'

withTestDatabase()

type Created = Awaited<ReturnType<typeof createProduct>>['product']
let userId: string
const visitorId = randomUUID()
const otherVisitorId = randomUUID()
const catalogue: Record<string, Created> = {}

async function view(product: Created, owner: { userId?: string; sessionId?: string }, minutesAgo: number) {
	await db.insert(userViews).values({
		userId: owner.userId ?? null,
		sessionId: owner.sessionId ?? null,
		productId: product.id,
		productTitle: product.title,
		productHandle: product.handle,
		productPriceCents: 2990,
		viewedAt: new Date(Date.now() - minutesAgo * 60_000),
	})
}

beforeAll(async () => {
	await clearCommerceTables()
	const [user] = await db.insert(users).values({ email: 'home@example.com', passwordHash: 'x' }).returning()
	if (!user) throw new Error('falha ao criar usuário')
	userId = user.id
	for (const [key, spec] of Object.entries({
		lisa: { title: 'Bandana Lisa', handle: 'bandana-lisa' },
		xadrez: { title: 'Bandana Xadrez Azul', handle: 'bandana-xadrez-azul' },
		colar: { title: 'Colar Rosa', handle: 'colar-rosa' },
		laco: { title: 'Laço Vermelho', handle: 'laco-vermelho' },
		rascunho: { title: 'Bandana Rascunho', handle: 'bandana-rascunho', status: 'draft' as const },
		adicional: { title: 'Adicional: Extensor', handle: 'adicional-extensor', tags: ['uso-interno'] },
		arte: { title: 'Arte Exclusiva', handle: 'arte-exclusiva' },
		atacado: { title: 'Bandana Atacado', handle: 'bandana-atacado' },
	})) {
		catalogue[key] = (await createProduct(spec)).product
	}
	const id = (key: string) => (catalogue[key] as Created).id
	await createCollection({ handle: 'bandana', title: 'Bandanas', productIds: [id('lisa'), id('xadrez'), id('rascunho')] })
	await createCollection({ handle: 'colar', title: 'Colares', productIds: [id('colar')] })
	await createCollection({ handle: 'gravatas', title: 'Gravatas' })
	await createCollection({ handle: 'artes-personalizadas', productIds: [id('arte')] })
	await createCollection({ handle: 'atacado', productIds: [id('atacado')] })
})

describe('recentlyViewedHandles', () => {
	test('latest distinct products of the signed-in user, newest first, limited', async () => {
		const c = catalogue as Record<string, Created>
		await view(c.lisa as Created, { userId }, 30)
		await view(c.colar as Created, { userId }, 20)
		await view(c.lisa as Created, { userId }, 10) // seen again: moves to the front, once
		await view(c.laco as Created, { userId }, 40)
		await view(c.xadrez as Created, { sessionId: visitorId }, 1) // someone's anonymous view
		expect(await recentlyViewedHandles({ userId, visitorId: null })).toEqual(['bandana-lisa', 'colar-rosa', 'laco-vermelho'])
		expect(await recentlyViewedHandles({ userId, visitorId: null }, 2)).toEqual(['bandana-lisa', 'colar-rosa'])
	})

	test('the signed-in user wins over the visitor cookie; anonymous reads only its own session', async () => {
		const c = catalogue as Record<string, Created>
		await view(c.colar as Created, { sessionId: otherVisitorId }, 5)
		expect(await recentlyViewedHandles({ userId, visitorId })).not.toContain('bandana-xadrez-azul')
		expect(await recentlyViewedHandles({ userId: null, visitorId })).toEqual(['bandana-xadrez-azul'])
		expect(await recentlyViewedHandles({ userId: null, visitorId: otherVisitorId })).toEqual(['colar-rosa'])
		expect(await recentlyViewedHandles({ userId: null, visitorId: null })).toEqual([])
		expect(await recentlyViewedHandles({ userId: null, visitorId: randomUUID() })).toEqual([])
	})

	test('products no longer on sale are left out', async () => {
		const c = catalogue as Record<string, Created>
		const sessionId = randomUUID()
		await view(c.rascunho as Created, { sessionId }, 1)
		await view(c.laco as Created, { sessionId }, 2)
		expect(await recentlyViewedHandles({ userId: null, visitorId: sessionId })).toEqual(['laco-vermelho'])
	})
})

describe('loadFeaturedProducts', () => {
	test('recently viewed when the owner has views, as cards with current prices', async () => {
		const featured = await loadFeaturedProducts({ userId, visitorId: null })
		expect(featured.mode).toBe('recently-viewed')
		if (featured.mode !== 'recently-viewed') return
		expect(featured.products.map((p) => p.handle)).toEqual(['bandana-lisa', 'colar-rosa', 'laco-vermelho'])
		expect(featured.products[0]).toMatchObject({ title: 'Bandana Lisa', priceCents: 2990, availableForSale: true })
		// 'Ver sugestões' is there for them too (decision 142): the pool is loaded with the views.
		expect(featured.pool.map((p) => p.handle).sort()).toEqual(['bandana-lisa', 'bandana-xadrez-azul', 'colar-rosa', 'laco-vermelho'])
	})

	test('otherwise suggestions: 6 at most, never internal, draft or excluded-collection products', async () => {
		const featured = await loadFeaturedProducts({ userId: null, visitorId: randomUUID() })
		expect(featured.mode).toBe('suggestions')
		if (featured.mode !== 'suggestions') return
		const poolHandles = featured.pool.map((p) => p.handle).sort()
		expect(poolHandles).toEqual(['bandana-lisa', 'bandana-xadrez-azul', 'colar-rosa', 'laco-vermelho'])
		expect(featured.products.length).toBe(4)
		for (const product of featured.products) expect(poolHandles).toContain(product.handle)
	})

	test('the first sample is drawn with the given random source', async () => {
		const owner = { userId: null, visitorId: null }
		const first = await loadFeaturedProducts(owner, () => 0)
		const again = await loadFeaturedProducts(owner, () => 0)
		expect(first.mode).toBe('suggestions')
		if (first.mode !== 'suggestions' || again.mode !== 'suggestions') return
		expect(again.products.map((p) => p.handle)).toEqual(first.products.map((p) => p.handle))
		expect(first.products.map((p) => p.handle)).toEqual(first.pool.map((p) => p.handle))
	})

	test('empty when nothing can be suggested', async () => {
		await db.update(products).set({ status: 'draft' })
		try {
			expect(await loadFeaturedProducts({ userId: null, visitorId: null })).toEqual({ mode: 'empty' })
		} finally {
			await db.update(products).set({ status: 'active' })
			await db.update(products).set({ status: 'draft' }).where(eq(products.handle, 'bandana-rascunho'))
		}
	})
})

describe('category rows and counts', () => {
	test('each row lists its collection products on sale; a missing collection has no row', async () => {
		const rows = await loadCategoryRows(['bandana', 'gravatas', 'nao-existe', 'colar'])
		expect(rows.get('bandana')?.map((p) => p.handle)).toEqual(['bandana-lisa', 'bandana-xadrez-azul'])
		expect(rows.get('gravatas')).toEqual([])
		expect(rows.has('nao-existe')).toBe(false)
		expect(rows.get('colar')).toHaveLength(1)
	})

	test('real product counts by collection (drafts not counted)', async () => {
		const counts = await loadCollectionCounts()
		expect(counts.get('bandana')).toBe(2)
		expect(counts.get('colar')).toBe(1)
		expect(counts.get('gravatas')).toBe(0)
	})
})

describe('reviews', () => {
	beforeAll(async () => {
		const c = catalogue as Record<string, Created>
		const base = (n: number, rating: number, approved: boolean, product: Created = c.lisa as Created) => ({
			productId: product.id,
			productName: product.title,
			customerName: `Cliente ${n}`,
			customerEmail: `cliente${n}@example.com`,
			rating,
			comment: `Comentário número ${n}`,
			isApproved: approved,
			createdAt: new Date(Date.UTC(2026, 0, 1 + n)),
		})
		await db.insert(reviews).values([
			...Array.from({ length: 13 }, (_, i) => base(i + 1, i % 2 === 0 ? 5 : 4, true)),
			base(20, 1, false), // pending: never shown nor counted
			base(21, 3, true, c.rascunho as Created), // approved, product withdrawn
		])
	})

	test('the 12 latest approved, newest first, without e-mails; a withdrawn product has no link', async () => {
		const latest = await latestApprovedReviews()
		expect(latest).toHaveLength(12)
		expect(latest[0]).toEqual({
			id: expect.any(String),
			customerName: 'Cliente 21',
			rating: 3,
			comment: 'Comentário número 21',
			productName: 'Bandana Rascunho',
			productHandle: null,
			createdAt: '2026-01-22T00:00:00.000Z',
			// Midnight UTC is still the day before in São Paulo: the label the page shows, written here.
			dateLabel: '21 de janeiro de 2026',
		})
		expect(latest[1]).toMatchObject({ customerName: 'Cliente 13', productHandle: 'bandana-lisa' })
		expect(latest.map((r) => r.customerName)).not.toContain('Cliente 20')
		expect(JSON.stringify(latest)).not.toContain('@example.com')
	})

	test('average and count over every approved review', async () => {
		// 7 × 5 + 6 × 4 + 3 = 62 over 14.
		const summary = await approvedReviewSummary()
		expect(summary.count).toBe(14)
		expect(summary.average).toBeCloseTo(62 / 14, 5)
		const home = await loadHomeReviews()
		expect(home?.count).toBe(14)
		expect(home?.reviews).toHaveLength(12)
	})
})

describe('loadHomeVideos', () => {
	test('the active address of each slot, null when none or unsafe', async () => {
		expect(await loadHomeVideos()).toEqual({
			hero: null,
			personalization: null,
			subscriptionCta: null,
			posters: { hero: null, personalization: null, subscriptionCta: null },
		})
		await db.insert(heroVideo).values({ videoUrl: '/uploads/videos/banner.mp4', isActive: false })
		await db
			.insert(heroVideo)
			.values({ videoUrl: 'https://cdn.example.com/banner.mp4', posterUrl: '/uploads/hero-videos/hero-poster-1.jpg' })
		await db.insert(personalizationVideo).values({ videoUrl: 'javascript:alert(1)', posterUrl: '/uploads/hero-videos/x.jpg' })
		await db
			.insert(subscriptionCtaVideo)
			.values({ videoUrl: '/uploads/hero-videos/subscription-cta-1.mp4', posterUrl: 'https://evil.example/x.jpg' })
		expect(await loadHomeVideos()).toEqual({
			hero: 'https://cdn.example.com/banner.mp4',
			personalization: null,
			subscriptionCta: '/uploads/hero-videos/subscription-cta-1.mp4',
			posters: { hero: '/uploads/hero-videos/hero-poster-1.jpg', personalization: null, subscriptionCta: null },
		})
	})
})
