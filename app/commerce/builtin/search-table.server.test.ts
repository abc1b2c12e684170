// Runs on both databases (decision 130): its subject is search: the trigram and unaccent extensions, and the search table's upkeep.
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { products } from '~/db/schema'
import { db, queryRows } from '~/server/db.server'
import { INTERNAL_TAG } from '../internal-products'
import { builtinProvider as commerce } from './provider.server'
import { candidateIds, catalogueTerms, productWords, searchTokens, similarWords, similarWordsAndTerms } from './search.server'
import { clearCommerceTables, createProduct } from './test-factories.server'

withTestDatabase()

/** product_search and search_terms (decision 056), kept by triggers on products. */
type Row = { searchable: boolean; title: string; words: string[] }

async function searchRow(id: string): Promise<Row | undefined> {
	const [row] = await queryRows<Row>(sql`select searchable, title, words from product_search where product_id = ${id}`)
	return row ? { ...row, words: [...row.words].sort() } : undefined
}

async function terms(): Promise<string[]> {
	return (await queryRows<{ word: string }>(sql`select word from search_terms order by word`)).map((r) => r.word)
}

async function titles(query: string, first = 8) {
	return (await commerce.searchProducts(query, { first })).map((p) => p.title)
}

describe('product_search, kept by the triggers on products', () => {
	beforeAll(clearCommerceTables)

	test('a new product gets its row: folded title, title and tag words, the other description words marked', async () => {
		const { product } = await createProduct({
			title: 'Laço Azul-Bebê 2',
			tags: ['lacinho', 'verão'],
			description: 'Laço de cetim, com pérola.',
		})
		expect(await searchRow(product.id)).toEqual({
			searchable: true,
			title: 'laco azul-bebe 2',
			// 'laço' of the description is a title word already: not repeated with '~'.
			words: ['azul', 'bebe', 'lacinho', 'laco', 'verao', '~cetim', '~com', '~de', '~perola'].sort(),
		})
		expect(await terms()).toEqual(expect.arrayContaining(['azul', 'bebe', 'cetim', 'com', 'lacinho', 'laco', 'perola', 'verao']))
	})

	test('drafts and internal products are kept but not searchable', async () => {
		const { product: draft } = await createProduct({ title: 'Laço Rascunho', status: 'draft' })
		const { product: internal } = await createProduct({ title: 'Laço Brinde', tags: [INTERNAL_TAG] })
		expect((await searchRow(draft.id))?.searchable).toBe(false)
		expect((await searchRow(internal.id))?.searchable).toBe(false)
	})

	test('an update rewrites the row, a bulk update every row, a delete removes it', async () => {
		const { product: a } = await createProduct({ title: 'Bandana Xadrez', tags: ['bandana'] })
		const { product: b } = await createProduct({ title: 'Bandana Lisa', tags: ['bandana'] })
		await db
			.update(products)
			.set({ title: 'Gravata Turquesa', status: 'draft' })
			.where(sql`${products.id} = ${a.id}`)
		expect(await searchRow(a.id)).toEqual({ searchable: false, title: 'gravata turquesa', words: ['bandana', 'gravata', 'turquesa'] })
		await db
			.update(products)
			.set({ status: 'active', description: 'Estampa tropical' })
			.where(sql`${products.id} in (${a.id}, ${b.id})`)
		expect(await searchRow(a.id)).toMatchObject({ searchable: true, words: ['bandana', 'gravata', 'turquesa', '~estampa', '~tropical'] })
		expect(await searchRow(b.id)).toMatchObject({ searchable: true, words: ['bandana', 'lisa', '~estampa', '~tropical'] })
		await db.delete(products).where(sql`${products.id} = ${a.id}`)
		expect(await searchRow(a.id)).toBeUndefined()
		expect(await searchRow(b.id)).toBeDefined()
		// Words stay in search_terms (a stale one only widens a look-up).
		expect(await terms()).toEqual(expect.arrayContaining(['gravata', 'turquesa']))
	})

	test('search follows a rename at once, typos included', async () => {
		const { product } = await createProduct({ title: 'Coleira Simples' })
		expect(await titles('cachecou')).toEqual([])
		await db
			.update(products)
			.set({ title: 'Cachecol Simples' })
			.where(sql`${products.id} = ${product.id}`)
		expect(await titles('cachecou')).toEqual(['Cachecol Simples'])
		expect(await titles('coleira')).toEqual([])
	})

	test('truncating products empties it', async () => {
		await createProduct({ title: 'Qualquer Coisa' })
		await clearCommerceTables()
		expect(await queryRows(sql`select 1 from product_search`)).toEqual([])
	})
})

