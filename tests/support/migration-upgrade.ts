import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { SQL } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { afterAll, beforeAll, expect } from 'vitest'
import { createScratchPostgresDatabase } from '#tests/setup/scratch-postgres'
import { type Connection, openConnection, queryRows } from '~/server/db.server'

const FOLDER = path.resolve('drizzle')

/**
 * An empty database for a test of appended migrations on a database made before them (decisions
 * 051, 056): `migrateToBefore()` applies the migrations up to `before` (a journal tag), the test
 * writes its rows, `migrateToLatest()` applies the rest. On PGlite, and on a scratch PostgreSQL
 * database when TEST_DATABASE_URL is set.
 */
export function databaseBeforeMigration(before: string, scratchName: string) {
	let connection: Connection
	let dropScratch: (() => Promise<void>) | undefined
	let oldFolder: string | undefined

	beforeAll(async () => {
		oldFolder = folderUpTo(before)
		const base = process.env.TEST_DATABASE_URL
		if (base) {
			const scratch = await createScratchPostgresDatabase(base, `${scratchName}_${process.pid}_${Date.now()}`)
			dropScratch = scratch.drop
			connection = await openConnection(scratch.url, '/nonexistent')
		} else {
			connection = await openConnection('pglite://memory', '/nonexistent')
		}
	})

	afterAll(async () => {
		await connection?.close()
		await dropScratch?.()
		if (oldFolder) rmSync(oldFolder, { recursive: true, force: true })
	})

	async function migrate(folder: string) {
		if (connection.kind === 'pglite') return migratePglite(connection.db as never, { migrationsFolder: folder })
		const client = new pg.Client({ connectionString: connection.url })
		await client.connect()
		try {
			await migrateNodePg(drizzleNodePg(client) as never, { migrationsFolder: folder })
		} finally {
			await client.end()
		}
	}

	return {
		rows: (query: SQL) => queryRows<Record<string, unknown>>(query, connection.db),
		migrateToBefore: () => migrate(oldFolder!),
		migrateToLatest: () => migrate(FOLDER),
	}
}

/** A copy of the migrations folder with the journal cut after `tag`. */
function folderUpTo(tag: string): string {
	const dir = mkdtempSync(path.join(tmpdir(), 'migracoes-'))
	cpSync(FOLDER, dir, { recursive: true })
	const journal = JSON.parse(readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }
	const cut = journal.entries.findIndex((e) => e.tag === tag)
	expect(cut).toBeGreaterThanOrEqual(0)
	journal.entries = journal.entries.slice(0, cut + 1)
	writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal))
	return dir
}
