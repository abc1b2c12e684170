import { MAX_OPTIONS, MAX_VARIANTS, variantTitle } from './product-form'
import { SHOPIFY_LIMITS, cleanCell, shopHandle, withoutFormulaGuard } from './shopify-csv-cells'
import { type InvalidProduct, type ProductDraft, type ShopifyColumn, parseCsvPrice, statusOf } from './shopify-csv'

/**
 * The rows of a Shopify product CSV, one at a time, as product drafts (decision 070). One
 * product spans the rows sharing its Handle: the first carries the product's fields, every row
 * may carry a variant and a picture. What Shopify itself exports is taken, within Shopify's
 * limits; what the import has to change (a handle made fit, a repeated SKU left out, a NUL
 * byte removed) is said per line in the draft's notes; a product is refused only for what
 * cannot be imported faithfully, with the line and the reason, and the others are kept.
 * Pure: what the shop already holds is product-import.server.ts's.
 */

type Row = Record<string, string | undefined>

type Group = { draft: ProductDraft; problems: string[] }

export class ProductDraftBuilder {
	private readonly groups = new Map<string, Group>()
	private readonly byShopHandle = new Map<string, string>()
	private readonly rowless: InvalidProduct[] = []
	/** SKU → the line that has it: Shopify allows a SKU on several variants, the catalogue does not. */
	private readonly skuLines = new Map<string, number>()

	/** `tracksByColumn`: the file has Shopify's tracker column, whose blank means "not tracked". */
	constructor(private readonly tracksByColumn: boolean) {}

	add(row: Row, line: number) {
		const cleaned = new Set<string>()
		const raw = (column: ShopifyColumn) => {
			const { text, removedControls } = cleanCell(row[column] ?? '')
			if (removedControls) cleaned.add(column)
			return text
		}
		const cell = (column: ShopifyColumn) => withoutFormulaGuard(raw(column).trim())

		const fileHandle = cell('Handle')
		const key = fileHandle.toLowerCase() || `linha-${line}`
		let group = this.groups.get(key)
		if (!group) {
			const title = cell('Title')
			const handle = shopHandle(fileHandle, title)
			if (!handle) {
				this.rowless.push({ line, handle: key, messages: [`Linha ${line}: sem Handle nem título com letras ou números.`] })
				return
			}
			group = this.startProduct(row, line, handle, fileHandle, cell, raw)
			this.groups.set(key, group)
		}
		const { draft, problems } = group
		for (const column of cleaned) draft.notes.push(`Linha ${line}: caracteres de controle removidos de ${column}.`)
		if (problems.length > 0) return

		const imageSrc = cell('Image Src')
		if (imageSrc) {
			const position = Number(cell('Image Position'))
			draft.images.push({
				line,
				src: imageSrc,
				position: Number.isInteger(position) && position > 0 ? position : draft.images.length + 1,
				altText: cell('Image Alt Text').slice(0, 512),
			})
		}
		this.addVariant(group, line, cell)
	}

	private startProduct(
		row: Row,
		line: number,
		handle: string,
		fileHandle: string,
		cell: (column: ShopifyColumn) => string,
		raw: (column: ShopifyColumn) => string,
	): Group {
		const problems: string[] = []
		const notes: string[] = []
		const optionNames = [cell('Option1 Name'), cell('Option2 Name'), cell('Option3 Name')].filter(Boolean)
		// Shopify writes 'Title' / 'Default Title' for a product without options.
		const names = optionNames.length === 1 && optionNames[0] === 'Title' && cell('Option1 Value') === 'Default Title' ? [] : optionNames
		const body = raw('Body (HTML)')
		const tags = cell('Tags')
		const draft: ProductDraft = {
			line,
			handle,
			title: cell('Title') || null,
			descriptionHtml: body.trim() === '' ? null : body,
			vendor: cell('Vendor') || null,
			productType: cell('Type') || null,
			tags: tags ? [...new Set(tags.split(',').map((t) => t.trim()).filter(Boolean))] : null,
			status: statusOf(row as Record<string, string>),
			optionNames: names,
			variants: [],
			images: [],
			notes,
		}
		if (fileHandle && handle !== fileHandle) notes.push(`Linha ${line}: o Handle '${fileHandle}' fica '${handle}'.`)
		const first = this.byShopHandle.get(handle)
		if (first !== undefined) problems.push(`Linha ${line}: o Handle fica '${handle}', o mesmo de um produto da linha ${first}.`)
		else this.byShopHandle.set(handle, String(line))
		const tooLong = (label: string, value: string | null, max: number) => {
			if (value && value.length > max) problems.push(`Linha ${line}: ${label} deve ter no máximo ${max} caracteres.`)
		}
		tooLong('o título', draft.title, SHOPIFY_LIMITS.title)
		tooLong('o Vendor', draft.vendor, SHOPIFY_LIMITS.vendor)
		tooLong('o tipo', draft.productType, SHOPIFY_LIMITS.productType)
		for (const name of names) tooLong(`o nome da opção '${name.slice(0, 40)}…'`, name, SHOPIFY_LIMITS.optionName)
		if (names.length > MAX_OPTIONS) problems.push(`Linha ${line}: no máximo ${MAX_OPTIONS} opções.`)
		if (new Set(names.map((n) => n.toLowerCase())).size !== names.length) problems.push(`Linha ${line}: nomes de opção repetidos.`)
		return { draft, problems }
	}

