import type { ReadCache } from '~/server/store-read-cache.server'
import type { CommerceProvider } from './provider'

/**
 * The catalogue's reads; carts and checkout always go to the provider. Search is left out: its
 * keys are as many as the words typed (they would push product pages out), and the header's
 * suggestions have their own short cache (decision 047).
 */
const READ_METHODS = [
	'listProducts',
	'getProductByHandle',
	'getProductsByHandles',
	'getProductsByIds',
	'getCollectionByHandle',
	'getCollectionsByHandles',
	'listCollections',
	'browseProducts',
] as const satisfies readonly (keyof CommerceProvider)[]

/** The provider with its catalogue reads kept in `cache` (decision 050). */
export function withReadCache(provider: CommerceProvider, cache: ReadCache): CommerceProvider {
	const cached: CommerceProvider = { ...provider }
	for (const method of READ_METHODS) {
		const original = provider[method] as ((...args: unknown[]) => Promise<unknown>) | undefined
		if (typeof original !== 'function') continue
		;(cached as unknown as Record<string, unknown>)[method] = cache.wrap(`${provider.name}.${method}`, original.bind(provider))
	}
	return cached
}
