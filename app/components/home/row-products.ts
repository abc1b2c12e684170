import type { ProductCardData } from '~/components/shop/product-card'

/** Every category row's cards, by collection handle (GET /resources/home-rows). */
export type RowProducts = Readonly<Record<string, ProductCardData[]>>

export const HOME_ROWS_PATH = '/resources/home-rows'

/**
 * The home's category rows ask for their cards with one request, made when the first row comes
 * near (decision 139); the rows after it draw from the same answer. Returns the function a row
 * calls while it renders: the same promise each time, so React's `use` can wait on it.
 *
 * The promise never rejects: a failed request resolves to null (the row keeps its placeholder),
 * and is forgotten, so the next row that comes near asks again.
 */
export function rowProductsRequest(fetchRows: typeof fetch = (...args) => fetch(...args)): () => Promise<RowProducts | null> {
	let pending: Promise<RowProducts | null> | null = null
	return () => {
		pending ??= fetchRows(HOME_ROWS_PATH, { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
			.then((response) => (response.ok ? (response.json() as Promise<RowProducts>) : null))
			.catch(() => null)
			.then((rows) => {
				if (rows === null) pending = null
				return rows
			})
		return pending
	}
}

const requestsByAnswer = new WeakMap<object, () => Promise<RowProducts | null>>()

/**
 * The request for one answer of the home's loader (its `rows` object): the rows of one page share
 * it, and a revalidation (a store event, an action) brings a new answer, so the cards drawn next
 * are asked for anew instead of kept from before the change.
 */
export function rowProductsRequestFor(answer: object): () => Promise<RowProducts | null> {
	let request = requestsByAnswer.get(answer)
	if (!request) {
		request = rowProductsRequest()
		requestsByAnswer.set(answer, request)
	}
	return request
}
