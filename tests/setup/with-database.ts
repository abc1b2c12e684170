import { afterAll, beforeAll } from 'vitest'
import { setupTestDatabase, teardownTestDatabase } from './test-database'

/**
 * Call at the top of an integration test file: the file gets its own migrated database
 * (PGlite in memory, or a scratch PostgreSQL database when TEST_DATABASE_URL is set).
 */
export function withTestDatabase() {
	beforeAll(async () => {
		await setupTestDatabase()
	})
	afterAll(async () => {
		await teardownTestDatabase()
	})
}
