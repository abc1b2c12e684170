import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type FakeStorefront, startFakeStorefront } from '#tests/support/fake-storefront/server'
import { fixedCatalogue, withGeneratedCollection } from '#tests/support/fake-storefront/catalogue'
import { COMMERCE_MESSAGES, CommerceError } from '../errors'
import { NO_FILTERS, type BrowseParams } from '../rules/browse'
import { type StorefrontClientOptions, StorefrontError, createStorefrontClient } from './client.server'
import { type StorefrontProvider, createStorefrontProvider } from './provider.server'

let fake: FakeStorefront

function providerFor(server: FakeStorefront, options: Partial<StorefrontClientOptions> = {}): StorefrontProvider {
	return createStorefrontProvider(
		createStorefrontClient({ endpoint: server.url, token: server.token, retryBaseMs: 5, timeoutMs: 2_000, ...options }),
	)
}

const handles = (products: { handle: string }[]) => products.map((p) => p.handle)
const operations = () => fake.requests.map((r) => r.operationName)
const params = (overrides: Partial<BrowseParams> = {}): BrowseParams => ({ sort: 'relevancia', filters: NO_FILTERS, page: 1, ...overrides })

beforeAll(async () => {
	fake = await startFakeStorefront(fixedCatalogue())
})
afterAll(() => fake.stop())
beforeEach(() => {
	fake.requests.length = 0
})

