/**
 * Every GraphQL document the Storefront provider sends (Storefront API 2025-07). The unit test
 * `queries.test.ts` parses and validates each of them (and each built by the alias helpers)
 * against the API's own schema, so a renamed or misspelt field fails the build, not the shop.
 *
 * Limits follow document 000 §3: lists carry 5 images, 10 variants and 10 collections; the
 * product page 10 images and 50 variants.
 */
import { DETAIL_IMAGE_LIMIT, DETAIL_VARIANT_LIMIT, LIST_IMAGE_LIMIT, LIST_VARIANT_LIMIT, PRODUCT_COLLECTION_LIMIT } from '../types'

/** The API's largest page (document 000 §9). */
export const STOREFRONT_PAGE_SIZE = 250
/**
 * Variants read per product to filter and sort a category or search page. Shopify's default
 * limit is 100 variants per product; more are rare in this kind of shop and only the facets of
 * such a product would miss them.
 */
export const BROWSE_VARIANT_LIMIT = 100
/** Products per request when reading a category's browse rows (each carries up to 100 small variants). */
export const BROWSE_PAGE_SIZE = 100

const MONEY = /* GraphQL */ `
	fragment Money on MoneyV2 {
		amount
		currencyCode
	}
`

const IMAGE = /* GraphQL */ `
	fragment ImageFields on Image {
		url
		altText
		width
		height
	}
`

const VARIANT = /* GraphQL */ `
	fragment VariantFields on ProductVariant {
		id
		title
		availableForSale
		quantityAvailable
		price {
			...Money
		}
		compareAtPrice {
			...Money
		}
		selectedOptions {
			name
			value
		}
		image {
			...ImageFields
		}
	}
`

/** What a product has in lists and on its page alike (everything but the sized connections). */
const PRODUCT_CORE = /* GraphQL */ `
	fragment ProductCore on Product {
		id
		handle
		title
		description
		productType
		tags
		availableForSale
		updatedAt
		priceRange {
			minVariantPrice {
				...Money
			}
			maxVariantPrice {
				...Money
			}
		}
		options {
			name
			optionValues {
				name
			}
		}
		collections(first: ${PRODUCT_COLLECTION_LIMIT}) {
			nodes {
				handle
				title
			}
		}
	}
`

const PRODUCT_SUMMARY = /* GraphQL */ `
	fragment ProductSummary on Product {
		...ProductCore
		images(first: ${LIST_IMAGE_LIMIT}) {
			nodes {
				...ImageFields
			}
		}
		variants(first: ${LIST_VARIANT_LIMIT}) {
			nodes {
				...VariantFields
			}
		}
	}
`

const PRODUCT_DETAIL = /* GraphQL */ `
	fragment ProductDetail on Product {
		...ProductCore
		descriptionHtml
		images(first: ${DETAIL_IMAGE_LIMIT}) {
			nodes {
				...ImageFields
			}
		}
		variants(first: ${DETAIL_VARIANT_LIMIT}) {
			nodes {
				...VariantFields
			}
		}
	}
`

const COLLECTION = /* GraphQL */ `
	fragment CollectionFields on Collection {
		id
		handle
		title
		description
	}
`

/** What filtering, counting and sorting a category or search page needs of each product. */
const BROWSE_ROW = /* GraphQL */ `
	fragment BrowseRow on Product {
		id
		tags
		createdAt
		variants(first: ${BROWSE_VARIANT_LIMIT}) {
			nodes {
				availableForSale
				price {
					amount
				}
				selectedOptions {
					name
					value
				}
			}
		}
	}
`

const SUMMARY_FRAGMENTS = MONEY + IMAGE + VARIANT + PRODUCT_CORE + PRODUCT_SUMMARY
const DETAIL_FRAGMENTS = MONEY + IMAGE + VARIANT + PRODUCT_CORE + PRODUCT_DETAIL

export const PRODUCTS_QUERY = /* GraphQL */ `
	query Products($first: Int!, $after: String, $query: String, $sortKey: ProductSortKeys, $reverse: Boolean) {
		products(first: $first, after: $after, query: $query, sortKey: $sortKey, reverse: $reverse) {
			nodes {
				...ProductSummary
			}
			pageInfo {
				hasNextPage
				endCursor
			}
		}
	}
	${SUMMARY_FRAGMENTS}
`

export const PRODUCT_BY_HANDLE_QUERY = /* GraphQL */ `
	query ProductByHandle($handle: String!) {
		product(handle: $handle) {
			...ProductDetail
		}
	}
	${DETAIL_FRAGMENTS}
`

export const PRODUCTS_BY_IDS_QUERY = /* GraphQL */ `
	query ProductsByIds($ids: [ID!]!) {
		nodes(ids: $ids) {
			... on Product {
				...ProductSummary
			}
		}
	}
	${SUMMARY_FRAGMENTS}
`

/** Several products by handle in one request: one aliased `product` field per handle (p0, p1…). */
export function productsByHandlesQuery(count: number): string {
	const variables = range(count).map((i) => `$h${i}: String!`)
	const fields = range(count).map((i) => `p${i}: product(handle: $h${i}) { ...ProductSummary }`)
	return `query ProductsByHandles(${variables.join(', ')}) {\n${fields.join('\n')}\n}\n${SUMMARY_FRAGMENTS}`
}

/**
 * Several collections in one request (the home page's rows): per handle (aliases c0, c1…) the
 * collection, its first `$first` products in the owner's order, and the ids of up to 250 of its
 * products to count them (the Storefront API has no product count on a collection).
 */
