import { timingSafeEqual } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { type Executor, db, queryRows } from '~/server/db.server'
import { nowMs } from '~/server/clock.server'

/**
 * The order link in e-mails (issue 13, defect 2; decision 032): `/pedido/REF?acesso=TOKEN`
 * opens that order, and only it, on any device — a guest who placed it on a computer reads
 * the e-mail on a phone. The token is random per order (orders.access_token, 244 bits made by
 * the database at insert), compared in constant time, and lives with the order: it stops
 * working 90 days after the order last changed (paid, shipped, delivered, cancelled), which
 * covers delivery and the exchange window. Without it the page still opens only for the buyer
 * cookie or the signed-in owner, and every other request gets the same 404.
 */
export const ORDER_LINK_PARAM = 'acesso'
export const ORDER_LINK_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000

const TOKEN_PATTERN = /^[0-9a-f]{64}$/

/** The absolute link for e-mails. */
export function orderLinkUrl(baseUrl: string, reference: string, accessToken: string): string {
	return `${baseUrl}/pedido/${encodeURIComponent(reference)}?${ORDER_LINK_PARAM}=${accessToken}`
}

export async function orderAccessToken(orderId: string, executor: Executor = db): Promise<string> {
	const [row] = await queryRows<{ access_token: string }>(
		sql`select access_token from orders where id = ${orderId}::uuid`,
		executor,
	)
	if (!row) throw new Error('pedido sem token de acesso')
	return row.access_token
}

/** The token the request carries, if it is shaped like one. */
export function requestedAccessToken(request: Request): string | null {
	const value = new URL(request.url).searchParams.get(ORDER_LINK_PARAM)
	return value && TOKEN_PATTERN.test(value) ? value : null
}

/** Whether `provided` opens the order whose token and last change are given. */
export function accessTokenOpens(
	order: { access_token: string; updated_at: Date | string },
	provided: string | null,
	now = nowMs(),
): boolean {
	if (provided === null || !TOKEN_PATTERN.test(order.access_token)) return false
	if (now > new Date(order.updated_at).getTime() + ORDER_LINK_LIFETIME_MS) return false
	return timingSafeEqual(Buffer.from(provided), Buffer.from(order.access_token))
}
