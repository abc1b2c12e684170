import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { createProduct } from '~/commerce/builtin/test-factories.server'
import { pointsHistory, reviews, userGamification, userProfiles } from '~/db/schema'
import { db } from '~/server/db.server'
import { userWithSession } from '#tests/fixtures/session-user'
import {
	ANONYMOUS_REVIEW_EMAIL,
	createReview,
	getReviewSummary,
	listApprovedReviews,
	listLatestApprovedReviews,
	reviewerIdentity,
	setReviewApproval,
} from './reviews.server'

withTestDatabase()

async function insertReview(productId: string, fields: { rating: number; approved: boolean; createdAt: Date; name?: string }) {
	const [row] = await db
		.insert(reviews)
		.values({
			productId,
			productName: 'Qualquer',
			customerName: fields.name ?? 'Ana',
			customerEmail: 'ana@exemplo.com',
			rating: fields.rating,
			comment: 'Comentário de teste',
			isApproved: fields.approved,
			createdAt: fields.createdAt,
		})
		.returning({ id: reviews.id })
	return row!.id
}

describe('reviewerIdentity (document 000 §6)', () => {
	test('signed in: profile name, else the e-mail before @, else Cliente; the e-mail is stored', () => {
		expect(reviewerIdentity({ email: 'bia@exemplo.com', fullName: ' Beatriz Souza ' }, 'Ignorado')).toEqual({
			customerName: 'Beatriz Souza',
			customerEmail: 'bia@exemplo.com',
		})
		expect(reviewerIdentity({ email: 'bia.souza@exemplo.com', fullName: null }, undefined).customerName).toBe('bia.souza')
		expect(reviewerIdentity({ email: '@exemplo.com', fullName: '  ' }, undefined).customerName).toBe('Cliente')
		expect(reviewerIdentity({ email: 'x@y.z', fullName: 'N'.repeat(80) }, undefined).customerName).toHaveLength(50)
	})
	test('anonymous: the typed name, else Anônimo, with the placeholder e-mail', () => {
		expect(reviewerIdentity(null, 'Carla')).toEqual({ customerName: 'Carla', customerEmail: ANONYMOUS_REVIEW_EMAIL })
		expect(reviewerIdentity(null, undefined)).toEqual({ customerName: 'Anônimo', customerEmail: ANONYMOUS_REVIEW_EMAIL })
		expect(reviewerIdentity(null, '   ').customerName).toBe('Anônimo')
	})
})

describe('approved reviews', () => {
	test('only approved, newest first, no e-mail; summary over approved only', async () => {
		const { product } = await createProduct({ title: 'Bandana Listrada' })
		const { product: other } = await createProduct()
		const old = await insertReview(product.id, { rating: 5, approved: true, createdAt: new Date('2025-01-01T12:00:00Z'), name: 'Velha' })
		const recent = await insertReview(product.id, { rating: 4, approved: true, createdAt: new Date('2025-03-01T12:00:00Z'), name: 'Nova' })
		await insertReview(product.id, { rating: 1, approved: false, createdAt: new Date('2025-04-01T12:00:00Z') })
		await insertReview(other.id, { rating: 2, approved: true, createdAt: new Date('2025-05-01T12:00:00Z') })

		const list = await listApprovedReviews(product.id)
		expect(list.map((r) => r.id)).toEqual([recent, old])
		expect(list[0]).toEqual({
			id: recent,
			customerName: 'Nova',
			rating: 4,
			comment: 'Comentário de teste',
			createdAt: '2025-03-01T12:00:00.000Z',
			dateLabel: '01/03/2025',
		})
		expect(JSON.stringify(list)).not.toContain('@')
		expect(await getReviewSummary(product.id)).toEqual({ average: 4.5, count: 2 })

		const latest = await listLatestApprovedReviews(12)
		expect(latest[0]).toMatchObject({ rating: 2, product: { title: other.title, handle: other.handle } })
		expect(latest.some((r) => r.rating === 1)).toBe(false)
	})

	test('a product without approved reviews, or a malformed id, has none', async () => {
		const { product } = await createProduct()
		await insertReview(product.id, { rating: 3, approved: false, createdAt: new Date() })
		expect(await listApprovedReviews(product.id)).toEqual([])
		expect(await getReviewSummary(product.id)).toEqual({ average: null, count: 0 })
		expect(await listApprovedReviews('nao-e-uuid')).toEqual([])
		expect(await getReviewSummary('nao-e-uuid')).toEqual({ average: null, count: 0 })
	})
})

