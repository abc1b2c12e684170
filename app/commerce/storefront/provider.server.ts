import { z } from 'zod'
import { COMMERCE_MESSAGES, CommerceError } from '../errors'
import { INTERNAL_TAG } from '../internal-products'
import { isProductIdOf } from '../product-id'
import type { BrowseInput, BrowseResult, CommerceProvider, ListProductsOptions } from '../provider'
import { type BrowseParams, type BrowseRow, browse } from '../rules/browse'
import type { Collection, Connection, LineAttribute, Money, Product, ProductSummary } from '../types'
import { MAX_CART_LINES, MAX_HANDLES, MAX_LINE_QUANTITY, handleSchema, isHandle, listOptionsSchema } from '../builtin/validation.server'
import { type StorefrontClient, StorefrontError, createStorefrontClient } from './client.server'
import {
	type ApiBrowseRow,
	type ApiCollection,
	type ApiMoney,
	type ApiProductDetail,
	type ApiProductSummary,
	type ApiVariantWithProduct,
	toBrowseRow,
	toCollection,
	toMerchandise,
	toMoney,
	toProduct,
	toProductSummary,
	type StoreVariant,
} from './mappers.server'
import {
	BROWSE_COLLECTION_QUERY,
	BROWSE_PAGE_SIZE,
	BROWSE_SEARCH_QUERY,
	CART_CREATE_MUTATION,
	COLLECTIONS_QUERY,
	COLLECTION_PRODUCT_IDS_QUERY,
	PRODUCTS_BY_IDS_QUERY,
	PRODUCTS_QUERY,
	PRODUCT_BY_HANDLE_QUERY,
	SEARCH_PRODUCTS_QUERY,
	STOREFRONT_PAGE_SIZE,
	VARIANTS_BY_IDS_QUERY,
	collectionsByHandlesQuery,
	productsByHandlesQuery,
} from './queries'
import { getEnv, storefrontEndpoint } from '~/server/env.server'

/**
 * The hosted Storefront API provider (issue 15, decision 046): the catalogue from the store's
 * GraphQL API, mapped into the app's types. The cart stays on our server (spec decision 3);
 * the remote cart is created only at checkout (createRemoteCheckout).
 */

/** The most products a category page reads to filter and count (25 requests of 100, cached). */
const MAX_BROWSE_PRODUCTS = 2_500
/** A collection's product count stops here (40 requests of 250 ids): past it the count is a lower bound. */
const MAX_COUNTED_PRODUCTS = 10_000
/** As the built-in provider: a search page lists at most 500 matches. */
const MAX_SEARCH_RESULTS = 500
const MIN_QUERY_LENGTH = 2
const MAX_QUERY_LENGTH = 100
const MAX_SUGGESTIONS = 50
/** Product ids whose handle this process saw on a product page (decision 051), most recent last. */
const REMEMBERED_HANDLES = 500

type PageInfo = { hasNextPage: boolean; endCursor: string | null }
type IdPage = { nodes: { id: string }[]; pageInfo: PageInfo }

export type RemoteCheckoutLine = {
	variantId: string
	quantity: number
	attributes?: LineAttribute[]
	/** The store's selling plan the line is bought on (a subscription, decision 052). */
	sellingPlanId?: string
}
/** Who is buying, when known: prefills the hosted checkout. */
export type BuyerIdentity = { email?: string; phone?: string; countryCode?: 'BR'; customerAccessToken?: string }
export type RemoteCheckout = {
	cartId: string
	/** The hosted checkout, with channel=online_store (document 000 §7 call 4). */
	checkoutUrl: string
	external: true
	totalQuantity: number
	total: Money
	lines: { id: string; variantId: string; quantity: number; title: string; price: Money; productTitle: string; productHandle: string }[]
}

export type StorefrontProvider = CommerceProvider & {
	readonly name: 'storefront'
	createRemoteCheckout(lines: RemoteCheckoutLine[], buyerIdentity?: BuyerIdentity): Promise<RemoteCheckout>
	/**
	 * The store's variants by id, as cart lines show them, with their product's collection
	 * handles (for our server's cart: prices, availability, subscriptions). Ids the store does not
	 * sell (unknown, unpublished) are absent from the map.
	 */
	getVariantsByIds(ids: string[]): Promise<Map<string, StoreVariant>>
	client: StorefrontClient
}

function clamp(value: number | undefined, fallback: number, max: number): number {
	const n = Math.trunc(value ?? fallback)
	return Number.isFinite(n) ? Math.min(Math.max(n, 1), max) : fallback
}

