import type { TestProject } from 'vitest/node'
import { startAppServer } from '#tests/support/app-server'
import { startFakeAddressService } from '#tests/support/fake-address-service'
import { type FakeStorefront, startFakeStorefront } from '#tests/support/fake-storefront/server'
import { createScratchPostgresDatabase } from '#tests/setup/scratch-postgres'
import { ADMIN } from './accounts'
import { E2E_PROVIDERS, type E2eProvider, demoStorefrontCatalogue } from './demo-storefront'

declare module 'vitest' {
	export interface ProvidedContext {
		baseUrl: string
		/**
		 * The e2e server's database when it runs on PostgreSQL (TEST_DATABASE_URL set, as in CI),
		 * so that a test can do what only the database can (e.g. approve a review); null on PGlite,
		 * whose files only the server process may open.
		 */
		e2eDatabaseUrl: string | null
		/** The commerce provider the e2e server runs (E2E_PROVIDER; decision 053). */
		provider: E2eProvider
		/** On the storefront run: the fake Storefront server's control address (support/provider.ts); else null. */
		fakeStorefrontControl: string | null
	}
}

export default async function setup(project: TestProject) {
	const provider = (process.env.E2E_PROVIDER ?? 'builtin') as E2eProvider
	if (!E2E_PROVIDERS.includes(provider)) throw new Error(`E2E_PROVIDER: ${provider}? (${E2E_PROVIDERS.join(', ')})`)
	const base = process.env.TEST_DATABASE_URL
	const scratch = base ? await createScratchPostgresDatabase(base, `e2e_${Date.now()}_${process.pid}`) : null
	// The checkout's CEP lookup asks a fake ViaCEP (tests/support/fake-address-service.ts).
	const addresses = await startFakeAddressService()
	// The storefront run (decision 053): the fake Storefront server holds the demo catalogue, so the
	// same tests find the same handles, titles and prices as on the built-in provider.
	let fake: FakeStorefront | null = null
	try {
		fake = provider === 'storefront' ? await startFakeStorefront(demoStorefrontCatalogue()) : null
		const server = await startAppServer({
			CEP_LOOKUP_URL: addresses.url,
			ADMIN_EMAIL: ADMIN.email,
			ADMIN_PASSWORD: ADMIN.password,
			// aria.e2e.ts runs a browser session out of chat messages.
			ARIA_MESSAGES_PER_SESSION: '6',
			...(scratch ? { DATABASE_URL: scratch.url } : {}),
			...(fake ? { COMMERCE_PROVIDER: 'storefront', STOREFRONT_API_URL: fake.url, STOREFRONT_TOKEN: fake.token } : {}),
		})
		project.provide('baseUrl', server.url)
		project.provide('e2eDatabaseUrl', scratch?.url ?? null)
		project.provide('provider', provider)
		project.provide('fakeStorefrontControl', fake?.controlUrl ?? null)
		return async () => {
			// stop() fails the run when the server printed a Node warning: drop the database anyway.
			try {
				await server.stop()
			} finally {
				await fake?.stop()
				await addresses.stop()
				await scratch?.drop()
			}
		}
	} catch (error) {
		await fake?.stop()
		await addresses.stop()
		await scratch?.drop()
		throw error
	}
}
