// Runs on both databases (decision 130): its subject is migrations.
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { databaseBeforeMigration } from '#tests/support/migration-upgrade'

/**
 * Issue 31's migrations on a database made before them (the migrations up to 0016):
 * 0019 (decision 098) points the builder's extras at the product page's add-on products and takes
 * their price; 0020 (decision 101) moves the profile's pet into Meus Pets. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */

const database = databaseBeforeMigration('0016_order_shipping_service', 'migracao_issue_31')
const rows = database.rows

describe('migrations 0019-0020 (issue 31)', () => {
	test('one product per add-on; profile pets land in Meus Pets once, without duplicates', async () => {
		await database.migrateToBefore()
		// The two products of the same extra, the owner having changed the product page's price.
		for (const [handle, cents] of [
			['adicional-nome-pet', 1100],
			['personalizacao-nome-pet', 999],
			['personalizacao-extensor', 499],
		] as const) {
			const [product] = await rows(sql`insert into products (handle, title) values (${handle}, ${handle}) returning id`)
			await rows(sql`insert into product_variants (product_id, title, price_cents) values (${product!.id}::uuid, 'Único', ${cents})`)
		}
		await rows(sql`insert into personalization_items (key, item_name, price_cents, product_type, addon_product_handle) values
			('pet_name', 'Nome do pet', 999, 'bandana', 'personalizacao-nome-pet'),
			('extensor', 'Extensor', 499, 'bandana', 'personalizacao-extensor')`)

		const users = await rows(sql`insert into users (email, password_hash) values
			('thor@exemplo.test', 'x'), ('repetido@exemplo.test', 'x'), ('raca@exemplo.test', 'x'), ('nada@exemplo.test', 'x')
			returning id, email`)
		const id = (email: string) => users.find((u) => u.email === email)!.id as string
		await rows(sql`insert into user_profiles (user_id, full_name, pet_name, pet_breed) values
			(${id('thor@exemplo.test')}::uuid, 'Ana', ' Thor ', 'Shih-tzu'),
			(${id('repetido@exemplo.test')}::uuid, 'Bia', 'Mel', 'Poodle'),
			(${id('raca@exemplo.test')}::uuid, 'Caio', null, 'Vira-lata'),
			(${id('nada@exemplo.test')}::uuid, 'Davi', '  ', null)`)
		// Bia already has Mel in Meus Pets, without a breed.
		await rows(sql`insert into pets (user_id, name) values (${id('repetido@exemplo.test')}::uuid, 'mel')`)

		await database.migrateToLatest()

		expect(await rows(sql`select key, addon_product_handle, price_cents from personalization_items order by key`)).toEqual([
			// No shared product in this catalogue for the extensor: left as it was.
			{ key: 'extensor', addon_product_handle: 'personalizacao-extensor', price_cents: 499 },
			{ key: 'pet_name', addon_product_handle: 'adicional-nome-pet', price_cents: 1100 },
		])
		expect(
			await rows(sql`select u.email, p.name, p.breed from pets p join users u on u.id = p.user_id order by u.email, p.name`),
		).toEqual([
			{ email: 'raca@exemplo.test', name: 'Meu pet', breed: 'Vira-lata' },
			{ email: 'repetido@exemplo.test', name: 'mel', breed: 'Poodle' },
			{ email: 'thor@exemplo.test', name: 'Thor', breed: 'Shih-tzu' },
		])
		expect(await rows(sql`select count(*)::int as n from user_profiles where pet_name is not null or pet_breed is not null`)).toEqual([{ n: 0 }])
		expect(await rows(sql`select full_name from user_profiles order by full_name`)).toEqual([
			{ full_name: 'Ana' },
			{ full_name: 'Bia' },
			{ full_name: 'Caio' },
			{ full_name: 'Davi' },
		])
	})
})
