import { expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { badges, userBadges } from '~/db/schema'
import { db } from '~/server/db.server'
import { badgesOf } from './rewards.server'

withTestDatabase()

test('active badges bronze → diamante, with the earned date of this customer only', async () => {
	await db.delete(badges)
	const [ouro, bronze] = await db
		.insert(badges)
		.values([
			{ name: 'Fã de Ouro', badgeTier: 'ouro', ruleType: 'total_points', ruleThreshold: 1000 },
			{ name: 'Primeira Compra', badgeTier: 'bronze', ruleType: 'orders_paid', ruleThreshold: 1, pointsReward: 10 },
			{ name: 'Aposentada', badgeTier: 'prata', ruleType: 'favorites', ruleThreshold: 3, isActive: false },
		])
		.returning({ id: badges.id })
	const ana = await userWithSession()
	const bia = await userWithSession()
	await db.insert(userBadges).values({ userId: bia.id, badgeId: ouro!.id, earnedAt: new Date('2026-11-01T12:00:00Z') })
	await db.insert(userBadges).values({ userId: ana.id, badgeId: bronze!.id, earnedAt: new Date('2026-11-02T12:00:00Z') })
	const cards = await badgesOf(ana.id)
	expect(cards.map((c) => [c.name, c.earnedAt])).toEqual([
		['Primeira Compra', '2026-11-02T12:00:00.000Z'],
		['Fã de Ouro', null],
	])
})