/** What `... on Product` leaves of a node that is not a product (an empty object), or a missing id (null). */
type OtherNode = { id?: undefined; handle?: undefined }

function isProduct(node: ApiProductSummary | OtherNode | null): node is ApiProductSummary {
	return typeof node?.handle === 'string'
}

function isVariant(node: ApiVariantWithProduct | OtherNode | null): node is ApiVariantWithProduct {
	return typeof node?.id === 'string' && 'product' in node
}

function isBrowseRow(node: ApiBrowseRow | OtherNode): node is ApiBrowseRow {
	return typeof node.id === 'string'
}

function isInternal(product: { tags: string[] }): boolean {
	return product.tags.includes(INTERNAL_TAG)
}

function validHandles(handles: string[]): string[] {
	return [...new Set(handles.filter(isHandle).map((h) => handleSchema.parse(h)))].slice(0, MAX_HANDLES)
}

/** The cart is ours (decision 3): these methods belong to the cart backend of the next slice. */
async function cartNotHere(): Promise<never> {
	throw new CommerceError('provider_error', 'O carrinho não está disponível no momento. Tente novamente mais tarde.', {
		detail:
			'storefront provider: the cart is kept on our server; its backend for this provider is not implemented in this slice (issue 15)',
	})
}

export function createStorefrontProvider(client: StorefrontClient): StorefrontProvider {
	/**
	 * The handle of each product recently read by handle (the product page), by id. A view is
	 * recorded 2 s after the page is shown, and a favourite or a review is sent from it, naming the
	 * product by id (decision 051): asking for that one id by its handle reuses the page's cached
	 * answer (30 s) instead of another round trip to the store.
	 */
	const handleById = new Map<string, string>()
	function rememberHandle(product: { id: string; handle: string }) {
		handleById.delete(product.id)
		handleById.set(product.id, product.handle)
		if (handleById.size > REMEMBERED_HANDLES) handleById.delete(handleById.keys().next().value as string)
	}

	async function productByHandle(handle: string): Promise<Product | null> {
		if (!isHandle(handle)) return null
		const data = await client.request<{ product: ApiProductDetail | null }>({
			query: PRODUCT_BY_HANDLE_QUERY,
			variables: { handle: handleSchema.parse(handle) },
		})
		if (!data.product) return null
		const product = toProduct(data.product)
		rememberHandle(product)
		return product
	}

	/** Every product id of a collection from `after` on, in `sortKey` order (to count, or to rank by sales). */
	async function collectionIds(handle: string, after: string | null, sortKey?: 'BEST_SELLING'): Promise<string[]> {
		const ids: string[] = []
		let cursor = after
		do {
			const data = await client.request<{ collection: { products: IdPage } | null }>({
				query: COLLECTION_PRODUCT_IDS_QUERY,
				variables: { handle, after: cursor, sortKey: sortKey ?? null },
			})
			if (!data.collection) break
			ids.push(...data.collection.products.nodes.map((n) => n.id))
			cursor = data.collection.products.pageInfo.hasNextPage ? data.collection.products.pageInfo.endCursor : null
		} while (cursor && ids.length < MAX_COUNTED_PRODUCTS)
		return ids
	}

	/** A collection's product count from its first page of ids, asking for the rest only when there is more. */
	async function countProducts(handle: string, firstPage: IdPage): Promise<number> {
		if (!firstPage.pageInfo.hasNextPage) return firstPage.nodes.length
		return firstPage.nodes.length + (await collectionIds(handle, firstPage.pageInfo.endCursor)).length
	}

	async function summariesByIds(ids: string[]): Promise<ProductSummary[]> {
		if (ids.length === 0) return []
		const found = new Map<string, ProductSummary>()
		for (let start = 0; start < ids.length; start += STOREFRONT_PAGE_SIZE) {
			const data = await client.request<{ nodes: (ApiProductSummary | OtherNode | null)[] }>({
				query: PRODUCTS_BY_IDS_QUERY,
				variables: { ids: ids.slice(start, start + STOREFRONT_PAGE_SIZE) },
			})
			for (const node of data.nodes) if (isProduct(node)) found.set(node.id, toProductSummary(node))
		}
		return ids.flatMap((id) => found.get(id) ?? [])
	}

	async function collectionsByHandles(
		handles: string[],
		options?: { first?: number },
	): Promise<{ collection: Collection; products: ProductSummary[] }[]> {
		const valid = validHandles(handles)
		if (valid.length === 0) return []
		const first = clamp(options?.first, 50, STOREFRONT_PAGE_SIZE)
		type Found = ApiCollection & { top: { nodes: ApiProductSummary[] }; all: IdPage }
		const data = await client.request<Record<string, Found | null>>({
			query: collectionsByHandlesQuery(valid.length),
			variables: { first, ...Object.fromEntries(valid.map((h, i) => [`h${i}`, h])) },
		})
		const results = await Promise.all(
			valid.map(async (handle, i) => {
				const found = data[`c${i}`]
				if (!found) return null
				return { collection: toCollection(found, await countProducts(handle, found.all)), products: found.top.nodes.map(toProductSummary) }
			}),
		)
		return results.flatMap((r) => r ?? [])
	}

	/** The category's browse rows in the owner's order; null when the collection does not exist. */
	async function collectionRows(handle: string, params: BrowseParams): Promise<BrowseRow[] | null> {
		const products: ApiBrowseRow[] = []
		let cursor: string | null = null
		do {
			const data: { collection: { products: { nodes: ApiBrowseRow[]; pageInfo: PageInfo } } | null } = await client.request({
				query: BROWSE_COLLECTION_QUERY,
				variables: { handle, first: BROWSE_PAGE_SIZE, after: cursor },
			})
			if (!data.collection) return null
			products.push(...data.collection.products.nodes)
			cursor = data.collection.products.pageInfo.hasNextPage ? data.collection.products.pageInfo.endCursor : null
		} while (cursor && products.length < MAX_BROWSE_PRODUCTS)
		// 'Mais vendidos': the store's own best-selling order, read only when asked for.
		const soldRank = new Map<string, number>()
		if (params.sort === 'mais-vendidos') {
			const bestSelling = await collectionIds(handle, null, 'BEST_SELLING')
			bestSelling.forEach((id, index) => soldRank.set(id, bestSelling.length - index))
		}
		return products.filter((p) => !isInternal(p)).map((p, rank) => toBrowseRow(p, rank, soldRank.get(p.id) ?? 0))
	}

	async function searchRows(query: string): Promise<BrowseRow[]> {
		const products: ApiBrowseRow[] = []
		let cursor: string | null = null
		do {
			const data: { search: { nodes: (ApiBrowseRow | OtherNode)[]; pageInfo: PageInfo } } = await client.request({
				query: BROWSE_SEARCH_QUERY,
				variables: { query, first: BROWSE_PAGE_SIZE, after: cursor },
			})
			for (const node of data.search.nodes) if (isBrowseRow(node)) products.push(node)
			cursor = data.search.pageInfo.hasNextPage ? data.search.pageInfo.endCursor : null
		} while (cursor && products.length < MAX_SEARCH_RESULTS)
		// The search API has no 'best selling' order: 'Mais vendidos' keeps the relevance order there.
		return products
			.filter((p) => !isInternal(p))
			.slice(0, MAX_SEARCH_RESULTS)
			.map((p, rank) => toBrowseRow(p, rank, 0))
	}

	async function browseProducts(input: BrowseInput): Promise<BrowseResult | null> {
		let rows: BrowseRow[]
		if ('collectionHandle' in input) {
			if (!isHandle(input.collectionHandle)) return null
			const found = await collectionRows(handleSchema.parse(input.collectionHandle), input.params)
			if (!found) return null
			rows = found
		} else {
			const query = searchText(input.query)
			rows = query ? await searchRows(query) : []
		}
		const page = browse(rows, input.params, input.pageSize)
		return { ...page, products: await summariesByIds(page.ids) }
	}

	return {
		name: 'storefront',
		client,

		async listProducts(options: ListProductsOptions): Promise<Connection<ProductSummary>> {
			const parsed = listOptionsSchema.safeParse(options)
			if (!parsed.success) throw new CommerceError('invalid_input', COMMERCE_MESSAGES.invalidInput, { cause: parsed.error })
			const { after, sortKey = 'CREATED_AT', reverse = false } = parsed.data
			const query = [parsed.data.query?.trim(), `tag_not:'${INTERNAL_TAG}'`].filter(Boolean).join(' ')
			const data = await client.request<{ products: { nodes: ApiProductSummary[]; pageInfo: PageInfo } }>({
				query: PRODUCTS_QUERY,
				variables: { first: clamp(parsed.data.first, 50, STOREFRONT_PAGE_SIZE), after: after ?? null, query, sortKey, reverse },
			})
			return {
				nodes: data.products.nodes.filter((p) => !isInternal(p)).map(toProductSummary),
				pageInfo: { hasNextPage: data.products.pageInfo.hasNextPage, endCursor: data.products.pageInfo.endCursor },
			}
		},

		getProductByHandle: productByHandle,

		async getProductsByHandles(handles: string[]): Promise<ProductSummary[]> {
			const valid = validHandles(handles)
			if (valid.length === 0) return []
			const data = await client.request<Record<string, ApiProductSummary | null>>({
				query: productsByHandlesQuery(valid.length),
				variables: Object.fromEntries(valid.map((h, i) => [`h${i}`, h])),
			})
			return valid.flatMap((_, i) => {
				const product = data[`p${i}`]
				return product ? [toProductSummary(product)] : []
			})
		},

		async getProductsByIds(ids: string[]): Promise<ProductSummary[]> {
			const valid = [...new Set(ids.filter((id) => isProductIdOf('storefront', id)))]
			const handle = valid.length === 1 ? handleById.get(valid[0]!) : undefined
			if (handle) {
				// A renamed or removed product falls through to the ids query.
				const product = await productByHandle(handle)
				if (product && product.id === valid[0]) return [product]
			}
			return summariesByIds(valid)
		},

		async getCollectionByHandle(handle, options) {
			const [found] = await collectionsByHandles([handle], options)
			return found ?? null
		},

		getCollectionsByHandles: collectionsByHandles,

		async listCollections(): Promise<Collection[]> {
			type Page = { collections: { nodes: (ApiCollection & { all: IdPage })[]; pageInfo: PageInfo } }
			const collections: Collection[] = []
			let cursor: string | null = null
			do {
				const data: Page = await client.request({ query: COLLECTIONS_QUERY, variables: { after: cursor } })
				for (const c of data.collections.nodes) collections.push(toCollection(c, await countProducts(c.handle, c.all)))
				cursor = data.collections.pageInfo.hasNextPage ? data.collections.pageInfo.endCursor : null
			} while (cursor)
			return collections
		},

		browseProducts,

		async searchProducts(query: string, options?: { first?: number }): Promise<ProductSummary[]> {
			const text = searchText(query)
			if (!text) return []
			const first = clamp(options?.first, 8, MAX_SUGGESTIONS)
			// A few more than asked: internal products (add-ons, bases) are dropped after the search.
			const data = await client.request<{ search: { nodes: (ApiProductSummary | OtherNode)[] } }>({
				query: SEARCH_PRODUCTS_QUERY,
				variables: { query: text, first: Math.min(first + 10, 100) },
			})
			return data.search.nodes
				.filter((node): node is ApiProductSummary => isProduct(node) && !isInternal(node))
				.slice(0, first)
				.map(toProductSummary)
		},

		createRemoteCheckout: (lines, buyerIdentity) => createRemoteCheckout(client, lines, buyerIdentity),

		async getVariantsByIds(ids: string[]) {
			const valid = [
				...new Set(ids.filter((id) => typeof id === 'string' && id.startsWith('gid://shopify/ProductVariant/') && id.length <= 200)),
			]
			const found = new Map<string, StoreVariant>()
			for (let start = 0; start < valid.length; start += STOREFRONT_PAGE_SIZE) {
				const data = await client.request<{ nodes: (ApiVariantWithProduct | OtherNode | null)[] }>({
					query: VARIANTS_BY_IDS_QUERY,
					variables: { ids: valid.slice(start, start + STOREFRONT_PAGE_SIZE) },
				})
				for (const node of data.nodes) if (isVariant(node)) found.set(node.id, toMerchandise(node))
			}
			return found
		},

		getCart: cartNotHere,
		createCart: cartNotHere,
		addCartLines: cartNotHere,
		updateCartLines: cartNotHere,
		removeCartLines: cartNotHere,
		createCheckout: cartNotHere,
	}
}

