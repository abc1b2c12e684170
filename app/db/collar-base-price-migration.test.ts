import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { databaseBeforeMigration } from '#tests/support/migration-upgrade'

/**
 * Migration 0029 (decision 134) on a shop seeded before it: the collar's unread base-price
 * setting goes, every other personalization setting stays as the owner left it.
 */

const database = databaseBeforeMigration('0028_activity_products_coupons_loyalty', 'migracao_preco_colar')
const rows = database.rows

describe('migration 0029: the unread collar base-price setting', () => {
	test('removed; the other settings kept with their values', async () => {
		await database.migrateToBefore()
		await rows(sql`insert into personalization_settings (setting_type, setting_key, setting_value) values
			('collar', 'base_price_cents', '2500'),
			('collar', 'minimum_quantity', '10'),
			('wholesale_bandana', 'extra_button_cents', '350')`)

		await database.migrateToLatest()

		expect(await rows(sql`select setting_type, setting_key, setting_value from personalization_settings order by setting_type, setting_key`)).toEqual([
			{ setting_type: 'collar', setting_key: 'minimum_quantity', setting_value: '10' },
			{ setting_type: 'wholesale_bandana', setting_key: 'extra_button_cents', setting_value: '350' },
		])
	})
})
