import type { TestProject } from 'vitest/node'
import { startAppServer } from '#tests/support/app-server'
import { startFakeAddressService } from '#tests/support/fake-address-service'
import { createScratchPostgresDatabase } from '#tests/setup/scratch-postgres'
import { ADMIN } from './accounts'

declare module 'vitest' {
	export interface ProvidedContext {
		baseUrl: string
		/**
		 * The e2e server's database when it runs on PostgreSQL (TEST_DATABASE_URL set, as in CI),
		 * so that a test can do what only the database can (e.g. approve a review); null on PGlite,
		 * whose files only the server process may open.
		 */
		e2eDatabaseUrl: string | null
	}
}

export default async function setup(project: TestProject) {
	const base = process.env.TEST_DATABASE_URL
	const scratch = base ? await createScratchPostgresDatabase(base, `e2e_${Date.now()}_${process.pid}`) : null
	// The checkout's CEP lookup asks a fake ViaCEP (tests/support/fake-address-service.ts).
	const addresses = await startFakeAddressService()
	const server = await startAppServer({
		CEP_LOOKUP_URL: addresses.url,
		ADMIN_EMAIL: ADMIN.email,
		ADMIN_PASSWORD: ADMIN.password,
		// aria.e2e.ts runs a browser session out of chat messages.
		ARIA_MESSAGES_PER_SESSION: '6',
		...(scratch ? { DATABASE_URL: scratch.url } : {}),
	})
	project.provide('baseUrl', server.url)
	project.provide('e2eDatabaseUrl', scratch?.url ?? null)
	return async () => {
		// stop() fails the run when the server printed a Node warning: drop the database anyway.
		try {
			await server.stop()
		} finally {
			await addresses.stop()
			await scratch?.drop()
		}
	}
}