/** The query as searched: trimmed, spaces folded, at most 100 characters; null under 2 characters. */
function searchText(query: string): string | null {
	const text = query.trim().replace(/\s+/g, ' ').slice(0, MAX_QUERY_LENGTH)
	return text.length < MIN_QUERY_LENGTH ? null : text
}

const remoteLinesSchema = z
	.array(
		z.object({
			variantId: z.string().min(1).max(200),
			sellingPlanId: z
				.string()
				.regex(/^gid:\/\/shopify\/SellingPlan\/[A-Za-z0-9_-]{1,100}$/)
				.optional(),
			quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY, COMMERCE_MESSAGES.quantityTooLarge(MAX_LINE_QUANTITY)),
			attributes: z
				.array(z.object({ key: z.string().min(1).max(100), value: z.string().max(1000) }))
				.max(20)
				.optional(),
		}),
	)
	.max(MAX_CART_LINES, COMMERCE_MESSAGES.cartLineLimit)

const buyerIdentitySchema = z
	.object({
		email: z.email().optional(),
		phone: z.string().min(8).max(20).optional(),
		countryCode: z.literal('BR').optional(),
		customerAccessToken: z.string().min(1).max(500).optional(),
	})
	.optional()

type ApiCartCreate = {
	cartCreate: {
		cart: {
			id: string
			checkoutUrl: string | null
			totalQuantity: number
			cost: { totalAmount: ApiMoney }
			lines: {
				nodes: {
					id: string
					quantity: number
					merchandise: { id: string; title: string; price: ApiMoney; product: { title: string; handle: string } }
				}[]
			}
		} | null
		userErrors: { field: string[] | null; message: string }[]
	} | null
}

