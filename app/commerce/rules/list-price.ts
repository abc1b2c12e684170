import type { ProductSummary } from '~/commerce/types'

/**
 * The price a product list shows (cards, search; issue 13, defect 5): the lowest price among
 * the variants that can be sold, because that is where the product page opens, and whether
 * the sellable prices differ ('a partir de'). A sold-out cheaper size must not advertise a
 * price nobody can pay. When nothing can be sold the card says 'Indisponível', and the
 * lowest price of all is shown. Lists carry up to 10 variants (LIST_VARIANT_LIMIT); for a
 * product with more, only the listed ones count, and the range of all variants says
 * whether prices differ at all.
 */
export type ListPrice = { minCents: number; varies: boolean }

export function listPrice(product: Pick<ProductSummary, 'priceRange' | 'variants'>): ListPrice {
	const { minVariantPrice, maxVariantPrice } = product.priceRange
	const sellable = product.variants.filter((variant) => variant.availableForSale)
	if (sellable.length === 0) {
		return { minCents: minVariantPrice.amountCents, varies: maxVariantPrice.amountCents !== minVariantPrice.amountCents }
	}
	const prices = sellable.map((variant) => variant.price.amountCents)
	const minCents = Math.min(...prices)
	return { minCents, varies: prices.some((price) => price !== minCents) }
}
