import type { BrowseRow } from '../rules/browse'
import type { CartLineMerchandise, Collection, Image, Money, Product, ProductSummary, ProductVariant } from '../types'
import { StorefrontError } from './client.server'

/*
 * Storefront API shapes (as the documents in queries.ts ask for them) → the app's commerce
 * types. The only place that knows both; pages never see a GraphQL payload.
 */

export type ApiMoney = { amount: string; currencyCode: string }
export type ApiImage = { url: string; altText: string | null; width: number | null; height: number | null }
export type ApiVariant = {
	id: string
	title: string
	availableForSale: boolean
	quantityAvailable: number | null
	price: ApiMoney
	compareAtPrice: ApiMoney | null
	selectedOptions: { name: string; value: string }[]
	image: ApiImage | null
}
export type ApiProductSummary = {
	id: string
	handle: string
	title: string
	description: string
	productType: string
	tags: string[]
	availableForSale: boolean
	updatedAt: string
	priceRange: { minVariantPrice: ApiMoney; maxVariantPrice: ApiMoney }
	options: { name: string; optionValues: { name: string }[] }[]
	collections: { nodes: { handle: string; title: string }[] }
	images: { nodes: ApiImage[] }
	variants: { nodes: ApiVariant[] }
}
export type ApiProductDetail = ApiProductSummary & { descriptionHtml: string }
export type ApiCollection = { id: string; handle: string; title: string; description: string }
export type ApiVariantWithProduct = ApiVariant & {
	sellingPlanAllocations?: { nodes: { sellingPlan: { id: string; name: string }; checkoutChargeAmount: ApiMoney }[] }
	product: {
		id: string
		handle: string
		title: string
		productType: string
		tags: string[]
		featuredImage: ApiImage | null
		collections: { nodes: { handle: string }[] }
	}
}
export type ApiBrowseRow = {
	id: string
	tags: string[]
	createdAt: string
	variants: {
		nodes: {
			availableForSale: boolean
			price: { amount: string }
			selectedOptions: { name: string; value: string }[]
		}[]
	}
}

/**
 * A Decimal amount ('29.9', '29.90', '1234', '-5.5') → integer cents, from the digits (no
 * floating point: 0.1 + 0.2 never enters a price). A third decimal rounds half up, as
 * Shopify's own display does; anything that is not a decimal number is refused.
 */
export function amountToCents(amount: string): number {
	const match = /^(-?)(\d{1,12})(?:\.(\d+))?$/.exec(amount.trim())
	if (!match) throw new StorefrontError('malformed', `Invalid amount from Shopify: ${JSON.stringify(amount)}`)
	const [, sign, whole = '0', fraction = ''] = match
	const padded = fraction.padEnd(3, '0')
	let cents = Number(whole) * 100 + Number(padded.slice(0, 2))
	if (Number(padded[2]) >= 5) cents += 1
	return sign === '-' && cents !== 0 ? -cents : cents
}

/**
 * The app's money is in reais (CurrencyCode 'BRL'): a store selling in another currency would
 * show wrong prices under 'R$', so it is refused with a message the owner can act on.
 */
export function toMoney(money: ApiMoney): Money {
	if (money.currencyCode !== 'BRL') {
		throw new StorefrontError('malformed', `Unsupported currency from Shopify: ${money.currencyCode} (the shop sells in BRL)`)
	}
	return { amountCents: amountToCents(money.amount), currencyCode: 'BRL' }
}

export function toImage(image: ApiImage): Image {
	return { url: image.url, altText: image.altText, width: image.width, height: image.height }
}

/**
 * Shopify gives a product without options one option 'Title' = 'Default Title' (and its only
 * variant that title): our products without options have none, and their variant is 'Único'.
 */
const DEFAULT_OPTION = { name: 'Title', value: 'Default Title' }
const SINGLE_VARIANT_TITLE = 'Único'

function isDefaultOption(option: { name: string; value: string }): boolean {
	return option.name === DEFAULT_OPTION.name && option.value === DEFAULT_OPTION.value
}

export function toVariant(variant: ApiVariant): ProductVariant {
	return {
		id: variant.id,
		title: variant.title === DEFAULT_OPTION.value ? SINGLE_VARIANT_TITLE : variant.title,
		price: toMoney(variant.price),
		compareAtPrice: variant.compareAtPrice ? toMoney(variant.compareAtPrice) : null,
		availableForSale: variant.availableForSale,
		selectedOptions: variant.selectedOptions.filter((o) => !isDefaultOption(o)).map((o) => ({ name: o.name, value: o.value })),
		quantityAvailable: quantityAvailable(variant),
		image: variant.image ? toImage(variant.image) : null,
	}
}

