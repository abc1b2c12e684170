// Runs on both databases (decision 130): its subject is migrations.
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { databaseBeforeMigration } from '#tests/support/migration-upgrade'

/**
 * Decision 051's migrations on a database made before them (the migrations up to 0002, with a
 * favourite, a view, a review and a personalization naming a built-in product): the uuid → text
 * change keeps every row, and deleting the product afterwards deletes or clears them as the foreign
 * keys did. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const database = databaseBeforeMigration('0002_search_words', 'migracao_051')
const rows = database.rows

describe('migrations 0003-0004 (decision 051)', () => {
	test('existing rows keep their product ids as text; a built-in product delete still removes or clears them', async () => {
		await database.migrateToBefore()
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

		await database.migrateToLatest()

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