describe('products', () => {
	test('a product page: prices in cents from Decimal strings, images, variants, options, collections, availability', async () => {
		const product = await providerFor(fake).getProductByHandle('bandana-xadrez-vermelha')
		expect(product).toMatchObject({
			id: 'gid://shopify/Product/1001',
			handle: 'bandana-xadrez-vermelha',
			title: 'Bandana Xadrez Vermelha',
			description: 'Bandana xadrez em algodão, vermelha e preta.',
			descriptionHtml: '<p>Bandana xadrez em algodão, vermelha e preta.</p>',
			productType: 'Bandana',
			tags: ['bandana', 'xadrez', 'cachorro'],
			availableForSale: true,
			updatedAt: '2026-01-10T12:00:00.000Z',
			priceRange: {
				minVariantPrice: { amountCents: 2990, currencyCode: 'BRL' },
				maxVariantPrice: { amountCents: 3990, currencyCode: 'BRL' },
			},
			options: [
				{ name: 'Tamanho', values: ['P', 'M', 'G'] },
				{ name: 'Cor', values: ['Vermelho'] },
			],
			collections: [
				{ handle: 'bandana', title: 'Bandanas' },
				{ handle: 'bandana-xadrez', title: 'Bandanas Xadrez' },
			],
		})
		expect(product!.images.map((i) => i.url)).toEqual([
			'https://cdn.shopify.com/s/files/1/0000/fake/bandana-xadrez-vermelha-1.jpg',
			'https://cdn.shopify.com/s/files/1/0000/fake/bandana-xadrez-vermelha-2.jpg',
		])
		expect(product!.images[0]).toEqual({
			url: 'https://cdn.shopify.com/s/files/1/0000/fake/bandana-xadrez-vermelha-1.jpg',
			altText: 'Bandana Xadrez Vermelha',
			width: 800,
			height: 800,
		})
		expect(product!.variants).toEqual([
			{
				id: 'gid://shopify/ProductVariant/2001',
				title: 'P / Vermelho',
				price: { amountCents: 2990, currencyCode: 'BRL' },
				compareAtPrice: { amountCents: 3990, currencyCode: 'BRL' },
				availableForSale: true,
				quantityAvailable: 5,
				selectedOptions: [
					{ name: 'Tamanho', value: 'P' },
					{ name: 'Cor', value: 'Vermelho' },
				],
				image: product!.images[1],
			},
			expect.objectContaining({
				title: 'M / Vermelho',
				price: { amountCents: 3490, currencyCode: 'BRL' },
				availableForSale: false,
				quantityAvailable: 0,
				image: null,
			}),
			expect.objectContaining({ title: 'G / Vermelho', compareAtPrice: null, availableForSale: true, quantityAvailable: null }),
		])
	})

	test("a product without options has none, and its only variant is 'Único'", async () => {
		const product = await providerFor(fake).getProductByHandle('lacinho-rosa')
		expect(product!.options).toEqual([])
		expect(product!.variants).toEqual([
			expect.objectContaining({
				title: 'Único',
				selectedOptions: [],
				price: { amountCents: 1500, currencyCode: 'BRL' },
				quantityAvailable: null,
			}),
		])
	})

	test('lists carry 5 images and 10 variants, the product page 10 and 50 (document 000 §3)', async () => {
		const provider = providerFor(fake)
		const detail = await provider.getProductByHandle('bandana-natal')
		const [summary] = await provider.getProductsByHandles(['bandana-natal'])
		expect([detail!.images.length, detail!.variants.length]).toEqual([7, 12])
		expect([summary!.images.length, summary!.variants.length]).toEqual([5, 10])
		expect(summary!.priceRange).toEqual({
			minVariantPrice: { amountCents: 2990, currencyCode: 'BRL' },
			maxVariantPrice: { amountCents: 4990, currencyCode: 'BRL' },
		})
	})

	test('an unknown handle is null (the page answers 404); a malformed one is not even asked', async () => {
		const provider = providerFor(fake)
		expect(await provider.getProductByHandle('nao-existe')).toBeNull()
		expect(await provider.getProductByHandle('não existe/../x')).toBeNull()
		expect(fake.requests).toHaveLength(1)
	})

	test('several by handle in one request, in the order asked, unknown skipped, internal products found', async () => {
		const found = await providerFor(fake).getProductsByHandles([
			'lacinho-azul',
			'nao-existe',
			'guia-personalizada-base',
			'lacinho-azul',
			'bandana-xadrez-azul',
		])
		expect(handles(found)).toEqual(['lacinho-azul', 'guia-personalizada-base', 'bandana-xadrez-azul'])
		expect(operations()).toEqual(['ProductsByHandles'])
	})

	test('listing pages by cursor, newest last by default, without internal products', async () => {
		const provider = providerFor(fake)
		const seen: string[] = []
		let after: string | null = null
		let pages = 0
		do {
			const page: Awaited<ReturnType<typeof provider.listProducts>> = await provider.listProducts({ first: 4, after })
			seen.push(...handles(page.nodes))
			after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null
			pages++
		} while (after)
		expect(pages).toBe(4)
		expect(seen).toEqual([
			'atacado-bandana-base',
			'bandana-florida',
			'assinatura-bandanas-mensal',
			'assinatura-kit-higiene',
			'arte-patinhas',
			'lacinho-rosa',
			'lacinho-azul',
			'bandana-xadrez-vermelha',
			'colar-couro-marrom',
			'bandana-xadrez-azul',
			'colar-nylon-preto',
			'bandana-neutra-bege',
			'shampoo-neutro',
			'bandana-natal',
		])
		expect(fake.requests[0]!.variables).toMatchObject({ first: 4, query: "tag_not:'uso-interno'", sortKey: 'CREATED_AT', reverse: false })
	})

	test('listing with a query, a sort and the page size capped at 250', async () => {
		const provider = providerFor(fake)
		const colares = await provider.listProducts({ first: 999, query: 'tag:colar', sortKey: 'PRICE', reverse: true })
		expect(handles(colares.nodes)).toEqual(['colar-nylon-preto', 'colar-couro-marrom'])
		expect(colares.pageInfo).toEqual({ hasNextPage: false, endCursor: expect.any(String) })
		expect(fake.requests[0]!.variables.first).toBe(250)
		await expect(provider.listProducts({ first: 10, query: 'x'.repeat(301) })).rejects.toThrow(CommerceError)
	})
})

