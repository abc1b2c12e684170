import { beforeAll, describe, expect, test, vi } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { createCollection, createProduct } from '~/commerce/builtin/test-factories.server'
import { publicUrl, resetEnvForTests } from '~/server/env.server'
import { CATEGORY_PAGE_SIZE, loader, meta } from './category'

withTestDatabase()

const ORIGIN = 'http://loja.test'
/** Absolute URLs take the configured origin (PUBLIC_URL, here unset), never the request's. */
const SHOP_ORIGIN = publicUrl()

function args(path: string, handle: string) {
	// Loader args as React Router passes them; `never` fits the route's Args type.
	return { request: new Request(`${ORIGIN}${path}`), params: { handle }, context: { cspNonce: '' } } as never
}

async function load(path: string) {
	const handle = decodeURIComponent(path.split('/').pop() ?? '')
	return loader(args(path, handle))
}

async function statusOf(path: string): Promise<number> {
	try {
		await load(path)
		return 200
	} catch (error) {
		if (error instanceof Response) return error.status
		throw error
	}
}

const rootMatch = { id: 'root', loaderData: { settings: { storeName: 'Loja Teste' } } }

function metaOf(loaderData: Awaited<ReturnType<typeof loader>>) {
	return meta({ loaderData, matches: [rootMatch], error: undefined } as never)
}

beforeAll(async () => {
	const bandanas = await Promise.all([
		createProduct({ title: 'Bandana Floral', variants: [{ priceCents: 3990 }, { priceCents: 2990 }] }),
		createProduct({ title: 'Bandana Azul', variants: [{ priceCents: 4500, available: false }] }),
		createProduct({ title: 'Bandana Rascunho', status: 'draft' }),
	])
	await createCollection({
		handle: 'bandana',
		title: 'Bandanas Personalizadas',
		productIds: bandanas.map((b) => b.product.id),
	})
	await createCollection({ handle: 'higiene', title: 'Higiene' })
	const many = []
	for (let i = 0; i < CATEGORY_PAGE_SIZE + 5; i += 1) many.push(await createProduct({ title: `Laço ${i}` }))
	await createCollection({ handle: 'lacinhos', title: 'Laços', productIds: many.map((m) => m.product.id) })
	// Issue 31: the owner typed one colour three ways (with and without the accent, in lower case).
	const colour = (size: string, cor: string) => ({ selectedOptions: [{ name: 'Tamanho', value: size }, { name: 'Cor', value: cor }] })
	const blues = await Promise.all([
		createProduct({ title: 'Laço Nuvem', variants: [colour('P', 'Azul bebê'), colour('M', 'Azul bebê')] }),
		createProduct({ title: 'Laço Céu', variants: [colour('P', 'Azul bebe')] }),
		createProduct({ title: 'Laço Brisa', variants: [colour('G', 'azul bebe'), colour('P', 'Rosa')] }),
		createProduct({ title: 'Laço Flor', variants: [colour('P', 'Rosa')] }),
	])
	await createCollection({ handle: 'lacos-azuis', title: 'Laços Azuis', productIds: blues.map((b) => b.product.id) })
	const plan = await createProduct({ title: 'Assinatura Bandana Mensal', variants: [{ priceCents: 4990 }] })
	await createCollection({ handle: 'assinatura', title: 'Assinaturas', productIds: [plan.product.id] })
})

