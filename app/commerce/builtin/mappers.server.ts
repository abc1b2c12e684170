import type { SelectedOption as StoredSelectedOption } from '~/db/schema'
import {
	type Collection,
	type CollectionRef,
	type Image,
	type LineAttribute,
	type Product,
	type ProductOption,
	type ProductSummary,
	type ProductVariant,
	brl,
} from '../types'

/*
 * Database rows (snake_case, as raw SQL returns them) → the app's commerce types.
 * The only place that knows both shapes.
 */

export type ProductRow = {
	id: string
	handle: string
	title: string
	description: string
	description_html: string
	product_type: string
	tags: string[]
	status: string
	updated_at: Date | string
	min_price: number | null
	max_price: number | null
	available: boolean
}

export type VariantRow = {
	id: string
	product_id: string
	title: string
	price_cents: number
	compare_at_price_cents: number | null
	stock: number | null
	available: boolean
	selected_options: StoredSelectedOption[]
	/** The variant's own picture (left join on image_id); null without one. */
	image_url?: string | null
	image_alt_text?: string | null
	image_width?: number | null
	image_height?: number | null
}

export type ImageRow = {
	product_id: string
	url: string
	alt_text: string | null
	width: number | null
	height: number | null
}

export type OptionRow = { product_id: string; name: string; values: string[] }

export type ProductCollectionRow = { product_id: string; handle: string; title: string }

export type CollectionRow = { id: string; handle: string; title: string; description: string; product_count: number }

/** A variant can be sold when its product is on sale, it is switched on and (if tracked) in stock. */
export function isVariantSellable(variant: Pick<VariantRow, 'available' | 'stock'>, productStatus: string): boolean {
	return productStatus === 'active' && variant.available && (variant.stock === null || variant.stock > 0)
}

export function toImage(row: Pick<ImageRow, 'url' | 'alt_text' | 'width' | 'height'>): Image {
	return { url: row.url, altText: row.alt_text, width: row.width, height: row.height }
}

export function toVariant(row: VariantRow, productStatus: string): ProductVariant {
	return {
		id: row.id,
		title: row.title,
		price: brl(row.price_cents),
		compareAtPrice: row.compare_at_price_cents === null ? null : brl(row.compare_at_price_cents),
		availableForSale: isVariantSellable(row, productStatus),
		selectedOptions: (row.selected_options ?? []).map((o) => ({ name: o.name, value: o.value })),
		quantityAvailable: row.stock,
		image: row.image_url
			? toImage({ url: row.image_url, alt_text: row.image_alt_text ?? null, width: row.image_width ?? null, height: row.image_height ?? null })
			: null,
	}
}

export function toOption(row: OptionRow): ProductOption {
	return { name: row.name, values: [...row.values] }
}

export function toCollectionRef(row: ProductCollectionRow): CollectionRef {
	return { handle: row.handle, title: row.title }
}

export function toCollection(row: CollectionRow): Collection {
	return {
		id: row.id,
		handle: row.handle,
		title: row.title,
		description: row.description,
		productCount: Number(row.product_count),
	}
}

export type ProductParts = {
	images: ImageRow[]
	variants: VariantRow[]
	options: OptionRow[]
	collections: ProductCollectionRow[]
}

export function toProductSummary(row: ProductRow, parts: ProductParts): ProductSummary {
	return {
		id: row.id,
		handle: row.handle,
		title: row.title,
		description: row.description,
		productType: row.product_type,
		tags: [...row.tags],
		priceRange: {
			minVariantPrice: brl(Number(row.min_price ?? 0)),
			maxVariantPrice: brl(Number(row.max_price ?? 0)),
		},
		images: parts.images.map(toImage),
		variants: parts.variants.map((v) => toVariant(v, row.status)),
		options: parts.options.map(toOption),
		collections: parts.collections.map(toCollectionRef),
		availableForSale: row.status === 'active' && row.available,
		// node-postgres gives a Date, PGlite may give either: normalise to ISO 8601.
		updatedAt: new Date(row.updated_at).toISOString(),
	}
}

export function toProduct(row: ProductRow, parts: ProductParts): Product {
	return { ...toProductSummary(row, parts), descriptionHtml: row.description_html }
}

/** jsonb comes back parsed on both drivers; this only guards against a hand-edited row. */
export function toAttributes(value: unknown): LineAttribute[] {
	if (!Array.isArray(value)) return []
	return value.filter(
		(a): a is LineAttribute =>
			typeof a === 'object' && a !== null && typeof a.key === 'string' && typeof a.value === 'string',
	)
}
