import { type SQL, sql } from 'drizzle-orm'
import { queryRows } from '~/server/db.server'
import {
	DETAIL_IMAGE_LIMIT,
	DETAIL_VARIANT_LIMIT,
	LIST_IMAGE_LIMIT,
	LIST_VARIANT_LIMIT,
	PRODUCT_COLLECTION_LIMIT,
	type Product,
	type ProductSummary,
} from '../types'
import {
	type ImageRow,
	type OptionRow,
	type ProductCollectionRow,
	type ProductParts,
	type ProductRow,
	type VariantRow,
	toProduct,
	toProductSummary,
} from './mappers.server'

/*
 * Loads products with their parts in five batched queries, whatever the number of
 * products (no N+1). Lists and the product page differ only in how many images and
 * variants they carry (document 000 §3).
 */

type Limits = { images: number; variants: number }
const LIST_LIMITS: Limits = { images: LIST_IMAGE_LIMIT, variants: LIST_VARIANT_LIMIT }
const DETAIL_LIMITS: Limits = { images: DETAIL_IMAGE_LIMIT, variants: DETAIL_VARIANT_LIMIT }

export function idList(ids: readonly string[]): SQL {
	return sql.join(
		ids.map((id) => sql`${id}::uuid`),
		sql`, `,
	)
}

/** Active products only: a draft is invisible to the shop. */
async function loadProductRows(where: SQL): Promise<ProductRow[]> {
	return queryRows<ProductRow>(sql`
		select p.id, p.handle, p.title, p.description, p.description_html, p.product_type, p.tags, p.status, p.updated_at,
			agg.min_price, agg.max_price, agg.available
		from products p
		left join lateral (
			select min(v.price_cents)::int as min_price, max(v.price_cents)::int as max_price,
				coalesce(bool_or(v.available and (v.stock is null or v.stock > 0)), false) as available
			from product_variants v where v.product_id = p.id
		) agg on true
		where p.status = 'active' and ${where}`)
}

function groupBy<Row extends { product_id: string }>(rows: Row[]): Map<string, Row[]> {
	const map = new Map<string, Row[]>()
	for (const row of rows) {
		const list = map.get(row.product_id)
		if (list) list.push(row)
		else map.set(row.product_id, [row])
	}
	return map
}

async function loadParts(ids: string[], limits: Limits): Promise<(productId: string) => ProductParts> {
	if (ids.length === 0) return () => ({ images: [], variants: [], options: [], collections: [] })
	const list = idList(ids)
	const [images, variants, options, collections] = await Promise.all([
		queryRows<ImageRow>(sql`
			select product_id, url, alt_text, width, height from (
				select i.*, row_number() over (partition by i.product_id order by i.position, i.id) as rn
				from product_images i where i.product_id in (${list})
			) x where rn <= ${limits.images} order by product_id, rn`),
		queryRows<VariantRow>(sql`
			select x.id, x.product_id, x.title, x.price_cents, x.compare_at_price_cents, x.stock, x.available, x.selected_options,
				vi.url as image_url, vi.alt_text as image_alt_text, vi.width as image_width, vi.height as image_height
			from (
				select v.*, row_number() over (partition by v.product_id order by v.position, v.id) as rn
				from product_variants v where v.product_id in (${list})
			) x left join product_images vi on vi.id = x.image_id
			where rn <= ${limits.variants} order by x.product_id, rn`),
		queryRows<OptionRow>(sql`
			select product_id, name, "values" from product_options
			where product_id in (${list}) order by product_id, position, name`),
		queryRows<ProductCollectionRow>(sql`
			select product_id, handle, title from (
				select cp.product_id, c.handle, c.title,
					row_number() over (partition by cp.product_id order by c.title, c.handle) as rn
				from collection_products cp join collections c on c.id = cp.collection_id
				where cp.product_id in (${list})
			) x where rn <= ${PRODUCT_COLLECTION_LIMIT} order by product_id, rn`),
	])
	const byProduct = {
		images: groupBy(images),
		variants: groupBy(variants),
		options: groupBy(options),
		collections: groupBy(collections),
	}
	return (productId) => ({
		images: byProduct.images.get(productId) ?? [],
		variants: byProduct.variants.get(productId) ?? [],
		options: byProduct.options.get(productId) ?? [],
		collections: byProduct.collections.get(productId) ?? [],
	})
}

/** Summaries for the given ids, in the order of `ids` (missing or draft ones skipped). */
export async function loadProductSummaries(ids: string[]): Promise<ProductSummary[]> {
	if (ids.length === 0) return []
	const rows = await loadProductRows(sql`p.id in (${idList(ids)})`)
	const partsOf = await loadParts(
		rows.map((r) => r.id),
		LIST_LIMITS,
	)
	const byId = new Map(rows.map((row) => [row.id, toProductSummary(row, partsOf(row.id))]))
	return ids.flatMap((id) => byId.get(id) ?? [])
}

export async function loadProductByHandle(handle: string): Promise<Product | null> {
	const [row] = await loadProductRows(sql`p.handle = ${handle}`)
	if (!row) return null
	const partsOf = await loadParts([row.id], DETAIL_LIMITS)
	return toProduct(row, partsOf(row.id))
}

export async function productIdsByHandles(handles: string[]): Promise<string[]> {
	if (handles.length === 0) return []
	const rows = await queryRows<{ id: string; handle: string }>(sql`
		select id, handle from products
		where status = 'active' and handle in (${sql.join(
			handles.map((h) => sql`${h}`),
			sql`, `,
		)})`)
	const byHandle = new Map(rows.map((r) => [r.handle, r.id]))
	return handles.flatMap((h) => byHandle.get(h) ?? [])
}
