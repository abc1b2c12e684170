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
export const ABANDONED_CARD_HISTORY_NOTE = 'Pagamento com cartão não concluído (cancelado automaticamente)'

/**
 * A card order waits in 'aguardando_pagamento' only while its charge runs (seconds), or when
 * the server died mid-charge and nobody resubmitted the cart (decision 019). After this long
 * with no charge activity (a claim touches updated_at) it is abandoned: cancelled so that its
 * stock and coupon use go back. Far above CHARGE_CLAIM_SECONDS, so a live charge is never hit.
 * One with a payment reference was charged, only its change to 'pago' was lost (decision 059):
 * it waits for reconciliation, never cancelled here.
 */
export const ABANDONED_CARD_ORDER_MINUTES = 60

/** Orders read per query; a run goes on batch after batch until none is due. */
const BATCH_SIZE = 100

/** When a PIX order placed at `createdAt` stops waiting for payment. */
export function pixPaymentDeadline(createdAt: Date | string, windowHours: number): Date {
	return new Date(new Date(createdAt).getTime() + windowHours * 60 * 60 * 1000)
}

/**
 * Cancels the PIX orders whose payment window has ended, and card orders abandoned mid-charge;
 * returns how many it cancelled.
 */
export async function expireUnpaidOrders(options: { now?: Date } = {}): Promise<number> {
	const settings = await getStoreSettings()
	const now = options.now ?? new Date()
	const pixCutoff = new Date(now.getTime() - settings.pixPaymentWindowHours * 60 * 60 * 1000)
	const cardCutoff = new Date(now.getTime() - ABANDONED_CARD_ORDER_MINUTES * 60 * 1000)
	let cancelled = 0
	for (;;) {
		const due = await queryRows<{ id: string; payment_method: 'pix' | 'card' }>(
			sql`select id, payment_method from orders
				where status = 'aguardando_pagamento'
					and ((payment_method = 'pix' and created_at <= ${pixCutoff.toISOString()})
						or (payment_method = 'card' and payment_reference is null and updated_at <= ${cardCutoff.toISOString()}))
				order by created_at limit ${BATCH_SIZE}`,
		)
		for (const order of due) {
			const pix = order.payment_method === 'pix'
			const result = await changeOrderStatus({
				orderId: order.id,
				to: 'cancelado',
				onlyFrom: 'aguardando_pagamento',
				actorUserId: null,
				actorLabel: pix ? EXPIRY_HISTORY_NOTE : ABANDONED_CARD_HISTORY_NOTE,
				// The expiry e-mail speaks of PIX; an abandoned card charge was never taken.
				...(pix ? { cancelReason: 'payment_expired' as const } : {}),
			})
			// Refused = someone else changed it first (paid by an admin, or expired by another
			// server). Either way it has left 'aguardando_pagamento', so the next query moves on.
			if (result.ok) cancelled += 1
		}
		if (due.length < BATCH_SIZE) break
	}
	if (cancelled > 0) logger.info({ cancelled }, 'pedidos não pagos expiraram')
	return cancelled
}
