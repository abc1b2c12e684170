// Runs on both databases (decision 130): its subject is queries over a large catalogue.
import { like, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { collectionProducts, products } from '~/db/schema'
import { db, queryRows } from '~/server/db.server'
import { seedLargeCatalogue } from './large-catalogue.server'
import { seedDemoData } from './seed.server'

withTestDatabase()

async function countOf(table: typeof products | typeof collectionProducts) {
	const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table)
	return Number(row?.n)
}

describe('seedLargeCatalogue', () => {
	test('adds the requested number of products in batches, and more on a second call', async () => {
		await seedDemoData(db)
		const before = await countOf(products)
		const links = await countOf(collectionProducts)
		await seedLargeCatalogue(db, 250, 100)
		expect(await countOf(products)).toBe(before + 250)
		await seedLargeCatalogue(db, 30)
		const generated = await db.select({ handle: products.handle }).from(products).where(like(products.handle, 'gerado-%'))
		expect(generated).toHaveLength(280)
		expect(new Set(generated.map((p) => p.handle)).size).toBe(280)
		expect(generated.some((p) => p.handle.startsWith('gerado-280-'))).toBe(true)
		// Every generated product is sellable, pictured and in a category.
		expect(await countOf(collectionProducts)).toBe(links + 280)
		const [unpictured] = await queryRows<{ n: number }>(
			sql`select count(*)::int as n from products p where not exists (select 1 from product_images i where i.product_id = p.id)`,
		)
		expect(Number(unpictured?.n)).toBe(0)
	})

	test('leaves every GIN index writing directly, with nothing pending for searches to scan (decision 061)', async () => {
		const ginIndexes = () =>
			queryRows<{ name: string; options: string[] | null }>(
				sql`select c.relname as name, c.reloptions as options from pg_class c join pg_am a on a.oid = c.relam
					where a.amname = 'gin' and c.relnamespace = 'public'::regnamespace order by 1`,
			)
		const before = await ginIndexes()
		// The search indexes of drizzle/0001, 0005 and 0007, all set by 0009.
		expect(before.map((i) => i.name)).toEqual(
			expect.arrayContaining(['products_title_trgm', 'product_search_keys_idx', 'search_terms_trgm']),
		)
		for (const index of before) expect(index.options, index.name).toContainEqual(expect.stringMatching(/^fastupdate=(false|off)$/))

		await seedLargeCatalogue(db, 40)
		for (const index of await ginIndexes()) {
			expect(index.options, index.name).toContain('fastupdate=off')
			// Pages merged now would have been pages every search scanned.
			const [cleaned] = await queryRows<{ pages: number }>(sql`select gin_clean_pending_list(${index.name}::regclass)::int as pages`)
			expect(cleaned?.pages, index.name).toBe(0)
		}
	})
})
