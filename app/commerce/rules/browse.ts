/**
 * Sorting, filters and paging of category and search result pages (issue 13), kept in the URL
 * so that a filtered page can be shared, bookmarked, reloaded and rendered on the server:
 * `?ordem=menor-preco&tamanho=P&tamanho=M&cor=Preto&preco-min=20&preco-max=50&estoque=1&pagina=2`.
 * Pure: the page, the provider and the tests share it.
 */
import { lazily } from '~/utils/format'

export const BROWSE_SORTS = ['relevancia', 'menor-preco', 'maior-preco', 'novidades', 'mais-vendidos'] as const
export type BrowseSort = (typeof BROWSE_SORTS)[number]

export const BROWSE_SORT_LABELS: Record<BrowseSort, string> = {
	relevancia: 'Relevância',
	'menor-preco': 'Menor preço',
	'maior-preco': 'Maior preço',
	novidades: 'Novidades',
	'mais-vendidos': 'Mais vendidos',
}

/** Document 000 §2: 50 products per page. */
export const BROWSE_PAGE_SIZE = 50
const MAX_PAGE = 1000
const MAX_VALUES = 20

export type BrowseFilters = {
	sizes: string[]
	colors: string[]
	/** Inclusive bounds in cents; null = open. */
	minPriceCents: number | null
	maxPriceCents: number | null
	inStock: boolean
}

export type BrowseParams = { sort: BrowseSort; filters: BrowseFilters; page: number }

export const NO_FILTERS: BrowseFilters = { sizes: [], colors: [], minPriceCents: null, maxPriceCents: null, inStock: false }

/**
 * A size or colour from the URL: 1 to 40 characters once trimmed. A plain check, not a zod schema:
 * this module is in the category and search pages' browser bundle, and a schema built at module
 * level would keep zod (14 KB gzipped) there (issue 14).
 */
const isOptionValue = (value: string) => value.trim().length >= 1 && value.trim().length <= 40

/** 'R$ 20', '20', '20,50' → cents; anything else → null (ignored, as a shop ignores a bad link). */
function reaisToCents(value: string | null): number | null {
	if (value === null) return null
	const match = /^\s*(?:R\$\s*)?(\d{1,6})(?:[.,](\d{1,2}))?\s*$/.exec(value)
	if (!match) return null
	return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'))
}

/**
 * The browse parameters of a URL. Unknown or malformed values fall back to the defaults rather
 * than fail: these URLs are typed, shared and cut by people, and a product list is better than an
 * error page for a wrong '?ordem='.
 */
export function parseBrowseParams(search: URLSearchParams): BrowseParams {
	const sortParam = search.get('ordem')
	const sort = (BROWSE_SORTS as readonly string[]).includes(sortParam ?? '') ? (sortParam as BrowseSort) : 'relevancia'
	const values = (name: string) =>
		[...new Set(search.getAll(name).flatMap((v) => (isOptionValue(v) ? [v.trim()] : [])))].slice(0, MAX_VALUES)
	let minPriceCents = reaisToCents(search.get('preco-min'))
	let maxPriceCents = reaisToCents(search.get('preco-max'))
	if (minPriceCents !== null && maxPriceCents !== null && minPriceCents > maxPriceCents) {
		;[minPriceCents, maxPriceCents] = [maxPriceCents, minPriceCents]
	}
	const pageNumber = Number(search.get('pagina') ?? '1')
	const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? Math.min(pageNumber, MAX_PAGE) : 1
	return {
		sort,
		filters: {
			sizes: values('tamanho'),
			// 'Azul bebe' and 'Azul bebê' are one colour: the first spelling stays.
			colors: values('cor').filter((c, i, all) => all.findIndex((other) => colorKey(other) === colorKey(c)) === i),
			minPriceCents,
			maxPriceCents,
			inStock: search.get('estoque') === '1',
		},
		page,
	}
}

/** The query string of these parameters (defaults left out), with `extra` first (e.g. `q`). */
export function browseSearch(params: BrowseParams, extra: Record<string, string> = {}): string {
	const search = new URLSearchParams(extra)
	if (params.sort !== 'relevancia') search.set('ordem', params.sort)
	for (const size of params.filters.sizes) search.append('tamanho', size)
	for (const color of params.filters.colors) search.append('cor', color)
	if (params.filters.minPriceCents !== null) search.set('preco-min', centsToReais(params.filters.minPriceCents))
	if (params.filters.maxPriceCents !== null) search.set('preco-max', centsToReais(params.filters.maxPriceCents))
	if (params.filters.inStock) search.set('estoque', '1')
	if (params.page > 1) search.set('pagina', String(params.page))
	const text = search.toString()
	return text ? `?${text}` : ''
}

