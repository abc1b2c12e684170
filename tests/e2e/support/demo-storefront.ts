import { type FakeCatalogue, demoCatalogue } from '#tests/support/fake-storefront/catalogue'
import { DEMO_COLLECTIONS, buildDemoCatalogue } from '~/server/seed/catalogue'
import { createRandom } from '~/server/seed/prng'
import { DEMO_RANDOM_SEED } from '~/server/seed/seed.server'

export const E2E_PROVIDERS = ['builtin', 'storefront'] as const
export type E2eProvider = (typeof E2E_PROVIDERS)[number]

/**
 * The demo shop's catalogue in the Storefront API's terms: what the fake Storefront server holds
 * on the storefront e2e run. Deterministic (the seed's fixed random seed, ids in order), so a test
 * process computes the very catalogue, with the same gids, that global setup gave the fake server.
 */
export function demoStorefrontCatalogue(): FakeCatalogue {
	return demoCatalogue(buildDemoCatalogue(createRandom(DEMO_RANDOM_SEED)), DEMO_COLLECTIONS)
}
