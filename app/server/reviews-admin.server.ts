import { announceStoreChange } from '~/server/store-events.server'
import { sql } from 'drizzle-orm'
import { getCommerce } from '~/commerce/index.server'
import { z } from 'zod'
import { db, queryRows } from '~/server/db.server'
import { type Actor, recordActivity } from '~/server/activity/record.server'
import { publish } from '~/server/events.server'
import { logger } from '~/server/logger.server'

/**
 * The reviews back-office (document 001 §2 'Reviews admin', §4): stats, the list filtered by
 * Todas / Pendentes / Aprovadas, newest first, and deletion. Approval lives in
 * reviews.server.ts (setReviewApproval: +50 points once to a signed-in reviewer).
 */

export const REVIEW_ADMIN_MESSAGES = {
	loadFailed: 'Erro ao carregar avaliações',
	approved: 'Avaliação aprovada!',
	rejected: 'Avaliação reprovada!',
	updateFailed: 'Erro ao atualizar avaliação',
	deleted: 'Avaliação deletada!',
	deleteFailed: 'Erro ao deletar avaliação',
	deleteConfirm: 'Tem certeza que deseja deletar esta avaliação? Esta ação não pode ser desfeita.',
	notFound: 'Avaliação não encontrada.',
} as const

export const REVIEW_FILTERS = ['todas', 'pendentes', 'aprovadas'] as const
export type ReviewFilter = (typeof REVIEW_FILTERS)[number]
export const reviewFilterSchema = z.enum(REVIEW_FILTERS).catch('todas')

export const REVIEWS_PAGE_SIZE = 50

export type AdminReview = {
	id: string
	productName: string
	productHandle: string | null
	customerName: string
	customerEmail: string
	rating: number
	comment: string | null
	isApproved: boolean
	createdAt: string
	signedIn: boolean
}

export async function reviewStats(): Promise<{ total: number; pending: number; approved: number; average: number | null }> {
	const [row] = await queryRows<{ total: number; pending: number; approved: number; average: string | null }>(sql`
		select count(*)::int as total, count(*) filter (where not is_approved)::int as pending,
			count(*) filter (where is_approved)::int as approved, round(avg(rating), 1)::text as average
		from reviews`)
	return {
		total: row?.total ?? 0,
		pending: row?.pending ?? 0,
		approved: row?.approved ?? 0,
		average: row?.average ? Number(row.average) : null,
	}
}

export async function listReviewsForAdmin(filter: ReviewFilter, page: number): Promise<AdminReview[]> {
	const where = filter === 'pendentes' ? sql`where not r.is_approved` : filter === 'aprovadas' ? sql`where r.is_approved` : sql``
	const offset = (Math.max(1, page) - 1) * REVIEWS_PAGE_SIZE
	const rows = await queryRows<{
		id: string
		product_name: string
		product_id: string
		customer_name: string
		customer_email: string
		rating: number
		comment: string | null
		is_approved: boolean
		created_at: string | Date
		user_id: string | null
	}>(sql`
		select r.id, r.product_name, r.product_id, r.customer_name, r.customer_email, r.rating, r.comment, r.is_approved, r.created_at, r.user_id
		from reviews r
		${where}
		order by r.created_at desc, r.id desc
		limit ${REVIEWS_PAGE_SIZE} offset ${offset}`)
	const handles = await handlesOnSale(rows.map((r) => r.product_id))
	return rows.map((r) => ({
		id: r.id,
		productName: r.product_name,
		productHandle: handles.get(r.product_id) ?? null,
		customerName: r.customer_name,
		customerEmail: r.customer_email,
		rating: r.rating,
		comment: r.comment,
		isApproved: r.is_approved,
		createdAt: new Date(r.created_at).toISOString(),
		signedIn: r.user_id !== null,
	}))
}

/**
 * The handles of the products still on sale, from the commerce provider (decision 051: the ids are
 * the built-in uuids or the store's gids). A store outage leaves the reviews without links rather
 * than the moderation screen down.
 */
async function handlesOnSale(productIds: string[]): Promise<Map<string, string>> {
	try {
		return new Map((await getCommerce().getProductsByIds(productIds)).map((p) => [p.id, p.handle]))
	} catch (error) {
		logger.error({ err: error }, 'avaliações: não foi possível ler os produtos')
		return new Map()
	}
}

/** Deletes a review; its points, if any were awarded, stay (they were earned when approved). */
export async function deleteReview(id: string, actor: Actor | null = null): Promise<boolean> {
	const deleted = await db.transaction(async (tx) => {
		const [row] = await queryRows<{ id: string; user_id: string | null; product_name: string; rating: number; is_approved: boolean }>(
			sql`delete from reviews where id = ${id}::uuid returning id, user_id, product_name, rating, is_approved`,
			tx,
		)
		if (!row) return false
		// Issue 30: who deleted which review, with the deletion.
		await recordActivity(tx, {
			actorId: actor?.actorId ?? null,
			ip: actor?.ip ?? null,
			kind: 'review',
			subject: { type: 'review', id: row.id, label: `Avaliação — ${row.product_name}`, userId: row.user_id },
			before: { isApproved: row.is_approved, rating: row.rating },
			after: null,
		})
		return true
	})
	if (!deleted) return false
	await publish('admin:reviews', { type: 'changed', id })
	announceStoreChange('reviews', id)
	return true
}
