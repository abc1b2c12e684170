import { readFileSync } from 'node:fs'
import { inject } from 'vitest'
import { forgetDatabaseState } from './process-state'
import { createScratchPostgresDatabase } from './scratch-postgres'
import { connectDatabase, getConnection, setConnection } from '~/server/db.server'

/** A scratch PostgreSQL database for this test file (TEST_DATABASE_URL set). */
async function scratchPostgresUrl(base: string): Promise<string> {
	const name = `${inject('testRunId')}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`.toLowerCase()
	return (await createScratchPostgresDatabase(base, name, { template: inject('postgresTemplate') })).url
}

/** A fresh, migrated database for the current test file, made the process-wide one. */
export async function setupTestDatabase() {
	await forgetDatabaseState()
	setConnection(undefined)
	const base = process.env.TEST_DATABASE_URL
	if (base) {
		await connectDatabase(await scratchPostgresUrl(base), '/nonexistent')
	} else {
		const templatePath = inject('pgliteTemplatePath')
		const pgliteTemplate = templatePath ? new Blob([readFileSync(templatePath)]) : undefined
		await connectDatabase('pglite://memory', '/nonexistent', { pgliteTemplate })
	}
	return getConnection()
}

export async function teardownTestDatabase() {
	await forgetDatabaseState()
	const connection = getConnection()
	setConnection(undefined)
	await connection.close()
}