/**
 * Units that can still be sold, null when not limited. A variant the store keeps selling when
 * out of stock ('continue selling') is available with 0 or fewer units: for us, not limited.
 */
function quantityAvailable(variant: Pick<ApiVariant, 'availableForSale' | 'quantityAvailable'>): number | null {
	if (variant.quantityAvailable === null) return null
	if (variant.availableForSale && variant.quantityAvailable <= 0) return null
	return Math.max(0, variant.quantityAvailable)
}

export function toProductSummary(product: ApiProductSummary): ProductSummary {
	return {
		id: product.id,
		handle: product.handle,
		title: product.title,
		description: product.description,
		productType: product.productType,
		tags: [...product.tags],
		priceRange: {
			minVariantPrice: toMoney(product.priceRange.minVariantPrice),
			maxVariantPrice: toMoney(product.priceRange.maxVariantPrice),
		},
		images: product.images.nodes.map(toImage),
		variants: product.variants.nodes.map(toVariant),
		options: product.options
			.filter((o) => !(o.optionValues.length === 1 && isDefaultOption({ name: o.name, value: o.optionValues[0]?.name ?? '' })))
			.map((o) => ({ name: o.name, values: o.optionValues.map((v) => v.name) })),
		collections: product.collections.nodes.map((c) => ({ handle: c.handle, title: c.title })),
		availableForSale: product.availableForSale,
		updatedAt: new Date(product.updatedAt).toISOString(),
	}
}

export function toProduct(product: ApiProductDetail): Product {
	return { ...toProductSummary(product), descriptionHtml: product.descriptionHtml }
}

export function toCollection(collection: ApiCollection, productCount: number): Collection {
	return {
		id: collection.id,
		handle: collection.handle,
		title: collection.title,
		description: collection.description,
		productCount,
	}
}

/** The names our catalogue gives the size and colour options (the filters' facets). */
const SIZE_OPTION = 'Tamanho'
const COLOR_OPTION = 'Cor'

/**
 * What rules/browse.ts needs of a product, computed as the built-in provider does: the lowest
 * price among the variants that can be sold, else the lowest price; in stock when a variant
 * can be sold; the sizes of the variants that can be sold, and all colours, from their options.
 */
export function toBrowseRow(product: ApiBrowseRow, rank: number, unitsSoldRank: number): BrowseRow {
	const variants = product.variants.nodes
	// availableForSale already weighs stock and the store's 'continue selling' policy.
	const sellable = variants.filter((v) => v.availableForSale)
	const lowest = (list: typeof variants) =>
		list.length === 0 ? null : list.map((v) => amountToCents(v.price.amount)).reduce((a, b) => Math.min(a, b))
	const values = (name: string, of = variants) => [
		...new Set(of.flatMap((v) => v.selectedOptions.filter((o) => o.name === name).map((o) => o.value))),
	]
	return {
		id: product.id,
		rank,
		createdAt: new Date(product.createdAt).getTime(),
		priceCents: lowest(sellable) ?? lowest(variants) ?? 0,
		inStock: sellable.length > 0,
		// Only sizes that can be bought count and match (a sold-out size is not offered).
		sizes: values(SIZE_OPTION, sellable),
		colors: values(COLOR_OPTION),
		unitsSold: unitsSoldRank,
	}
}

/** A selling plan the store offers for a variant, with what its checkout charges at once. */
export type StoreSellingPlan = { id: string; name: string; checkoutChargeCents: number }

/** A variant of the store as our cart needs it (decisions 046 and 052). */
export type StoreVariant = { merchandise: CartLineMerchandise; collectionHandles: string[]; sellingPlans: StoreSellingPlan[] }

/** A variant as a cart line shows it, with the handles of its product's collections and its selling plans. */
export function toMerchandise(variant: ApiVariantWithProduct): StoreVariant {
	const { product } = variant
	return {
		sellingPlans: (variant.sellingPlanAllocations?.nodes ?? []).map((allocation) => ({
			id: allocation.sellingPlan.id,
			name: allocation.sellingPlan.name,
			checkoutChargeCents: toMoney(allocation.checkoutChargeAmount).amountCents,
		})),
		merchandise: {
			...toVariant(variant),
			product: {
				id: product.id,
				handle: product.handle,
				title: product.title,
				productType: product.productType,
				tags: [...product.tags],
				featuredImage: product.featuredImage ? toImage(product.featuredImage) : null,
			},
		},
		collectionHandles: product.collections.nodes.map((c) => c.handle),
	}
}
