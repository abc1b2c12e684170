import { sql } from 'drizzle-orm'
import { db, queryRows } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import { MercadoPagoError } from './client.server'
import { type SyncOutcome, syncMercadoPagoPayment } from './confirm.server'
import { getMercadoPagoClient, MERCADOPAGO_PROVIDER, mercadoPagoConfigured, paymentReferenceOf } from './provider.server'
import { drainMercadoPagoInbox } from './webhook.server'

/**
 * What Mercado Pago's notifications may have missed (issue 29, decision 079), every few minutes from
 * the job runner: card orders still waiting on a Mercado Pago payment (in_process or pending at the
 * checkout) for more than a few minutes are asked again with GET /v1/payments/{id} and settled
 * through syncMercadoPagoPayment — the webhook's own path, idempotent, so the job and a late
 * notification reaching the same payment change the order once.
 */
export type MercadoPagoReconcileReport = { checked: number; paid: number; cancelled: number; failed: number; found: number }

const MINUTE = 60 * 1000
/** Younger payments are left to their notification. */
export const RECONCILE_AFTER_MS = 5 * MINUTE
/** Older ones are no longer asked about automatically (the owner sees them waiting). */
const RECONCILE_WINDOW_MS = 30 * 24 * 60 * MINUTE
const BATCH = 100
/**
 * A card order cancelled at the checkout with no payment id (the charge's answer never came) is
 * searched by its reference this long (decision 119): Mercado Pago may have charged the card.
 */
export const LOST_ANSWER_WINDOW_MS = 2 * 60 * MINUTE

export async function reconcileMercadoPago(now: Date = new Date()): Promise<MercadoPagoReconcileReport> {
	const report: MercadoPagoReconcileReport = { checked: 0, paid: 0, cancelled: 0, failed: 0, found: 0 }
	if (!mercadoPagoConfigured()) return report
	await drainMercadoPagoInbox()
	const waiting = await queryRows<{ payment_reference: string }>(
		sql`select payment_reference from orders
			where payment_method = 'card' and payment_provider = ${MERCADOPAGO_PROVIDER} and status = 'aguardando_pagamento'
				and payment_reference is not null
				and created_at < ${new Date(now.getTime() - RECONCILE_AFTER_MS).toISOString()}
				and created_at > ${new Date(now.getTime() - RECONCILE_WINDOW_MS).toISOString()}
			order by created_at desc limit ${BATCH}`,
	)
	for (const { payment_reference } of waiting) {
		let outcome: SyncOutcome
		try {
			outcome = await syncMercadoPagoPayment(payment_reference, 'reconciliation')
		} catch (error) {
			if (!(error instanceof MercadoPagoError)) throw error
			report.failed++
			// Mercado Pago down: the next run asks again; a 4xx for one payment does not stop the others.
			if (error.retriable) break
			logger.warn({ payment: payment_reference, status: error.status }, 'conciliação do Mercado Pago: pagamento não consultado')
			continue
		}
		report.checked++
		if (outcome === 'paid') report.paid++
		if (outcome === 'cancelled') report.cancelled++
	}
	await findLostPayments(now, report)
	return report
}

/**
 * Orders whose charge got no answer (no payment id; cancelled by the checkout, or still waiting)
 * are searched by reference (GET /v1/payments/search): a payment found there goes through
 * syncMercadoPagoPayment like a notification — a waiting order is paid, a cancelled one flagged for
 * the owner ('aprovado depois que o pedido foi cancelado'), once whatever the number of runs.
 */
async function findLostPayments(now: Date, report: MercadoPagoReconcileReport): Promise<void> {
	const orders = await queryRows<{ reference: string }>(
		sql`select o.reference from orders o
			where o.payment_method = 'card' and o.payment_provider = ${MERCADOPAGO_PROVIDER} and o.payment_reference is null
				and o.status in ('cancelado', 'aguardando_pagamento')
				and o.created_at > ${new Date(now.getTime() - LOST_ANSWER_WINDOW_MS).toISOString()}
				and not exists (select 1 from payment_events e where e.order_id = o.id and e.kind like 'flag_%')
			order by o.created_at desc limit ${BATCH}`,
	)
	const client = getMercadoPagoClient()
	for (const { reference } of orders) {
		try {
			for (const payment of await client.paymentsOfOrder(reference)) {
				report.found++
				// The order learns its payment's id (refunds need it; a charge in progress is never made twice).
				if (payment.status !== 'rejected' && payment.status !== 'cancelled') {
					await db.execute(
						sql`update orders set payment_reference = ${paymentReferenceOf(payment.id)}, updated_at = now()
							where reference = ${reference} and payment_method = 'card' and payment_reference is null`,
					)
				}
				const outcome = await syncMercadoPagoPayment(String(payment.id), 'reconciliation')
				if (outcome === 'paid') report.paid++
			}
		} catch (error) {
			if (!(error instanceof MercadoPagoError)) throw error
			report.failed++
			if (error.retriable) return
		}
	}
}
