import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demoCatalogue } from '#tests/support/fake-storefront/catalogue'
import { type FakeStorefront, startFakeStorefront } from '#tests/support/fake-storefront/server'
import { withTestDatabase } from '#tests/setup/with-database'
import { db } from '~/server/db.server'
import { DEMO_COLLECTIONS, buildDemoCatalogue } from '~/server/seed/catalogue'
import { createRandom } from '~/server/seed/prng'
import { DEMO_RANDOM_SEED, seedDemoData } from '~/server/seed/seed.server'
import { builtinProvider } from '../builtin/provider.server'
import type { CommerceProvider } from '../provider'
import { NO_FILTERS, type BrowseParams } from '../rules/browse'
import type { Product, ProductSummary } from '../types'
import { createStorefrontClient } from './client.server'
import { createStorefrontProvider } from './provider.server'

/**
 * The storefront e2e run (decision 053) runs the same tests on both providers: the built-in one on
 * the demo seed, and the Storefront API provider on the fake store holding `demoCatalogue` of that
 * seed. They only can if both show the same shop: this holds the two side by side (ids aside:
 * uuids there, gids here).
 */

withTestDatabase()

let fake: FakeStorefront
let storefront: CommerceProvider
const seed = buildDemoCatalogue(createRandom(DEMO_RANDOM_SEED))

beforeAll(async () => {
	await seedDemoData(db)
	fake = await startFakeStorefront(demoCatalogue(buildDemoCatalogue(createRandom(DEMO_RANDOM_SEED)), DEMO_COLLECTIONS))
	storefront = createStorefrontProvider(createStorefrontClient({ endpoint: fake.url, token: fake.token, timeoutMs: 5_000 }))
}, 60_000)

afterAll(async () => {
	await fake?.stop()
})

/** What a page shows of a product, without ids. */
function shown(product: ProductSummary | Product | null) {
	if (!product) return null
	return {
		handle: product.handle,
		title: product.title,
		description: product.description,
		descriptionHtml: 'descriptionHtml' in product ? product.descriptionHtml : undefined,
		productType: product.productType,
		tags: [...product.tags].sort(),
		priceRange: product.priceRange,
		availableForSale: product.availableForSale,
		options: product.options,
		collections: product.collections.map((c) => c.handle).sort(),
		images: product.images.map((i) => ({ url: i.url, altText: i.altText, width: i.width, height: i.height })),
		variants: product.variants.map((v) => ({
			title: v.title,
			price: v.price,
			compareAtPrice: v.compareAtPrice,
			availableForSale: v.availableForSale,
			quantityAvailable: v.quantityAvailable,
			selectedOptions: v.selectedOptions,
			image: v.image?.url ?? null,
		})),
	}
}

const params = (overrides: Partial<BrowseParams> = {}): BrowseParams => ({ sort: 'relevancia', filters: NO_FILTERS, page: 1, ...overrides })

describe('the demo shop on both providers', () => {
	test('every product page (internal products, the gift and the subscriptions included) shows the same product', async () => {
		for (const { handle } of seed) {
			const [builtin, store] = await Promise.all([builtinProvider.getProductByHandle(handle), storefront.getProductByHandle(handle)])
			expect(builtin, handle).not.toBeNull()
			expect(shown(store), handle).toEqual(shown(builtin))
		}
	})

	test('the same collections, counts and home rows, in the same order', async () => {
		const byHandle = <T extends { handle: string }>(list: T[]) => [...list].sort((a, b) => a.handle.localeCompare(b.handle))
		const strip = ({
			handle,
			title,
			description,
			productCount,
		}: {
			handle: string
			title: string
			description: string
			productCount: number
		}) => ({
			handle,
			title,
			description,
			productCount,
		})
		expect(byHandle(await storefront.listCollections()).map(strip)).toEqual(byHandle(await builtinProvider.listCollections()).map(strip))
		const handles = DEMO_COLLECTIONS.map((c) => c.handle)
		const rows = async (provider: CommerceProvider) =>
			(await provider.getCollectionsByHandles(handles, { first: 12 })).map((row) => ({
				...strip(row.collection),
				products: row.products.map((p) => p.handle),
			}))
		expect(await rows(storefront)).toEqual(await rows(builtinProvider))
	})

	test('category pages: the same products, order, facets and pages under each sort and filter', async () => {
		const cases: { handle: string; params: BrowseParams }[] = [
			{ handle: 'bandana', params: params() },
			{ handle: 'bandana', params: params({ sort: 'menor-preco' }) },
			{ handle: 'bandana', params: params({ sort: 'maior-preco', filters: { ...NO_FILTERS, sizes: ['P'] } }) },
			{ handle: 'bandana', params: params({ filters: { ...NO_FILTERS, inStock: true } }) },
			{ handle: 'colar', params: params({ filters: { ...NO_FILTERS, colors: ['Preto'] } }) },
			{ handle: 'assinatura', params: params() },
			{ handle: 'higiene', params: params({ sort: 'menor-preco', filters: { ...NO_FILTERS, minPriceCents: 2000, maxPriceCents: 4000 } }) },
		]
		for (const { handle, params: browse } of cases) {
			const page = async (provider: CommerceProvider) => {
				const result = await provider.browseProducts({ collectionHandle: handle, params: browse })
				if (!result) return null
				const { ids: _ids, products, ...rest } = result
				return { ...rest, products: products.map((p) => p.handle) }
			}
			expect(await page(storefront), `${handle} ${JSON.stringify(browse)}`).toEqual(await page(builtinProvider))
		}
	})
})
