/**
 * Tag on products that exist for the cart and the personalization flows (add-ons such as
 * 'Personalização: Perfume 10ml', bandana bases, the gift) and not for browsing. Providers
 * keep them out of listings and search, but still find them by handle: the product page and
 * the cart add them as separate lines (document 000 §9 'Product-page add-ons').
 */
export const INTERNAL_TAG = 'uso-interno'

/**
 * The base products' fixed handles (document 001 §7/§9), the one list: the seed creates them, the
 * builders price from them, the cart keeps their rules.
 */
export const BASE_PRODUCT_HANDLES = {
	bandanaPersonalization: 'guia-personalizada-base',
	collarPersonalization: 'guia-personalizada-base-colares',
	wholesaleBandana: 'atacado-bandana-base',
	wholesaleCollar: 'atacado-colar-base',
} as const

/**
 * The wholesale base products, with the tier table that prices each (spec decision 10: the cart
 * applies the tiers by quantity).
 */
export const WHOLESALE_BASE_HANDLES: Readonly<Record<string, 'bandana' | 'collar'>> = {
	[BASE_PRODUCT_HANDLES.wholesaleBandana]: 'bandana',
	[BASE_PRODUCT_HANDLES.wholesaleCollar]: 'collar',
}

/** What the /cart action answers for a product only a builder or a product page may add. */
export const INTERNAL_PRODUCT_MESSAGES = {
	addonAlone: 'Este adicional não é vendido separadamente: escolha-o na página do produto, junto com ele.',
	builderOnly: 'Este item só pode ser adicionado pelas páginas de personalização ou de atacado, junto com as escolhas do pedido.',
	wholesale: 'Os produtos de atacado são pedidos pela página Atacado, com a cor e a quantidade escolhidas.',
} as const

/**
 * Whether a shopper's own add (the /cart action, not a builder's server-built lines) may put this
 * product in the cart, or the Portuguese reason it may not (issue 28): an add-on only as an add-on
 * line ('Para', after its product) and only the product page's add-ons; no other internal product
 * (the personalization bases and extras, the gift, the wholesale extras) and no wholesale base,
 * which their builders add with the choices they need (colour, quantity, files).
 */
export function shopperAddIssue(
	product: { handle: string; tags: readonly string[] },
	line: { isAddonLine: boolean; productPageAddon: boolean },
): string | null {
	if (WHOLESALE_BASE_HANDLES[product.handle]) return INTERNAL_PRODUCT_MESSAGES.wholesale
	if (line.productPageAddon) return line.isAddonLine ? null : INTERNAL_PRODUCT_MESSAGES.addonAlone
	if (product.tags.includes(INTERNAL_TAG)) return INTERNAL_PRODUCT_MESSAGES.builderOnly
	return null
}