describe('collections', () => {
	test('one collection with its real count and first products in the owner’s order; unknown is null', async () => {
		const provider = providerFor(fake)
		const found = await provider.getCollectionByHandle('bandana', { first: 2 })
		expect(found!.collection).toEqual({
			id: 'gid://shopify/Collection/501',
			handle: 'bandana',
			title: 'Bandanas',
			description: 'Coleção Bandanas.',
			productCount: 6,
		})
		expect(handles(found!.products)).toEqual(['bandana-natal', 'bandana-xadrez-vermelha'])
		expect(await provider.getCollectionByHandle('nao-existe')).toBeNull()
		expect((await provider.getCollectionByHandle('vazia'))!).toMatchObject({ collection: { productCount: 0 }, products: [] })
	})

	test('several collections in ONE request (aliases), in the order asked, unknown skipped', async () => {
		const rows = await providerFor(fake).getCollectionsByHandles(['assinatura', 'nao-existe', 'colar', 'assinatura'], { first: 20 })
		expect(rows.map((r) => [r.collection.handle, r.collection.productCount, handles(r.products)])).toEqual([
			['assinatura', 2, ['assinatura-bandanas-mensal', 'assinatura-kit-higiene']],
			['colar', 2, ['colar-couro-marrom', 'colar-nylon-preto']],
		])
		expect(operations()).toEqual(['CollectionsByHandles'])
	})

	test('every collection by title with counts', async () => {
		const collections = await providerFor(fake).listCollections()
		expect(collections.map((c) => [c.handle, c.productCount])).toEqual([
			['artes-personalizadas', 1],
			['assinatura', 2],
			['atacado', 1],
			['bandana', 6],
			['bandana-xadrez', 2],
			['colar', 2],
			['vazia', 0],
			['higiene', 1],
			['lacinhos', 2],
		])
	})

	test('a collection past 250 products is counted and browsed across pages', async () => {
		const big = await startFakeStorefront(withGeneratedCollection(fixedCatalogue(), 'gerados', 600))
		try {
			const provider = providerFor(big)
			const found = await provider.getCollectionByHandle('gerados', { first: 3 })
			expect(found!.collection.productCount).toBe(600)
			expect(handles(found!.products)).toEqual(['gerado-1', 'gerado-2', 'gerado-3'])
			expect(big.requests.map((r) => r.operationName)).toEqual(['CollectionsByHandles', 'CollectionProductIds', 'CollectionProductIds'])

			big.requests.length = 0
			const page = await provider.browseProducts({
				collectionHandle: 'gerados',
				params: params({ sort: 'menor-preco', filters: { ...NO_FILTERS, sizes: ['M'] }, page: 2 }),
			})
			expect(page).toMatchObject({ total: 300, page: 2, pageCount: 6 })
			expect(page!.facets.sizes).toEqual([
				{ value: 'P', count: 300 },
				{ value: 'M', count: 300 },
			])
			// Odd products (size M) cost 11, 13, 15… reais, 12 products each: the 51st costs R$ 19.
			const prices = page!.products.map((p) => p.priceRange.minVariantPrice.amountCents)
			expect(prices).toHaveLength(50)
			expect(prices[0]).toBe(1900)
			expect(prices).toEqual([...prices].sort((a, b) => a - b))
			expect(big.requests.map((r) => r.operationName)).toEqual([...Array(6).fill('BrowseCollection'), 'ProductsByIds'])
		} finally {
			await big.stop()
		}
	})
})

