import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { databaseBeforeMigration } from '#tests/support/migration-upgrade'

/**
 * Clean-up migrations on a shop made before them (the migrations up to 0028): 0029 (decision 134)
 * drops the collar's unread base-price setting; 0030 (decision 098) archives the builder's old
 * add-on products nothing points at any more.
 */

const database = databaseBeforeMigration('0028_activity_products_coupons_loyalty', 'migracao_preco_colar')
const rows = database.rows

describe('migrations 0029-0030 (issues 30, 31)', () => {
	test('the collar setting removed, the other settings kept; only unused old add-on products archived', async () => {
		await database.migrateToBefore()
		for (const handle of ['personalizacao-nome-pet', 'personalizacao-extensor', 'personalizacao-perfume', 'personalizacao-botao-extra'])
			await rows(sql`insert into products (handle, title, tags) values (${handle}, ${handle}, array['uso-interno'])`)
		// A shop whose catalogue lacked the shared product: its perfume extra still charges the old one (0019).
		await rows(sql`insert into personalization_items (key, item_name, price_cents, product_type, addon_product_handle) values
			('perfume', 'Perfume 10ml', 1299, 'bandana', 'personalizacao-perfume'),
			('extra_button', 'Botão extra', 199, 'bandana', 'personalizacao-botao-extra')`)
		await rows(sql`insert into personalization_settings (setting_type, setting_key, setting_value) values
			('collar', 'base_price_cents', '2500'),
			('collar', 'minimum_quantity', '10'),
			('wholesale_bandana', 'extra_button_cents', '350')`)

		await database.migrateToLatest()

		expect(await rows(sql`select setting_type, setting_key, setting_value from personalization_settings order by setting_type, setting_key`)).toEqual([
			{ setting_type: 'collar', setting_key: 'minimum_quantity', setting_value: '10' },
			{ setting_type: 'wholesale_bandana', setting_key: 'extra_button_cents', setting_value: '350' },
		])
		expect(await rows(sql`select handle, status from products where handle like 'personalizacao-%' order by handle`)).toEqual([
			{ handle: 'personalizacao-botao-extra', status: 'active' },
			{ handle: 'personalizacao-extensor', status: 'archived' },
			{ handle: 'personalizacao-nome-pet', status: 'archived' },
			{ handle: 'personalizacao-perfume', status: 'active' },
		])
	})
})
