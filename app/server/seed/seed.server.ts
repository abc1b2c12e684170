import { count, sql } from 'drizzle-orm'
import {
	ariaBreedSizes,
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
	productOptions,
	products,
	productVariants,
	reviews,
	seedRuns,
	wholesalePricing,
} from '~/db/schema'
import { type Database, type Executor, queryRows } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import { buildDemoCatalogue, DEMO_COLLECTIONS, isBrowsable, type SeedProduct } from './catalogue'
import { BANDANA_COLOURS, COLLAR_COLOURS } from './colours'
import { DEMO_IMAGE_SIZE } from './demo-image'
import { createRandom } from './prng'
import {
	DEMO_ARIA_KNOWLEDGE,
	DEMO_BREED_SIZES,
	DEMO_BADGES,
	DEMO_LOYALTY_LEVELS,
	DEMO_PERSONALIZATION_ITEMS,
	DEMO_PERSONALIZATION_SETTINGS,
	DEMO_WHOLESALE_TIERS,
} from './reference-data'
import { demoReviewsFor } from './reviews'

/** The seed_runs row that says the demo shop is in this database. */
export const DEMO_SEED_NAME = 'demo-shop-v1'
/** Advisory lock key: serialises seeding between app servers starting at once. */
const SEED_LOCK_KEY = 727_275
export const DEMO_RANDOM_SEED = 20_250_701

/** Inserts rows in slices, keeping each statement well under the 65,535 parameter limit. */
export async function insertInChunks<Row>(rows: Row[], size: number, insert: (slice: Row[]) => Promise<unknown>) {
	for (let start = 0; start < rows.length; start += size) {
		await insert(rows.slice(start, start + size))
	}
}

/**
 * Writes products with their options, variants, images and collection links.
 * Returns the new ids by handle. Shared by the demo shop and the large benchmark catalogue.
 */
export async function insertCatalogueProducts(
	tx: Executor,
	items: SeedProduct[],
	collectionIds: Map<string, string>,
	positionOffset = 0,
): Promise<Map<string, string>> {
	const ids = new Map<string, string>()
	await insertInChunks(items, 500, async (slice) => {
		const inserted = await tx
			.insert(products)
			.values(
				slice.map((p) => ({
					handle: p.handle,
					title: p.title,
					description: p.description,
					descriptionHtml: p.descriptionHtml,
					productType: p.productType,
					tags: p.tags,
				})),
			)
			.returning({ id: products.id, handle: products.handle })
		for (const row of inserted) ids.set(row.handle, row.id)
	})
	const idOf = (handle: string) => {
		const id = ids.get(handle)
		if (!id) throw new Error(`produto não inserido: ${handle}`)
		return id
	}
	const options = items.flatMap((p) =>
		p.options.map((o, position) => ({ productId: idOf(p.handle), name: o.name, values: o.values, position })),
	)
	await insertInChunks(options, 1000, (slice) => tx.insert(productOptions).values(slice))
	// Pictures first: a variant may point at its colour's picture (issue 13, defect 4).
	const images = items.flatMap((p) =>
		p.images.map((image, position) => ({
			productId: idOf(p.handle),
			url: image.url,
			altText: image.altText,
			width: DEMO_IMAGE_SIZE,
			height: DEMO_IMAGE_SIZE,
			position,
		})),
	)
	const imageIds = new Map<string, string>()
	await insertInChunks(images, 1000, async (slice) => {
		const inserted = await tx
			.insert(productImages)
			.values(slice)
			.returning({ id: productImages.id, productId: productImages.productId, url: productImages.url })
		for (const row of inserted) imageIds.set(`${row.productId} ${row.url}`, row.id)
	})
	const variants = items.flatMap((p) =>
		p.variants.map((v, position) => ({
			productId: idOf(p.handle),
			title: v.title,
			sku: v.sku,
			priceCents: v.priceCents,
			stock: v.stock,
			selectedOptions: v.selectedOptions,
			position,
			imageId: v.imageUrl ? (imageIds.get(`${idOf(p.handle)} ${v.imageUrl}`) ?? null) : null,
		})),
	)
	await insertInChunks(variants, 1000, (slice) => tx.insert(productVariants).values(slice))
	const positions = new Map<string, number>()
	const links = items.flatMap((p) =>
		p.collections.flatMap((handle) => {
			const collectionId = collectionIds.get(handle)
			if (!collectionId) return []
			const position = positions.get(handle) ?? positionOffset
			positions.set(handle, position + 1)
			return [{ collectionId, productId: idOf(p.handle), position }]
		}),
	)
	await insertInChunks(links, 2000, (slice) => tx.insert(collectionProducts).values(slice))
	return ids
}