describe('createReview', () => {
	test('stores a pending review with the catalogue title and the profile name; awards nothing', async () => {
		const { product } = await createProduct({ title: 'Colar Couro' })
		const person = await userWithSession()
		await db
			.insert(userProfiles)
			.values({ userId: person.id, fullName: 'Daniela Lima' })
			.onConflictDoUpdate({
				target: userProfiles.userId,
				set: { fullName: 'Daniela Lima' },
			})
		const result = await createReview(
			{ productId: product.id, rating: 5, comment: 'Excelente qualidade!', name: 'Outro nome' },
			{ id: person.id, email: 'dani@exemplo.com', fullName: 'Daniela Lima', isAdmin: false },
		)
		expect(result.ok).toBe(true)
		const [row] = await db.select().from(reviews).where(eq(reviews.productId, product.id))
		expect(row).toMatchObject({
			productName: 'Colar Couro',
			customerName: 'Daniela Lima',
			customerEmail: 'dani@exemplo.com',
			userId: person.id,
			rating: 5,
			comment: 'Excelente qualidade!',
			isApproved: false,
		})
		expect(await db.select().from(pointsHistory).where(eq(pointsHistory.userId, person.id))).toHaveLength(0)
		expect(await listApprovedReviews(product.id)).toEqual([])
	})

	test('refuses an unknown or draft product', async () => {
		const { product: draft } = await createProduct({ status: 'draft' })
		const input = { rating: 4, comment: 'Muito bonito mesmo', name: undefined }
		expect(await createReview({ ...input, productId: draft.id }, null)).toEqual({ ok: false, reason: 'product_not_found' })
		expect(await createReview({ ...input, productId: '00000000-0000-4000-8000-000000000000' }, null)).toEqual({
			ok: false,
			reason: 'product_not_found',
		})
	})
})

describe('setReviewApproval', () => {
	test('approval publishes the review and awards the author 50 points once', async () => {
		const { product } = await createProduct()
		const person = await userWithSession()
		const created = await createReview(
			{ productId: product.id, rating: 5, comment: 'Meu cachorro amou!', name: undefined },
			{ id: person.id, email: 'eva@exemplo.com', fullName: null, isAdmin: false },
		)
		if (!created.ok) throw new Error('não criada')
		expect(await setReviewApproval(created.id, true)).toBe(true)
		expect(await setReviewApproval(created.id, false)).toBe(true)
		expect(await listApprovedReviews(product.id)).toEqual([])
		expect(await setReviewApproval(created.id, true)).toBe(true)
		expect((await listApprovedReviews(product.id)).map((r) => r.customerName)).toEqual(['eva'])

		const history = await db.select().from(pointsHistory).where(eq(pointsHistory.userId, person.id))
		expect(history).toHaveLength(1)
		expect(history[0]).toMatchObject({ actionType: 'review', points: 50, eventKey: `review:${created.id}` })
		const [summary] = await db.select().from(userGamification).where(eq(userGamification.userId, person.id))
		expect(summary?.totalPoints).toBe(50)
	})

	test('anonymous reviews earn nobody points; unknown ids answer false', async () => {
		const { product } = await createProduct()
		const created = await createReview({ productId: product.id, rating: 3, comment: 'Razoável, esperava mais', name: undefined }, null)
		if (!created.ok) throw new Error('não criada')
		expect(await setReviewApproval(created.id, true)).toBe(true)
		expect(
			await db
				.select()
				.from(pointsHistory)
				.where(eq(pointsHistory.eventKey, `review:${created.id}`)),
		).toHaveLength(0)
		expect(await setReviewApproval('00000000-0000-4000-8000-000000000000', true)).toBe(false)
		expect(await setReviewApproval('x', true)).toBe(false)
	})
})
