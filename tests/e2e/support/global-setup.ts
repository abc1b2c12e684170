import type { TestProject } from 'vitest/node'
import { type RunningServer, startAppServer } from '#tests/support/app-server'
import { startFakeAddressService } from '#tests/support/fake-address-service'
import { type FakeStorefront, startFakeStorefront } from '#tests/support/fake-storefront/server'
import { createScratchPostgresDatabase } from '#tests/setup/scratch-postgres'
import { ADMIN } from './accounts'
import { E2E_PROVIDERS, type E2eProvider, demoStorefrontCatalogue } from './demo-storefront'
import type { E2eServer } from './e2e-server'
import { e2eServerCount } from './e2e-server-count'

declare module 'vitest' {
	export interface ProvidedContext {
		/** One production server per vitest worker (support/e2e-server.ts picks this file's). */
		e2eServers: E2eServer[]
		/** The commerce provider the e2e server runs (E2E_PROVIDER; decision 053). */
		provider: E2eProvider
	}
}

export default async function setup(project: TestProject) {
	const provider = (process.env.E2E_PROVIDER ?? 'builtin') as E2eProvider
	if (!E2E_PROVIDERS.includes(provider)) throw new Error(`E2E_PROVIDER: ${provider}? (${E2E_PROVIDERS.join(', ')})`)
	const base = process.env.TEST_DATABASE_URL
	// The checkout's CEP lookup asks a fake ViaCEP (tests/support/fake-address-service.ts).
	const addresses = await startFakeAddressService()
	// The storefront run (decision 053): a fake Storefront server per app server holds the demo
	// catalogue, so the same tests find the same handles, titles and prices as on the built-in
	// provider, and a file's queued failures (support/provider.ts) reach only its own server.
	const fakes: FakeStorefront[] = []
	const scratches: { url: string; drop: () => Promise<void> }[] = []
	const servers: RunningServer[] = []
	const stopAll = async () => {
		// stop() fails the run when the server printed a Node warning: drop the databases anyway.
		const stopped = await Promise.allSettled(servers.map((server) => server.stop()))
		await Promise.all(fakes.map((fake) => fake.stop()))
		await addresses.stop()
		await Promise.all(scratches.map((scratch) => scratch.drop()))
		const failure = stopped.find((result) => result.status === 'rejected')
		if (failure) throw failure.reason
	}
	try {
		// One server per worker (decision 074), each on its own database; started side by side.
		const started = await Promise.all(
			Array.from({ length: e2eServerCount() }, async (_, index) => {
				const scratch = base ? await createScratchPostgresDatabase(base, `e2e_${Date.now()}_${process.pid}_${index}`) : null
				if (scratch) scratches.push(scratch)
				const fake = provider === 'storefront' ? await startFakeStorefront(demoStorefrontCatalogue()) : null
				if (fake) fakes.push(fake)
				const server = await startAppServer({
					CEP_LOOKUP_URL: addresses.url,
					ADMIN_EMAIL: ADMIN.email,
					ADMIN_PASSWORD: ADMIN.password,
					// aria.e2e.ts runs a browser session out of chat messages.
					ARIA_MESSAGES_PER_SESSION: '6',
					...(scratch ? { DATABASE_URL: scratch.url } : {}),
					...(fake ? { COMMERCE_PROVIDER: 'storefront', STOREFRONT_API_URL: fake.url, STOREFRONT_TOKEN: fake.token } : {}),
				})
				servers.push(server)
				return { baseUrl: server.url, databaseUrl: scratch?.url ?? null, fakeStorefrontControl: fake?.controlUrl ?? null }
			}),
		)
		project.provide('e2eServers', started)
		project.provide('provider', provider)
		return stopAll
	} catch (error) {
		await stopAll().catch(() => {})
		throw error
	}
}