describe('category and search pages (the built-in provider’s rules)', () => {
	test('relevance is the collection’s order; facets count the other filters; internal products left out', async () => {
		const page = await providerFor(fake).browseProducts({ collectionHandle: 'bandana', params: params() })
		expect(page).toMatchObject({ total: 5, page: 1, pageCount: 1 })
		expect(handles(page!.products)).toEqual([
			'bandana-natal',
			'bandana-xadrez-vermelha',
			'bandana-xadrez-azul',
			'bandana-neutra-bege',
			'bandana-florida',
		])
		expect(page!.ids).toEqual(page!.products.map((p) => p.id))
		expect(page!.facets).toEqual({
			sizes: [
				{ value: 'PP', count: 1 },
				{ value: 'P', count: 4 },
				// Only where M can be bought: the red plaid's M and the floral one are sold out (issue 31).
				{ value: 'M', count: 3 },
				{ value: 'G', count: 3 },
				{ value: 'GG', count: 1 },
				{ value: 'XG', count: 1 },
			],
			colors: [
				{ value: 'Azul', count: 1 },
				{ value: 'Bege', count: 1 },
				{ value: 'Rosa', count: 1 },
				{ value: 'Verde', count: 1 },
				{ value: 'Vermelho', count: 2 },
			],
			inStock: 4,
			// Lowest sellable price, else the lowest: the sold-out Bandana Florida counts at R$ 35,50.
			priceBounds: { minCents: 2990, maxCents: 3550 },
		})
	})

	test('sorts and filters: price, newest, best-selling (the store’s order), size + in stock, paging', async () => {
		const provider = providerFor(fake)
		const browse = async (p: Partial<BrowseParams>, pageSize?: number) =>
			(await provider.browseProducts({ collectionHandle: 'bandana', params: params(p), pageSize }))!
		// The red plaid is in stock, but not in M: a size matches where it can be bought (issue 31).
		expect(handles((await browse({ sort: 'menor-preco', filters: { ...NO_FILTERS, sizes: ['M'], inStock: true } })).products)).toEqual([
			'bandana-natal',
			'bandana-xadrez-azul',
			'bandana-neutra-bege',
		])
		expect(handles((await browse({ sort: 'novidades' })).products)).toEqual([
			'bandana-natal',
			'bandana-neutra-bege',
			'bandana-xadrez-azul',
			'bandana-xadrez-vermelha',
			'bandana-florida',
		])
		fake.requests.length = 0
		expect(handles((await browse({ sort: 'mais-vendidos' })).products)).toEqual([
			'bandana-xadrez-azul',
			'bandana-xadrez-vermelha',
			'bandana-natal',
			'bandana-neutra-bege',
			'bandana-florida',
		])
		expect(fake.requests.find((r) => r.operationName === 'CollectionProductIds')!.variables.sortKey).toBe('BEST_SELLING')
		const second = await browse({ filters: { ...NO_FILTERS, minPriceCents: 3000 }, page: 2 }, 1)
		expect(second).toMatchObject({ total: 2, page: 2, pageCount: 2 })
		expect(handles(second.products)).toEqual(['bandana-florida'])
	})

	test('an unknown category is null; a search without match or under 2 characters is an empty page', async () => {
		const provider = providerFor(fake)
		expect(await provider.browseProducts({ collectionHandle: 'nao-existe', params: params() })).toBeNull()
		expect(await provider.browseProducts({ query: 'unicórnio', params: params() })).toMatchObject({ total: 0, products: [], pageCount: 1 })
		fake.requests.length = 0
		expect(await provider.browseProducts({ query: ' x ', params: params() })).toMatchObject({ total: 0, products: [] })
		expect(fake.requests).toHaveLength(0)
	})

	test('a search page: the API’s relevance, sold-out last, internal products never found', async () => {
		const page = await providerFor(fake).browseProducts({ query: 'bandana', params: params() })
		expect(handles(page!.products)).toEqual([
			'bandana-xadrez-vermelha',
			'bandana-xadrez-azul',
			'bandana-neutra-bege',
			'bandana-natal',
			'assinatura-bandanas-mensal',
			'atacado-bandana-base',
			'bandana-florida',
		])
		const xadrez = await providerFor(fake).browseProducts({ query: 'bandana xadrez', params: params({ sort: 'maior-preco' }) })
		expect(handles(xadrez!.products)).toEqual(['bandana-xadrez-vermelha', 'bandana-xadrez-azul'])
	})
})

