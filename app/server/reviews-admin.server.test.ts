import { sql } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { createProduct } from '~/commerce/builtin/test-factories.server'
import { reviews } from '~/db/schema'
import { db, queryRows } from '~/server/db.server'
import { userWithSession } from '#tests/fixtures/session-user'
import { deleteReview, listReviewsForAdmin, reviewStats } from './reviews-admin.server'
import { listApprovedReviews, setReviewApproval } from './reviews.server'

withTestDatabase()

let productId = ''
let customerId = ''
const ids: string[] = []

beforeAll(async () => {
	const product = await createProduct({ title: 'Bandana Avaliada' })
	productId = product.product.id
	customerId = (await userWithSession()).id
	for (let i = 0; i < 3; i++) {
		const [row] = await db
			.insert(reviews)
			.values({
				productId,
				productName: 'Bandana Avaliada',
				customerName: `Cliente ${i}`,
				customerEmail: `c${i}@exemplo.test`,
				rating: 3 + i,
				comment: `Comentário ${i}`,
				userId: i === 2 ? customerId : null,
				createdAt: new Date(Date.UTC(2026, 10, 10 + i)),
			})
			.returning({ id: reviews.id })
		ids.push(row!.id)
	}
})

test('stats and filters, newest first; approval publishes and awards +50 once even when clicked twice at once; delete', async () => {
	expect(await reviewStats()).toEqual({ total: 3, pending: 3, approved: 0, average: 4 })
	expect((await listReviewsForAdmin('todas', 1)).map((r) => r.customerName)).toEqual(['Cliente 2', 'Cliente 1', 'Cliente 0'])

	const [a, b] = await Promise.all([setReviewApproval(ids[2]!, true), setReviewApproval(ids[2]!, true)])
	expect([a, b]).toEqual([true, true])
	const points = await queryRows<{ points: number }>(
		sql`select points from points_history where user_id = ${customerId}::uuid and action_type = 'review'`,
	)
	expect(points).toEqual([{ points: 50 }])
	expect((await listApprovedReviews(productId)).map((r) => r.customerName)).toEqual(['Cliente 2'])
	expect((await listReviewsForAdmin('pendentes', 1)).map((r) => r.customerName)).toEqual(['Cliente 1', 'Cliente 0'])
	expect((await listReviewsForAdmin('aprovadas', 1)).map((r) => [r.customerName, r.signedIn])).toEqual([['Cliente 2', true]])

	// Rejected and approved again: still one award.
	await setReviewApproval(ids[2]!, false)
	await setReviewApproval(ids[2]!, true)
	expect(await queryRows(sql`select 1 from points_history where user_id = ${customerId}::uuid and action_type = 'review'`)).toHaveLength(1)

	expect(await deleteReview(ids[0]!)).toBe(true)
	expect(await deleteReview(ids[0]!)).toBe(false)
	expect(await reviewStats()).toMatchObject({ total: 2, approved: 1 })
})