describe('catalogueTerms: the quick exit', () => {
	beforeAll(async () => {
		await clearCommerceTables()
		await createProduct({ title: 'Laço Rosa', tags: ['lacinho'], description: 'Laço de cetim com cheirinho' })
		await createProduct({ title: 'Bandana Xadrez', tags: ['bandana', 'xadrez'] })
		await createProduct({ title: 'Coleira Pet-Shop 3cm' })
	})

	test('lists the words of titles, tags and descriptions that hold each typed word', async () => {
		expect(await catalogueTerms(['laço', 'heir'], db)).toEqual([['laco'], ['cheirinho']])
		expect(await catalogueTerms(['zq'], db)).toEqual([[]])
	})

	test('gives up when a typed word is not letters only (the plain LIKE path answers)', async () => {
		expect(await catalogueTerms(['pet-shop'], db)).toBeUndefined()
		expect(await catalogueTerms(['coleira', '3c'], db)).toBeUndefined()
		expect(await catalogueTerms(['a"b\\c{,}', 'null'], db)).toBeUndefined()
		expect(await titles('coleira "pet\\{,}')).toEqual([])
		expect(await titles('pet-shop')).toEqual(['Coleira Pet-Shop 3cm'])
		expect(await terms()).not.toContain('3cm')
	})

	test('a word nothing contains finds nothing, even beside words that match; a close word still finds', async () => {
		expect(await titles('zq')).toEqual([])
		expect(await titles('bandana zq')).toEqual([])
		expect(await titles('xyzw')).toEqual([])
		// 'xadres' is in no word, but 'xadrez' is close: the typo pass runs.
		expect(await titles('bandana xadres')).toEqual(['Bandana Xadrez'])
		// Part of a description word still matches.
		expect(await titles('cheirin')).toEqual(['Laço Rosa'])
		expect(await titles('3c')).toEqual(['Coleira Pet-Shop 3cm'])
	})
})

describe('candidates from product_search', () => {
	beforeAll(async () => {
		await clearCommerceTables()
		await createProduct({ title: 'Laço Rosa', tags: ['lacinho', 'rosa'], description: 'Laço de cetim para pets' })
		await createProduct({ title: 'Laços Azuis', tags: ['lacinhos'] })
		await createProduct({ title: 'Bandana Xadrez Vermelho', tags: ['bandana', 'xadrez'] })
		await createProduct({ title: 'Bandana Escocesa', tags: ['bandana', 'xadrezinho'] })
		await createProduct({ title: 'Coleira Couro', tags: ['colar'], description: 'Coleira ajustável de couro legítimo' })
		await createProduct({ title: 'Kit Higiene', description: 'Shampoo com cheirinho de rosa' })
		await createProduct({ title: 'Cachecol Tricô', tags: ['inverno'], status: 'draft' })
		await createProduct({ title: 'Laço Brinde', tags: ['lacinho', INTERNAL_TAG] })
	})

	test('are the same products the LIKE conditions on products find', async () => {
		const queries = [
			'laco',
			'lacinho',
			'bandana xadres',
			'xadres',
			'coleria',
			'couro',
			'rosa',
			'sha',
			'cachecol',
			'lacinhu azul',
			'ro',
			'vermleho',
		]
		await db.transaction(async (tx) => {
			await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.5', true)`)
			for (const query of queries) {
				const tokens = searchTokens(query)
				const similar = await similarWords(tokens, tx)
				const found = await catalogueTerms(tokens, tx)
				expect(found, query).toBeDefined()
				const words = await productWords(tokens, found ?? [], similar, tx)
				const viaLike = await candidateIds(tokens, similar, 200, tx)
				const viaTable = await candidateIds(tokens, similar, 200, tx, words)
				expect(viaTable, query).toEqual(viaLike)
				// searchProductIds looks the close words' terms up with the close words, in one statement.
				const merged = await similarWordsAndTerms(tokens, tx)
				expect(merged.similar, query).toEqual(similar)
				const mergedWords = await productWords(tokens, found ?? [], merged.similar, tx, merged.closeTerms)
				expect(
					mergedWords.map((w) => [...w].sort()),
					query,
				).toEqual(words.map((w) => [...w].sort()))
			}
		})
	})
})

