import { builtinProvider } from './builtin/provider.server'
import type { CommerceProvider } from './provider'

export * from './index'

export type CommerceProviderName = 'builtin' | 'storefront'

/**
 * The commerce provider chosen by configuration (decision 1). Routes and components import
 * only from ~/commerce (types) and ~/commerce/index.server (getCommerce), never the schema
 * nor a provider module, so switching providers touches nothing else.
 *
 * COMMERCE_PROVIDER=storefront will select the hosted Storefront API provider once it
 * exists; until then any value other than 'builtin' is a configuration error.
 */
export function getCommerce(): CommerceProvider {
	const name = (process.env.COMMERCE_PROVIDER ?? 'builtin') as CommerceProviderName
	switch (name) {
		case 'builtin':
			return builtinProvider
		case 'storefront':
			throw new Error('COMMERCE_PROVIDER=storefront: o provedor Storefront ainda não está disponível.')
		default:
			throw new Error(`COMMERCE_PROVIDER desconhecido: ${String(name)}`)
	}
}
