import { stringify } from 'csv-stringify/sync'
import { asc, gt, inArray } from 'drizzle-orm'
import { productImages, productOptions, products, productVariants } from '~/db/schema'
import { db } from '~/server/db.server'
import { publicUrl } from '~/server/env.server'
import { SHOPIFY_COLUMNS, type ShopifyColumn, formatCsvPrice } from './shopify-csv'

/**
 * The whole catalogue as a Shopify product CSV (issue 11): what the owner takes to another
 * platform, a spreadsheet, or back into this shop. Streamed a page of products at a time, so
 * 50,000 products never sit in memory at once. Pictures are written as absolute addresses, as
 * Shopify does; importing the file back here recognises them as this shop's own.
 */
const PAGE = 500

/** Text a spreadsheet could run as a formula (CSV injection) gets a leading quote. */
function cellText(value: string): string {
	return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

async function* productRows(): AsyncGenerator<Array<Partial<Record<ShopifyColumn, string>>>> {
	const origin = publicUrl()
	let after = ''
	for (;;) {
		const page = await db.select().from(products).where(gt(products.handle, after)).orderBy(asc(products.handle)).limit(PAGE)
		if (page.length === 0) return
		after = page.at(-1)?.handle ?? after
		const ids = page.map((p) => p.id)
		const [options, variants, images] = await Promise.all([
			db.select().from(productOptions).where(inArray(productOptions.productId, ids)).orderBy(asc(productOptions.position)),
			db.select().from(productVariants).where(inArray(productVariants.productId, ids)).orderBy(asc(productVariants.position)),
			db.select().from(productImages).where(inArray(productImages.productId, ids)).orderBy(asc(productImages.position)),
		])
		const rows: Array<Partial<Record<ShopifyColumn, string>>> = []
		for (const product of page) {
			const names = options.filter((o) => o.productId === product.id).map((o) => o.name)
			const ownVariants = variants.filter((v) => v.productId === product.id)
			const ownImages = images.filter((i) => i.productId === product.id)
			const count = Math.max(ownVariants.length, ownImages.length, 1)
			for (let i = 0; i < count; i++) {
				const variant = ownVariants[i]
				const image = ownImages[i]
				const row: Partial<Record<ShopifyColumn, string>> = { Handle: product.handle }
				if (i === 0) {
					Object.assign(row, {
						Title: cellText(product.title),
						'Body (HTML)': product.descriptionHtml,
						Vendor: cellText(product.vendor),
						Type: cellText(product.productType),
						Tags: cellText(product.tags.join(', ')),
						Published: product.status === 'active' ? 'TRUE' : 'FALSE',
						Status: product.status,
						'Option1 Name': names[0] ?? (ownVariants.length <= 1 ? 'Title' : ''),
						'Option2 Name': names[1] ?? '',
						'Option3 Name': names[2] ?? '',
						'Gift Card': 'FALSE',
					})
				}
				if (variant) {
					const value = (n: number) => variant.selectedOptions[n]?.value ?? ''
					Object.assign(row, {
						'Option1 Value': names.length === 0 ? 'Default Title' : cellText(value(0)),
						'Option2 Value': cellText(value(1)),
						'Option3 Value': cellText(value(2)),
						'Variant SKU': cellText(variant.sku ?? ''),
						// Decision 086: the variant's own weight; blank when it takes the product type's default.
						'Variant Grams': variant.weightGrams === null ? '' : String(variant.weightGrams),
						'Variant Inventory Tracker': variant.stock === null ? '' : 'shopify',
						'Variant Inventory Qty': variant.stock === null ? '' : String(variant.stock),
						// Not tracked sells whatever the count: Shopify's 'continue' (decision 070).
						'Variant Inventory Policy': variant.stock === null ? 'continue' : 'deny',
						'Variant Fulfillment Service': 'manual',
						'Variant Price': formatCsvPrice(variant.priceCents),
						'Variant Compare At Price': variant.compareAtPriceCents === null ? '' : formatCsvPrice(variant.compareAtPriceCents),
						'Variant Requires Shipping': 'TRUE',
						'Variant Taxable': 'TRUE',
					})
				}
				if (image) {
					Object.assign(row, {
						'Image Src': image.url.startsWith('/') ? `${origin}${image.url}` : image.url,
						'Image Position': String(i + 1),
						'Image Alt Text': cellText(image.altText ?? ''),
					})
				}
				rows.push(row)
			}
		}
		yield rows
	}
}

/** The CSV as a byte stream: the header, then a chunk per page of products. */
export function exportProductsCsv(): ReadableStream<Uint8Array> {
	const encoder = new TextEncoder()
	const pages = productRows()
	let started = false
	return new ReadableStream<Uint8Array>({
		async pull(controller) {
			if (!started) {
				started = true
				// A BOM, so Excel opens the accents right.
				controller.enqueue(encoder.encode(`\uFEFF${stringify([SHOPIFY_COLUMNS as unknown as string[]])}`))
				return
			}
			const next = await pages.next()
			if (next.done) return controller.close()
			controller.enqueue(encoder.encode(stringify(next.value.map((row) => SHOPIFY_COLUMNS.map((column) => row[column] ?? '')))))
		},
		async cancel() {
			await pages.return(undefined)
		},
	})
}
