// Runs on both databases (decision 130): its subject is the schema's constraints.
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import {
	badges,
	colorOptions,
	heroVideo,
	loyaltyLevels,
	personalizationOrders,
	personalizationSettings,
	pointsHistory,
	products,
	reviews,
	subscriptionCtaVideo,
	userFavorites,
	users,
	userViews,
	wholesalePricing,
} from '~/db/schema'
import { db } from '~/server/db.server'

withTestDatabase()

let userId: string
let productId: string

beforeAll(async () => {
	const [user] = await db.insert(users).values({ email: 'cliente@example.com', passwordHash: 'x' }).returning()
	const [product] = await db.insert(products).values({ handle: 'bandana-teste', title: 'Bandana Teste' }).returning()
	if (!user || !product) throw new Error('falha ao preparar dados')
	userId = user.id
	productId = product.id
})

function review(overrides: Partial<typeof reviews.$inferInsert> = {}): typeof reviews.$inferInsert {
	return {
		productId,
		productName: 'Bandana Teste',
		customerName: 'Ana',
		customerEmail: 'ana@example.com',
		rating: 5,
		comment: 'Linda e muito confortável!',
		...overrides,
	}
}

describe('reviews', () => {
	test('rating must be between 1 and 5', async () => {
		await expect(db.insert(reviews).values(review({ rating: 0 }))).rejects.toThrow()
		await expect(db.insert(reviews).values(review({ rating: 6 }))).rejects.toThrow()
		await db.insert(reviews).values([review({ rating: 1 }), review({ rating: 5 })])
	})

	test('new reviews are pending; name ≤ 50 and comment ≤ 500 characters', async () => {
		const [row] = await db.insert(reviews).values(review({ comment: null })).returning()
		expect(row?.isApproved).toBe(false)
		await expect(db.insert(reviews).values(review({ customerName: 'a'.repeat(51) }))).rejects.toThrow()
		await expect(db.insert(reviews).values(review({ comment: 'é'.repeat(501) }))).rejects.toThrow()
		await db.insert(reviews).values(review({ customerName: 'ç'.repeat(50), comment: 'é'.repeat(500) }))
	})
})

describe('favourites and views', () => {
	test('a product is favourited once per user', async () => {
		const favourite = {
			userId,
			productId,
			productTitle: 'Bandana Teste',
			productHandle: 'bandana-teste',
			productPriceCents: 2990,
		}
		await db.insert(userFavorites).values(favourite)
		await expect(db.insert(userFavorites).values(favourite)).rejects.toThrow()
	})

	test('a view belongs to a user or a session', async () => {
		const view = { productId, productTitle: 'Bandana Teste', productHandle: 'bandana-teste', productPriceCents: 2990 }
		await expect(db.insert(userViews).values(view)).rejects.toThrow()
		await db.insert(userViews).values({ ...view, sessionId: 'sessao-1' })
		await db.insert(userViews).values({ ...view, userId })
	})
})

describe('video slots', () => {
	test('at most one active video per slot; inactive ones pile up', async () => {
		await db.insert(heroVideo).values({ videoUrl: '/videos/a.mp4' })
		await expect(db.insert(heroVideo).values({ videoUrl: '/videos/b.mp4' })).rejects.toThrow()
		await db.insert(heroVideo).values([
			{ videoUrl: '/videos/c.mp4', isActive: false },
			{ videoUrl: '/videos/d.mp4', isActive: false },
		])
		// Each slot is independent.
		await db.insert(subscriptionCtaVideo).values({ videoUrl: '/videos/a.mp4' })
		// Saving = deactivate, then insert the new active one.
		await db.update(heroVideo).set({ isActive: false }).where(eq(heroVideo.isActive, true))
		await db.insert(heroVideo).values({ videoUrl: '/videos/b.mp4' })
		const active = await db.select().from(heroVideo).where(eq(heroVideo.isActive, true))
		expect(active.map((v) => v.videoUrl)).toEqual(['/videos/b.mp4'])
	})
})

