// Runs on both databases (decision 130): its subject is migrations.
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { databaseBeforeMigration } from '#tests/support/migration-upgrade'

/**
 * Decision 085's data migration on a database made before it: a stored regional table counted the
 * 4 production days; afterwards it holds the transit only (at least 1 day), other settings and
 * malformed rows untouched. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
const database = databaseBeforeMigration('0013_mercadopago', 'migracao_085')
const rows = database.rows

describe('migration 0014 (decision 085)', () => {
	test('the stored table loses the 4 production days; nothing else changes', async () => {
		await database.migrateToBefore()
		const table = {
			sudeste: { rateCents: 1500, minDays: 6, maxDays: 9 },
			sul: { rateCents: 2000, minDays: 3, maxDays: 7 },
			'centro-oeste': { rateCents: 2790, minDays: 8, maxDays: 12 },
			nordeste: { rateCents: 3290, minDays: 9, maxDays: 14 },
			norte: 'estragado',
		}
		await rows(sql`insert into store_settings (key, value) values ('shippingTable', ${JSON.stringify(table)}::jsonb),
			('freeShippingThresholdCents', '15000'::jsonb)`)

		await database.migrateToLatest()

		const [stored] = await rows(sql`select value from store_settings where key = 'shippingTable'`)
		expect(stored!.value).toEqual({
			sudeste: { rateCents: 1500, minDays: 2, maxDays: 5 },
			sul: { rateCents: 2000, minDays: 1, maxDays: 3 },
			'centro-oeste': { rateCents: 2790, minDays: 4, maxDays: 8 },
			nordeste: { rateCents: 3290, minDays: 5, maxDays: 10 },
			norte: 'estragado',
		})
		const [threshold] = await rows(sql`select value from store_settings where key = 'freeShippingThresholdCents'`)
		expect(threshold!.value).toBe(15000)
	})
})
