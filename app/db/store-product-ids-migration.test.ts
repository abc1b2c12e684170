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
 * Decision 051's migrations on a database made before them (the migrations up to 0002, with a
 * favourite, a view, a review and a personalization naming a built-in product): the uuid → text
 * change keeps every row, and deleting the product afterwards deletes or clears them as the foreign
 * keys did. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const FOLDER = path.resolve('drizzle')
const BEFORE = '0002_search_words'

let connection: Connection
let dropScratch: (() => Promise<void>) | undefined
let oldFolder: string

/** The migrations folder as it was before decision 051: the journal cut after `BEFORE`. */
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
		const scratch = await createScratchPostgresDatabase(base, `migracao_051_${process.pid}_${Date.now()}`)
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

describe('migrations 0003-0004 (decision 051)', () => {
	test('existing rows keep their product ids as text; a built-in product delete still removes or clears them', async () => {
		await migrate(oldFolder)
		const [user] = await rows(sql`insert into users (email, password_hash) values ('antes@exemplo.test', 'x') returning id`)
		const [product] = await rows(sql`insert into products (handle, title) values ('bandana-antiga', 'Bandana Antiga') returning id`)
		const [other] = await rows(sql`insert into products (handle, title) values ('colar-antigo', 'Colar Antigo') returning id`)
		const productId = product!.id as string
		const otherId = other!.id as string
		const snapshot = sql`'Bandana Antiga', 'bandana-antiga', 2990`
		await rows(sql`insert into user_favorites (user_id, product_id, product_title, product_handle, product_price_cents)
			values (${user!.id}::uuid, ${productId}::uuid, ${snapshot}), (${user!.id}::uuid, ${otherId}::uuid, ${snapshot})`)
		await rows(sql`insert into user_views (session_id, product_id, product_title, product_handle, product_price_cents)
			values ('visitante', ${productId}::uuid, ${snapshot})`)
		await rows(sql`insert into reviews (product_id, product_name, customer_name, customer_email, rating)
			values (${productId}::uuid, 'Bandana Antiga', 'Ana', 'ana@exemplo.test', 5)`)
		await rows(sql`insert into personalization_orders (product_type, total_price_cents, selected_art_product_id, selected_accessory_product_id)
			values ('bandana', 5000, ${productId}::uuid, ${otherId}::uuid)`)

		await migrate(FOLDER)

		const types = await rows(sql`select table_name, column_name, data_type from information_schema.columns
			where (table_name, column_name) in (('user_favorites', 'product_id'), ('user_views', 'product_id'), ('reviews', 'product_id'),
				('personalization_orders', 'selected_art_product_id'), ('personalization_orders', 'selected_accessory_product_id'))
			order by table_name, column_name`)
		expect(types.map((t) => t.data_type)).toEqual(['text', 'text', 'text', 'text', 'text'])
		expect(
			(await rows(sql`select product_id from user_favorites order by product_title, product_id`)).map((r) => r.product_id).sort(),
		).toEqual([productId, otherId].sort())
		expect(await rows(sql`select product_id from user_views`)).toEqual([{ product_id: productId }])
		expect(await rows(sql`select product_id from reviews`)).toEqual([{ product_id: productId }])
		// A store gid fits now; the length check refuses an empty id.
		await rows(sql`insert into user_views (session_id, product_id, product_title, product_handle, product_price_cents)
			values ('visitante', 'gid://shopify/Product/123', ${snapshot})`)
		await expect(
			rows(
				sql`insert into user_views (session_id, product_id, product_title, product_handle, product_price_cents) values ('v', '', ${snapshot})`,
			),
		).rejects.toThrow()

		await rows(sql`delete from products where id = ${productId}::uuid`)
		expect((await rows(sql`select product_id from user_favorites`)).map((r) => r.product_id)).toEqual([otherId])
		expect((await rows(sql`select product_id from user_views`)).map((r) => r.product_id)).toEqual(['gid://shopify/Product/123'])
		expect(await rows(sql`select product_id from reviews`)).toEqual([])
		expect(await rows(sql`select selected_art_product_id, selected_accessory_product_id from personalization_orders`)).toEqual([
			{ selected_art_product_id: null, selected_accessory_product_id: otherId },
		])
		await rows(sql`delete from products`)
		expect(await rows(sql`select product_id from user_favorites`)).toEqual([])
		expect(await rows(sql`select selected_accessory_product_id from personalization_orders`)).toEqual([
			{ selected_accessory_product_id: null },
		])
	})
})
