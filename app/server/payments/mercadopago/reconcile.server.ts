import { sql } from 'drizzle-orm'
import { queryRows } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import { MercadoPagoError } from './client.server'
import { type SyncOutcome, syncMercadoPagoPayment } from './confirm.server'
import { MERCADOPAGO_PROVIDER, mercadoPagoConfigured } from './provider.server'
import { drainMercadoPagoInbox } from './webhook.server'

/**
 * What Mercado Pago's notifications may have missed (issue 29, decision 079), every few minutes from
 * the job runner: card orders still waiting on a Mercado Pago payment (in_process or pending at the
 * checkout) for more than a few minutes are asked again with GET /v1/payments/{id} and settled
 * through syncMercadoPagoPayment — the webhook's own path, idempotent, so the job and a late
 * notification reaching the same payment change the order once.
 */
export type MercadoPagoReconcileReport = { checked: number; paid: number; cancelled: number; failed: number }

const MINUTE = 60 * 1000
/** Younger payments are left to their notification. */
export const RECONCILE_AFTER_MS = 5 * MINUTE
/** Older ones are no longer asked about automatically (the owner sees them waiting). */
const RECONCILE_WINDOW_MS = 30 * 24 * 60 * MINUTE
const BATCH = 100

export async function reconcileMercadoPago(now: Date = new Date()): Promise<MercadoPagoReconcileReport> {
	const report: MercadoPagoReconcileReport = { checked: 0, paid: 0, cancelled: 0, failed: 0 }
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
	return report
}
