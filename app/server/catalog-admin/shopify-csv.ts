import type { SelectedOption } from '~/db/schema/catalog'
import { PRODUCT_STATUSES, type ProductStatus } from './product-form'

/**
 * The Shopify product CSV layout (issue 11: the file owners already have from Shopify and from
 * platforms that copy it, Nuvemshop among them), read and written. One product spans several
 * rows sharing its Handle: the first carries the product's fields, every row may carry a variant
 * (its option values, price, SKU, stock) and a picture. Pure: parsing and checking the file's own
 * rules; what it would change in the shop is product-import.server.ts's.
 *
 * Read (shopify-csv-reader.ts, rules in shopify-csv-drafts.ts): UTF-8 (BOM fine), ',' or ';'
 * separated, Shopify's classic or newer column names. Prices '29.90' (Shopify) or '29,90'.
 * 'Status' (active/draft/archived) wins over 'Published' (TRUE/FALSE).
 */
export const SHOPIFY_COLUMNS = [
	'Handle',
	'Title',
	'Body (HTML)',
	'Vendor',
	'Product Category',
	'Type',
	'Tags',
	'Published',
	'Option1 Name',
	'Option1 Value',
	'Option2 Name',
	'Option2 Value',
	'Option3 Name',
	'Option3 Value',
	'Variant SKU',
	'Variant Grams',
	'Variant Inventory Tracker',
	'Variant Inventory Qty',
	'Variant Inventory Policy',
	'Variant Fulfillment Service',
	'Variant Price',
	'Variant Compare At Price',
	'Variant Requires Shipping',
	'Variant Taxable',
	'Variant Barcode',
	'Image Src',
	'Image Position',
	'Image Alt Text',
	'Gift Card',
	'SEO Title',
	'SEO Description',
	'Variant Image',
	'Variant Weight Unit',
	'Status',
] as const
export type ShopifyColumn = (typeof SHOPIFY_COLUMNS)[number]

/** Decision 070: a large shop's whole export (a 213-product one is 1.5 MB), read as a stream. */
export const PRODUCT_CSV_MAX_BYTES = 20 * 1024 * 1024
export const PRODUCT_CSV_MAX_ROWS = 20_000
/** The file, the form's other fields and the multipart framing: server/body-limit.ts's row for the route. */
export const PRODUCT_IMPORT_BODY_BYTES = PRODUCT_CSV_MAX_BYTES + 256 * 1024

/**
 * Shopify's newer export names its columns differently ('URL handle', 'Price', 'Continue
 * selling when out of stock'…); 2021–2022 exports split 'Type' in two. Each is read as the
 * classic column it stands for. Keys are lower-case: headers are matched without case.
 */
const COLUMN_ALIASES: Record<string, ShopifyColumn> = {
	'url handle': 'Handle',
	description: 'Body (HTML)',
	'product category': 'Product Category',
	'custom product type': 'Type',
	'published on online store': 'Published',
	sku: 'Variant SKU',
	barcode: 'Variant Barcode',
	'option1 name': 'Option1 Name',
	'option1 value': 'Option1 Value',
	'option2 name': 'Option2 Name',
	'option2 value': 'Option2 Value',
	'option3 name': 'Option3 Name',
	'option3 value': 'Option3 Value',
	price: 'Variant Price',
	'compare-at price': 'Variant Compare At Price',
	'inventory tracker': 'Variant Inventory Tracker',
	'inventory quantity': 'Variant Inventory Qty',
	'continue selling when out of stock': 'Variant Inventory Policy',
	'weight value (grams)': 'Variant Grams',
	'product image url': 'Image Src',
	'image source': 'Image Src',
	'image position': 'Image Position',
	'image alt text': 'Image Alt Text',
	'variant image url': 'Variant Image',
	'gift card': 'Gift Card',
	'seo title': 'SEO Title',
	'seo description': 'SEO Description',
}
const CANONICAL = new Map<string, string>(SHOPIFY_COLUMNS.map((c) => [c.toLowerCase(), c]))

/** A header as the classic column it stands for; other columns (metafields, markets) keep their name. */
export function canonicalColumn(header: string): string {
	const key = header.trim().toLowerCase()
	return CANONICAL.get(key) ?? COLUMN_ALIASES[key] ?? header.trim()
}

export type InventoryPolicy = 'deny' | 'continue'

export type DraftVariant = {
	line: number
	selectedOptions: SelectedOption[]
	title: string
	priceCents: number
	compareAtPriceCents: number | null
	sku: string | null
	/** 'Variant Grams' (issue 32, decision 086): the posted weight; null keeps the product type's default. */
	weightGrams: number | null
	/**
	 * Null: not tracked, sold whatever the count — also Shopify's 'continue' (sell when out of
	 * stock), which the catalogue has no count for (decision 070).
	 */
	stock: number | null
}

export type DraftImage = { line: number; src: string; position: number; altText: string }

export type ProductDraft = {
	line: number
	handle: string
	/** Null when the file leaves it blank: kept as the shop has it (updates) or refused (new products). */
	title: string | null
	descriptionHtml: string | null
	vendor: string | null
	productType: string | null
	tags: string[] | null
	status: ProductStatus | null
	optionNames: string[]
	variants: DraftVariant[]
	images: DraftImage[]
	/** What the import changed from the file, per line ('Linha 7: …'): said, never silent. */
	notes: string[]
}

export type InvalidProduct = { line: number; handle: string; messages: string[] }

export type ParsedProductCsv =
	| { ok: true; products: ProductDraft[]; invalid: InvalidProduct[]; rows: number }
	| { ok: false; message: string }

/** '29.90', '29,90', '1.234,56', 'R$ 29,90' → cents; null when it is not a price. */
export function parseCsvPrice(value: string): number | null {
	let text = value.replace(/R\$|\s/g, '')
	if (text === '') return null
	if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(text)) text = text.replace(/\./g, '').replace(',', '.')
	else if (/^\d+,\d{1,2}$/.test(text)) text = text.replace(',', '.')
	if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return null
	const [whole = '0', fraction = ''] = text.split('.')
	return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

/** Cents → '29.90' (Shopify's own way of writing a price). */
export function formatCsvPrice(cents: number): string {
	return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
}

export function statusOf(row: Record<string, string>): ProductStatus | null {
	const status = (row['Status'] ?? '').trim().toLowerCase()
	if ((PRODUCT_STATUSES as readonly string[]).includes(status)) return status as ProductStatus
	const published = (row['Published'] ?? '').trim().toLowerCase()
	if (published === 'true') return 'active'
	if (published === 'false') return 'draft'
	return null
}
