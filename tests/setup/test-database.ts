import pg from 'pg'
import { connectDatabase, getConnection, setConnection } from '~/server/db.server'

/** The scratch database URL for this test file, or pglite://memory. */
async function scratchDatabaseUrl(): Promise<string> {
	const base = process.env.TEST_DATABASE_URL
	if (!base) return 'pglite://memory'
	const runId = process.env.TEST_RUN_ID ?? `t${process.pid}`
	const name = `${runId}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`.toLowerCase()
	const admin = new pg.Client({ connectionString: base })
	await admin.connect()
	try {
		await admin.query(`create database "${name}"`)
	} finally {
		await admin.end()
	}
	const url = new URL(base)
	url.pathname = `/${name}`
	return url.toString()
}

/** A fresh, migrated database for the current test file, made the process-wide one. */
export async function setupTestDatabase() {
	setConnection(undefined)
	const url = await scratchDatabaseUrl()
	await connectDatabase(url, '/nonexistent')
	return getConnection()
}

export async function teardownTestDatabase() {
	const connection = getConnection()
	setConnection(undefined)
	await connection.close()
}
