import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createScratchPostgresDatabase } from '#tests/setup/scratch-postgres'
import { type Connection, openConnection, queryRows } from '~/server/db.server'

/**
 * Decision 056's migrations on a database made before them (the migrations up to 0004, with
 * products): product_search and search_terms are filled from the existing products, and the
 * triggers keep them from then on. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const FOLDER = path.resolve('drizzle')
const BEFORE = '0004_product_references'

let connection: Connection
let dropScratch: (() => Promise<void>) | undefined
let oldFolder: string

/** The migrations folder as it was before decision 056: the journal cut after `BEFORE`. */
function folderBefore(): string {
	const dir = mkdtempSync(path.join(tmpdir(), 'migracoes-'))
	cpSync(FOLDER, dir, { recursive: true })
	const journal = JSON.parse(readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }
	const cut = journal.entries.findIndex((e) => e.tag === BEFORE)
	expect(cut).toBeGreaterThanOrEqual(0)
	journal.entries = journal.entries.slice(0, cut + 1)
	writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal))
	return dir
}

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

beforeAll(async () => {
	oldFolder = folderBefore()
	const base = process.env.TEST_DATABASE_URL
	if (base) {
		const scratch = await createScratchPostgresDatabase(base, `migracao_056_${process.pid}_${Date.now()}`)
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

const rows = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(query, connection.db)

describe('migrations 0005-0006 (decision 056)', () => {
	test('existing products get their search rows and words; the triggers keep them afterwards', async () => {
		await migrate(oldFolder)
		const [product] = await rows(sql`insert into products (handle, title, tags, description)
			values ('bandana-antiga', 'Bandana Antiga', '{xadrez}', 'Algodão macio') returning id`)
		await rows(sql`insert into products (handle, title, status) values ('colar-rascunho', 'Colar Rascunho', 'draft')`)

		await migrate(FOLDER)

		expect(await rows(sql`select title, searchable, words from product_search order by title`)).toEqual([
			{ title: 'bandana antiga', searchable: true, words: expect.arrayContaining(['bandana', 'antiga', 'xadrez', '~algodao', '~macio']) },
			{ title: 'colar rascunho', searchable: false, words: expect.arrayContaining(['colar', 'rascunho']) },
		])
		expect((await rows(sql`select word from search_terms order by word`)).map((r) => r.word)).toEqual([
			'algodao',
			'antiga',
			'bandana',
			'colar',
			'macio',
			'rascunho',
			'xadrez',
		])

		await rows(sql`update products set title = 'Bandana Nova' where id = ${product!.id}::uuid`)
		expect(await rows(sql`select title from product_search where product_id = ${product!.id}::uuid`)).toEqual([{ title: 'bandana nova' }])
		await rows(sql`delete from products where id = ${product!.id}::uuid`)
		expect((await rows(sql`select title from product_search`)).map((r) => r.title)).toEqual(['colar rascunho'])
	})
})