/** 2000 → '20', 4990 → '49,90': a price as typed in the filter fields and written in the URL. */
export function centsToReais(cents: number): string {
	return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2).replace('.', ',')
}

export function hasFilters(filters: BrowseFilters): boolean {
	return (
		filters.sizes.length > 0 ||
		filters.colors.length > 0 ||
		filters.minPriceCents !== null ||
		filters.maxPriceCents !== null ||
		filters.inStock
	)
}

/** What the provider knows of each product of the listed set, to filter, count and sort it. */
export type BrowseRow = {
	id: string
	/** Position in the set's own order: the collection's order, or the search ranking. */
	rank: number
	createdAt: number
	/** Lowest price among the variants that can be sold, else the lowest price (as cards show). */
	priceCents: number
	inStock: boolean
	/**
	 * Sizes that can be bought now (a variant of that size can be sold): a size sold out in every
	 * colour neither counts nor matches, so the count beside 'P' is what ticking 'P' lists.
	 */
	sizes: string[]
	/** Colours as spelled in the variants; 'Azul bebê' and 'azul bebe' are one (see colorKey). */
	colors: string[]
	unitsSold: number
}

export type FacetCount = { value: string; count: number }
export type BrowseFacets = {
	sizes: FacetCount[]
	colors: FacetCount[]
	inStock: number
	priceBounds: { minCents: number; maxCents: number } | null
}
export type BrowsePage = { ids: string[]; total: number; page: number; pageCount: number; facets: BrowseFacets }

type FilterName = 'sizes' | 'colors' | 'price' | 'inStock'

/**
 * What makes two colour names the same colour: case and accents set aside ('Azul bebê', 'Azul
 * bebe' and 'azul  BEBÊ' are one), as owners type them differently from product to product.
 */
export function colorKey(value: string): string {
	return value
		.normalize('NFD')
		.replace(/\p{M}/gu, '')
		.toLowerCase()
		.replace(/\s+/g, ' ')
		.trim()
}

/** Whether a facet's value is among the chosen ones (colours by colorKey, sizes as written). */
export function isChosen(name: 'sizes' | 'colors', value: string, chosen: string[]): boolean {
	if (name === 'sizes') return chosen.includes(value)
	const key = colorKey(value)
	return chosen.some((c) => colorKey(c) === key)
}

function passes(row: BrowseRow, filters: BrowseFilters, except?: FilterName): boolean {
	if (except !== 'sizes' && filters.sizes.length > 0 && !filters.sizes.some((s) => row.sizes.includes(s))) return false
	if (except !== 'colors' && filters.colors.length > 0 && !row.colors.some((c) => isChosen('colors', c, filters.colors))) return false
	if (except !== 'price') {
		if (filters.minPriceCents !== null && row.priceCents < filters.minPriceCents) return false
		if (filters.maxPriceCents !== null && row.priceCents > filters.maxPriceCents) return false
	}
	if (except !== 'inStock' && filters.inStock && !row.inStock) return false
	return true
}

/** Sizes in the order shops list them; other values alphabetically after. */
const SIZE_ORDER = ['PP', 'P', 'M', 'G', 'GG', 'XG', 'XGG', 'Único']
const collator = lazily(() => new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true }))

function sizeCompare(a: string, b: string): number {
	const ia = SIZE_ORDER.indexOf(a)
	const ib = SIZE_ORDER.indexOf(b)
	if (ia !== -1 || ib !== -1) return (ia === -1 ? Infinity : ia) - (ib === -1 ? Infinity : ib)
	return collator().compare(a, b)
}

/** Of several spellings of one colour, the accented one ('Azul bebê'), then the most used, then A-Z. */
function preferredSpelling(spellings: Map<string, number>): string {
	const accents = (value: string) => value.normalize('NFD').length - value.length
	return [...spellings].sort(
		([a, countA], [b, countB]) => accents(b) - accents(a) || countB - countA || collator().compare(a, b) || (a < b ? -1 : 1),
	)[0]![0]
}

