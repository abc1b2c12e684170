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
})