describe('candidates of a common-word typo, a title length at a time', () => {
	// Many products share 'gravata' with titles of every length, ties included (same length,
	// same title): the table path reads them a length at a time and stops at the window, and must
	// give the LIKE path's candidates in its order whatever the window (decision 056, "Common-word typos").
	beforeAll(async () => {
		await clearCommerceTables()
		const colours = ['Azul', 'Rosa', 'Verde', 'Preto', 'Lilás', 'Vermelho', 'Amarelo', 'Turquesa']
		const extras = ['', ' Boho', ' Natal', ' Verão', ' Clássica', ' Tropical Urbana']
		const rows = colours.flatMap((colour, i) =>
			extras.map((extra, j) => ({
				handle: `gravata-${i}-${j}`,
				title: `Gravata ${colour}${extra}`,
				description: j === 3 ? 'Gravata de festa' : '',
				tags: j === 2 ? ['borboleta'] : [],
				status: i === 7 && j === 1 ? 'draft' : 'active',
			})),
		)
		await db.insert(products).values([
			...rows,
			// Same titles twice (a tie broken by id), a tag-only and a description-only match, an internal one.
			{ handle: 'gravata-dup-1', title: 'Gravata Azul Boho' },
			{ handle: 'gravata-dup-2', title: 'Gravata Azul Boho' },
			{ handle: 'gravata-tag', title: 'Laço Borboleta', tags: ['gravata'] },
			{ handle: 'gravata-desc', title: 'Acessório', description: 'Uma gravata para o seu pet' },
			{ handle: 'gravata-interna', title: 'Gravata Brinde', tags: [INTERNAL_TAG] },
			{ handle: 'outro', title: 'Coleira Azul' },
		])
	})

	test('are the LIKE path candidates, in order, for every window', async () => {
		await db.transaction(async (tx) => {
			await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.5', true)`)
			for (const query of ['gravta', 'gravta azul', 'gravata festa', 'gravta borboleta', 'festa gravat']) {
				const tokens = searchTokens(query)
				const similar = await similarWords(tokens, tx)
				const found = await catalogueTerms(tokens, tx)
				expect(found, query).toBeDefined()
				const words = await productWords(tokens, found ?? [], similar, tx)
				const all = await candidateIds(tokens, similar, 200, tx)
				expect(all.length, query).toBeGreaterThan(0)
				for (const window of [1, 2, 3, 5, 8, 13, 21, 34, 55, 200]) {
					const viaLike = await candidateIds(tokens, similar, window, tx)
					expect(viaLike, `${query}, ${window}`).toEqual(all.slice(0, window))
					expect(await candidateIds(tokens, similar, window, tx, words), `${query}, ${window}`).toEqual(viaLike)
				}
			}
		})
	})

	test('search ranks them as before', async () => {
		expect(await titles('gravta boho', 5)).toEqual([
			'Gravata Azul Boho',
			'Gravata Azul Boho',
			'Gravata Azul Boho',
			'Gravata Rosa Boho',
			'Gravata Lilás Boho',
		])
	})
})
