import { sql } from 'drizzle-orm'
import { queryRows } from '~/server/db.server'
import { purgeOldRateLimits } from '~/server/rate-limit.server'
import { getStoreSettings } from '~/server/settings.server'

/**
 * What the shop keeps only for a while (decision 20, issue 8 §14). Each purge deletes in
 * batches, so no single statement holds many row locks for long, and returns how many rows
 * it removed.
 */

/** An anonymous cart nobody touched for this long is abandoned. */
export const ABANDONED_CART_DAYS = 30
/** Rate-limit windows are all shorter than a day; older rows count nothing any more. */
export const RATE_LIMIT_RETENTION_HOURS = 24

const BATCH = 1000
const DAY_MS = 24 * 60 * 60 * 1000

async function deleteInBatches(deleteBatch: () => Promise<number>): Promise<number> {
	let total = 0
	for (;;) {
		const removed = await deleteBatch()
		total += removed
		if (removed < BATCH) return total
	}
}

/**
 * Anonymous carts (no user) untouched for ABANDONED_CART_DAYS. A cart that an order still
 * waiting or in progress points at (orders.cart_id) stays: the checkout and the card flow read
 * it until the order is settled. Orders that are over keep their own copy of the lines
 * (order_lines); their cart_id becomes null (ON DELETE SET NULL) and cart_lines go with the cart.
 */
export async function purgeAbandonedCarts(now = new Date()): Promise<number> {
	const cutoff = new Date(now.getTime() - ABANDONED_CART_DAYS * DAY_MS).toISOString()
	return deleteInBatches(async () => {
		const rows = await queryRows<{ id: string }>(sql`
			delete from carts where id in (
				select c.id from carts c
				where c.user_id is null and c.updated_at < ${cutoff}
					and not exists (
						select 1 from orders o
						where o.cart_id = c.id and o.status not in ('entregue', 'cancelado')
					)
				limit ${BATCH}
				for update of c skip locked
			)
			returning id`)
		return rows.length
	})
}

/** Sessions past their expiry: they no longer sign anyone in. */
export async function purgeExpiredSessions(now = new Date()): Promise<number> {
	return deleteInBatches(async () => {
		const rows = await queryRows<{ id: string }>(sql`
			delete from sessions where id in (
				select id from sessions where expires_at < ${now.toISOString()} limit ${BATCH}
			)
			returning id`)
		return rows.length
	})
}

/** Rate-limit windows that ended long ago. */
export async function purgeStaleRateLimits(now = new Date()): Promise<void> {
	await purgeOldRateLimits(new Date(now.getTime() - RATE_LIMIT_RETENTION_HOURS * 60 * 60 * 1000))
}

/**
 * Issue 30 (decision 096): activity-log entries older than the owner's setting ('Guardar o
 * registro de atividade por N dias', 365 by default). The only thing that deletes them.
 */
export async function purgeOldActivity(now = new Date()): Promise<number> {
	const { activityLogRetentionDays } = await getStoreSettings()
	const cutoff = new Date(now.getTime() - activityLogRetentionDays * DAY_MS).toISOString()
	return deleteInBatches(async () => {
		const rows = await queryRows<{ id: string }>(sql`
			delete from activity_log where id in (
				select id from activity_log where created_at < ${cutoff} limit ${BATCH}
			)
			returning id`)
		return rows.length
	})
}

/**
 * Providers' notifications (payment_inbox, decision 076) are kept this long after they were
 * processed: enough to answer 'did the PSP tell us?' for a month's disputes; what they caused
 * stays on the order's payment timeline (payment_events), which is never purged.
 */
export const PAYMENT_INBOX_RETENTION_DAYS = 30
/** Rows that failed every attempt are kept longer: the owner or a developer may still look into them. */
export const PAYMENT_INBOX_FAILED_RETENTION_DAYS = 90

export async function purgeOldPaymentNotifications(now = new Date()): Promise<number> {
	const processedCutoff = new Date(now.getTime() - PAYMENT_INBOX_RETENTION_DAYS * DAY_MS).toISOString()
	const failedCutoff = new Date(now.getTime() - PAYMENT_INBOX_FAILED_RETENTION_DAYS * DAY_MS).toISOString()
	return deleteInBatches(async () => {
		const rows = await queryRows<{ id: string }>(sql`
			delete from payment_inbox where id in (
				select id from payment_inbox
				where (processed_at is not null and processed_at < ${processedCutoff})
					or (processed_at is null and received_at < ${failedCutoff})
				limit ${BATCH}
			)
			returning id`)
		return rows.length
	})
}
