import type { PricedVariant } from '~/commerce/rules/personalization'
import type { ProductSummary, ProductVariant } from '~/commerce/types'

/**
 * Products the personalization and wholesale pages sell, priced by the commerce provider
 * (document 001 §9: every extra has a fixed add-on product; its price is the catalogue's).
 * The same prices are shown on the page and charged by the cart, which prices lines itself.
 */

/** The variant a one-variant add-on or base sells: the first one on sale. */
export function firstSellableVariant(product: ProductSummary | undefined | null): ProductVariant | null {
	return product?.variants.find((v) => v.availableForSale) ?? null
}

export function pricedVariant(product: ProductSummary | undefined | null, variant?: ProductVariant | null): PricedVariant | null {
	const chosen = variant ?? firstSellableVariant(product)
	if (!product || !chosen || !chosen.availableForSale) return null
	return { variantId: chosen.id, priceCents: chosen.price.amountCents, title: product.title }
}

/** The variant of a base product with this size ('Tamanho'), or the only one when it has no sizes. */
export function variantForSize(product: ProductSummary, size: string | null): ProductVariant | null {
	const sized = product.options.some((o) => o.name === 'Tamanho' && o.values.length > 1)
	if (!sized) return firstSellableVariant(product)
	if (!size) return null
	return product.variants.find((v) => v.availableForSale && v.selectedOptions.some((o) => o.name === 'Tamanho' && o.value === size)) ?? null
}

/** The sizes a base product sells now, in its own order ([] when it has no size option). */
export function sizesOnSale(product: ProductSummary | null | undefined): string[] {
	const option = product?.options.find((o) => o.name === 'Tamanho')
	if (!product || !option || option.values.length < 2) return []
	return option.values.filter((size) =>
		product.variants.some((v) => v.availableForSale && v.selectedOptions.some((o) => o.name === 'Tamanho' && o.value === size)),
	)
}
