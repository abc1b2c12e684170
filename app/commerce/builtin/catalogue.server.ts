import { type SQL, sql } from 'drizzle-orm'
import { queryRows } from '~/server/db.server'
import { COMMERCE_MESSAGES } from '../errors'
import { INTERNAL_TAG } from '../internal-products'
import { isProductIdOf } from '../product-id'
import type { ListProductsOptions } from '../provider'
import type { Collection, Connection, Product, ProductSortKey, ProductSummary } from '../types'
import { decodeCursor, encodeCursor } from './cursor.server'
import { type CollectionRow, toCollection } from './mappers.server'
import { idList, loadProductByHandle, loadProductSummaries, productIdsByHandles } from './product-loader.server'
import { MAX_HANDLES, clampFirst, handleSchema, isHandle, listOptionsSchema, parseInput } from './validation.server'

/** An escaped LIKE pattern matching `text` anywhere (the backslash is the default escape). */
export function containsPattern(text: string): string {
	return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** Accent- and case-insensitive form of a SQL expression, as the trigram indexes store it. */
export function folded(expression: SQL): SQL {
	return sql`f_unaccent(lower(${expression}))`
}

/**
 * Over `products p`: not an internal product (add-on, base, gift). Listings and search use
 * it; lookups by handle do not, since the product page and the cart need those products.
 */
export function browsable(): SQL {
	return sql`not (p.tags @> array[${INTERNAL_TAG}]::text[])`
}

/** The sort expression over `products p`, and how a cursor's text value is cast back. */
function sortExpression(sortKey: ProductSortKey): { expression: SQL; cast: (value: string) => SQL } {
	switch (sortKey) {
		case 'TITLE':
			return { expression: sql`p.search_title`, cast: (v) => sql`${v}::text` }
		case 'PRICE':
			return {
				expression: sql`coalesce((select min(v.price_cents) from product_variants v where v.product_id = p.id), 0)`,
				cast: (v) => sql`${v}::int`,
			}
		case 'CREATED_AT':
			return { expression: sql`p.created_at`, cast: (v) => sql`${v}::timestamptz` }
	}
}

/**
 * The subset of the Storefront search syntax the built-in provider understands:
 * `tag:value`, `product_type:value` (quotes allowed around values) and free words, each of
 * which must appear (accent-insensitive) in the title, description or a tag.
 */
export function productQueryFilter(query: string | undefined): SQL {
	const conditions: SQL[] = []
	const pattern = /(\w+):(?:"([^"]*)"|'([^']*)'|(\S+))|"([^"]*)"|(\S+)/g
	for (const match of (query ?? '').slice(0, 300).matchAll(pattern)) {
		const [, field, dq, sq, bare, quotedWord, word] = match
		const value = (dq ?? sq ?? bare ?? quotedWord ?? word ?? '').trim()
		if (value === '') continue
		if (field === 'tag') {
			conditions.push(sql`exists (select 1 from unnest(p.tags) t where ${folded(sql`t`)} = ${folded(sql`${value}`)})`)
		} else if (field === 'product_type') {
			conditions.push(sql`${folded(sql`p.product_type`)} = ${folded(sql`${value}`)}`)
		} else {
			const text = field ? `${field}:${value}` : value
			const like = sql`${folded(sql`${containsPattern(text)}`)}`
			conditions.push(sql`(p.search_title like ${like}
				or p.search_description like ${like}
				or exists (select 1 from unnest(p.tags) t where ${folded(sql`t`)} like ${like}))`)
		}
	}
	return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `)
}

/** Products on sale for browsing (storefront lists, sitemap): internal products are left out. */
export async function listProducts(options: ListProductsOptions): Promise<Connection<ProductSummary>> {
	const parsed = parseInput(listOptionsSchema, options, COMMERCE_MESSAGES.invalidInput)
	const first = clampFirst(parsed.first, 50)
	const sortKey = parsed.sortKey ?? 'CREATED_AT'
	const reverse = parsed.reverse ?? false
	const { expression, cast } = sortExpression(sortKey)

	let after = sql`true`
	if (parsed.after) {
		const cursor = decodeCursor(parsed.after, { sortKey, reverse })
		after = reverse
			? sql`(${expression}, p.id) < (${cast(cursor.value)}, ${cursor.id}::uuid)`
			: sql`(${expression}, p.id) > (${cast(cursor.value)}, ${cursor.id}::uuid)`
	}
	const direction = sql.raw(reverse ? 'desc' : 'asc')
	const rows = await queryRows<{ id: string; sort_value: string }>(sql`
		select p.id, (${expression})::text as sort_value
		from products p
		where p.status = 'active' and ${browsable()} and ${productQueryFilter(parsed.query)} and ${after}
		order by ${expression} ${direction}, p.id ${direction}
		limit ${first + 1}`)

	const page = rows.slice(0, first)
	const last = page.at(-1)
	const nodes = await loadProductSummaries(page.map((r) => r.id))
	return {
		nodes,
		pageInfo: {
			hasNextPage: rows.length > first,
			endCursor: last ? encodeCursor({ sortKey, reverse, value: last.sort_value, id: last.id }) : null,
		},
	}
}

export async function getProductByHandle(handle: string): Promise<Product | null> {
	if (!isHandle(handle)) return null
	return loadProductByHandle(handleSchema.parse(handle))
}

export async function getProductsByIds(ids: string[]): Promise<ProductSummary[]> {
	const valid = [...new Set(ids.filter((id) => isProductIdOf('builtin', id)).map((id) => id.toLowerCase()))]
	return loadProductSummaries(valid)
}

export async function getProductsByHandles(handles: string[]): Promise<ProductSummary[]> {
	const valid = [...new Set(handles.filter(isHandle).map((h) => handleSchema.parse(h)))].slice(0, MAX_HANDLES)
	return loadProductSummaries(await productIdsByHandles(valid))
}

/** Collections with the real number of products on sale in each (decision 7). */
async function loadCollections(where: SQL): Promise<Collection[]> {
	const rows = await queryRows<CollectionRow>(sql`
		select c.id, c.handle, c.title, c.description,
			(select count(*)::int from collection_products cp join products p on p.id = cp.product_id
				where cp.collection_id = c.id and p.status = 'active') as product_count
		from collections c where ${where}
		order by c.title, c.handle`)
	return rows.map(toCollection)
}

export async function listCollections(): Promise<Collection[]> {
	return loadCollections(sql`true`)
}

type CollectionWithProducts = { collection: Collection; products: ProductSummary[] }

export async function getCollectionByHandle(handle: string, options?: { first?: number }): Promise<CollectionWithProducts | null> {
	const [found] = await getCollectionsByHandles([handle], options)
	return found ?? null
}

/**
 * Several collections with their first `first` products each, in a fixed number of queries
 * whatever the number of collections (the home page's category rows): the collections, the
 * top product ids of each (one window query), then one batched load of all their products.
 */
export async function getCollectionsByHandles(handles: string[], options?: { first?: number }): Promise<CollectionWithProducts[]> {
	const valid = [...new Set(handles.filter(isHandle).map((h) => handleSchema.parse(h)))].slice(0, MAX_HANDLES)
	if (valid.length === 0) return []
	const collections = await loadCollections(
		sql`c.handle in (${sql.join(
			valid.map((h) => sql`${h}`),
			sql`, `,
		)})`,
	)
	if (collections.length === 0) return []
	const first = clampFirst(options?.first, 50)
	const rows = await queryRows<{ collection_id: string; product_id: string }>(sql`
		select collection_id, product_id from (
			select cp.collection_id, p.id as product_id,
				row_number() over (partition by cp.collection_id order by cp.position, p.title, p.id) as rn
			from collection_products cp join products p on p.id = cp.product_id
			where cp.collection_id in (${idList(collections.map((c) => c.id))}) and p.status = 'active'
		) ranked
		where rn <= ${first}
		order by collection_id, rn`)
	const summaries = await loadProductSummaries([...new Set(rows.map((r) => r.product_id))])
	const summaryById = new Map(summaries.map((s) => [s.id, s]))
	const byHandle = new Map(
		collections.map((collection) => [
			collection.handle,
			{
				collection,
				products: rows.flatMap((r) => (r.collection_id === collection.id ? (summaryById.get(r.product_id) ?? []) : [])),
			},
		]),
	)
	return valid.flatMap((handle) => byHandle.get(handle) ?? [])
}
