import { readFileSync } from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { connectDatabase, getConnection, setConnection } from '~/server/db.server'

/** Runs one statement on the server behind `base` (create/drop database need no pool). */
async function onServer(base: string, statement: string) {
	const admin = new pg.Client({ connectionString: base })
	await admin.connect()
	try {
		await admin.query(statement)
	} finally {
		await admin.end()
	}
}

/**
 * An empty database `name` on the PostgreSQL server of `base`, and how to drop it. Test
 * databases made by withTestDatabase() are dropped by the global teardown instead.
 */
export async function createScratchPostgresDatabase(base: string, name: string) {
	await onServer(base, `create database "${name}"`)
	const url = new URL(base)
	url.pathname = `/${name}`
	return {
		url: url.toString(),
		drop: () => onServer(base, `drop database if exists "${name}" with (force)`),
	}
}

/** A scratch PostgreSQL database for this test file (TEST_DATABASE_URL set). */
async function scratchPostgresUrl(base: string): Promise<string> {
	const name = `${inject('testRunId')}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`.toLowerCase()
	return (await createScratchPostgresDatabase(base, name)).url
}

/** A fresh, migrated database for the current test file, made the process-wide one. */
export async function setupTestDatabase() {
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
	const connection = getConnection()
	setConnection(undefined)
	await connection.close()
}