/**
 * The remote cart at checkout (document 000 §7 call 4, §8): `cartCreate` with the lines our
 * server priced and checked, and the buyer when known; the shopper then goes to its
 * checkoutUrl (new tab). Every failure keeps §8's message and tells the shopper
 * 'Não foi possível criar o checkout. Tente novamente.' (the toasts add their titles).
 */
export async function createRemoteCheckout(
	client: StorefrontClient,
	lines: RemoteCheckoutLine[],
	buyerIdentity?: BuyerIdentity,
): Promise<RemoteCheckout> {
	if (lines.length === 0) throw new CommerceError('cart_empty', COMMERCE_MESSAGES.cartEmpty)
	const parsedLines = remoteLinesSchema.safeParse(lines)
	if (!parsedLines.success) {
		const limit = lines.length > MAX_CART_LINES
		throw new CommerceError(
			limit ? 'cart_line_limit' : 'invalid_input',
			limit ? COMMERCE_MESSAGES.cartLineLimit : COMMERCE_MESSAGES.invalidInput,
			{
				cause: parsedLines.error,
			},
		)
	}
	const buyer = buyerIdentitySchema.safeParse(buyerIdentity)
	const input = {
		lines: parsedLines.data.map((l) => ({
			merchandiseId: l.variantId,
			quantity: l.quantity,
			attributes: l.attributes ?? [],
			...(l.sellingPlanId ? { sellingPlanId: l.sellingPlanId } : {}),
		})),
		// A malformed buyer is left out rather than failing the checkout: the hosted page asks anyway.
		...(buyer.success && buyer.data ? { buyerIdentity: buyer.data } : {}),
	}
	let data: ApiCartCreate
	try {
		data = await client.request<ApiCartCreate>({ query: CART_CREATE_MUTATION, variables: { input }, cache: false })
	} catch (error) {
		if (error instanceof StorefrontError) {
			throw new StorefrontError(error.kind, error.message, {
				userMessage: COMMERCE_MESSAGES.checkoutFailed,
				toast: error.toast ?? undefined,
				cause: error,
			})
		}
		throw error
	}
	const payload = data.cartCreate
	const userErrors = payload?.userErrors ?? []
	if (userErrors.length > 0) {
		throw new StorefrontError('user_errors', `Cart creation failed: ${userErrors.map((e) => e.message).join(', ')}`, {
			userMessage: COMMERCE_MESSAGES.checkoutFailed,
		})
	}
	const cart = payload?.cart
	if (!cart?.checkoutUrl) {
		throw new StorefrontError('no_checkout_url', 'No checkout URL returned from Shopify', { userMessage: COMMERCE_MESSAGES.checkoutFailed })
	}
	const checkoutUrl = new URL(cart.checkoutUrl)
	checkoutUrl.searchParams.set('channel', 'online_store')
	return {
		cartId: cart.id,
		checkoutUrl: checkoutUrl.toString(),
		external: true,
		totalQuantity: cart.totalQuantity,
		total: toMoney(cart.cost.totalAmount),
		lines: cart.lines.nodes.map((line) => ({
			id: line.id,
			variantId: line.merchandise.id,
			quantity: line.quantity,
			title: line.merchandise.title,
			price: toMoney(line.merchandise.price),
			productTitle: line.merchandise.product.title,
			productHandle: line.merchandise.product.handle,
		})),
	}
}

let configured: StorefrontProvider | undefined

/** The provider for the configured store (COMMERCE_PROVIDER=storefront), made once. */
export function getStorefrontProvider(): StorefrontProvider {
	if (configured) return configured
	const env = getEnv()
	if (!env.STOREFRONT_TOKEN) throw new Error('STOREFRONT_TOKEN não configurado')
	configured = createStorefrontProvider(createStorefrontClient({ endpoint: storefrontEndpoint(env), token: env.STOREFRONT_TOKEN }))
	return configured
}

/** Tests change the environment between suites; this forgets the provider made from it. */
export function resetStorefrontProviderForTests(): void {
	configured = undefined
}