describe('personalization', () => {
	test('colour hex codes must be #RRGGBB and the type bandana or collar', async () => {
		const colour = { name: 'Vermelho', productType: 'bandana' as const }
		for (const hexCode of ['red', '#FFF', '#12345G', 'F472B6', '#F472B6 ']) {
			await expect(db.insert(colorOptions).values({ ...colour, hexCode })).rejects.toThrow()
		}
		await expect(db.insert(colorOptions).values({ ...colour, hexCode: '#F472B6', productType: 'gravata' as never })).rejects.toThrow()
		await db.insert(colorOptions).values({ ...colour, hexCode: '#f472b6' })
	})

	test('settings are unique per type and key', async () => {
		const row = { settingType: 'collar', settingKey: 'base_price_cents', settingValue: '2500' }
		await db.insert(personalizationSettings).values(row)
		await expect(db.insert(personalizationSettings).values(row)).rejects.toThrow()
	})

	test('an order is completed exactly when it has a completion time, and only after its production started', async () => {
		const order = { productType: 'bandana' as const, totalPriceCents: 2990, sessionId: 's' }
		const [created] = await db.insert(personalizationOrders).values(order).returning()
		expect(created?.orderCompleted).toBe(false)
		await expect(db.insert(personalizationOrders).values({ ...order, orderCompleted: true })).rejects.toThrow()
		await expect(db.insert(personalizationOrders).values({ ...order, petName: 'x'.repeat(21) })).rejects.toThrow()
		// Decision 090: 'Pronto' comes after 'Em produção'.
		await expect(
			db.update(personalizationOrders).set({ orderCompleted: true, orderCompletedAt: new Date() }).where(eq(personalizationOrders.id, created!.id)),
		).rejects.toThrow()
		await db
			.update(personalizationOrders)
			.set({ productionStartedAt: new Date(), orderCompleted: true, orderCompletedAt: new Date() })
			.where(eq(personalizationOrders.id, created!.id))
	})
})

describe('wholesale', () => {
	test('tiers need min ≥ 1 and max ≥ min (or no max)', async () => {
		const tier = { productType: 'bandana' as const, unitPriceCents: 1500 }
		await expect(db.insert(wholesalePricing).values({ ...tier, minQuantity: 0 })).rejects.toThrow()
		await expect(db.insert(wholesalePricing).values({ ...tier, minQuantity: 21, maxQuantity: 20 })).rejects.toThrow()
		await db.insert(wholesalePricing).values([
			{ ...tier, minQuantity: 10, maxQuantity: 20 },
			{ ...tier, minQuantity: 41, maxQuantity: null },
		])
	})
})

describe('loyalty', () => {
	test('an award with an event key happens once', async () => {
		const award = { userId, actionType: 'first_favorite', description: 'Primeiro produto favoritado', points: 5 }
		await db.insert(pointsHistory).values({ ...award, eventKey: `first_favorite:${userId}` })
		await expect(db.insert(pointsHistory).values({ ...award, eventKey: `first_favorite:${userId}` })).rejects.toThrow()
		const inserted = await db
			.insert(pointsHistory)
			.values({ ...award, eventKey: `first_favorite:${userId}` })
			.onConflictDoNothing()
			.returning()
		expect(inserted).toHaveLength(0)
		// Entries without a key (admin corrections) are not limited.
		await db.insert(pointsHistory).values([
			{ ...award, actionType: 'adjustment', points: -5 },
			{ ...award, actionType: 'adjustment', points: -5 },
		])
	})

	test('badges sort by tier rank, not by name, and rules are checked', async () => {
		const badge = { description: '', ruleType: 'total_points' as const, ruleThreshold: 1 }
		await db.insert(badges).values([
			{ ...badge, name: 'D', badgeTier: 'diamante' },
			{ ...badge, name: 'P', badgeTier: 'prata' },
			{ ...badge, name: 'O', badgeTier: 'ouro' },
			{ ...badge, name: 'B', badgeTier: 'bronze' },
		])
		const sorted = await db.select({ tier: badges.badgeTier }).from(badges).orderBy(badges.tierRank)
		expect(sorted.map((b) => b.tier)).toEqual(['bronze', 'prata', 'ouro', 'diamante'])
		await expect(db.insert(badges).values({ ...badge, name: 'X', badgeTier: 'platina' as never })).rejects.toThrow()
		await expect(db.insert(badges).values({ ...badge, name: 'Y', badgeTier: 'ouro', ruleThreshold: 0 })).rejects.toThrow()
		await expect(
			db.insert(badges).values({ ...badge, name: 'Z', badgeTier: 'ouro', ruleType: 'likes' as never }),
		).rejects.toThrow()
	})

	test('level 1 starts at zero points and thresholds are distinct', async () => {
		await expect(db.insert(loyaltyLevels).values({ level: 1, name: 'Filhote', minPoints: 10 })).rejects.toThrow()
		await db.insert(loyaltyLevels).values({ level: 1, name: 'Filhote', minPoints: 0 })
		await expect(db.insert(loyaltyLevels).values({ level: 2, name: 'Outro', minPoints: 0 })).rejects.toThrow()
		const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(loyaltyLevels)
		expect(count?.n).toBe(1)
	})
})
