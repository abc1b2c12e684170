import { sql } from 'drizzle-orm'
import {
	collectionProducts,
	collections,
	productImages,
	productOptions,
	productVariants,
	products,
	type SelectedOption,
} from '~/db/schema'
import { db } from '~/server/db.server'

/*
 * Small factories for the commerce tests: they insert catalogue rows directly, so the
 * tests do not depend on the demo seed.
 */

let sequence = 0
function next(): number {
	sequence += 1
	return sequence
}

export function slugify(text: string): string {
	return text
		.normalize('NFD')
		.replace(/\p{M}/gu, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
}

export type VariantSpec = {
	title?: string
	priceCents?: number
	compareAtPriceCents?: number | null
	stock?: number | null
	available?: boolean
	selectedOptions?: SelectedOption[]
}

export type ProductSpec = {
	title?: string
	handle?: string
	description?: string
	descriptionHtml?: string
	productType?: string
	tags?: string[]
	status?: 'active' | 'draft'
	options?: { name: string; values: string[] }[]
	variants?: VariantSpec[]
	images?: number
	createdAt?: Date
}

export async function createProduct(spec: ProductSpec = {}) {
	const n = next()
	const title = spec.title ?? `Produto ${n}`
	const [product] = await db
		.insert(products)
		.values({
			handle: spec.handle ?? `${slugify(title)}-${n}`,
			title,
			description: spec.description ?? '',
			descriptionHtml: spec.descriptionHtml ?? (spec.description ? `<p>${spec.description}</p>` : ''),
			productType: spec.productType ?? '',
			tags: spec.tags ?? [],
			status: spec.status ?? 'active',
			...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
		})
		.returning()
	if (!product) throw new Error('product insert returned no row')
	if (spec.options?.length) {
		await db
			.insert(productOptions)
			.values(spec.options.map((o, position) => ({ productId: product.id, name: o.name, values: o.values, position })))
	}
	const variantSpecs = spec.variants ?? [{}]
	const variants = await db
		.insert(productVariants)
		.values(
			variantSpecs.map((v, position) => ({
				productId: product.id,
				title: v.title ?? (v.selectedOptions?.map((o) => o.value).join(' / ') || 'Único'),
				priceCents: v.priceCents ?? 2990,
				compareAtPriceCents: v.compareAtPriceCents ?? null,
				stock: v.stock === undefined ? null : v.stock,
				available: v.available ?? true,
				selectedOptions: v.selectedOptions ?? [],
				position,
			})),
		)
		.returning()
	const imageCount = spec.images ?? 1
	if (imageCount > 0) {
		await db.insert(productImages).values(
			Array.from({ length: imageCount }, (_, position) => ({
				productId: product.id,
				url: `/media/${product.handle}-${position + 1}.jpg`,
				altText: `${title} ${position + 1}`,
				width: 800,
				height: 800,
				position,
			})),
		)
	}
	variants.sort((a, b) => a.position - b.position)
	return { product, variants, variant: variants[0] as (typeof variants)[number] }
}

export async function createCollection(spec: { handle: string; title?: string; description?: string; productIds?: string[] }) {
	const [collection] = await db
		.insert(collections)
		.values({ handle: spec.handle, title: spec.title ?? spec.handle, description: spec.description ?? '' })
		.returning()
	if (!collection) throw new Error('collection insert returned no row')
	if (spec.productIds?.length) {
		await db
			.insert(collectionProducts)
			.values(spec.productIds.map((productId, position) => ({ collectionId: collection.id, productId, position })))
	}
	return collection
}

/** Empties the catalogue and every cart (for files that need a known catalogue). */
export async function clearCommerceTables(): Promise<void> {
	await db.execute(sql`truncate cart_lines, carts, collection_products, collections, product_images,
		product_options, product_variants, products restart identity cascade`)
}
