import { announceStoreChange } from '~/server/store-events.server'
import { keptUntilStoreChange } from '~/server/store-read-cache.server'
import { and, desc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { getCommerce } from '~/commerce/index.server'
import { reviews } from '~/db/schema'
import { isProductId } from '~/server/product-id.server'
import type { SessionUser } from '~/server/auth/guards.server'
import { db } from '~/server/db.server'
import { type Actor, recordActivity } from '~/server/activity/record.server'
import { publish } from '~/server/events.server'
import { publishAccountChange } from '~/server/loyalty/account-events.server'
import { awardPointsOnce } from '~/server/loyalty/points.server'
import { getStoreSettings } from '~/server/settings.server'
import type { ReviewFormInput } from '~/utils/review-form-schema'
import { REVIEW_NAME_MAX } from '~/utils/review-messages'
import type { PublicReview, ReviewSummary } from '~/utils/reviews'
import { formatDate } from '~/utils/format'

/**
 * Product reviews (document 000 §3, §4, §6, §7). New reviews wait for approval; only
 * approved ones are ever read for the storefront (decision 15). The server decides who the
 * reviewer is: the browser sends only the rating, the comment and, when signed out, a name.
 */

/** Stored for anonymous reviews, which have no address (document 000 §6 'placeholder e-mail'). */
export const ANONYMOUS_REVIEW_EMAIL = 'anonimo@avaliacoes.invalid'
export const ANONYMOUS_REVIEWER_NAME = 'Anônimo'
/** The product page lists every approved review; this only bounds a pathological product. */
const PRODUCT_REVIEWS_LIMIT = 200
/** document 000 §9: the home page shows the 12 latest approved reviews. */
export const HOME_REVIEWS_LIMIT = 12
/** Decision 14: an approved review earns its author 50 points, once. */

const uuidSchema = z.uuid()

const publicColumns = {
	id: reviews.id,
	customerName: reviews.customerName,
	rating: reviews.rating,
	comment: reviews.comment,
	createdAt: reviews.createdAt,
}

function toPublicReview(row: { id: string; customerName: string; rating: number; comment: string | null; createdAt: Date }): PublicReview {
	return { ...row, createdAt: row.createdAt.toISOString(), dateLabel: formatDate(row.createdAt) }
}

/** Approved reviews of one product, newest first. Unknown or malformed ids have none. */
export const listApprovedReviews = keptUntilStoreChange('reviews.approved', readApprovedReviews)

async function readApprovedReviews(productId: string): Promise<PublicReview[]> {
	if (!isProductId(productId)) return []
	const rows = await db
		.select(publicColumns)
		.from(reviews)
		.where(and(eq(reviews.productId, productId), eq(reviews.isApproved, true)))
		.orderBy(desc(reviews.createdAt), desc(reviews.id))
		.limit(PRODUCT_REVIEWS_LIMIT)
	return rows.map(toPublicReview)
}

/** Average rating and count of a product's approved reviews (average null when none). */
export const getReviewSummary = keptUntilStoreChange('reviews.summary', readReviewSummary)

async function readReviewSummary(productId: string): Promise<ReviewSummary> {
	if (!isProductId(productId)) return { average: null, count: 0 }
	const [row] = await db
		.select({ average: sql<string | number | null>`avg(${reviews.rating})`, count: sql<string | number>`count(*)` })
		.from(reviews)
		.where(and(eq(reviews.productId, productId), eq(reviews.isApproved, true)))
	const count = Number(row?.count ?? 0)
	return { average: count > 0 && row?.average != null ? Number(row.average) : null, count }
}

export type HomeReview = PublicReview & { product: { title: string; handle: string } }

/**
 * The latest approved reviews across the shop, for the home page (document 000 §7), of products
 * still on sale; their titles and handles from the commerce provider (decision 051).
 */
export async function listLatestApprovedReviews(limit: number = HOME_REVIEWS_LIMIT): Promise<HomeReview[]> {
	const rows = await db
		.select({ ...publicColumns, productId: reviews.productId })
		.from(reviews)
		.where(eq(reviews.isApproved, true))
		.orderBy(desc(reviews.createdAt), desc(reviews.id))
		.limit(Math.max(1, Math.min(50, limit)))
	const onSale = new Map((await getCommerce().getProductsByIds(rows.map((row) => row.productId))).map((p) => [p.id, p]))
	return rows.flatMap(({ productId, ...row }) => {
		const product = onSale.get(productId)
		return product ? [{ ...toPublicReview(row), product: { title: product.title, handle: product.handle } }] : []
	})
}

/**
 * The name shown on a review (document 000 §6). Signed in: the profile's full name, else the
 * part of the e-mail before '@', else 'Cliente'. Signed out: the typed name, else 'Anônimo'.
 */
export function reviewerIdentity(user: Pick<SessionUser, 'email' | 'fullName'> | null, typedName: string | undefined) {
	if (!user) {
		return { customerName: clampName(typedName?.trim() || ANONYMOUS_REVIEWER_NAME), customerEmail: ANONYMOUS_REVIEW_EMAIL }
	}
	const fromProfile = user.fullName?.trim()
	const fromEmail = user.email.split('@')[0]?.trim()
	return { customerName: clampName(fromProfile || fromEmail || 'Cliente'), customerEmail: user.email }
}

function clampName(name: string): string {
	// The column allows 50 characters; a long profile name is cut rather than refused.
	return [...name].slice(0, REVIEW_NAME_MAX).join('').trim() || 'Cliente'
}

export type CreateReviewResult = { ok: true; id: string } | { ok: false; reason: 'product_not_found' }

/**
 * Stores a pending review (is_approved false) for a product on sale. The product's name
 * comes from the catalogue (the commerce provider), never from the browser. No points yet: those come on approval.
 */
export async function createReview(input: ReviewFormInput, user: SessionUser | null): Promise<CreateReviewResult> {
	const [product] = await getCommerce().getProductsByIds([input.productId])
	if (!product) return { ok: false, reason: 'product_not_found' }

	const identity = reviewerIdentity(user, input.name)
	const [row] = await db
		.insert(reviews)
		.values({
			productId: product.id,
			productName: product.title,
			...identity,
			userId: user?.id ?? null,
			rating: input.rating,
			comment: input.comment,
			isApproved: false,
		})
		.returning({ id: reviews.id })
	if (!row) throw new Error('Avaliação não gravada.')
	// Tells an open moderation screen to refetch; a signal, no personal data.
	await publish('admin:reviews', { type: 'created', id: row.id })
	return { ok: true, id: row.id }
}

/**
 * Approves or rejects a review (for the admin moderation screen: the caller checks the
 * admin role). Approving a signed-in customer's review awards its 50 points once
 * (event 'review:{id}'): approving, rejecting and approving again awards nothing more.
 * Returns false when there is no such review.
 */
export async function setReviewApproval(reviewId: string, approved: boolean, actor: Actor | null = null): Promise<boolean> {
	if (!uuidSchema.safeParse(reviewId).success) return false
	const points = (await getStoreSettings()).loyaltyPoints.reviewApproved
	let reviewerId: string | null = null
	const updated = await db.transaction(async (tx) => {
		const [current] = await tx.select({ isApproved: reviews.isApproved }).from(reviews).where(eq(reviews.id, reviewId)).for('update')
		if (!current) return false
		const [row] = await tx
			.update(reviews)
			.set({ isApproved: approved })
			.where(eq(reviews.id, reviewId))
			.returning({ id: reviews.id, userId: reviews.userId, productName: reviews.productName })
		if (!row) return false
		// Issue 30: the moderation in the activity log, with the change.
		await recordActivity(tx, {
			actorId: actor?.actorId ?? null,
			ip: actor?.ip ?? null,
			kind: 'review',
			subject: { type: 'review', id: row.id, label: `Avaliação — ${row.productName}`, userId: row.userId },
			before: { isApproved: current.isApproved },
			after: { isApproved: approved },
		})
		if (approved && row.userId) {
			reviewerId = row.userId
			await awardPointsOnce(tx, {
				userId: row.userId,
				actionType: 'review',
				description: `Avaliação aprovada: ${row.productName}`,
				points,
				eventKey: `review:${row.id}`,
			})
		}
		return true
	})
	if (updated) {
		await publish('admin:reviews', { type: 'changed', id: reviewId })
		// The product page and the home show approved reviews (the page cache empties).
		announceStoreChange('reviews', reviewId)
		if (reviewerId) publishAccountChange(reviewerId)
	}
	return updated
}
