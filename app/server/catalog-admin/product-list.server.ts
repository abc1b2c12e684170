import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { db, queryRows } from '~/server/db.server'
import { userText } from '~/utils/text-schema'
import { PRODUCT_STATUSES, type ProductStatus } from './product-form'
import { getStoreSettings } from '~/server/settings.server'

/**
 * /admin/produtos (issue 11): the catalogue as the owner searches it — title, handle or SKU,
 * filtered by collection, status and stock, 50 a page, newest first. Search uses the
 * unaccented title's trigram index; the page and the count are one indexed query each.
 */

export const PRODUCTS_PAGE_SIZE = 50
/** Units at or below which a tracked variant counts as low stock. */

export const STOCK_FILTERS = ['todos', 'esgotado', 'baixo'] as const

export const productListQuerySchema = z.object({
	q: userText().trim().max(100).catch(''),
	colecao: userText().trim().max(120).catch(''),
	status: z.enum(['todos', ...PRODUCT_STATUSES]).catch('todos'),
	estoque: z.enum(STOCK_FILTERS).catch('todos'),
	pagina: z.coerce.number().int().min(1).max(10_000).catch(1),
})
export type ProductListQuery = z.infer<typeof productListQuerySchema>

export type AdminProductRow = {
	id: string
	title: string
	handle: string
	status: ProductStatus
	imageUrl: string | null
	variantCount: number
	minPriceCents: number
	maxPriceCents: number
	/** Sum of tracked stock; null when no variant tracks stock. */
	stock: number | null
	lowStock: boolean
}

function likePattern(text: string): string {
	return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export async function listProductsForAdmin(query: ProductListQuery): Promise<{ rows: AdminProductRow[]; total: number; pages: number }> {
	const threshold = (await getStoreSettings()).lowStockThreshold
	const conditions = [sql`true`]
	if (query.q) {
		const pattern = likePattern(query.q.toLowerCase())
		// A union of three index scans (trigram indexes on title, handle and SKU); an OR across
		// them would read every product at 50,000.
		conditions.push(sql`p.id in (select id from products where search_title like f_unaccent(${pattern})
			union select id from products where handle like ${pattern}
			union select product_id from product_variants where lower(sku) like ${pattern})`)
	}
	if (query.colecao) {
		conditions.push(sql`exists (select 1 from collection_products cp join collections c on c.id = cp.collection_id
			where cp.product_id = p.id and c.handle = ${query.colecao})`)
	}
	if (query.status !== 'todos') conditions.push(sql`p.status = ${query.status}`)
	if (query.estoque === 'esgotado') {
		conditions.push(
			sql`not exists (select 1 from product_variants ev where ev.product_id = p.id and ev.available and (ev.stock is null or ev.stock > 0))`,
		)
	} else if (query.estoque === 'baixo') {
		conditions.push(
			sql`exists (select 1 from product_variants lv where lv.product_id = p.id and lv.stock is not null and lv.stock <= ${threshold})`,
		)
	}
	const where = sql.join(conditions, sql` and `)
	const offset = (query.pagina - 1) * PRODUCTS_PAGE_SIZE
	const [rows, [counted]] = await Promise.all([
		queryRows<{
			id: string
			title: string
			handle: string
			status: ProductStatus
			image_url: string | null
			variant_count: number
			min_price: number
			max_price: number
			stock: number | null
			low: boolean
		}>(sql`
			with page as (
				-- The page's ids first (an index walk on created_at), then the per-product figures
				-- for those 50 only: computed for every match before sorting, they cost seconds at 50,000.
				select p.id, p.created_at from products p
				where ${where}
				order by p.created_at desc nulls last, p.id desc nulls last
				limit ${PRODUCTS_PAGE_SIZE} offset ${offset}
			)
			select p.id, p.title, p.handle, p.status,
				(select i.url from product_images i where i.product_id = p.id order by i.position limit 1) as image_url,
				v.variant_count, v.min_price, v.max_price, v.stock, v.low
			from page join products p on p.id = page.id
			cross join lateral (
				select count(*)::int as variant_count, coalesce(min(price_cents), 0)::int as min_price, coalesce(max(price_cents), 0)::int as max_price,
					sum(stock)::int as stock, coalesce(bool_or(stock is not null and stock <= ${threshold}), false) as low
				from product_variants where product_id = p.id
			) v
			order by page.created_at desc, page.id desc`),
		queryRows<{ n: number }>(sql`select count(*)::int as n from products p where ${where}`),
	])
	const total = counted?.n ?? 0
	return {
		total,
		pages: Math.max(1, Math.ceil(total / PRODUCTS_PAGE_SIZE)),
		rows: rows.map((r) => ({
			id: r.id,
			title: r.title,
			handle: r.handle,
			status: r.status,
			imageUrl: r.image_url,
			variantCount: r.variant_count,
			minPriceCents: r.min_price,
			maxPriceCents: r.max_price,
			stock: r.stock,
			lowStock: r.low,
		})),
	}
}

export async function collectionChoices(): Promise<{ id: string; handle: string; title: string }[]> {
	return queryRows<{ id: string; handle: string; title: string }>(sql`select id, handle, title from collections order by title`, db)
}

/** One product as its edit form shows it. */
export async function productForEdit(id: string) {
	if (!z.uuid().safeParse(id).success) return null
	const [product] = await queryRows<{
		id: string
		handle: string
		title: string
		description_html: string
		product_type: string
		tags: string[]
		status: ProductStatus
		version: number
	}>(sql`select id, handle, title, description_html, product_type, tags, status, version from products where id = ${id}::uuid`)
	if (!product) return null
	const [options, variants, collections, images] = await Promise.all([
		queryRows<{ name: string; values: string[] }>(
			sql`select name, values from product_options where product_id = ${id}::uuid order by position`,
		),
		queryRows<{
			id: string
			title: string
			sku: string | null
			price_cents: number
			compare_at_price_cents: number | null
			stock: number | null
			available: boolean
			image_id: string | null
			weight_grams: number | null
			length_cm: number | null
			width_cm: number | null
			height_cm: number | null
		}>(sql`select id, title, sku, price_cents, compare_at_price_cents, stock, available, image_id,
			weight_grams, length_cm, width_cm, height_cm from product_variants
			where product_id = ${id}::uuid order by position, title`),
		queryRows<{ collection_id: string }>(sql`select collection_id from collection_products where product_id = ${id}::uuid`),
		queryRows<{ url: string; alt_text: string | null }>(
			sql`select url, alt_text from product_images where product_id = ${id}::uuid order by position`,
		),
	])
	return {
		id: product.id,
		handle: product.handle,
		title: product.title,
		descriptionHtml: product.description_html,
		productType: product.product_type,
		tags: product.tags,
		status: product.status,
		version: product.version,
		options,
		variants: variants.map((v) => ({
			id: v.id,
			title: v.title,
			sku: v.sku,
			priceCents: v.price_cents,
			compareAtPriceCents: v.compare_at_price_cents,
			stock: v.stock,
			available: v.available,
			imageId: v.image_id,
			// Decision 086: the posted weight and size; null takes the product type's default.
			weightGrams: v.weight_grams,
			lengthCm: v.length_cm,
			widthCm: v.width_cm,
			heightCm: v.height_cm,
		})),
		collectionIds: collections.map((c) => c.collection_id),
		images: images.map((i) => ({ url: i.url, altText: i.alt_text })),
	}
}