	private addVariant(group: Group, line: number, cell: (column: ShopifyColumn) => string) {
		const { draft, problems } = group
		const rawPrice = cell('Variant Price')
		const values = [cell('Option1 Value'), cell('Option2 Value'), cell('Option3 Value')].slice(0, draft.optionNames.length)
		const isVariantRow = rawPrice !== '' || values.some(Boolean) || cell('Variant SKU') !== ''
		if (!isVariantRow) return
		const priceCents = parseCsvPrice(rawPrice)
		if (priceCents === null) {
			problems.push(`Linha ${line}: preço inválido '${rawPrice}'. Use 29.90 ou 29,90.`)
			return
		}
		const rawCompare = cell('Variant Compare At Price')
		const compareAtPriceCents = rawCompare === '' ? null : parseCsvPrice(rawCompare)
		if (rawCompare !== '' && compareAtPriceCents === null) {
			problems.push(`Linha ${line}: preço de comparação inválido '${rawCompare}'.`)
			return
		}
		if (draft.optionNames.length > 0 && values.some((v) => !v)) {
			problems.push(`Linha ${line}: informe o valor de cada opção (${draft.optionNames.join(', ')}).`)
			return
		}
		if (values.some((v) => v.length > SHOPIFY_LIMITS.optionValue)) {
			problems.push(`Linha ${line}: valores de opção com até ${SHOPIFY_LIMITS.optionValue} caracteres.`)
			return
		}
		const stock = this.stockOf(draft, line, cell, problems)
		if (stock === undefined) return
		const selectedOptions = draft.optionNames.map((name, i) => ({ name, value: values[i] ?? '' }))
		const title = variantTitle(selectedOptions)
		const twin = draft.variants.find((v) => v.title === title)
		if (twin) {
			draft.notes.push(`Linha ${line}: a variante '${title}' já está na linha ${twin.line}; esta linha não foi importada.`)
			return
		}
		draft.variants.push({
			line,
			selectedOptions,
			title,
			priceCents,
			compareAtPriceCents,
			sku: this.skuOf(draft, line, cell),
			weightGrams: this.gramsOf(draft, line, cell),
			stock,
		})
		if (draft.variants.length === MAX_VARIANTS + 1) problems.push(`Linha ${line}: no máximo ${MAX_VARIANTS} variantes por produto.`)
	}

	/**
	 * 'Variant Grams' (decision 086): whole grams, 1 to 100,000 ('250' or '250.0'); blank or 0 (Shopify's
	 * 'no weight') keeps the product type's default; anything else is noted and also keeps it.
	 */
	private gramsOf(draft: ProductDraft, line: number, cell: (column: ShopifyColumn) => string): number | null {
		const raw = cell('Variant Grams').replace(',', '.')
		if (raw === '') return null
		const grams = Number(raw)
		if (!Number.isFinite(grams) || grams < 0 || grams > 100_000) {
			draft.notes.push(`Linha ${line}: peso inválido '${raw.slice(0, 20)}' em Variant Grams; a variante fica com o peso padrão do tipo.`)
			return null
		}
		return grams === 0 ? null : Math.max(1, Math.round(grams))
	}

	/** The variant's count; null when not tracked; undefined when the line is refused. */
	private stockOf(draft: ProductDraft, line: number, cell: (column: ShopifyColumn) => string, problems: string[]) {
		const tracker = cell('Variant Inventory Tracker').toLowerCase()
		const rawQty = cell('Variant Inventory Qty')
		// Shopify's blank tracker means "not tracked"; a file without the column tracks a given quantity.
		const tracked = tracker !== '' || (!this.tracksByColumn && rawQty !== '')
		if (!tracked) return null
		const qty = Number(rawQty || '0')
		if (!Number.isInteger(qty) || Math.abs(qty) > 999_999) {
			problems.push(`Linha ${line}: estoque inválido '${rawQty}'.`)
			return undefined
		}
		const policy = cell('Variant Inventory Policy').toLowerCase()
		if (policy === 'continue' || policy === 'true') {
			draft.notes.push(
				`Linha ${line}: continua vendendo sem estoque ('continue'): estoque não controlado (quantidade ${qty} do arquivo não usada).`,
			)
			return null
		}
		if (qty < 0) {
			draft.notes.push(`Linha ${line}: estoque ${qty} no arquivo; fica 0.`)
			return 0
		}
		return qty
	}

	private skuOf(draft: ProductDraft, line: number, cell: (column: ShopifyColumn) => string): string | null {
		const sku = cell('Variant SKU')
		if (!sku) return null
		if (sku.length > SHOPIFY_LIMITS.sku) {
			draft.notes.push(`Linha ${line}: SKU com mais de ${SHOPIFY_LIMITS.sku} caracteres; a variante fica sem SKU.`)
			return null
		}
		const first = this.skuLines.get(sku)
		if (first !== undefined) {
			draft.notes.push(`Linha ${line}: o SKU ${sku} já está na linha ${first}; esta variante fica sem SKU.`)
			return null
		}
		this.skuLines.set(sku, line)
		return sku
	}

	finish(): { products: ProductDraft[]; invalid: InvalidProduct[] } {
		const products: ProductDraft[] = []
		const invalid = [...this.rowless]
		for (const { draft, problems } of this.groups.values()) {
			if (problems.length === 0 && draft.variants.length === 0) problems.push(`Linha ${draft.line}: nenhuma variante com preço.`)
			if (problems.length > 0) invalid.push({ line: draft.line, handle: draft.handle, messages: problems })
			else products.push(draft)
		}
		return { products, invalid: invalid.sort((a, b) => a.line - b.line) }
	}
}
