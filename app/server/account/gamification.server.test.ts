import { expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { db } from '~/server/db.server'
import { awardPointsOnce } from '~/server/loyalty/points.server'
import { gamificationOf } from './gamification.server'

withTestDatabase()

test("a customer's summary and history are their own, newest first, at most 20", async () => {
	const ana = await userWithSession()
	const bia = await userWithSession()
	expect(await gamificationOf(ana.id)).toMatchObject({ level: 1, totalPoints: 0, history: [] })
	for (let i = 0; i < 22; i++) {
		await awardPointsOnce(db, {
			userId: ana.id,
			actionType: 'adjustment',
			description: `Ajuste ${i}`,
			points: i % 2 === 0 ? 10 : -1,
			eventKey: `t:${ana.id}:${i}`,
		})
	}
	await awardPointsOnce(db, { userId: bia.id, actionType: 'review', description: 'Outra pessoa', points: 50, eventKey: `t:${bia.id}` })
	const mine = await gamificationOf(ana.id)
	expect(mine.totalPoints).toBe(11 * 10 - 11)
	expect(mine.history).toHaveLength(20)
	const times = mine.history.map((h) => h.createdAt)
	expect(times).toEqual([...times].sort().reverse())
	expect(mine.history.every((h) => h.label === 'Ajuste')).toBe(true)
	expect(mine.history.some((h) => h.description === 'Outra pessoa')).toBe(false)
})
