import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { personalizationItems } from '~/db/schema'
import { loader as productLoader } from '~/routes/storefront/product'
import { loadShopFacts } from '~/server/aria/shop-facts.server'
import { db } from '~/server/db.server'
import { seedDemoData } from '~/server/seed/seed.server'
import { setItemPrice } from './admin-options.server'
import { loadBandanaPage } from './page-data.server'

/**
 * Issue 31 (decision 098): one price per add-on. The product page, the bandana builder and Aria
 * quote the pet-name embroidery, the Instagram embroidery, the extensor and the perfume from the
 * same add-on products, so they always agree, and a price the owner changes moves all three.
 */

withTestDatabase()

beforeAll(async () => {
	await seedDemoData(db)
}, 120_000)

const SHARED = [
	{ page: 'petName', builder: 'pet_name', aria: 'Nome do pet' },
	{ page: 'instagram', builder: 'instagram', aria: 'Instagram do pet' },
	{ page: 'extensor', builder: 'extensor', aria: 'Extensor' },
	{ page: 'perfume', builder: 'perfume', aria: 'Perfume 10ml' },
] as const

async function quotes() {
	const handle = 'bandana-preta'
	const product = (await productLoader({
		request: new Request(`http://loja.test/produto/${handle}`),
		params: { handle },
		context: { clientIp: '203.0.113.7', cspNonce: '' },
	} as never)) as { addons: { key: string; priceCents: number }[] }
	const builder = await loadBandanaPage()
	const facts = await loadShopFacts()
	return SHARED.map((addon) => ({
		addon: addon.page,
		page: product.addons.find((a) => a.key === addon.page)?.priceCents,
		builder: builder.extras.find((e) => e.key === addon.builder)?.priceCents,
		aria: facts.personalizationExtras.find((e) => e.productType === 'bandana' && e.itemName === addon.aria)?.priceCents,
	}))
}

describe('one price per add-on', () => {
	test('the product page, the builder and Aria quote the same prices (document 000 §9: 10,00, 10,00, 5,00, 12,99)', async () => {
		expect(await quotes()).toEqual([
			{ addon: 'petName', page: 1000, builder: 1000, aria: 1000 },
			{ addon: 'instagram', page: 1000, builder: 1000, aria: 1000 },
			{ addon: 'extensor', page: 500, builder: 500, aria: 500 },
			{ addon: 'perfume', page: 1299, builder: 1299, aria: 1299 },
		])
	})

	test("the owner's new price reaches all three, and a stale copy in the table is never quoted", async () => {
		const [extensor] = await db
			.select()
			.from(personalizationItems)
			.where(sql`key = 'extensor' and product_type = 'bandana'`)
		expect(await setItemPrice('bandana', extensor!.id, '6,50')).toEqual({ ok: true, message: 'Preço atualizado!' })
		// A copy gone stale (e.g. the product's price edited in the catalogue) is not what anyone shows.
		await db.update(personalizationItems).set({ priceCents: 1 }).where(eq(personalizationItems.id, extensor!.id))
		try {
			expect((await quotes()).find((q) => q.addon === 'extensor')).toEqual({ addon: 'extensor', page: 650, builder: 650, aria: 650 })
		} finally {
			await setItemPrice('bandana', extensor!.id, '5,00')
		}
	})
})
