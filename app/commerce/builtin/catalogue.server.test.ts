// Runs on both databases (decision 130): its subject is the catalogue's queries.
import { beforeAll, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { CommerceError } from '../errors'
import { INTERNAL_TAG } from '../internal-products'
import { builtinProvider as commerce } from './provider.server'
import { clearCommerceTables, createCollection, createProduct } from './test-factories.server'

withTestDatabase()

describe('listProducts', () => {
	const titles: string[] = []
	beforeAll(async () => {
		await clearCommerceTables()
		// Many products share a created_at (same millisecond or even microsecond) to prove the
		// cursor's tie-break on id; prices repeat for the same reason.
		const sameInstant = new Date('2025-01-01T12:00:00.000Z')
		for (let i = 0; i < 120; i++) {
			const title = `Bandana ${String(i).padStart(3, '0')}`
			titles.push(title)
			await createProduct({
				title,
				createdAt: i % 3 === 0 ? sameInstant : new Date(Date.UTC(2025, 0, 2, 0, 0, i)),
				variants: [{ priceCents: 1000 + (i % 7) * 100 }],
			})
		}
		await createProduct({ title: 'Rascunho escondido', status: 'draft' })
	})

	async function pageThrough(sortKey: 'CREATED_AT' | 'TITLE' | 'PRICE', reverse: boolean, first: number) {
		const seen: string[] = []
		let after: string | null = null
		let pages = 0
		for (;;) {
			const page = await commerce.listProducts({ first, after, sortKey, reverse })
			seen.push(...page.nodes.map((p) => p.title))
			pages += 1
			if (!page.pageInfo.hasNextPage) break
			after = page.pageInfo.endCursor
			expect(after).toBeTruthy()
			if (pages > 50) throw new Error('paging did not end')
		}
		return { seen, pages }
	}

	test.each([
		['CREATED_AT', false],
		['CREATED_AT', true],
		['TITLE', false],
		['TITLE', true],
		['PRICE', false],
		['PRICE', true],
	] as const)('pages through 120 products by %s (reverse %s) with no duplicates and no gaps', async (sortKey, reverse) => {
		const { seen, pages } = await pageThrough(sortKey, reverse, 25)
		expect(pages).toBe(5)
		expect(seen).toHaveLength(120)
		expect(new Set(seen).size).toBe(120)
		expect([...seen].sort()).toEqual([...titles].sort())
		expect(seen).not.toContain('Rascunho escondido')
	})

	test('title order is alphabetical and price order follows the cheapest variant', async () => {
		const byTitle = await commerce.listProducts({ first: 3, sortKey: 'TITLE' })
		expect(byTitle.nodes.map((p) => p.title)).toEqual(['Bandana 000', 'Bandana 001', 'Bandana 002'])
		const byPrice = await commerce.listProducts({ first: 120, sortKey: 'PRICE', reverse: true })
		const prices = byPrice.nodes.map((p) => p.priceRange.minVariantPrice.amountCents)
		expect(prices).toEqual([...prices].sort((a, b) => b - a))
		expect(prices[0]).toBe(1600)
	})

	test('a page size above 250 is capped and the last page says there is no next page', async () => {
		const page = await commerce.listProducts({ first: 1000 })
		expect(page.nodes).toHaveLength(120)
		expect(page.pageInfo.hasNextPage).toBe(false)
	})

	test('a forged cursor or one from another ordering is refused with a Portuguese message', async () => {
		await expect(commerce.listProducts({ first: 5, after: 'bm90LWEtY3Vyc29y' })).rejects.toMatchObject({
			code: 'invalid_input',
			userMessage: 'Página inválida. Volte ao início da lista.',
		})
		const page = await commerce.listProducts({ first: 5, sortKey: 'TITLE' })
		const error = await commerce
			.listProducts({ first: 5, after: page.pageInfo.endCursor, sortKey: 'PRICE' })
			.catch((e: unknown) => e)
		expect(error).toBeInstanceOf(CommerceError)
	})

	test('the query filters by free words, tag: and product_type:', async () => {
		await createProduct({ title: 'Coleira Couro', tags: ['Couro', 'coleira'], productType: 'Colar' })
		await createProduct({ title: 'Gravata Azul', description: 'Gravata com laço de cetim', productType: 'Gravata' })
		const words = await commerce.listProducts({ first: 10, query: 'LACO cetim' })
		expect(words.nodes.map((p) => p.title)).toEqual(['Gravata Azul'])
		const tag = await commerce.listProducts({ first: 10, query: 'tag:couro' })
		expect(tag.nodes.map((p) => p.title)).toEqual(['Coleira Couro'])
		const type = await commerce.listProducts({ first: 10, query: 'product_type:"colar"' })
		expect(type.nodes.map((p) => p.title)).toEqual(['Coleira Couro'])
		const wildcard = await commerce.listProducts({ first: 10, query: '100%' })
		expect(wildcard.nodes).toEqual([])
	})
})

describe('products by handle', () => {
	test('returns options, variants with prices in cents and availability, images and collections', async () => {
		const { product, variants } = await createProduct({
			title: 'Bandana Xadrez Vermelho',
			handle: 'bandana-xadrez-vermelho',
			description: 'Bandana em tecido xadrez',
			descriptionHtml: '<p>Bandana em <strong>tecido</strong> xadrez</p>',
			productType: 'Bandana',
			tags: ['xadrez', 'bandana'],
			options: [{ name: 'Tamanho', values: ['P', 'M', 'G'] }],
			images: 12,
			variants: [
				{ priceCents: 2990, compareAtPriceCents: 3990, selectedOptions: [{ name: 'Tamanho', value: 'P' }], stock: 3 },
				{ priceCents: 3290, selectedOptions: [{ name: 'Tamanho', value: 'M' }], stock: 0 },
				{ priceCents: 3590, selectedOptions: [{ name: 'Tamanho', value: 'G' }], available: false },
			],
		})
		await createCollection({ handle: 'bandana-xadrez', title: 'Bandana Xadrez', productIds: [product.id] })

		const found = await commerce.getProductByHandle('bandana-xadrez-vermelho')
		expect(found).not.toBeNull()
		if (!found) return
		expect(found.id).toBe(product.id)
		expect(found.descriptionHtml).toContain('<strong>tecido</strong>')
		expect(found.options).toEqual([{ name: 'Tamanho', values: ['P', 'M', 'G'] }])
		expect(found.images).toHaveLength(10)
		expect(found.images[0]).toMatchObject({ altText: 'Bandana Xadrez Vermelho 1', width: 800 })
		expect(found.collections).toEqual([{ handle: 'bandana-xadrez', title: 'Bandana Xadrez' }])
		expect(found.priceRange).toEqual({
			minVariantPrice: { amountCents: 2990, currencyCode: 'BRL' },
			maxVariantPrice: { amountCents: 3590, currencyCode: 'BRL' },
		})
		expect(found.variants.map((v) => [v.id, v.availableForSale, v.quantityAvailable])).toEqual([
			[variants[0]?.id, true, 3],
			[variants[1]?.id, false, 0],
			[variants[2]?.id, false, null],
		])
		expect(found.variants[0]?.compareAtPrice).toEqual({ amountCents: 3990, currencyCode: 'BRL' })
		expect(found.variants[0]?.selectedOptions).toEqual([{ name: 'Tamanho', value: 'P' }])
		expect(found.availableForSale).toBe(true)

		const [summary] = await commerce.getProductsByHandles(['bandana-xadrez-vermelho'])
		expect(summary?.images).toHaveLength(5)
		expect(summary).not.toHaveProperty('descriptionHtml')
	})

	test('a product whose variants cannot be sold is not available; drafts and unknown handles are null', async () => {
		await createProduct({ title: 'Laço Esgotado', handle: 'laco-esgotado', variants: [{ stock: 0 }, { available: false }] })
		await createProduct({ title: 'Laço Rascunho', handle: 'laco-rascunho', status: 'draft' })
		expect((await commerce.getProductByHandle('laco-esgotado'))?.availableForSale).toBe(false)
		expect(await commerce.getProductByHandle('laco-rascunho')).toBeNull()
		expect(await commerce.getProductByHandle('nao-existe')).toBeNull()
		expect(await commerce.getProductByHandle("'; drop table products; --")).toBeNull()
	})

	test('list summaries carry at most 10 variants but the price range covers all of them', async () => {
		await createProduct({
			title: 'Colar Muitas Cores',
			handle: 'colar-muitas-cores',
			variants: Array.from({ length: 60 }, (_, i) => ({ title: `Cor ${i}`, priceCents: 1000 + i })),
		})
		const [summary] = await commerce.getProductsByHandles(['colar-muitas-cores'])
		expect(summary?.variants).toHaveLength(10)
		expect(summary?.priceRange.maxVariantPrice.amountCents).toBe(1059)
		expect((await commerce.getProductByHandle('colar-muitas-cores'))?.variants).toHaveLength(50)
	})

	test('getProductsByHandles keeps the asked order and skips unknown handles', async () => {
		await createProduct({ title: 'Perfume Pet', handle: 'perfume-pet' })
		await createProduct({ title: 'Extensor', handle: 'extensor' })
		const found = await commerce.getProductsByHandles(['extensor', 'nao-existe', 'perfume-pet', 'Extensor'])
		expect(found.map((p) => p.handle)).toEqual(['extensor', 'perfume-pet'])
	})
})

describe('internal products (add-ons, bases, the gift)', () => {
	test('never appear in listings, even when asked for by word or tag, but are found by handle', async () => {
		await createProduct({ title: 'Personalização: Perfume 10ml', handle: 'personalizacao-perfume', tags: [INTERNAL_TAG] })
		await createProduct({ title: 'Perfume Floral', handle: 'perfume-floral', tags: ['perfume'] })
		// An internal tag among others still hides the product.
		await createProduct({ title: 'Lacinho Pet (Brinde)', handle: 'brinde-lacinho-pet', tags: ['lacinho', INTERNAL_TAG] })

		const all: string[] = []
		let after: string | null = null
		for (;;) {
			const page = await commerce.listProducts({ first: 250, after })
			all.push(...page.nodes.map((p) => p.handle))
			if (!page.pageInfo.hasNextPage) break
			after = page.pageInfo.endCursor
		}
		expect(all).toContain('perfume-floral')
		expect(all).not.toContain('personalizacao-perfume')
		expect(all).not.toContain('brinde-lacinho-pet')
		const byWord = await commerce.listProducts({ first: 10, query: 'perfume 10ml' })
		expect(byWord.nodes).toEqual([])
		expect((await commerce.listProducts({ first: 10, query: `tag:${INTERNAL_TAG}` })).nodes).toEqual([])

		// The product page and the cart still reach them by handle.
		expect((await commerce.getProductByHandle('personalizacao-perfume'))?.title).toBe('Personalização: Perfume 10ml')
		const byHandles = await commerce.getProductsByHandles(['brinde-lacinho-pet', 'personalizacao-perfume'])
		expect(byHandles.map((p) => p.handle)).toEqual(['brinde-lacinho-pet', 'personalizacao-perfume'])
	})
})

describe('collections', () => {
	test('counts only products on sale and lists them in collection order', async () => {
		const a = await createProduct({ title: 'Gravata Listrada' })
		const b = await createProduct({ title: 'Gravata Lisa' })
		const draft = await createProduct({ title: 'Gravata Rascunho', status: 'draft' })
		await createCollection({
			handle: 'gravatas',
			title: 'Gravatas',
			productIds: [b.product.id, draft.product.id, a.product.id],
		})
		await createCollection({ handle: 'vazia', title: 'Vazia' })

		const found = await commerce.getCollectionByHandle('gravatas')
		expect(found?.collection).toMatchObject({ handle: 'gravatas', title: 'Gravatas', productCount: 2 })
		expect(found?.products.map((p) => p.title)).toEqual(['Gravata Lisa', 'Gravata Listrada'])
		expect((await commerce.getCollectionByHandle('gravatas', { first: 1 }))?.products).toHaveLength(1)
		expect(await commerce.getCollectionByHandle('nao-existe')).toBeNull()

		const shared = await createProduct({ title: 'Gravata Festa' })
		await createCollection({ handle: 'festa', title: 'Festa', productIds: [shared.product.id, a.product.id] })
		await createCollection({ handle: 'gravatas-festa', title: 'Gravatas de festa', productIds: [shared.product.id] })
		const several = await commerce.getCollectionsByHandles(['gravatas-festa', 'nao-existe', 'festa', 'gravatas'], { first: 1 })
		// In the order asked, missing ones skipped, `first` per collection, a product shared by two in both.
		expect(several.map((c) => [c.collection.handle, c.products.map((p) => p.title)])).toEqual([
			['gravatas-festa', ['Gravata Festa']],
			['festa', ['Gravata Festa']],
			['gravatas', ['Gravata Lisa']],
		])
		expect(await commerce.getCollectionsByHandles(['Não é handle!'])).toEqual([])

		const all = await commerce.listCollections()
		expect(all.find((c) => c.handle === 'gravatas')?.productCount).toBe(2)
		expect(all.find((c) => c.handle === 'vazia')?.productCount).toBe(0)
	})
})
