import { builtinProvider } from './builtin/provider.server'
import { getStorefrontProvider } from './storefront/provider.server'
import type { CommerceProvider } from './provider'
import { withReadCache } from './read-cache.server'

export * from './index'

import { getEnv } from '~/server/env.server'
import { storeReadCache } from '~/server/store-read-cache.server'

/**
 * The commerce provider chosen by configuration (decision 1). Routes and components import
 * only from ~/commerce (types) and ~/commerce/index.server (getCommerce), never the schema
 * nor a provider module, so switching providers touches nothing else.
 *
 * COMMERCE_PROVIDER is validated at start-up (env.server.ts): 'storefront' is the hosted
 * Storefront API (decision 046), made once from STOREFRONT_* settings.
 */
export function getCommerce(): CommerceProvider {
	const provider = configuredProvider()
	return getEnv().CATALOGUE_CACHE ? cachedReadsOf(provider) : provider
}

function configuredProvider(): CommerceProvider {
	const name = getEnv().COMMERCE_PROVIDER
	switch (name) {
		case 'builtin':
			return builtinProvider
		case 'storefront':
			return getStorefrontProvider()
	}
}

/**
 * The provider with its catalogue reads kept in memory until the next store event (decision
 * 050), in the process's store read cache (emptied by every app server's events).
 */
const cachedProviders = new Map<CommerceProvider, CommerceProvider>()

/** Tests: forget the wrappers (each holds the store read cache it was made with). */
export function resetCachedProvidersForTests() {
	cachedProviders.clear()
}
function cachedReadsOf(provider: CommerceProvider): CommerceProvider {
	let cached = cachedProviders.get(provider)
	if (!cached) {
		cached = withReadCache(provider, storeReadCache())
		cachedProviders.set(provider, cached)
	}
	return cached
}
