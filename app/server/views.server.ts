import { and, eq, gt, isNull } from 'drizzle-orm'
import { userViews } from '~/db/schema'
import { db } from '~/server/db.server'
import { loadProductSnapshot } from '~/server/favorites.server'

/**
 * Product views (document 000 §3 user_views, §4 'Product view'), read by the home page's
 * 'recently viewed'. A signed-in view belongs to the user; an anonymous one to the
 * browser's visitor cookie. Both ids come from the server, never from the request body.
 */

/**
 * The page records a product once per browser session; this also skips a repeat from the same
 * person within the window, so a script or a storage-less browser cannot flood the table.
 */
export const REPEAT_VIEW_WINDOW_MS = 30 * 60 * 1000

export type ViewOwner = { userId: string; sessionId?: string | null } | { userId?: null; sessionId: string }

export type RecordViewResult = { ok: true; recorded: boolean } | { ok: false; reason: 'product_not_found' }

export async function recordProductView(
	owner: ViewOwner,
	product: { id: string } | { handle: string },
	now: Date = new Date(),
): Promise<RecordViewResult> {
	const snapshot = await loadProductSnapshot(product)
	if (!snapshot) return { ok: false, reason: 'product_not_found' }

	const userId = owner.userId ?? null
	const sessionId = owner.sessionId ?? null
	const ownerCondition = userId
		? eq(userViews.userId, userId)
		: and(isNull(userViews.userId), eq(userViews.sessionId, sessionId ?? ''))
	const [recent] = await db
		.select({ id: userViews.id })
		.from(userViews)
		.where(
			and(
				ownerCondition,
				eq(userViews.productId, snapshot.productId),
				gt(userViews.viewedAt, new Date(now.getTime() - REPEAT_VIEW_WINDOW_MS)),
			),
		)
		.limit(1)
	if (recent) return { ok: true, recorded: false }

	await db.insert(userViews).values({ userId, sessionId, ...snapshot, viewedAt: now })
	return { ok: true, recorded: true }
}
