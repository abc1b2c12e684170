import { type SQL, sql } from 'drizzle-orm'
import { queryRows } from '~/server/db.server'
import {
	type BrowsePage,
	type BrowseParams,
	type BrowseRow,
	type CollectionSortOrder,
	browse,
	isCollectionSortOrder,
	rankByCollectionOrder,
} from '../rules/browse'
import type { BrowseInput, BrowseResult } from '../provider'
import { browsable } from './catalogue.server'
import { loadProductSummaries } from './product-loader.server'
import { isHandle } from './validation.server'
import { searchProductIds, searchTokens } from './search.server'

/** The most results a search page lists (the panel shows 8; a shop's whole catalogue rarely matches more). */
const MAX_SEARCH_RESULTS = 500

/** Orders that count as sold for 'Mais vendidos': placed and not cancelled. */
const SOLD = sql`o.status <> 'cancelado'`

/**
 * Category and search result pages with sort, filters and counts (issue 13). One query reads,
 * for every product of the set, what filtering and sorting need (lowest sellable price, stock,
 * the sizes that can be sold, colours, units sold); the rules in `rules/browse.ts` filter, count and cut the page,
 * and only that page's products are loaded in full. A category of a few thousand products is a
 * few thousand small rows; search sets are capped at MAX_SEARCH_RESULTS.
 */
export async function browseProducts(input: BrowseInput): Promise<BrowseResult | null> {
	let members: SQL
	let rankOf: (id: string, position: number) => number = (_id, position) => position
	let defaultOrder: CollectionSortOrder = 'manual'
	if ('collectionHandle' in input) {
		if (!isHandle(input.collectionHandle)) return null
		const [collection] = await queryRows<{ id: string; sort_order: string }>(
			sql`select id, sort_order from collections where handle = ${input.collectionHandle}`,
		)
		if (!collection) return null
		defaultOrder = isCollectionSortOrder(collection.sort_order) ? collection.sort_order : 'manual'
		members = sql`join collection_products cp on cp.product_id = p.id and cp.collection_id = ${collection.id}::uuid`
	} else {
		const tokens = searchTokens(input.query)
		if (tokens.length === 0) return emptyResult(input.params)
		const ranked = await searchProductIds(tokens, MAX_SEARCH_RESULTS)
		if (ranked.length === 0) return emptyResult(input.params)
		const rank = new Map(ranked.map((id, index) => [id, index]))
		rankOf = (id) => rank.get(id) ?? Number.MAX_SAFE_INTEGER
		members = sql`join unnest(${`{${ranked.join(',')}}`}::uuid[]) as m(id) on m.id = p.id`
	}
	const rows = await queryRows<{
		id: string
		created_at: Date | string
		position: number
		sellable_price: number | null
		any_price: number | null
		in_stock: boolean | null
		sizes: string[] | null
		colors: string[] | null
		units_sold: number
	}>(sql`
		select p.id, p.created_at,
			${'collectionHandle' in input ? sql`min(cp.position)` : sql`0`}::int as position,
			min(v.price_cents) filter (where v.available and (v.stock is null or v.stock > 0)) as sellable_price,
			min(v.price_cents) as any_price,
			bool_or(v.available and (v.stock is null or v.stock > 0)) as in_stock,
			array_agg(distinct o.value) filter (where o.name = 'Tamanho' and v.available and (v.stock is null or v.stock > 0)) as sizes,
			array_agg(distinct o.value) filter (where o.name = 'Cor') as colors,
			coalesce((select sum(ol.quantity) from order_lines ol join orders o on o.id = ol.order_id
				where ol.product_id = p.id and not ol.is_gift and ${SOLD}), 0)::int as units_sold
		from products p
		${members}
		left join product_variants v on v.product_id = p.id
		left join lateral (
			select so->>'name' as name, so->>'value' as value from jsonb_array_elements(v.selected_options) so
		) o on true
		where p.status = 'active' and ${browsable()}
		group by p.id, p.created_at
		order by position, p.title, p.id`)
	const browseRows: BrowseRow[] = rows.map((row, index) => ({
		id: row.id,
		rank: 'collectionHandle' in input ? index : rankOf(row.id, index),
		createdAt: new Date(row.created_at).getTime(),
		priceCents: row.sellable_price ?? row.any_price ?? 0,
		inStock: row.in_stock === true,
		sizes: row.sizes ?? [],
		colors: row.colors ?? [],
		unitsSold: row.units_sold,
	}))
	// A collection's 'Relevância' is the owner's order: by hand, or one of the sorts (issue 11).
	const page = browse(rankByCollectionOrder(browseRows, defaultOrder), input.params, input.pageSize)
	return { ...page, products: await loadProductSummaries(page.ids) }
}

function emptyResult(params: BrowseParams): BrowseResult {
	const page: BrowsePage = browse([], params)
	return { ...page, products: [] }
}
