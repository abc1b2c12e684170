import { describe, expect, test } from 'vitest'
import { type BrowseRow, NO_FILTERS, browse, browseSearch, colorKey, parseBrowseParams } from './browse'

const row = (id: string, extra: Partial<BrowseRow> = {}): BrowseRow => ({
	id,
	rank: Number(id.replace(/\D/g, '')),
	createdAt: 0,
	priceCents: 1000,
	inStock: true,
	sizes: [],
	colors: [],
	unitsSold: 0,
	...extra,
})

describe('URL parameters', () => {
	test('round-trip: what the page writes is what it reads', () => {
		const url = '?ordem=menor-preco&tamanho=P&tamanho=M&cor=Preto&preco-min=20&preco-max=49,90&estoque=1&pagina=2'
		const params = parseBrowseParams(new URLSearchParams(url))
		expect(params).toEqual({
			sort: 'menor-preco',
			filters: { sizes: ['P', 'M'], colors: ['Preto'], minPriceCents: 2000, maxPriceCents: 4990, inStock: true },
			page: 2,
		})
		expect(browseSearch(params)).toBe(url.replace(',', '%2C'))
		expect(browseSearch(params, { q: 'laço' })).toMatch(/^\?q=la%C3%A7o&ordem=menor-preco/)
	})

	test('bad values fall back to the defaults; swapped prices are put in order', () => {
		expect(parseBrowseParams(new URLSearchParams('ordem=xyz&pagina=-3&preco-min=abc&tamanho='))).toEqual({
			sort: 'relevancia',
			filters: NO_FILTERS,
			page: 1,
		})
		expect(parseBrowseParams(new URLSearchParams('preco-min=50&preco-max=10')).filters).toMatchObject({ minPriceCents: 1000, maxPriceCents: 5000 })
		expect(browseSearch(parseBrowseParams(new URLSearchParams('')))).toBe('')
	})
})

describe('browse', () => {
	const rows = [
		row('p1', { priceCents: 3490, sizes: ['P', 'M'], colors: ['Preto'], createdAt: 3, unitsSold: 5 }),
		row('p2', { priceCents: 2990, sizes: ['M', 'G'], colors: ['Rosa'], createdAt: 1, unitsSold: 9, inStock: false }),
		row('p3', { priceCents: 4990, sizes: ['G'], colors: ['Preto', 'Rosa'], createdAt: 2 }),
	]
	const params = (query: string) => parseBrowseParams(new URLSearchParams(query))

	test('sorts by relevance, price both ways, newest and best-selling', () => {
		const ids = (query: string) => browse(rows, params(query)).ids
		expect(ids('')).toEqual(['p1', 'p2', 'p3'])
		expect(ids('ordem=menor-preco')).toEqual(['p2', 'p1', 'p3'])
		expect(ids('ordem=maior-preco')).toEqual(['p3', 'p1', 'p2'])
		expect(ids('ordem=novidades')).toEqual(['p1', 'p3', 'p2'])
		expect(ids('ordem=mais-vendidos')).toEqual(['p2', 'p1', 'p3'])
	})

	test('filters combine (any chosen size, any chosen colour, price range, in stock) and count per facet', () => {
		const result = browse(rows, params('tamanho=M&cor=Preto'))
		expect(result.ids).toEqual(['p1'])
		expect(result.total).toBe(1)
		// Sizes are counted with the colour filter only; colours with the size filter only.
		expect(result.facets.sizes).toEqual([
			{ value: 'P', count: 1 },
			{ value: 'M', count: 1 },
			{ value: 'G', count: 1 },
		])
		expect(result.facets.colors).toEqual([
			{ value: 'Preto', count: 1 },
			{ value: 'Rosa', count: 1 },
		])
		expect(browse(rows, params('preco-min=30&preco-max=40')).ids).toEqual(['p1'])
		expect(browse(rows, params('estoque=1')).ids).toEqual(['p1', 'p3'])
		expect(browse(rows, params('')).facets).toMatchObject({ inStock: 2, priceBounds: { minCents: 2990, maxCents: 4990 } })
	})

	test('a size counts and matches only the products that can be sold in it (its rows list only sizes in stock)', () => {
		// p1 has P and M in stock; p2 only M (its P and G sold out); p3 nothing in stock at all.
		const stocked = [
			row('p1', { sizes: ['P', 'M'] }),
			row('p2', { sizes: ['M'] }),
			row('p3', { sizes: [], inStock: false }),
		]
		expect(browse(stocked, params('')).facets.sizes).toEqual([
			{ value: 'P', count: 1 },
			{ value: 'M', count: 2 },
		])
		expect(browse(stocked, params('tamanho=P')).ids).toEqual(['p1'])
		// A chosen size nobody has in stock stays listed, at 0, and lists nothing.
		expect(browse(stocked, params('tamanho=G'))).toMatchObject({ ids: [], facets: { sizes: expect.arrayContaining([{ value: 'G', count: 0 }]) } })
	})

	test('colours that differ only by accents or case are one facet, in the accented spelling; either spelling filters both', () => {
		expect(colorKey(' Azul  BEBÊ ')).toBe('azul bebe')
		const colours = [
			row('p1', { colors: ['Azul bebe'] }),
			row('p2', { colors: ['Azul bebê', 'Preto'] }),
			row('p3', { colors: ['azul bebe', 'Azul bebê'] }),
			row('p4', { colors: ['preto'] }),
		]
		expect(browse(colours, params('')).facets.colors).toEqual([
			{ value: 'Azul bebê', count: 3 },
			// No accent to prefer: the spelling most products use, then A-Z ('Preto' before 'preto').
			{ value: 'Preto', count: 2 },
		])
		expect(browse(colours, params('cor=Azul%20bebe')).ids).toEqual(['p1', 'p2', 'p3'])
		expect(browse(colours, params('cor=AZUL%20BEB%C3%8A')).ids).toEqual(['p1', 'p2', 'p3'])
		expect(browse(colours, params('cor=Preto')).ids).toEqual(['p2', 'p4'])
		// Two spellings in one URL are one choice; a chosen colour nobody has stays listed at 0.
		expect(parseBrowseParams(new URLSearchParams('cor=Azul%20bebe&cor=Azul%20beb%C3%AA')).filters.colors).toEqual(['Azul bebe'])
		expect(browse(colours, params('cor=Lil%C3%A1s')).facets.colors).toContainEqual({ value: 'Lilás', count: 0 })
	})

	test('pages of 50, and a page past the end shows the last one', () => {
		const many = Array.from({ length: 120 }, (_, i) => row(`p${i}`))
		const second = browse(many, params('pagina=2'))
		expect(second).toMatchObject({ total: 120, page: 2, pageCount: 3 })
		expect(second.ids[0]).toBe('p50')
		expect(second.ids).toHaveLength(50)
		expect(browse(many, params('pagina=9'))).toMatchObject({ page: 3 })
		expect(browse(many, params('pagina=9')).ids).toHaveLength(20)
		expect(browse([], params(''))).toMatchObject({ ids: [], total: 0, page: 1, pageCount: 1, facets: { priceBounds: null } })
	})
})
