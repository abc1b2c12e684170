import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { badges, loyaltyLevels, pointsHistory, userBadges, userGamification, userPhotos, users } from '~/db/schema'
import { db } from '~/server/db.server'
import { badgeCounts, evaluateBadges, takeUnannouncedBadges } from './badges.server'
import { awardPointsOnce } from './points.server'

withTestDatabase()

beforeEach(async () => {
	await db.execute(sql`truncate badges, user_badges, points_history, user_gamification, loyalty_levels cascade`)
	await db.insert(loyaltyLevels).values([
		{ level: 1, name: 'Filhote', minPoints: 0 },
		{ level: 2, name: 'Companheiro', minPoints: 500 },
	])
})

async function newUser(): Promise<string> {
	const [user] = await db
		.insert(users)
		.values({ email: `conquista.${randomUUID()}@exemplo.test`, passwordHash: 'x' })
		.returning({ id: users.id })
	if (!user) throw new Error('usuário não criado')
	return user.id
}

async function badge(input: {
	name: string
	ruleType: 'total_points' | 'photos_approved' | 'favorites'
	ruleThreshold: number
	pointsReward?: number
	isActive?: boolean
}) {
	const [row] = await db
		.insert(badges)
		.values({ badgeTier: 'bronze', pointsReward: 0, isActive: true, ...input })
		.returning({ id: badges.id })
	if (!row) throw new Error('conquista não criada')
	return row.id
}

const earnedBy = async (userId: string) =>
	(
		await db
			.select({ name: badges.name })
			.from(userBadges)
			.innerJoin(badges, eq(badges.id, userBadges.badgeId))
			.where(eq(userBadges.userId, userId))
	)
		.map((r) => r.name)
		.sort()

const totalOf = async (userId: string) =>
	(await db.select({ total: userGamification.totalPoints }).from(userGamification).where(eq(userGamification.userId, userId)))[0]?.total ??
	0

describe('badge rules', () => {
	test('a points award earns the badges whose count is reached, and their reward once', async () => {
		const userId = await newUser()
		await badge({ name: 'Cem Pontos', ruleType: 'total_points', ruleThreshold: 100, pointsReward: 25 })
		await badge({ name: 'Mil Pontos', ruleType: 'total_points', ruleThreshold: 1000, pointsReward: 0 })

		await awardPointsOnce(db, { userId, actionType: 'review', description: 'Avaliação', points: 60, eventKey: `a:${userId}` })
		expect(await earnedBy(userId)).toEqual([])
		await awardPointsOnce(db, { userId, actionType: 'review', description: 'Avaliação', points: 50, eventKey: `b:${userId}` })
		expect(await earnedBy(userId)).toEqual(['Cem Pontos'])
		expect(await totalOf(userId)).toBe(135)

		// Evaluating again (another event, a retry) earns nothing twice.
		expect(await evaluateBadges(db, userId)).toEqual([])
		await awardPointsOnce(db, { userId, actionType: 'review', description: 'Avaliação', points: 10, eventKey: `c:${userId}` })
		const ledger = await db.select().from(pointsHistory).where(eq(pointsHistory.userId, userId))
		expect(ledger.filter((row) => row.actionType === 'badge')).toEqual([
			expect.objectContaining({ points: 25, description: 'Conquista: Cem Pontos' }),
		])
		expect(await totalOf(userId)).toBe(145)
	})

	test("a badge's reward can reach a points badge in the same event", async () => {
		const userId = await newUser()
		await badge({ name: 'Primeira Foto', ruleType: 'photos_approved', ruleThreshold: 1, pointsReward: 100 })
		await badge({ name: 'Cento e Vinte', ruleType: 'total_points', ruleThreshold: 120 })
		await db.insert(userPhotos).values({ userId, photoUrl: '/uploads/user-photos/x.png', isApproved: true })
		await awardPointsOnce(db, { userId, actionType: 'photo_approved', description: 'Foto aprovada', points: 20, eventKey: `p:${userId}` })
		expect(await earnedBy(userId)).toEqual(['Cento e Vinte', 'Primeira Foto'])
		expect(await totalOf(userId)).toBe(120)
	})

	test('inactive badges are not earned; counts are per customer', async () => {
		const alice = await newUser()
		const bob = await newUser()
		await badge({ name: 'Desligada', ruleType: 'total_points', ruleThreshold: 1, isActive: false })
		await badge({ name: 'Fotógrafa', ruleType: 'photos_approved', ruleThreshold: 2 })
		await db.insert(userPhotos).values([
			{ userId: alice, photoUrl: '/a1.png', isApproved: true },
			{ userId: alice, photoUrl: '/a2.png', isApproved: true },
			{ userId: bob, photoUrl: '/b1.png', isApproved: true },
			{ userId: bob, photoUrl: '/b2.png', isApproved: false },
		])
		expect(await badgeCounts(db, alice, ['photos_approved', 'total_points'])).toEqual({ photos_approved: 2, total_points: 0 })
		expect((await evaluateBadges(db, alice)).map((b) => b.name)).toEqual(['Fotógrafa'])
		expect(await evaluateBadges(db, bob)).toEqual([])
	})

	test('concurrent events earn a badge and its reward once', async () => {
		const userId = await newUser()
		await badge({ name: 'Cinquenta', ruleType: 'total_points', ruleThreshold: 50, pointsReward: 10 })
		await Promise.all(
			Array.from({ length: 6 }, (_, i) =>
				awardPointsOnce(db, { userId, actionType: 'review', description: 'Avaliação', points: 50, eventKey: `r${i}:${userId}` }),
			),
		)
		expect(await earnedBy(userId)).toEqual(['Cinquenta'])
		expect(await totalOf(userId)).toBe(310)
	})

	test('new badges are announced once, then not again', async () => {
		const userId = await newUser()
		await badge({ name: 'Cem Pontos', ruleType: 'total_points', ruleThreshold: 100, pointsReward: 25 })
		await awardPointsOnce(db, { userId, actionType: 'purchase', description: 'Compra', points: 100, eventKey: `x:${userId}` })
		expect(await takeUnannouncedBadges(userId)).toEqual([expect.objectContaining({ name: 'Cem Pontos', pointsReward: 25 })])
		expect(await takeUnannouncedBadges(userId)).toEqual([])
	})
})
