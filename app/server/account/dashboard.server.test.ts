import { expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { personalizationOrders, userPhotos } from '~/db/schema'
import { db } from '~/server/db.server'
import { awardPointsOnce } from '~/server/loyalty/points.server'
import { dashboardOf } from './dashboard.server'

withTestDatabase()

test("the dashboard counts the customer's own records only", async () => {
	const ana = await userWithSession()
	const bia = await userWithSession()
	await db.insert(userPhotos).values([
		{ userId: ana.id, photoUrl: '/uploads/user-photos/a/1.png' },
		{ userId: bia.id, photoUrl: '/uploads/user-photos/b/1.png' },
	])
	await db.insert(personalizationOrders).values({ userId: ana.id, productType: 'bandana', totalPriceCents: 2990 })
	await awardPointsOnce(db, {
		userId: ana.id,
		actionType: 'photo_upload',
		description: 'Foto enviada',
		points: 30,
		eventKey: `d:${ana.id}`,
	})
	const summary = await dashboardOf(ana.id)
	expect(summary.counts).toEqual({ orders: 1, photos: 1, badges: 0 })
	expect(summary.level.totalPoints).toBe(30)
	expect(summary.latestOrder).toBeNull()
	expect(summary.latestBadges).toEqual([])
})