describe('products by id (decision 051: favourites, views and reviews keep the store’s gids)', () => {
	test('one nodes request per 250 ids, in the order asked, once each; unknown gids and uuids skipped, never sent', async () => {
		const big = await startFakeStorefront(withGeneratedCollection(fixedCatalogue(), 'gerados', 300))
		try {
			const ids = big.catalogue.products.filter((p) => p.handle.startsWith('gerado-')).map((p) => p.id)
			const asked = [...ids].reverse()
			const found = await providerFor(big).getProductsByIds([
				...asked,
				ids[0]!,
				'3f2b8c1e-9a4d-4c6e-8b1a-2d3e4f5a6b7c',
				'gid://shopify/ProductVariant/1',
				'gid://shopify/Product/424242',
			])
			expect(found.map((p) => p.id)).toEqual(asked)
			expect(big.requests.map((r) => r.operationName)).toEqual(['ProductsByIds', 'ProductsByIds'])
			expect(big.requests.map((r) => (r.variables as { ids: string[] }).ids.length)).toEqual([250, 51])
			expect(await providerFor(big).getProductsByIds(['3f2b8c1e-9a4d-4c6e-8b1a-2d3e4f5a6b7c'])).toEqual([])
			expect(big.requests).toHaveLength(2)
		} finally {
			await big.stop()
		}
	})

	test('one id just read by handle (a product page’s view, favourite or review) is answered from that page’s cached answer', async () => {
		const provider = providerFor(fake)
		const page = await provider.getProductByHandle('bandana-xadrez-azul')
		expect(operations()).toEqual(['ProductByHandle'])
		const [again] = await provider.getProductsByIds([page!.id])
		expect(again).toMatchObject({ id: page!.id, handle: 'bandana-xadrez-azul', title: page!.title })
		expect(operations()).toEqual(['ProductByHandle'])
		// Several ids, or one never read by handle, go to the ids query.
		const other = fake.catalogue.products.find((p) => p.handle === 'lacinho-azul')!
		expect((await provider.getProductsByIds([other.id])).map((p) => p.handle)).toEqual(['lacinho-azul'])
		expect((await provider.getProductsByIds([page!.id, other.id])).map((p) => p.handle)).toEqual(['bandana-xadrez-azul', 'lacinho-azul'])
		expect(operations()).toEqual(['ProductByHandle', 'ProductsByIds', 'ProductsByIds'])
	})
})

describe('search panel', () => {
	test('best matches from the API’s search, accents and case ignored, internal products left out', async () => {
		const provider = providerFor(fake)
		expect(handles(await provider.searchProducts('LACINHO'))).toEqual(['lacinho-rosa', 'lacinho-azul'])
		expect(handles(await provider.searchProducts('pelagem macia'))).toEqual(['shampoo-neutro'])
		expect(handles(await provider.searchProducts('algodao'))).toEqual(['bandana-xadrez-vermelha'])
		expect(handles(await provider.searchProducts('bandana', { first: 2 }))).toEqual(['bandana-xadrez-vermelha', 'bandana-xadrez-azul'])
		expect(operations()).toEqual(['SearchProducts', 'SearchProducts', 'SearchProducts', 'SearchProducts'])
		expect(await provider.searchProducts(' a ')).toEqual([])
		expect(fake.requests).toHaveLength(4)
	})
})