async function insertDemoShop(tx: Executor) {
	const random = createRandom(DEMO_RANDOM_SEED)
	const catalogue = buildDemoCatalogue(random)

	const insertedCollections = await tx
		.insert(collections)
		.values(
			DEMO_COLLECTIONS.map((c) => ({
				...c,
				imageUrl: catalogue.find((p) => p.collections.includes(c.handle))?.images[0]?.url ?? null,
			})),
		)
		.returning({ id: collections.id, handle: collections.handle })
	const collectionIds = new Map(insertedCollections.map((c) => [c.handle, c.id]))
	const productIds = await insertCatalogueProducts(tx, catalogue, collectionIds)

	await tx.insert(colorOptions).values([
		...BANDANA_COLOURS.map((c, displayOrder) => ({
			name: c.name,
			hexCode: c.hex,
			isPattern: c.pattern,
			productType: 'bandana' as const,
			displayOrder,
		})),
		...COLLAR_COLOURS.map((c, displayOrder) => ({
			name: c.name,
			hexCode: c.hex,
			isPattern: c.pattern,
			productType: 'collar' as const,
			displayOrder,
		})),
	])
	await tx.insert(personalizationItems).values(DEMO_PERSONALIZATION_ITEMS.map((item, displayOrder) => ({ ...item, displayOrder })))
	await tx.insert(personalizationSettings).values(DEMO_PERSONALIZATION_SETTINGS)
	await tx.insert(wholesalePricing).values(
		DEMO_WHOLESALE_TIERS.map((tier) => ({
			...tier,
			displayOrder: DEMO_WHOLESALE_TIERS.filter((t) => t.productType === tier.productType).indexOf(tier),
		})),
	)
	await tx.insert(loyaltyLevels).values(DEMO_LOYALTY_LEVELS)
	await tx.insert(badges).values(DEMO_BADGES)

	// Knowledge entries a second apart, so 'newest first' lists them in a stable order.
	const now = Date.now()
	await tx.insert(ariaKnowledgeBase).values(
		DEMO_ARIA_KNOWLEDGE.map((entry, index) => ({ ...entry, createdAt: new Date(now - index * 1000) })),
	)

	await tx.insert(ariaBreedSizes).values(DEMO_BREED_SIZES)

	const browsable = catalogue.filter(isBrowsable)
	await tx.insert(ariaProducts).values(
		browsable.map((p) => ({
			shopifyHandle: p.handle,
			title: p.title,
			description: p.description,
			priceCents: Math.min(...p.variants.map((v) => v.priceCents)),
			tags: p.tags,
			isAvailable: p.variants.some((v) => v.stock !== 0),
		})),
	)

	const reviewRows = browsable
		.filter(() => random.chance(0.7))
		.flatMap((p) =>
			demoReviewsFor(random, p.productType).map((r) => ({
				productId: productIds.get(p.handle) as string,
				productName: p.title,
				customerName: r.customerName,
				customerEmail: r.customerEmail,
				rating: r.rating,
				comment: r.comment,
				isApproved: true,
				createdAt: new Date(now - r.daysAgo * 86_400_000 - random.int(0, 86_399) * 1000),
			})),
		)
	await insertInChunks(reviewRows, 500, (slice) => tx.insert(reviews).values(slice))
	return { products: catalogue.length, reviews: reviewRows.length }
}

/**
 * Fills an empty database with the demo shop. Safe to call on every start and from
 * several app servers at once: one transaction holds an advisory lock, and the
 * seed_runs marker (written in that same transaction) makes later calls return at once.
 * A database that already has products of its own is left alone.
 */
export async function seedDemoData(db: Database): Promise<void> {
	// Cheap check first, so a normal start takes no lock.
	if (await demoSeeded(db)) return
	await db.transaction(async (tx) => {
		await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
		if (await demoSeeded(tx)) return
		const [existing] = await tx.select({ n: count() }).from(products)
		if ((existing?.n ?? 0) > 0) {
			logger.info('o catálogo já tem produtos; dados de demonstração não inseridos')
			return
		}
		const started = Date.now()
		const result = await insertDemoShop(tx)
		await tx.insert(seedRuns).values({ name: DEMO_SEED_NAME })
		logger.info({ ...result, ms: Date.now() - started }, 'dados de demonstração inseridos')
	})
}

async function demoSeeded(executor: Executor): Promise<boolean> {
	const rows = await queryRows<{ found: number }>(sql`select 1 as found from seed_runs where name = ${DEMO_SEED_NAME}`, executor)
	return rows.length > 0
}
