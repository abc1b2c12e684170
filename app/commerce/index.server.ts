import { builtinProvider } from './builtin/provider.server'
import { getStorefrontProvider } from './storefront/provider.server'
import type { CommerceProvider } from './provider'

export * from './index'

import { getEnv } from '~/server/env.server'

/**
 * The commerce provider chosen by configuration (decision 1). Routes and components import
 * only from ~/commerce (types) and ~/commerce/index.server (getCommerce), never the schema
 * nor a provider module, so switching providers touches nothing else.
 *
 * COMMERCE_PROVIDER is validated at start-up (env.server.ts): 'storefront' is the hosted
 * Storefront API (decision 046), made once from STOREFRONT_* settings.
 */
export function getCommerce(): CommerceProvider {
	const name = getEnv().COMMERCE_PROVIDER
	switch (name) {
		case 'builtin':
			return builtinProvider
		case 'storefront':
			return getStorefrontProvider()
	}
}