/**
 * Each value with the number of products it would show, given the OTHER filters (the usual
 * faceting: ticking 'P' does not make 'M' look empty). Chosen values stay listed even at 0.
 * Colours are counted by colorKey and shown in their preferred spelling.
 */
function facet(
	rows: BrowseRow[],
	filters: BrowseFilters,
	name: 'sizes' | 'colors',
	compare: (a: string, b: string) => number,
): FacetCount[] {
	const keyOf = name === 'colors' ? colorKey : (value: string) => value
	const counts = new Map<string, { count: number; spellings: Map<string, number> }>()
	for (const row of rows) {
		if (!passes(row, filters, name)) continue
		const seen = new Set<string>()
		for (const value of row[name]) {
			const key = keyOf(value)
			const entry = counts.get(key) ?? { count: 0, spellings: new Map<string, number>() }
			if (!seen.has(key)) entry.count += 1
			seen.add(key)
			entry.spellings.set(value, (entry.spellings.get(value) ?? 0) + 1)
			counts.set(key, entry)
		}
	}
	for (const chosen of filters[name]) {
		if (!counts.has(keyOf(chosen))) counts.set(keyOf(chosen), { count: 0, spellings: new Map([[chosen, 1]]) })
	}
	return [...counts.values()]
		.map(({ count, spellings }) => ({ value: preferredSpelling(spellings), count }))
		.sort((a, b) => compare(a.value, b.value))
}

function sorter(sort: BrowseSort): (a: BrowseRow, b: BrowseRow) => number {
	const byRank = (a: BrowseRow, b: BrowseRow) => a.rank - b.rank
	switch (sort) {
		case 'relevancia':
			return byRank
		case 'menor-preco':
			return (a, b) => a.priceCents - b.priceCents || byRank(a, b)
		case 'maior-preco':
			return (a, b) => b.priceCents - a.priceCents || byRank(a, b)
		case 'novidades':
			return (a, b) => b.createdAt - a.createdAt || byRank(a, b)
		case 'mais-vendidos':
			return (a, b) => b.unitsSold - a.unitsSold || byRank(a, b)
	}
}

/**
 * How a collection lists its products when the shopper has not chosen (issue 11): in the owner's
 * order ('manual') or by one of the shopper's sorts.
 */
export const COLLECTION_SORT_ORDERS = ['manual', 'menor-preco', 'maior-preco', 'novidades', 'mais-vendidos'] as const
export type CollectionSortOrder = (typeof COLLECTION_SORT_ORDERS)[number]
export const COLLECTION_SORT_LABELS: Record<CollectionSortOrder, string> = {
	manual: 'Manual',
	'menor-preco': 'Menor preço',
	'maior-preco': 'Maior preço',
	novidades: 'Novidades',
	'mais-vendidos': 'Mais vendidos',
}

export function isCollectionSortOrder(value: string): value is CollectionSortOrder {
	return (COLLECTION_SORT_ORDERS as readonly string[]).includes(value)
}

/** Rows ranked (rank = 'Relevância') by the collection's default order, ties by the manual order. */
export function rankByCollectionOrder(rows: BrowseRow[], order: CollectionSortOrder): BrowseRow[] {
	if (order === 'manual') return rows
	return [...rows].sort(sorter(order)).map((row, rank) => ({ ...row, rank }))
}

/** Filters, counts, sorts and cuts one page of the set; a page past the last shows the last. */
export function browse(rows: BrowseRow[], params: BrowseParams, pageSize = BROWSE_PAGE_SIZE): BrowsePage {
	const matching = rows.filter((row) => passes(row, params.filters)).sort(sorter(params.sort))
	const pageCount = Math.max(1, Math.ceil(matching.length / pageSize))
	const page = Math.min(params.page, pageCount)
	const prices = rows.filter((row) => passes(row, params.filters, 'price')).map((row) => row.priceCents)
	return {
		ids: matching.slice((page - 1) * pageSize, page * pageSize).map((row) => row.id),
		total: matching.length,
		page,
		pageCount,
		facets: {
			sizes: facet(rows, params.filters, 'sizes', sizeCompare),
			colors: facet(rows, params.filters, 'colors', (a, b) => collator().compare(a, b)),
			inStock: rows.filter((row) => row.inStock && passes(row, params.filters, 'inStock')).length,
			priceBounds:
				prices.length > 0 ? { minCents: prices.reduce((a, b) => Math.min(a, b)), maxCents: prices.reduce((a, b) => Math.max(a, b)) } : null,
		},
	}
}
