import type {
	Cart,
	CartLineInput,
	CartLineUpdateInput,
	Checkout,
	Collection,
	Connection,
	Product,
	ProductSortKey,
	ProductSummary,
} from './types'
import type { BrowsePage, BrowseParams } from './rules/browse'

export type ListProductsOptions = {
	/** Page size, 1-250 (the Storefront API's page size). */
	first: number
	/** endCursor of the previous page. Opaque: only the provider that made it can read it. */
	after?: string | null
	/**
	 * Storefront search syntax subset: free words (all must match title, description or a
	 * tag, accent- and case-insensitive), `tag:value`, `product_type:value`.
	 */
	query?: string
	sortKey?: ProductSortKey
	reverse?: boolean
}

/** A category (by handle) or a search (by query), with the page's sort, filters and number. */
export type BrowseInput = ({ collectionHandle: string } | { query: string }) & { params: BrowseParams; pageSize?: number }
/** One page of products, in order, with the total after filters and the facet counts. */
export type BrowseResult = BrowsePage & { products: ProductSummary[] }

/**
 * Everything the shop needs from a commerce backend. Implementations: the built-in one on
 * our database (./builtin) and, later, the hosted Storefront API (GraphQL 2025-07).
 *
 * Contract for every implementation:
 * - only products on sale are returned; nothing returns a draft;
 * - prices always come from the backend: no method takes a price;
 * - failures the shopper should hear about are thrown as CommerceError; a missing product,
 *   collection or cart is `null`, not an error.
 */
export interface CommerceProvider {
	readonly name: 'builtin' | 'storefront'

	listProducts(options: ListProductsOptions): Promise<Connection<ProductSummary>>
	getProductByHandle(handle: string): Promise<Product | null>
	/** In the order asked, skipping handles that do not exist (at most 50 handles). */
	getProductsByHandles(handles: string[]): Promise<ProductSummary[]>
	/**
	 * By the provider's own ids (decision 051: favourites, views and reviews name products by id),
	 * in the order asked, once each, skipping ids that are unknown, not on sale or not this
	 * provider's (a uuid on the store, a gid on the built-in catalogue). Any number of ids: the
	 * store is asked once per 250.
	 */
	getProductsByIds(ids: string[]): Promise<ProductSummary[]>
	/** The collection with its real product count and its first `first` products (default 50). */
	getCollectionByHandle(
		handle: string,
		options?: { first?: number },
	): Promise<{ collection: Collection; products: ProductSummary[] } | null>
	/**
	 * Several collections at once (the home page's rows), each with its first `first`
	 * products; in the order asked, skipping handles that do not exist (at most 50 handles).
	 */
	getCollectionsByHandles(
		handles: string[],
		options?: { first?: number },
	): Promise<{ collection: Collection; products: ProductSummary[] }[]>
	listCollections(): Promise<Collection[]>
	/**
	 * Category and search result pages (issue 13): sorted, filtered, counted and paged. null when
	 * the collection does not exist; a search with no match is an empty page.
	 */
	browseProducts(input: BrowseInput): Promise<BrowseResult | null>
	/** Best matches first; [] when the trimmed query has fewer than 2 characters. */
	searchProducts(query: string, options?: { first?: number }): Promise<ProductSummary[]>

	/** null when the id is unknown or malformed (e.g. a stale cookie). */
	getCart(cartId: string): Promise<Cart | null>
	createCart(input?: { lines?: CartLineInput[] }): Promise<Cart>
	/** An existing line with the same variant and attributes gets its quantity raised. */
	addCartLines(cartId: string, lines: CartLineInput[]): Promise<Cart>
	/** quantity ≤ 0 removes the line. */
	updateCartLines(cartId: string, lines: CartLineUpdateInput[]): Promise<Cart>
	removeCartLines(cartId: string, lineIds: string[]): Promise<Cart>
	/** Built-in: our own '/checkout' page (same tab). External: the hosted URL (new tab). */
	createCheckout(cartId: string): Promise<Checkout>
}
