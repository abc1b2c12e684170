// Runs on both databases (decision 130): its subject is concurrent seeding.
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { getConnection, openConnection, queryRows } from '~/server/db.server'
import { DEMO_SEED_NAME, seedDemoData } from './seed.server'

withTestDatabase()

describe('seedDemoData from several app servers at once', () => {
	test('two starts at the same moment give one copy of the demo shop', async () => {
		const connection = getConnection()
		// On PostgreSQL each "app server" gets its own pool; PGlite has one client per database.
		const others =
			connection.kind === 'postgres'
				? await Promise.all([openConnection(connection.url, '/nonexistent'), openConnection(connection.url, '/nonexistent')])
				: []
		try {
			const databases = others.length ? others.map((o) => o.db) : [connection.db, connection.db]
			await Promise.all(databases.map((database) => seedDemoData(database)))
		} finally {
			await Promise.all(others.map((o) => o.close()))
		}
		const [row] = await queryRows<{ products: number; handles: number; runs: number; colours: number }>(sql`
			select (select count(*)::int from products) as products,
			       (select count(distinct handle)::int from products) as handles,
			       (select count(*)::int from seed_runs where name = ${DEMO_SEED_NAME}) as runs,
			       (select count(*)::int from color_options) as colours`)
		expect(Number(row?.runs)).toBe(1)
		expect(Number(row?.products)).toBe(Number(row?.handles))
		expect(Number(row?.products)).toBeGreaterThanOrEqual(80)
		expect(Number(row?.colours)).toBe(32)
	})
})