export function collectionsByHandlesQuery(count: number): string {
	const variables = ['$first: Int!', ...range(count).map((i) => `$h${i}: String!`)]
	const fields = range(count).map(
		(i) => `c${i}: collection(handle: $h${i}) {
			...CollectionFields
			top: products(first: $first) { nodes { ...ProductSummary } }
			all: products(first: ${STOREFRONT_PAGE_SIZE}) { nodes { id } pageInfo { hasNextPage endCursor } }
		}`,
	)
	return `query CollectionsByHandles(${variables.join(', ')}) {\n${fields.join('\n')}\n}\n${COLLECTION}${SUMMARY_FRAGMENTS}`
}

/** The rest of a large collection's product ids, to finish counting it. */
export const COLLECTION_PRODUCT_IDS_QUERY = /* GraphQL */ `
	query CollectionProductIds($handle: String!, $after: String, $sortKey: ProductCollectionSortKeys) {
		collection(handle: $handle) {
			products(first: ${STOREFRONT_PAGE_SIZE}, after: $after, sortKey: $sortKey) {
				nodes {
					id
				}
				pageInfo {
					hasNextPage
					endCursor
				}
			}
		}
	}
`

/** Collections 50 at a time, each with up to 250 product ids to count. */
export const COLLECTIONS_QUERY = /* GraphQL */ `
	query Collections($after: String) {
		collections(first: 50, after: $after, sortKey: TITLE) {
			nodes {
				...CollectionFields
				all: products(first: ${STOREFRONT_PAGE_SIZE}) {
					nodes {
						id
					}
					pageInfo {
						hasNextPage
						endCursor
					}
				}
			}
			pageInfo {
				hasNextPage
				endCursor
			}
		}
	}
	${COLLECTION}
`

/** A category's products in the owner's order (COLLECTION_DEFAULT), with what browsing needs. */
export const BROWSE_COLLECTION_QUERY = /* GraphQL */ `
	query BrowseCollection($handle: String!, $first: Int!, $after: String) {
		collection(handle: $handle) {
			id
			products(first: $first, after: $after, sortKey: COLLECTION_DEFAULT) {
				nodes {
					...BrowseRow
				}
				pageInfo {
					hasNextPage
					endCursor
				}
			}
		}
	}
	${BROWSE_ROW}
`

/** Search results in the API's relevance order, with what browsing needs; sold-out products last. */
export const BROWSE_SEARCH_QUERY = /* GraphQL */ `
	query BrowseSearch($query: String!, $first: Int!, $after: String) {
		search(query: $query, first: $first, after: $after, types: [PRODUCT], unavailableProducts: LAST) {
			nodes {
				... on Product {
					...BrowseRow
				}
			}
			pageInfo {
				hasNextPage
				endCursor
			}
		}
	}
	${BROWSE_ROW}
`

/** The search panel's best matches (same ranking as the search page: both use `search`). */
export const SEARCH_PRODUCTS_QUERY = /* GraphQL */ `
	query SearchProducts($query: String!, $first: Int!) {
		search(query: $query, first: $first, types: [PRODUCT], unavailableProducts: LAST) {
			nodes {
				... on Product {
					...ProductSummary
				}
			}
		}
	}
	${SUMMARY_FRAGMENTS}
`

/**
 * Variants by id with the little a cart line shows of their product, and the product's
 * collections (a variant of the 'assinatura' collection is a subscription): what our server's
 * cart needs to price and check lines that hold the store's variant ids. A variant the store no
 * longer sells comes back null.
 */
export const VARIANTS_BY_IDS_QUERY = /* GraphQL */ `
	query VariantsByIds($ids: [ID!]!) {
		nodes(ids: $ids) {
			... on ProductVariant {
				...VariantFields
				# A subscription is paid for 12 months at once (spec decision 6): the store's prepaid plan (decision 052).
				sellingPlanAllocations(first: 10) {
					nodes {
						sellingPlan {
							id
							name
						}
						checkoutChargeAmount {
							...Money
						}
					}
				}
				product {
					id
					handle
					title
					productType
					tags
					featuredImage {
						...ImageFields
					}
					collections(first: ${PRODUCT_COLLECTION_LIMIT}) {
						nodes {
							handle
						}
					}
				}
			}
		}
	}
	${MONEY + IMAGE + VARIANT}
`

/**
 * The remote cart created at checkout (document 000 §7 call 4): lines with variant ids,
 * quantities and attributes, the buyer when known; reads the checkout URL and userErrors.
 */
export const CART_CREATE_MUTATION = /* GraphQL */ `
	mutation CartCreate($input: CartInput!) {
		cartCreate(input: $input) {
			cart {
				id
				checkoutUrl
				totalQuantity
				cost {
					totalAmount {
						...Money
					}
				}
				lines(first: 100) {
					nodes {
						id
						quantity
						merchandise {
							... on ProductVariant {
								id
								title
								price {
									...Money
								}
								product {
									title
									handle
								}
							}
						}
					}
				}
			}
			userErrors {
				field
				message
			}
		}
	}
	${MONEY}
`

function range(count: number): number[] {
	return Array.from({ length: count }, (_, i) => i)
}

/** Every fixed document, by name: the schema test validates each (and the alias builders separately). */
export const STOREFRONT_DOCUMENTS = {
	PRODUCTS_QUERY,
	PRODUCT_BY_HANDLE_QUERY,
	PRODUCTS_BY_IDS_QUERY,
	COLLECTION_PRODUCT_IDS_QUERY,
	COLLECTIONS_QUERY,
	BROWSE_COLLECTION_QUERY,
	BROWSE_SEARCH_QUERY,
	SEARCH_PRODUCTS_QUERY,
	VARIANTS_BY_IDS_QUERY,
	CART_CREATE_MUTATION,
} as const
