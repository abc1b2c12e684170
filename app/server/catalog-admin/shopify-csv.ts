import { parse } from 'csv-parse/sync'
import type { SelectedOption } from '~/db/schema/catalog'
import { slugify } from '~/utils/slug'
import { MAX_OPTIONS, MAX_VARIANTS, PRODUCT_STATUSES, type ProductStatus, variantTitle } from './product-form'

/**
 * The Shopify product CSV layout (issue 11: the file owners already have from Shopify and from
 * platforms that copy it, Nuvemshop among them), read and written. One product spans several
 * rows sharing its Handle: the first carries the product's fields, every row may carry a variant
 * (its option values, price, SKU, stock) and a picture. Pure: parsing and checking the file's own
 * rules; what it would change in the shop is product-import.server.ts's.
 *
 * Read: UTF-8 (BOM fine), ',' or ';' separated. Prices '29.90' (Shopify) or '29,90'. Stock is
 * tracked when 'Variant Inventory Tracker' is 'shopify' (or blank with a quantity); 'Status'
 * (active/draft/archived) wins over 'Published' (TRUE/FALSE).
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

export const PRODUCT_CSV_MAX_BYTES = 5_000_000
export const PRODUCT_CSV_MAX_ROWS = 20_000

export type DraftVariant = {
	line: number
	selectedOptions: SelectedOption[]
	title: string
	priceCents: number
	compareAtPriceCents: number | null
	sku: string | null
	stock: number | null
	/** Shopify's 'continue' (sell when out of stock) has no equivalent: untracked. */
}

export type DraftImage = { line: number; src: string; position: number; altText: string }

export type ProductDraft = {
	line: number
	handle: string
	/** Null when the file leaves it blank: kept as the shop has it (updates) or refused (new products). */
	title: string | null
	descriptionHtml: string | null
	productType: string | null
	tags: string[] | null
	status: ProductStatus | null
	optionNames: string[]
	variants: DraftVariant[]
	images: DraftImage[]
}

export type ParsedProductCsv =
	| { ok: true; products: ProductDraft[]; invalid: Array<{ line: number; handle: string; messages: string[] }> }
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

function statusOf(row: Record<string, string>): ProductStatus | null {
	const status = (row['Status'] ?? '').trim().toLowerCase()
	if ((PRODUCT_STATUSES as readonly string[]).includes(status)) return status as ProductStatus
	const published = (row['Published'] ?? '').trim().toLowerCase()
	if (published === 'true') return 'active'
	if (published === 'false') return 'draft'
	return null
}

