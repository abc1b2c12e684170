import { z } from 'zod'

/**
 * Product ids as the two providers spell them (decision 051): the built-in catalogue's uuids,
 * the hosted store's Product gids ('gid://shopify/Product/123'). Our own tables keep either as
 * text; every boundary that takes one from a browser checks it against the running provider
 * here, so a malformed id is a Portuguese 400, never a database error.
 */

export type ProviderName = 'builtin' | 'storefront'

export const PRODUCT_ID_INVALID = 'Produto inválido.'

/** The longest id kept (the column's check): a gid's number is at most 20 digits. */
export const PRODUCT_ID_MAX = 200

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const PRODUCT_GID = /^gid:\/\/shopify\/Product\/[1-9][0-9]{0,19}$/

/** Whether `value` is a product id of `provider` (uuids in any case: they are compared lower-cased). */
export function isProductIdOf(provider: ProviderName, value: unknown): value is string {
	if (typeof value !== 'string') return false
	return provider === 'builtin' ? UUID.test(value) : PRODUCT_GID.test(value)
}

/** One provider's product ids; uuids come out lower-cased, as the database writes them. */
export function productIdSchemaFor(provider: ProviderName, message: string = PRODUCT_ID_INVALID) {
	return z
		.string({ error: message })
		.trim()
		.refine((value) => isProductIdOf(provider, value), message)
		.transform((value) => (provider === 'builtin' ? value.toLowerCase() : value))
}

/**
 * Either provider's product id, for schemas the browser shares (the review form): the browser does
 * not know the provider; the server checks again with `productIdSchemaFor`.
 */
export function anyProductIdSchema(message: string = PRODUCT_ID_INVALID) {
	return z
		.string({ error: message })
		.trim()
		.refine((value) => isProductIdOf('builtin', value) || isProductIdOf('storefront', value), message)
}
