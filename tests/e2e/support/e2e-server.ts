import { inject } from 'vitest'

export type E2eServer = {
	baseUrl: string
	/**
	 * The server's database when it runs on PostgreSQL (TEST_DATABASE_URL set, as in CI), so that a
	 * test can do what only the database can (e.g. approve a review); null on PGlite, whose files
	 * only the server process may open.
	 */
	databaseUrl: string | null
	/** On the storefront run: this server's own fake Storefront server's control address (support/provider.ts); else null. */
	fakeStorefrontControl: string | null
}

/**
 * This test file's server. Global setup starts one production server per vitest worker, each on
 * its own database and data directory (decision 074): two files run at once, each against a
 * server that only its worker uses, so files never see each other's carts, settings or stock,
 * exactly as when they ran one after another on one server. VITEST_POOL_ID is the worker's
 * number, 1…maxWorkers, and maxWorkers is the number of servers.
 */
export function e2eServer(): E2eServer {
	const servers = inject('e2eServers')
	const worker = Number(process.env.VITEST_POOL_ID ?? '1')
	const server = servers[(worker - 1) % servers.length]
	if (!server) throw new Error('nenhum servidor e2e: a configuração global não iniciou nenhum')
	return server
}