describe('errors (document 000 §8), retries and timeouts', () => {
	const failure = async (promise: Promise<unknown>) => {
		const error = await promise.then(
			() => null,
			(e: unknown) => e,
		)
		expect(error).toBeInstanceOf(StorefrontError)
		return error as StorefrontError
	}

	test("HTTP 402: 'Payment required' with the toast 'Shopify: Pagamento necessário'", async () => {
		fake.failNext({ status: 402 })
		const error = await failure(providerFor(fake).getProductByHandle('lacinho-rosa'))
		expect(error.message).toBe('Payment required')
		expect(error.toast).toEqual({ title: 'Shopify: Pagamento necessário', description: expect.stringContaining('plano') })
		expect([error.kind, error.code, error.status]).toEqual(['payment_required', 'provider_error', 502])
	})

	test("other statuses: 'HTTP error! status: {status}'; GraphQL errors: 'Error calling Shopify: {messages}'", async () => {
		const provider = providerFor(fake)
		fake.failNext({ status: 500 }, { graphqlErrors: ['Field is broken', 'Another'] })
		expect((await failure(provider.listCollections())).message).toBe('HTTP error! status: 500')
		expect((await failure(provider.listCollections())).message).toBe('Error calling Shopify: Field is broken, Another')
	})

	test('HTTP 430 and THROTTLED are retried with back-off, then succeed', async () => {
		fake.failNext({ status: 430, retryAfterSeconds: 0 }, { status: 430 }, { throttled: true })
		const product = await providerFor(fake).getProductByHandle('lacinho-azul')
		expect(product!.handle).toBe('lacinho-azul')
		expect(fake.requests).toHaveLength(4)
	})

	test('throttled every time: gives up after the retries', async () => {
		fake.failNext(...Array(4).fill({ status: 430 }))
		const error = await failure(providerFor(fake, { maxRetries: 3 }).getProductByHandle('lacinho-azul'))
		expect(error.kind).toBe('throttled')
		expect(fake.requests).toHaveLength(4)
	})

	test('a slow answer times out; malformed JSON is an error, not a crash', async () => {
		const provider = providerFor(fake, { timeoutMs: 200 })
		fake.failNext({ delayMs: 1_000 }, { malformed: true })
		expect((await failure(provider.getProductByHandle('lacinho-azul'))).kind).toBe('timeout')
		expect((await failure(provider.getProductByHandle('lacinho-rosa'))).kind).toBe('malformed')
	})

	test('an unreachable store is a network error with the Portuguese message', async () => {
		const provider = createStorefrontProvider(
			createStorefrontClient({ endpoint: 'http://127.0.0.1:1/graphql.json', token: 'x', timeoutMs: 1_000 }),
		)
		const error = await failure(provider.searchProducts('bandana'))
		expect(error.kind).toBe('network')
		expect(error.userMessage).toBe('Não foi possível carregar os produtos da loja. Tente novamente em instantes.')
	})

	test('a store selling in another currency is refused with a clear message', async () => {
		const catalogue = { ...fixedCatalogue(), currencyCode: 'USD' }
		const usd = await startFakeStorefront(catalogue)
		try {
			const error = await failure(providerFor(usd).getProductByHandle('lacinho-azul'))
			expect(error.message).toBe('Unsupported currency from Shopify: USD (the shop sells in BRL)')
		} finally {
			await usd.stop()
		}
	})
})

describe('response cache', () => {
	test('a second identical call does not reach the store; other variables do; concurrent calls share one request', async () => {
		const provider = providerFor(fake)
		await provider.getProductByHandle('lacinho-rosa')
		await provider.getProductByHandle('lacinho-rosa')
		expect(fake.requests).toHaveLength(1)
		await provider.getProductByHandle('lacinho-azul')
		expect(fake.requests).toHaveLength(2)
		await Promise.all([provider.searchProducts('colar'), provider.searchProducts('colar'), provider.searchProducts('colar')])
		expect(fake.requests).toHaveLength(3)
	})

	test('answers expire after the TTL; failures are not kept', async () => {
		let now = 1_000_000
		const provider = providerFor(fake, { cacheTtlMs: 30_000, now: () => now })
		fake.failNext({ status: 500 })
		await expect(provider.getProductByHandle('lacinho-rosa')).rejects.toThrow('HTTP error! status: 500')
		await provider.getProductByHandle('lacinho-rosa')
		now += 29_000
		await provider.getProductByHandle('lacinho-rosa')
		expect(fake.requests).toHaveLength(2)
		now += 2_000
		await provider.getProductByHandle('lacinho-rosa')
		expect(fake.requests).toHaveLength(3)
	})
})

