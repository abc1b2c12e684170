import { sql } from 'drizzle-orm'
import { queryRows } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import { getStoreSettings } from '~/server/settings.server'
import { changeOrderStatus } from './status.server'

/**
 * Unpaid PIX orders expire (decision 20): an order still 'aguardando_pagamento' when its
 * payment window (store setting pixPaymentWindowHours, default 24 h) has passed is cancelled
 * through changeOrderStatus, which gives the stock and the coupon use back, writes the history
 * row and e-mails the buyer. changeOrderStatus locks the order row and, with onlyFrom, refuses
 * an order that is no longer waiting: an admin marking it paid at the same moment, or a
 * second app server running the same job, finds it already changed and changes nothing.
 */

export const EXPIRY_HISTORY_NOTE = 'Prazo de pagamento do PIX expirado (cancelado automaticamente)'

/** Orders read per query; a run goes on batch after batch until none is due. */
const BATCH_SIZE = 100

/** When a PIX order placed at `createdAt` stops waiting for payment. */
export function pixPaymentDeadline(createdAt: Date | string, windowHours: number): Date {
	return new Date(new Date(createdAt).getTime() + windowHours * 60 * 60 * 1000)
}

/** Cancels the PIX orders whose payment window has ended; returns how many it cancelled. */
export async function expireUnpaidOrders(options: { now?: Date } = {}): Promise<number> {
	const settings = await getStoreSettings()
	const now = options.now ?? new Date()
	const cutoff = new Date(now.getTime() - settings.pixPaymentWindowHours * 60 * 60 * 1000)
	let cancelled = 0
	for (;;) {
		const due = await queryRows<{ id: string }>(
			sql`select id from orders
				where status = 'aguardando_pagamento' and payment_method = 'pix' and created_at <= ${cutoff.toISOString()}
				order by created_at limit ${BATCH_SIZE}`,
		)
		for (const order of due) {
			const result = await changeOrderStatus({
				orderId: order.id,
				to: 'cancelado',
				onlyFrom: 'aguardando_pagamento',
				actorUserId: null,
				actorLabel: EXPIRY_HISTORY_NOTE,
				cancelReason: 'payment_expired',
			})
			// Refused = someone else changed it first (paid by an admin, or expired by another
			// server). Either way it has left 'aguardando_pagamento', so the next query moves on.
			if (result.ok) cancelled += 1
		}
		if (due.length < BATCH_SIZE) break
	}
	if (cancelled > 0) logger.info({ cancelled }, 'pedidos PIX não pagos expiraram')
	return cancelled
}
