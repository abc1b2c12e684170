import type { ProductSummary } from '~/commerce'

/*
 * Which dedicated controls a product gets (document 000 §5): a size picker with a size guide
 * for bandanas and collars, the fastening select for bows, the extras for bandanas. Detected,
 * as the documents say, by the product type, tags, title or handle containing the word.
 */

export type ProductKind = { bandana: boolean; collar: boolean; bow: boolean }

type Detectable = Pick<ProductSummary, 'productType' | 'tags' | 'title' | 'handle'>

function mentions(product: Detectable, word: RegExp): boolean {
	return [product.productType, product.title, product.handle, ...product.tags].some((text) => word.test(text))
}

export function detectProductKind(product: Detectable): ProductKind {
	// Word-initial matches: 'colar' but not 'Colarinho', 'Colônia' or 'escolar'.
	const bandana = mentions(product, /(^|[^\p{L}])bandanas?(?![\p{L}])/iu)
	const collar = !bandana && mentions(product, /(^|[^\p{L}])(colar|colares|coleira)(?![\p{L}])/iu)
	const bow = !bandana && !collar && mentions(product, /(^|[^\p{L}])lacinhos?(?![\p{L}])/iu)
	return { bandana, collar, bow }
}

/** The option a dedicated size picker replaces ('Tamanho', 'Size'). */
export function isSizeOption(name: string): boolean {
	return /^(tamanho|size)$/i.test(name.trim())
}
