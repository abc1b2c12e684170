import { afterEach, describe, expect, test } from 'vitest'
import { getCommerce } from '../index.server'
import { resetStorefrontProviderForTests } from './provider.server'
import { parseEnv, resetEnvForTests, storefrontEndpoint } from '~/server/env.server'

describe('COMMERCE_PROVIDER=storefront configuration (validated at start-up)', () => {
	test('token and domain (or a whole endpoint) are required, with Portuguese messages', () => {
		expect(() => parseEnv({ COMMERCE_PROVIDER: 'storefront' })).toThrow(
			/STOREFRONT_TOKEN é obrigatório quando COMMERCE_PROVIDER=storefront[\s\S]*STOREFRONT_DOMAIN \(ou STOREFRONT_API_URL\) é obrigatório/,
		)
		expect(() => parseEnv({ COMMERCE_PROVIDER: 'shopify' })).toThrow('COMMERCE_PROVIDER deve ser builtin ou storefront')
		expect(() =>
			parseEnv({ COMMERCE_PROVIDER: 'storefront', STOREFRONT_TOKEN: 't', STOREFRONT_DOMAIN: 'https://loja.myshopify.com' }),
		).toThrow(/STOREFRONT_DOMAIN deve ser só o domínio da loja/)
		expect(() => parseEnv({ STOREFRONT_API_VERSION: '2025-7' })).toThrow(/STOREFRONT_API_VERSION deve ter o formato AAAA-MM/)
		// The settings are ignored (not required) with the built-in provider.
		expect(parseEnv({}).COMMERCE_PROVIDER).toBe('builtin')
	})

	test('the endpoint: the store’s versioned one (2025-07 by default), or STOREFRONT_API_URL (http only on this machine)', () => {
		const env = parseEnv({ COMMERCE_PROVIDER: 'storefront', STOREFRONT_TOKEN: 't', STOREFRONT_DOMAIN: 'Loja.myshopify.com' })
		expect(storefrontEndpoint(env)).toBe('https://loja.myshopify.com/api/2025-07/graphql.json')
		const local = parseEnv({
			COMMERCE_PROVIDER: 'storefront',
			STOREFRONT_TOKEN: 't',
			STOREFRONT_API_URL: 'http://127.0.0.1:4100/api/graphql.json',
		})
		expect(storefrontEndpoint(local)).toBe('http://127.0.0.1:4100/api/graphql.json')
		expect(() => parseEnv({ STOREFRONT_API_URL: 'http://staging.example.com/graphql.json' })).toThrow(
			/STOREFRONT_API_URL deve começar com https:\/\/ \(http:\/\/ só para 127.0.0.1 ou localhost\)/,
		)
	})
})

describe('getCommerce()', () => {
	const saved = { ...process.env }
	afterEach(() => {
		process.env = { ...saved }
		resetEnvForTests()
		resetStorefrontProviderForTests()
	})

	test('returns the storefront provider when configured', () => {
		Object.assign(process.env, { COMMERCE_PROVIDER: 'storefront', STOREFRONT_TOKEN: 't', STOREFRONT_DOMAIN: 'loja.myshopify.com' })
		resetEnvForTests()
		expect(getCommerce().name).toBe('storefront')
		expect(getCommerce()).toBe(getCommerce())
	})
})
