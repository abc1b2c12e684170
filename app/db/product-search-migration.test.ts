// Runs on both databases (decision 130): its subject is migrations.
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { databaseBeforeMigration } from '#tests/support/migration-upgrade'

/**
 * Decision 056's migrations on a database made before them (the migrations up to 0004, with
 * products): product_search and search_terms are filled from the existing products, and the
 * triggers keep them from then on. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const database = databaseBeforeMigration('0004_product_references', 'migracao_056')
const rows = database.rows

describe('migrations 0005-0006 (decision 056)', () => {
	test('existing products get their search rows and words; the triggers keep them afterwards', async () => {
		await database.migrateToBefore()
		const [product] = await rows(sql`insert into products (handle, title, tags, description)
			values ('bandana-antiga', 'Bandana Antiga', '{xadrez}', 'Algodão macio') returning id`)
		await rows(sql`insert into products (handle, title, status) values ('colar-rascunho', 'Colar Rascunho', 'draft')`)

		await database.migrateToLatest()

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
