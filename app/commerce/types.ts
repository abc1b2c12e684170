/**
 * The app's own, provider-neutral commerce types (the vercel/commerce pattern): every
 * provider converts its backend's shapes into these, so routes and components never see
 * a database row or a GraphQL payload. Money is integer cents everywhere.
 */

export type CurrencyCode = 'BRL'

export type Money = { amountCents: number; currencyCode: CurrencyCode }

export type Image = {
	url: string
	altText: string | null
	width: number | null
	height: number | null
}

export type SelectedOption = { name: string; value: string }

export type ProductOption = { name: string; values: string[] }

/** A free-form key/value on a cart line, e.g. { key: 'Nome do pet', value: 'Thor' }. */
export type LineAttribute = { key: string; value: string }

export type ProductVariant = {
	id: string
	title: string
	price: Money
	compareAtPrice: Money | null
	availableForSale: boolean
	selectedOptions: SelectedOption[]
	/** Units that can still be sold; null when stock is not tracked (made to order). */
	quantityAvailable: number | null
	/** The variant's own picture (e.g. its colour), when it has one (the Storefront API's ProductVariant.image). */
	image?: Image | null
}

export type CollectionRef = { handle: string; title: string }

export type PriceRange = { minVariantPrice: Money; maxVariantPrice: Money }

/**
 * What product lists need. Document 000 §3: lists carry up to 5 images and 10 variants;
 * priceRange and availableForSale always consider every variant.
 */
export type ProductSummary = {
	id: string
	handle: string
	title: string
	description: string
	productType: string
	tags: string[]
	priceRange: PriceRange
	images: Image[]
	variants: ProductVariant[]
	options: ProductOption[]
	/** Up to 10 collections the product belongs to. */
	collections: CollectionRef[]
	availableForSale: boolean
	/**
	 * When the product last changed, ISO 8601 (the Storefront API's Product.updatedAt); the
	 * sitemap's <lastmod>. Optional so hand-built summaries (tests, fixtures) need not set it.
	 */
	updatedAt?: string
}

/** The product page: up to 10 images and 50 variants, plus the HTML description. */
export type Product = ProductSummary & { descriptionHtml: string }

export const LIST_IMAGE_LIMIT = 5
export const LIST_VARIANT_LIMIT = 10
export const DETAIL_IMAGE_LIMIT = 10
export const DETAIL_VARIANT_LIMIT = 50
export const PRODUCT_COLLECTION_LIMIT = 10

export type Collection = {
	id: string
	handle: string
	title: string
	description: string
	/** Real count of products on sale in the collection (decision 7). */
	productCount: number
}

export type PageInfo = { hasNextPage: boolean; endCursor: string | null }

export type Connection<T> = { nodes: T[]; pageInfo: PageInfo }

export type ProductSortKey = 'CREATED_AT' | 'TITLE' | 'PRICE'

/** The little a cart line shows of its product (not a full summary: a cart has up to 100 lines). */
export type CartLineProduct = {
	id: string
	handle: string
	title: string
	productType: string
	tags: string[]
	featuredImage: Image | null
}

export type CartLineMerchandise = ProductVariant & { product: CartLineProduct }

export type CartLine = {
	id: string
	merchandise: CartLineMerchandise
	quantity: number
	isGift: boolean
	isSubscription: boolean
	attributes: LineAttribute[]
	cost: {
		/** Zero for gift lines. */
		unitPrice: Money
		total: Money
	}
	/** The variant can no longer be sold (switched off, out of stock or product withdrawn). */
	unavailable: boolean
}

export type Cart = {
	id: string
	lines: CartLine[]
	/** Sum of quantities of the lines that can be bought (unavailable lines excluded). */
	totalQuantity: number
	cost: {
		/** Sum of the available lines' totals. */
		subtotal: Money
		/** Before shipping and coupons, which checkout adds; equals subtotal for now. */
		total: Money
	}
	checkoutUrl: string
}

export type CartLineInput = { variantId: string; quantity: number; attributes?: LineAttribute[] }

export type CartLineUpdateInput = { lineId: string; quantity: number }

export type Checkout = {
	checkoutUrl: string
	/** true for a hosted checkout: it opens in a new tab (document 000); ours opens in the same tab. */
	external: boolean
}

export function brl(amountCents: number): Money {
	return { amountCents, currencyCode: 'BRL' }
}
