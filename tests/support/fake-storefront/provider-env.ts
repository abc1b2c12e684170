import { afterAll, beforeAll } from 'vitest'
import { resetStorefrontProviderForTests } from '~/commerce/storefront/provider.server'
import { resetEnvForTests } from '~/server/env.server'
import type { FakeCatalogue } from './catalogue'
import { type FakeStorefront, startFakeStorefront } from './server'

const KEYS = ['COMMERCE_PROVIDER', 'STOREFRONT_API_URL', 'STOREFRONT_TOKEN'] as const

/**
 * For the test file: a fake Storefront server holding `catalogue()`, and this process configured
 * as COMMERCE_PROVIDER=storefront pointed at it (env and provider made again), restored after the
 * file. `started` receives the fake once it listens.
 */
export function withFakeStorefrontProvider(catalogue: () => FakeCatalogue, started: (fake: FakeStorefront) => void): void {
	const saved = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]))
	let fake: FakeStorefront | undefined
	beforeAll(async () => {
		fake = await startFakeStorefront(catalogue())
		Object.assign(process.env, { COMMERCE_PROVIDER: 'storefront', STOREFRONT_API_URL: fake.url, STOREFRONT_TOKEN: fake.token })
		resetEnvForTests()
		resetStorefrontProviderForTests()
		started(fake)
	})
	afterAll(async () => {
		for (const key of KEYS) {
			if (saved[key] === undefined) delete process.env[key]
			else process.env[key] = saved[key]
		}
		resetEnvForTests()
		resetStorefrontProviderForTests()
		await fake?.stop()
	})
}