export function parseShopifyProductCsv(text: string): ParsedProductCsv {
	if (text.length > PRODUCT_CSV_MAX_BYTES) return { ok: false, message: 'O arquivo é grande demais (máximo 5 MB).' }
	const body = text.replace(/^\uFEFF/, '')
	const header = body.split(/\r?\n/, 1)[0] ?? ''
	const delimiter = (header.match(/;/g)?.length ?? 0) > (header.match(/,/g)?.length ?? 0) ? ';' : ','
	let records: Record<string, string>[]
	try {
		records = parse(body, {
			columns: (names: string[]) => names.map((n) => n.trim()),
			delimiter,
			skip_empty_lines: true,
			relax_column_count: true,
		})
	} catch {
		return { ok: false, message: 'Não foi possível ler o arquivo. Envie o CSV de produtos exportado do Shopify (ou desta loja).' }
	}
	if (records.length === 0) return { ok: false, message: 'O arquivo não tem nenhum produto.' }
	if (records.length > PRODUCT_CSV_MAX_ROWS) return { ok: false, message: `O arquivo tem linhas demais (máximo ${PRODUCT_CSV_MAX_ROWS}).` }
	if (!('Handle' in (records[0] ?? {}))) {
		return { ok: false, message: "A coluna 'Handle' não foi encontrada. Use o modelo de CSV de produtos do Shopify." }
	}

	const drafts = new Map<string, ProductDraft>()
	const problems = new Map<string, { line: number; handle: string; messages: string[] }>()
	const complain = (handle: string, line: number, message: string) => {
		const entry = problems.get(handle) ?? { line, handle, messages: [] }
		entry.messages.push(`Linha ${line}: ${message}`)
		problems.set(handle, entry)
	}

	for (const [index, row] of records.entries()) {
		const line = index + 2 // the header is line 1
		// A leading quote before = + - @ is how exports (ours too) keep a spreadsheet from running a formula.
		const cell = (column: ShopifyColumn) => (row[column] ?? '').trim().replace(/^'(?=[=+\-@])/, '')
		const handle = slugify(cell('Handle')).slice(0, 120)
		if (!handle) {
			complain(`linha-${line}`, line, 'sem Handle.')
			continue
		}
		let draft = drafts.get(handle)
		if (!draft) {
			const optionNames = [cell('Option1 Name'), cell('Option2 Name'), cell('Option3 Name')].filter(Boolean)
			// Shopify writes 'Title' / 'Default Title' for a product without options.
			const names = optionNames.length === 1 && optionNames[0] === 'Title' && cell('Option1 Value') === 'Default Title' ? [] : optionNames
			draft = {
				line,
				handle,
				title: cell('Title') || null,
				descriptionHtml: row['Body (HTML)'] !== undefined && cell('Body (HTML)') !== '' ? (row['Body (HTML)'] ?? '') : null,
				productType: cell('Type') || null,
				tags: cell('Tags')
					? [
							...new Set(
								cell('Tags')
									.split(',')
									.map((t) => t.trim())
									.filter(Boolean),
							),
						]
					: null,
				status: statusOf(row),
				optionNames: names.slice(0, MAX_OPTIONS),
				variants: [],
				images: [],
			}
			if (draft.title && draft.title.length > 150) complain(handle, line, 'o título deve ter no máximo 150 caracteres.')
			if (new Set(names.map((n) => n.toLowerCase())).size !== names.length) complain(handle, line, 'nomes de opção repetidos.')
			drafts.set(handle, draft)
		}

		const imageSrc = cell('Image Src')
		if (imageSrc) {
			const position = Number(cell('Image Position'))
			draft.images.push({
				line,
				src: imageSrc,
				position: Number.isInteger(position) && position > 0 ? position : draft.images.length + 1,
				altText: cell('Image Alt Text').slice(0, 200),
			})
		}

		const rawPrice = cell('Variant Price')
		const values = [cell('Option1 Value'), cell('Option2 Value'), cell('Option3 Value')].slice(0, draft.optionNames.length)
		const isVariantRow = rawPrice !== '' || values.some(Boolean) || cell('Variant SKU') !== ''
		if (!isVariantRow) continue
		const priceCents = parseCsvPrice(rawPrice)
		if (priceCents === null) {
			complain(handle, line, `preço inválido '${rawPrice}'. Use 29.90 ou 29,90.`)
			continue
		}
		const rawCompare = cell('Variant Compare At Price')
		const compareAtPriceCents = rawCompare === '' ? null : parseCsvPrice(rawCompare)
		if (rawCompare !== '' && compareAtPriceCents === null) {
			complain(handle, line, `preço de comparação inválido '${rawCompare}'.`)
			continue
		}
		if (draft.optionNames.length > 0 && values.some((v) => !v)) {
			complain(handle, line, `informe o valor de cada opção (${draft.optionNames.join(', ')}).`)
			continue
		}
		const tracker = cell('Variant Inventory Tracker').toLowerCase()
		const rawQty = cell('Variant Inventory Qty')
		const tracked = tracker === 'shopify' || (tracker === '' && rawQty !== '')
		let stock: number | null = null
		if (tracked) {
			const qty = Number(rawQty || '0')
			if (!Number.isInteger(qty) || qty < -1_000_000 || qty > 999_999) {
				complain(handle, line, `estoque inválido '${rawQty}'.`)
				continue
			}
			stock = Math.max(0, qty)
		}
		const selectedOptions = draft.optionNames.map((name, i) => ({ name, value: values[i] ?? '' }))
		const title = variantTitle(selectedOptions)
		if (draft.variants.some((v) => v.title === title)) {
			complain(handle, line, `a variante '${title}' aparece mais de uma vez.`)
			continue
		}
		if (selectedOptions.some((o) => o.value.length > 40)) {
			complain(handle, line, 'valores de opção com até 40 caracteres.')
			continue
		}
		const sku = cell('Variant SKU').slice(0, 60) || null
		draft.variants.push({ line, selectedOptions, title, priceCents, compareAtPriceCents, sku, stock })
	}

	for (const draft of drafts.values()) {
		if (draft.variants.length === 0 && !problems.has(draft.handle)) complain(draft.handle, draft.line, 'nenhuma variante com preço.')
		if (draft.variants.length > MAX_VARIANTS) complain(draft.handle, draft.line, `no máximo ${MAX_VARIANTS} variantes por produto.`)
	}
	const skus = new Map<string, string>()
	for (const draft of drafts.values()) {
		for (const variant of draft.variants) {
			if (!variant.sku) continue
			const owner = skus.get(variant.sku)
			if (owner && owner !== `${draft.handle}/${variant.title}`)
				complain(draft.handle, variant.line, `o SKU ${variant.sku} se repete no arquivo.`)
			skus.set(variant.sku, `${draft.handle}/${variant.title}`)
		}
	}
	return {
		ok: true,
		products: [...drafts.values()].filter((d) => !problems.has(d.handle)),
		invalid: [...problems.values()],
	}
}