describe('variants by id (for our server’s cart holding the store’s variant ids)', () => {
	test('priced and described as cart lines show them, with the product’s collections; unknown ids absent; one request', async () => {
		const found = await providerFor(fake).getVariantsByIds([
			'gid://shopify/ProductVariant/2002',
			'gid://shopify/ProductVariant/2026',
			'gid://shopify/ProductVariant/99999',
			'gid://shopify/Product/1001',
			'not-a-gid',
		])
		expect([...found.keys()]).toEqual(['gid://shopify/ProductVariant/2002', 'gid://shopify/ProductVariant/2026'])
		expect(found.get('gid://shopify/ProductVariant/2002')).toEqual({
			merchandise: expect.objectContaining({
				id: 'gid://shopify/ProductVariant/2002',
				title: 'M / Vermelho',
				price: { amountCents: 3490, currencyCode: 'BRL' },
				availableForSale: false,
				product: {
					id: 'gid://shopify/Product/1001',
					handle: 'bandana-xadrez-vermelha',
					title: 'Bandana Xadrez Vermelha',
					productType: 'Bandana',
					tags: ['bandana', 'xadrez', 'cachorro'],
					featuredImage: expect.objectContaining({ url: 'https://cdn.shopify.com/s/files/1/0000/fake/bandana-xadrez-vermelha-1.jpg' }),
				},
			}),
			collectionHandles: ['bandana', 'bandana-xadrez'],
			sellingPlans: [],
		})
		expect(found.get('gid://shopify/ProductVariant/2026')!.merchandise).toMatchObject({ title: 'Único', selectedOptions: [] })
		expect(operations()).toEqual(['VariantsByIds'])
		expect(await providerFor(fake).getVariantsByIds([])).toEqual(new Map())
	})

	test('a subscription variant carries the store’s selling plans with their checkout charge in cents', async () => {
		const kit = fake.catalogue.products.find((p) => p.handle === 'assinatura-kit-higiene')!.variants[0]!
		const found = await providerFor(fake).getVariantsByIds([kit.id])
		expect(found.get(kit.id)!.sellingPlans).toEqual([
			{ id: `gid://shopify/SellingPlan/${kit.id.split('/').at(-1)}`, name: 'Assinatura anual (12 meses)', checkoutChargeCents: 79_90 * 12 },
		])
	})
})

