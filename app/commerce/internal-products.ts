/**
 * Tag on products that exist for the cart and the personalization flows (add-ons such as
 * 'Personalização: Perfume 10ml', bandana bases, the gift) and not for browsing. Providers
 * keep them out of listings and search, but still find them by handle: the product page and
 * the cart add them as separate lines (document 000 §9 'Product-page add-ons').
 */
export const INTERNAL_TAG = 'uso-interno'

/**
 * The wholesale base products (document 001 §7/§9: fixed handles), with the tier table that
 * prices each (spec decision 10: the cart applies the tiers by quantity).
 */
export const WHOLESALE_BASE_HANDLES: Readonly<Record<string, 'bandana' | 'collar'>> = {
	'atacado-bandana-base': 'bandana',
	'atacado-colar-base': 'collar',
}
