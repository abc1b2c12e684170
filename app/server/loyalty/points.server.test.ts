import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { loyaltyLevels, pointsHistory, userGamification, users } from '~/db/schema'
import { db } from '~/server/db.server'
import { awardPointsOnce, levelProgress } from './points.server'

withTestDatabase()

const LEVELS = [
	{ level: 1, name: 'Filhote', minPoints: 0 },
	{ level: 2, name: 'Companheiro', minPoints: 500 },
	{ level: 3, name: 'Melhor Amigo', minPoints: 2000 },
]

async function newUser(): Promise<string> {
	const [user] = await db
		.insert(users)
		.values({ email: `pontos.${randomUUID()}@exemplo.test`, passwordHash: 'x' })
		.returning({ id: users.id })
	if (!user) throw new Error('usuário não criado')
	return user.id
}

async function summaryOf(userId: string) {
	const [row] = await db.select().from(userGamification).where(eq(userGamification.userId, userId))
	return row
}

describe('levelProgress', () => {
	test('finds the level reached, the points inside it and the span to the next', () => {
		expect(levelProgress(0, LEVELS)).toEqual({ level: 1, currentLevelPoints: 0, pointsToNextLevel: 500 })
		expect(levelProgress(499, LEVELS)).toEqual({ level: 1, currentLevelPoints: 499, pointsToNextLevel: 500 })
		expect(levelProgress(500, LEVELS)).toEqual({ level: 2, currentLevelPoints: 0, pointsToNextLevel: 1500 })
		expect(levelProgress(2600, LEVELS)).toEqual({ level: 3, currentLevelPoints: 600, pointsToNextLevel: 0 })
	})
	test('levels given in any order; negative totals count as zero; no levels means level 1', () => {
		expect(levelProgress(700, [...LEVELS].reverse())).toEqual({ level: 2, currentLevelPoints: 200, pointsToNextLevel: 1500 })
		expect(levelProgress(-30, LEVELS)).toEqual({ level: 1, currentLevelPoints: 0, pointsToNextLevel: 500 })
		expect(levelProgress(42, [])).toEqual({ level: 1, currentLevelPoints: 42, pointsToNextLevel: 0 })
	})
})

describe('awardPointsOnce', () => {
	beforeAll(async () => {
		await db.insert(loyaltyLevels).values(LEVELS).onConflictDoNothing()
	})

	test('writes the history row and the summary once per event key', async () => {
		const userId = await newUser()
		const input = {
			userId,
			actionType: 'first_favorite',
			description: 'Primeiro produto favoritado',
			points: 5,
			eventKey: `first_favorite:${userId}`,
		}
		expect(await awardPointsOnce(db, input)).toBe(true)
		expect(await awardPointsOnce(db, input)).toBe(false)

		const history = await db.select().from(pointsHistory).where(eq(pointsHistory.userId, userId))
		expect(history).toHaveLength(1)
		expect(history[0]).toMatchObject({ actionType: 'first_favorite', description: 'Primeiro produto favoritado', points: 5 })
		expect(await summaryOf(userId)).toMatchObject({
			totalPoints: 5,
			level: 1,
			currentLevelPoints: 5,
			pointsToNextLevel: 500,
		})
	})

	test('concurrent awards of one event write one row; different events add up', async () => {
		const userId = await newUser()
		const same = Array.from({ length: 6 }, () =>
			awardPointsOnce(db, { userId, actionType: 'review', description: 'Avaliação aprovada', points: 50, eventKey: `review:${userId}` }),
		)
		const different = Array.from({ length: 4 }, (_, index) =>
			awardPointsOnce(db, { userId, actionType: 'purchase', description: 'Compra', points: 100, eventKey: `purchase:${userId}:${index}` }),
		)
		const results = await Promise.all([...same, ...different])
		expect(results.slice(0, 6).filter(Boolean)).toHaveLength(1)
		expect(results.slice(6).every(Boolean)).toBe(true)

		const history = await db.select().from(pointsHistory).where(eq(pointsHistory.userId, userId))
		expect(history).toHaveLength(5)
		expect(await summaryOf(userId)).toMatchObject({ totalPoints: 450, level: 1, currentLevelPoints: 450 })
	})

	test('recomputes the level when a threshold is crossed, and back down after a correction', async () => {
		const userId = await newUser()
		await awardPointsOnce(db, { userId, actionType: 'purchase', description: 'Compra', points: 480, eventKey: `p1:${userId}` })
		await awardPointsOnce(db, { userId, actionType: 'review', description: 'Avaliação', points: 50, eventKey: `r1:${userId}` })
		expect(await summaryOf(userId)).toMatchObject({ totalPoints: 530, level: 2, currentLevelPoints: 30, pointsToNextLevel: 1500 })

		await awardPointsOnce(db, { userId, actionType: 'adjustment', description: 'Correção', points: -100, eventKey: `a1:${userId}` })
		expect(await summaryOf(userId)).toMatchObject({ totalPoints: 430, level: 1, currentLevelPoints: 430, pointsToNextLevel: 500 })
	})

	test('inside a caller transaction: rolled back with it', async () => {
		const userId = await newUser()
		await expect(
			db.transaction(async (tx) => {
				expect(
					await awardPointsOnce(tx, { userId, actionType: 'purchase', description: 'Compra', points: 10, eventKey: `t1:${userId}` }),
				).toBe(true)
				throw new Error('pedido cancelado')
			}),
		).rejects.toThrow('pedido cancelado')
		expect(await db.select().from(pointsHistory).where(eq(pointsHistory.userId, userId))).toHaveLength(0)
		expect(await summaryOf(userId)).toBeUndefined()
		// The key is free again: the event was never rewarded.
		expect(await awardPointsOnce(db, { userId, actionType: 'purchase', description: 'Compra', points: 10, eventKey: `t1:${userId}` })).toBe(
			true,
		)
	})
})