describe('the remote cart at checkout (cartCreate)', () => {
	test('creates the cart with lines, attributes and buyer; returns the checkout URL with channel=online_store', async () => {
		const provider = providerFor(fake)
		const checkout = await provider.createRemoteCheckout(
			[
				{ variantId: 'gid://shopify/ProductVariant/2001', quantity: 2, attributes: [{ key: 'Nome do pet', value: 'Thor' }] },
				{ variantId: 'gid://shopify/ProductVariant/2026', quantity: 1 },
			],
			{ email: 'ana@example.com', countryCode: 'BR' },
		)
		expect(checkout).toEqual({
			cartId: 'gid://shopify/Cart/fake-1',
			checkoutUrl: 'https://loja-fake.myshopify.com/cart/c/fake-1?key=k1&channel=online_store',
			external: true,
			totalQuantity: 3,
			total: { amountCents: 2 * 2990 + 1500, currencyCode: 'BRL' },
			lines: [
				expect.objectContaining({
					variantId: 'gid://shopify/ProductVariant/2001',
					quantity: 2,
					title: 'P / Vermelho',
					price: { amountCents: 2990, currencyCode: 'BRL' },
					productHandle: 'bandana-xadrez-vermelha',
				}),
				expect.objectContaining({ variantId: 'gid://shopify/ProductVariant/2026', quantity: 1, productTitle: 'Lacinho Rosa' }),
			],
		})
		expect(fake.carts[0]!.input).toEqual({
			lines: [
				{ merchandiseId: 'gid://shopify/ProductVariant/2001', quantity: 2, attributes: [{ key: 'Nome do pet', value: 'Thor' }] },
				{ merchandiseId: 'gid://shopify/ProductVariant/2026', quantity: 1, attributes: [] },
			],
			buyerIdentity: { email: 'ana@example.com', countryCode: 'BR' },
		})
		// A mutation is never answered from the cache.
		await provider.createRemoteCheckout([{ variantId: 'gid://shopify/ProductVariant/2026', quantity: 1 }])
		await provider.createRemoteCheckout([{ variantId: 'gid://shopify/ProductVariant/2026', quantity: 1 }])
		expect(fake.carts).toHaveLength(3)
	})

	test("userErrors: 'Cart creation failed: {messages}'; no URL: 'No checkout URL returned from Shopify'", async () => {
		const provider = providerFor(fake)
		const line = { variantId: 'gid://shopify/ProductVariant/2026', quantity: 1 }
		const rejected = (promise: Promise<unknown>) =>
			promise.then(
				() => null,
				(e: StorefrontError) => [e.message, e.userMessage],
			)
		try {
			fake.cart.userErrors = ['Quantidade indisponível', 'Outro problema']
			expect(await rejected(provider.createRemoteCheckout([line]))).toEqual([
				'Cart creation failed: Quantidade indisponível, Outro problema',
				COMMERCE_MESSAGES.checkoutFailed,
			])
			fake.cart.userErrors = []
			expect(await rejected(provider.createRemoteCheckout([{ variantId: 'gid://shopify/ProductVariant/1', quantity: 1 }]))).toEqual([
				'Cart creation failed: The merchandise with id gid://shopify/ProductVariant/1 does not exist.',
				COMMERCE_MESSAGES.checkoutFailed,
			])
			fake.cart.noCheckoutUrl = true
			expect(await rejected(provider.createRemoteCheckout([line]))).toEqual([
				'No checkout URL returned from Shopify',
				COMMERCE_MESSAGES.checkoutFailed,
			])
		} finally {
			fake.cart.userErrors = []
			fake.cart.noCheckoutUrl = false
		}
	})

	test("402 keeps 'Payment required' and its toast; empty or over 100 lines are refused before asking", async () => {
		const provider = providerFor(fake)
		fake.failNext({ status: 402 })
		const error = (await provider.createRemoteCheckout([{ variantId: 'gid://shopify/ProductVariant/2026', quantity: 1 }]).then(
			() => null,
			(e: unknown) => e,
		)) as StorefrontError
		expect([error.message, error.userMessage, error.toast?.title]).toEqual([
			'Payment required',
			COMMERCE_MESSAGES.checkoutFailed,
			'Shopify: Pagamento necessário',
		])
		fake.requests.length = 0
		await expect(provider.createRemoteCheckout([])).rejects.toMatchObject({ code: 'cart_empty' })
		const many = Array.from({ length: 101 }, () => ({ variantId: 'gid://shopify/ProductVariant/2026', quantity: 1 }))
		await expect(provider.createRemoteCheckout(many)).rejects.toMatchObject({
			code: 'cart_line_limit',
			userMessage: COMMERCE_MESSAGES.cartLineLimit,
		})
		expect(fake.requests).toHaveLength(0)
	})

	test('the cart methods of the interface are not this provider’s (our server keeps the cart)', async () => {
		await expect(providerFor(fake).getCart('x')).rejects.toMatchObject({ code: 'provider_error' })
	})
})