describe('category loader', () => {
	test('/categoria/{handle} uses the collection title and lists its products on sale with card data', async () => {
		const data = await load('/categoria/bandana')
		expect(data.title).toBe('Bandanas Personalizadas')
		expect(data.collection).toEqual({ handle: 'bandana', productCount: 2 })
		expect(data.products.map((p) => p.title)).toEqual(['Bandana Floral', 'Bandana Azul'])
		const floral = data.products[0]
		expect(floral?.priceCents).toBe(2990) // minimum variant price
		expect(floral?.image).toMatchObject({ width: 800, height: 800 })
		expect(data.products[1]?.availableForSale).toBe(false)
	})

	test('/{handle} aliases map to the real collection with the documented titles', async () => {
		const data = await load('/bandanas')
		expect(data.title).toBe('Bandanas')
		expect(data.collection.handle).toBe('bandana')
		expect(data.seo.canonicalUrl).toBe(`${SHOP_ORIGIN}/categoria/bandana`)

		expect((await load('/lacinhos')).title).toBe('Lacinhos')
		// Not in the title table: the handle itself is the title (document 000 §2).
		expect((await load('/higiene')).title).toBe('higiene')
		// The footer also links the aliases under /categoria/.
		expect((await load('/categoria/bandanas')).collection.handle).toBe('bandana')
	})

	test('a page holds at most 50 products while the count is the real total', async () => {
		const data = await load('/categoria/lacinhos')
		expect(data.products).toHaveLength(CATEGORY_PAGE_SIZE)
		expect(data.collection.productCount).toBe(CATEGORY_PAGE_SIZE + 5)
	})

	test('an empty collection is a page, not an error', async () => {
		const data = await load('/categoria/higiene')
		expect(data.products).toEqual([])
		expect(data.collection.productCount).toBe(0)
	})

	test('subscription products are flagged for the subscription card', async () => {
		const data = await load('/categoria/assinatura')
		expect(data.products[0]).toMatchObject({ isSubscription: true, priceCents: 4990 })
		expect((await load('/categoria/bandana')).products.every((p) => !p.isSubscription)).toBe(true)
	})

	test("colours spelled with and without the accent are one facet counting both, and filtering by it lists both (issue 31)", async () => {
		const page = await loader(args('/categoria/lacos-azuis', 'lacos-azuis'))
		const blue = page.browse.facets.colors.filter((facet) => /^azul beb/i.test(facet.value))
		// One 'Azul bebê' (whichever spelling the list shows), counting the three products that carry it.
		expect(blue).toHaveLength(1)
		expect(blue[0]?.count).toBe(3)
		expect(page.browse.facets.colors.find((facet) => facet.value === 'Rosa')?.count).toBe(2)

		const listed = async (query: string) =>
			(await loader(args(`/categoria/lacos-azuis?${query}`, 'lacos-azuis'))).products.map((p) => p.title).sort()
		const everyBlue = ['Laço Brisa', 'Laço Céu', 'Laço Nuvem']
		// The facet's own link, and each spelling a shopper (or an old link) may send.
		expect(await listed(new URLSearchParams({ cor: blue[0]!.value }).toString())).toEqual(everyBlue)
		expect(await listed('cor=Azul%20bebe')).toEqual(everyBlue)
		expect(await listed('cor=Azul%20beb%C3%AA')).toEqual(everyBlue)
		expect(await listed('cor=azul%20BEBE')).toEqual(everyBlue)
		// Chosen, the one facet stays one and keeps its count.
		const chosen = await loader(args('/categoria/lacos-azuis?cor=Azul%20bebe', 'lacos-azuis'))
		expect(chosen.browse.params.filters.colors).toHaveLength(1)
		expect(chosen.browse.facets.colors.filter((facet) => /^azul beb/i.test(facet.value))).toEqual([{ value: blue[0]!.value, count: 3 }])
		expect(chosen.browse.total).toBe(3)
	})

	test('unknown or malformed handles answer 404 in both forms', async () => {
		expect(await statusOf('/categoria/nao-existe')).toBe(404)
		expect(await statusOf('/nao-existe')).toBe(404)
		expect(await statusOf('/box')).toBe(404) // alias of a collection this database does not have
		expect(await statusOf(`/categoria/${encodeURIComponent('<script>')}`)).toBe(404)
		expect(await statusOf(`/${'a'.repeat(500)}`)).toBe(404)
	})

	test('meta: title with the store name, canonical and og tags as absolute URLs', async () => {
		const tags = metaOf(await load('/bandanas'))
		expect(tags).toContainEqual({ title: 'Bandanas | Loja Teste' })
		expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${SHOP_ORIGIN}/categoria/bandana` })
		expect(tags).toContainEqual({ property: 'og:url', content: `${SHOP_ORIGIN}/categoria/bandana` })
		expect(tags).toContainEqual({ property: 'og:title', content: 'Bandanas | Loja Teste' })
		const image = tags.find((t) => 'property' in t && t.property === 'og:image') as { content: string } | undefined
		expect(image?.content).toMatch(new RegExp(`^${SHOP_ORIGIN}/.+\\.jpg$`))
		expect(tags.find((t) => 'name' in t && t.name === 'description')).toBeDefined()
	})

	test('canonical URL follows PUBLIC_URL when configured', async () => {
		vi.stubEnv('PUBLIC_URL', 'https://www.exemplo.com.br/')
		resetEnvForTests()
		try {
			const data = await load('/bandanas')
			expect(data.seo.canonicalUrl).toBe('https://www.exemplo.com.br/categoria/bandana')
		} finally {
			vi.unstubAllEnvs()
			resetEnvForTests()
		}
	})
})

describe('/categoria/atacado', () => {
	test('answers 301 to the wholesale page, which sells with tiers from 10 units', async () => {
		expect(await statusOf('/categoria/atacado')).toBe(301)
		try {
			await load('/categoria/atacado')
		} catch (error) {
			expect((error as Response).headers.get('Location')).toBe('/atacado')
		}
	})
})

