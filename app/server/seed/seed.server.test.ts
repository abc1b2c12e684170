// Runs on both databases (decision 130): its subject is seeding each engine.
import { asc, eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import {
	ariaKnowledgeBase,
	ariaProducts,
	badges,
	collectionProducts,
	collections,
	colorOptions,
	loyaltyLevels,
	personalizationItems,
	personalizationSettings,
	productImages,
	products,
	productVariants,
	reviews,
	wholesalePricing,
} from '~/db/schema'
import { db, queryRows } from '~/server/db.server'
import { getStoreSettings } from '~/server/settings.server'
import { DEMO_COLLECTIONS, FIXED_HANDLES, PERSONALIZATION_ADDONS, PRODUCT_PAGE_ADDONS } from './catalogue'
import { parseDemoImageQuery } from './demo-image'
import { seedDemoData } from './seed.server'

withTestDatabase()

const TABLES = [
	'products',
	'product_variants',
	'product_options',
	'product_images',
	'collections',
	'collection_products',
	'color_options',
	'personalization_items',
	'personalization_settings',
	'wholesale_pricing',
	'loyalty_levels',
	'badges',
	'aria_knowledge_base',
	'aria_products',
	'aria_breed_sizes',
	'reviews',
	'seed_runs',
]

async function counts() {
	const result: Record<string, number> = {}
	for (const table of TABLES) {
		const [row] = await queryRows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`)
		result[table] = Number(row?.n)
	}
	return result
}

async function variantsOf(handle: string) {
	return db
		.select({ title: productVariants.title, priceCents: productVariants.priceCents, stock: productVariants.stock })
		.from(productVariants)
		.innerJoin(products, eq(products.id, productVariants.productId))
		.where(eq(products.handle, handle))
		.orderBy(asc(productVariants.position))
}

describe('seedDemoData', () => {
	test('running it twice leaves one copy', async () => {
		await seedDemoData(db)
		const first = await counts()
		await seedDemoData(db)
		expect(await counts()).toEqual(first)
		expect(first.seed_runs).toBe(1)
		expect(first.products).toBeGreaterThanOrEqual(80)
		expect(first.reviews).toBeGreaterThan(80)
	})

	test('every collection the documents use exists with a Portuguese title and products', async () => {
		const rows = await db
			.select({ handle: collections.handle, title: collections.title, n: sql<number>`count(${collectionProducts.productId})::int` })
			.from(collections)
			.leftJoin(collectionProducts, eq(collectionProducts.collectionId, collections.id))
			.groupBy(collections.handle, collections.title)
		const byHandle = new Map(rows.map((r) => [r.handle, r]))
		for (const handle of [
			'bandana', 'lacinhos', 'shinebox', 'colar', 'gravatas', 'higiene', 'bandana-xadrez', 'bandana-neutra',
			'cachecol', 'assinatura', 'artes-personalizadas', 'personalizacao-de-colares', 'atacado',
		]) {
			expect(byHandle.get(handle)?.n, handle).toBeGreaterThan(0)
		}
		expect(byHandle.get('bandana')?.title).toBe('Bandanas')
		expect(byHandle.get('personalizacao-de-colares')?.title).toBe('Personalização de Colares')
		expect(rows).toHaveLength(DEMO_COLLECTIONS.length)
	})

	test('the fixed-handle products exist with the documents’ prices', async () => {
		expect((await variantsOf(FIXED_HANDLES.bandanaPersonalizationBase))[0]?.priceCents).toBe(2990)
		expect((await variantsOf(FIXED_HANDLES.collarPersonalizationBase))[0]?.priceCents).toBe(1990)
		expect(await variantsOf(FIXED_HANDLES.gift)).toHaveLength(1)
		expect((await variantsOf(FIXED_HANDLES.wholesaleBandanaBase))[0]?.priceCents).toBe(1500)
		expect((await variantsOf(FIXED_HANDLES.wholesaleCollarBase))[0]?.priceCents).toBe(1000)
		expect((await variantsOf('adicional-extensor'))[0]?.priceCents).toBe(500)
		expect((await variantsOf('adicional-perfume'))[0]?.priceCents).toBe(1299)
		for (const addon of [...Object.values(PRODUCT_PAGE_ADDONS), ...Object.values(PERSONALIZATION_ADDONS)]) {
			expect((await variantsOf(addon.handle))[0]?.priceCents, addon.handle).toBe(addon.priceCents)
		}
		expect((await variantsOf('personalizacao-rosto-pet'))[0]?.priceCents).toBe(2000)
		const settings = await getStoreSettings()
		expect(await variantsOf(settings.giftProductHandle ?? '')).toHaveLength(1)
	})

	test('bandanas come in P to XG with some sizes sold out; collars in P/M/G and colours', async () => {
		const bandana = await variantsOf('bandana-xadrez-vermelho')
		expect(bandana.map((v) => v.title)).toEqual(['P', 'M', 'U', 'G', 'GG', 'XG'])
		expect(bandana.every((v) => v.priceCents >= 2990 && v.priceCents <= 5490)).toBe(true)
		const [soldOut] = await queryRows<{ n: number }>(
			sql`select count(*)::int as n from product_variants v join products p on p.id = v.product_id where p.product_type = 'Bandana' and v.stock = 0`,
		)
		expect(Number(soldOut?.n)).toBeGreaterThan(0)
		const collar = await variantsOf('colar-ajustavel-nylon')
		expect(collar[0]?.title).toBe('P / Vermelho')
		expect(new Set(collar.map((v) => v.title.split(' / ')[0]))).toEqual(new Set(['P', 'M', 'G']))
	})

	test('each product has 1–3 generated 800×800 pictures with valid URLs', async () => {
		const rows = await db.select().from(productImages)
		const perProduct = new Map<string, number>()
		for (const image of rows) {
			perProduct.set(image.productId, (perProduct.get(image.productId) ?? 0) + 1)
			expect(image.width).toBe(800)
			expect(image.height).toBe(800)
			const url = new URL(image.url, 'http://x')
			expect(url.pathname).toMatch(/^\/imagens\/demo\/[a-z0-9-]+\.svg$/)
			expect(parseDemoImageQuery(url.searchParams).success, image.url).toBe(true)
		}
		const [all] = await db.select({ n: sql<number>`count(*)::int` }).from(products)
		expect(perProduct.size).toBe(Number(all?.n))
		// 1–3 views, plus one picture per further colour of the 'Cor' option (issue 13, defect 4).
		const colourPictures = rows.filter((image) => /–/.test(image.altText ?? '') && image.url.includes('fundo=%23f8fafc'))
		for (const [productId, count] of perProduct) {
			const extra = colourPictures.filter((image) => image.productId === productId).length
			expect(count - extra).toBeGreaterThanOrEqual(1)
			expect(count - extra).toBeLessThanOrEqual(3)
		}
	})

	test('variants of each colour point at a picture of that colour (issue 13, defect 4)', async () => {
		const [first] = await queryRows<{ url: string }>(sql`
			select i.url from product_images i join products p on p.id = i.product_id
			where p.handle = 'lacinho-classico' order by i.position limit 1`)
		const byColour = new Map(
			(await queryRows<{ colour: string; url: string | null }>(sql`
				select v.selected_options->0->>'value' as colour, i.url from product_variants v
				join products p on p.id = v.product_id left join product_images i on i.id = v.image_id
				where p.handle = 'lacinho-classico'`)).map((r) => [r.colour, r.url]),
		)
		// The first colour keeps the product's first picture; Vermelho has its own red drawing.
		expect(byColour.get('Rosa')).toBe(first?.url)
		expect(byColour.get('Vermelho')).toMatch(/lacinho-classico-vermelho\.svg\?forma=laco&cor=%23c62828/)
		expect(new Set(byColour.values()).size).toBe(byColour.size)
	})

	test('the 24 bandana and 8 collar colours of document 001, in order', async () => {
		const colours = await db.select().from(colorOptions).orderBy(asc(colorOptions.productType), asc(colorOptions.displayOrder))
		const names = (type: string) => colours.filter((c) => c.productType === type).map((c) => c.name)
		expect(names('bandana')).toEqual([
			'Preto', 'Vermelho', 'Azul marinho', 'Azul claro', 'Pink', 'Rosa bebe', 'Verde claro', 'Verde escuro',
			'Laranja', 'Bege claro', 'Branco', 'Marrom', 'Verde lima', 'Dourado veludo', 'Rosé veludo', 'Marrom veludo',
			'Azul veludo', 'Xadrez Amarelo', 'Xadrez Vermelho', 'Xadrez verde e preto', 'Xadrez preto e rosa',
			'Xadrez branco e preto', 'Xadrez pink e preto', 'Xadrez azul e preto',
		])
		expect(names('collar')).toEqual(['Vermelho', 'Preto', 'Marrom', 'Roxo', 'Pink', 'Rosa neon', 'Verde', 'Azul bebe'])
		const patterned = colours.filter((c) => c.isPattern).map((c) => c.name)
		expect(patterned).toHaveLength(7)
		expect(patterned.every((n) => n.startsWith('Xadrez'))).toBe(true)
	})

	test('personalization prices, collar base price, wholesale tiers, levels and badges', async () => {
		const items = await db.select().from(personalizationItems).orderBy(asc(personalizationItems.displayOrder))
		expect(Object.fromEntries(items.map((i) => [i.key, i.priceCents]))).toEqual({
			pet_name: 1000, instagram: 1000, extensor: 500, extra_button: 199, perfume: 1299, pet_face: 2000, exclusive_art: 2000,
		})
		const handles = items.map((i) => i.addonProductHandle ?? '')
		expect(await db.select({ h: products.handle }).from(products).where(inArray(products.handle, handles))).toHaveLength(7)
		// The extras the product page sells too are its products (decision 098).
		expect(handles).toEqual(expect.arrayContaining(['adicional-nome-pet', 'adicional-instagram-pet', 'adicional-extensor', 'adicional-perfume']))
		// The collar's base price is its base product's R$ 19,90 alone (decision 134): no 25,00 setting beside it.
		expect(await db.select().from(personalizationSettings).where(eq(personalizationSettings.settingType, 'collar'))).toEqual([])
		const [collarBase] = await queryRows<{ price_cents: number }>(sql`
			select v.price_cents from product_variants v join products p on p.id = v.product_id where p.handle = 'guia-personalizada-base-colares'`)
		expect(collarBase?.price_cents).toBe(1990)
		const tiers = await db.select().from(wholesalePricing).orderBy(asc(wholesalePricing.productType), asc(wholesalePricing.displayOrder))
		expect(tiers.map((t) => [t.productType, t.minQuantity, t.maxQuantity, t.unitPriceCents])).toEqual([
			['bandana', 10, 20, 1500], ['bandana', 21, 40, 1300], ['bandana', 41, null, 1000],
			['collar', 10, 20, 1000], ['collar', 21, 40, 900], ['collar', 41, null, 700],
		])
		expect((await db.select().from(loyaltyLevels).orderBy(asc(loyaltyLevels.level))).map((l) => l.minPoints)).toEqual([0, 500, 2000, 5000])
		const tiersUsed = new Set((await db.select({ t: badges.badgeTier }).from(badges)).map((b) => b.t))
		expect(tiersUsed).toEqual(new Set(['bronze', 'prata', 'ouro', 'diamante']))
	})

	test('Aria knows the size guides and the shopper-facing products only', async () => {
		const knowledge = await db.select().from(ariaKnowledgeBase)
		expect(knowledge.find((k) => k.title === 'Guia de tamanhos: bandanas')?.content).toContain('GG 60 cm')
		expect(knowledge.find((k) => k.title === 'Guia de tamanhos: colares')?.content).toContain('pescoço 29-45 cm')
		const aria = await db.select().from(ariaProducts)
		expect(aria.length).toBeGreaterThan(60)
		const handles = aria.map((p) => p.shopifyHandle)
		expect(handles).toContain('bandana-xadrez-vermelho')
		expect(handles).not.toContain(FIXED_HANDLES.gift)
		expect(handles).not.toContain('adicional-extensor')
		const bandana = aria.find((p) => p.shopifyHandle === 'bandana-preta')
		expect(bandana?.priceCents).toBe(2990)
	})

	test('demo reviews are approved, 1–5 stars, mostly 4–5, from example.com addresses', async () => {
		const rows = await db.select().from(reviews)
		expect(rows.every((r) => r.isApproved && r.userId === null && r.customerEmail.endsWith('@example.com'))).toBe(true)
		expect(rows.every((r) => (r.comment?.length ?? 0) >= 10 && (r.comment?.length ?? 0) <= 500)).toBe(true)
		const high = rows.filter((r) => r.rating >= 4).length
		expect(high / rows.length).toBeGreaterThan(0.8)
		const perProduct = new Map<string, number>()
		for (const r of rows) perProduct.set(r.productId, (perProduct.get(r.productId) ?? 0) + 1)
		expect([...perProduct.values()].every((n) => n >= 2 && n <= 6)).toBe(true)
		expect(perProduct.size).toBeGreaterThan(30)
	})
})
