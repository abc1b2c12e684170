// Runs on both databases (decision 130): its subject is search: the trigram and unaccent extensions each engine loads.
import { beforeAll, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { INTERNAL_TAG } from '../internal-products'
import { builtinProvider as commerce } from './provider.server'
import { searchTokens } from './search.server'
import { clearCommerceTables, createProduct } from './test-factories.server'

withTestDatabase()

async function titles(query: string, first: number | undefined = 8) {
	return (await commerce.searchProducts(query, first === undefined ? undefined : { first })).map((p) => p.title)
}

describe('searchTokens', () => {
	test('needs 2 trimmed characters and keeps at most 6 words', () => {
		expect(searchTokens(' a ')).toEqual([])
		expect(searchTokens('')).toEqual([])
		expect(searchTokens('  La  ')).toEqual(['la'])
		expect(searchTokens('a b')).toEqual(['a b'])
		expect(searchTokens('Bandana  P xadrez')).toEqual(['bandana', 'xadrez'])
		expect(searchTokens('um dois tres quatro cinco seis sete')).toHaveLength(6)
	})
})

describe('searchProducts', () => {
	beforeAll(async () => {
		await clearCommerceTables()
		await createProduct({ title: 'Laço Rosa', tags: ['lacinho', 'rosa'], description: 'Laço de cetim para pets' })
		await createProduct({ title: 'Laço Azul Marinho', tags: ['lacinho'] })
		await createProduct({ title: 'Bandana Xadrez Vermelho', tags: ['bandana', 'xadrez'] })
		await createProduct({ title: 'Bandana Escocesa', tags: ['bandana', 'xadrez'] })
		await createProduct({ title: 'Bandana Vermelha Lisa', tags: ['bandana'] })
		await createProduct({ title: 'Coleira Xadrez', tags: ['colar'] })
		await createProduct({ title: 'Bandana Neutra Bege', tags: ['bandana', 'neutra'] })
		await createProduct({ title: 'Coleira Couro Caramelo', tags: ['colar'], description: 'Coleira ajustável de couro legítimo' })
		await createProduct({ title: 'Cachecol Tricô', tags: ['inverno', 'rosa'], description: 'Cachecol quentinho' })
		await createProduct({ title: 'Kit Higiene', description: 'Shampoo com cheirinho de rosa e toalha' })
		await createProduct({ title: 'Perfume Pet Festa', tags: ['aniversário'] })
		await createProduct({ title: 'Laço Rascunho', status: 'draft' })
		// Cart-only products (add-ons, the gift) share words with real ones.
		await createProduct({ title: 'Laço Brinde', handle: 'brinde-laco', tags: ['lacinho', INTERNAL_TAG] })
		await createProduct({ title: 'Personalização: Perfume Pet', handle: 'personalizacao-perfume', tags: [INTERNAL_TAG] })
		for (let i = 1; i <= 10; i++) await createProduct({ title: `Gravata Borboleta ${i}`, tags: ['gravata'] })
	})

	test("is accent-insensitive: 'laco' finds 'Laço Rosa'", async () => {
		const found = await titles('laco')
		expect(found).toContain('Laço Rosa')
		expect(found).toContain('Laço Azul Marinho')
		expect(found).not.toContain('Laço Rascunho')
		expect(await titles('LAÇO ROSA')).toEqual(['Laço Rosa'])
	})

	test("tolerates one typo: 'bandana xadres' finds the checkered bandanas, title match first", async () => {
		// The tag-only checkered bandana comes after the one with 'Xadrez' in its title; plain
		// bandanas and a checkered collar do not match both words.
		expect(await titles('bandana xadres')).toEqual(['Bandana Xadrez Vermelho', 'Bandana Escocesa'])
		expect((await titles('coleria')).sort()).toEqual(['Coleira Couro Caramelo', 'Coleira Xadrez'])
		// The closer (shorter) title wins among equal matches.
		expect(await titles('coleira xadrez')).toEqual(['Coleira Xadrez'])
	})

	test('matches tags and descriptions', async () => {
		expect(await titles('aniversario')).toEqual(['Perfume Pet Festa'])
		expect(await titles('legitimo')).toEqual(['Coleira Couro Caramelo'])
		expect(await titles('shampoo')).toEqual(['Kit Higiene'])
	})

	test('ranks title matches before tag matches before description matches', async () => {
		expect(await titles('rosa')).toEqual(['Laço Rosa', 'Cachecol Tricô', 'Kit Higiene'])
	})

	test('every word must match somewhere', async () => {
		expect(await titles('bandana lisa')).toEqual(['Bandana Vermelha Lisa'])
		expect(await titles('vermelh bandana')).toEqual(['Bandana Vermelha Lisa', 'Bandana Xadrez Vermelho'])
		expect(await titles('bandana inexistente')).toEqual([])
	})

	test('fewer than 2 trimmed characters returns nothing; results are capped at first', async () => {
		expect(await titles('l')).toEqual([])
		expect(await titles('   ')).toEqual([])
		expect(await titles('bandana', 2)).toHaveLength(2)
	})

	test('LIKE wildcards in the query are literal', async () => {
		expect(await titles('%%')).toEqual([])
		expect(await titles('_a')).toEqual([])
	})

	test('never finds internal products, which stay reachable by handle', async () => {
		expect(await titles('laco brinde')).toEqual([])
		expect(await titles('laco', 50)).not.toContain('Laço Brinde')
		expect(await titles('perfume pet')).toEqual(['Perfume Pet Festa'])
		expect(await titles(INTERNAL_TAG)).toEqual([])
		expect((await commerce.getProductByHandle('brinde-laco'))?.title).toBe('Laço Brinde')
	})

	test('shows 8 results unless asked otherwise, the shortest matching titles first', async () => {
		const found = await titles('gravata borboleta', undefined)
		expect(found).toHaveLength(8)
		// Equal matches: the shorter (closer) title first, then alphabetical.
		expect(found.slice(0, 3)).toEqual(['Gravata Borboleta 1', 'Gravata Borboleta 2', 'Gravata Borboleta 3'])
		expect(await titles('gravata', 50)).toHaveLength(10)
	})

	test('a typo in one word of several still finds the product; two typos in a short word do not', async () => {
		expect(await titles('cachecol trico')).toEqual(['Cachecol Tricô'])
		expect(await titles('cachecou')).toEqual(['Cachecol Tricô'])
		expect(await titles('coleira courro')).toEqual(['Coleira Couro Caramelo'])
		expect(await titles('xyzw')).toEqual([])
	})

	test('results are full summaries with price and image', async () => {
		const [first] = await commerce.searchProducts('laço rosa')
		expect(first?.priceRange.minVariantPrice).toEqual({ amountCents: 2990, currencyCode: 'BRL' })
		expect(first?.images[0]?.url).toMatch(/^\/media\//)
		expect(first?.handle).toMatch(/^laco-rosa-/)
	})
})
