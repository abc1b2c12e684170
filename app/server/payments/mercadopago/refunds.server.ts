import { sql } from 'drizzle-orm'
import { queryRows } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import { formatMoney } from '~/utils/format'
import type { Actor } from '~/server/activity/record.server'
import { recordPaymentEvent, recordRefundRequested } from '../payment-events.server'
import { amountToCents } from './amount'
import { MercadoPagoError } from './client.server'
import { getMercadoPagoClient, MERCADOPAGO_PROVIDER, mercadoPagoConfigured } from './provider.server'

/**
 * Refunds of a card order paid through Mercado Pago, from the admin order page (issue 29, decision
 * 079): whole or partial, POST /v1/payments/{id}/refunds with X-Idempotency-Key = the refund id the
 * page was drawn with, so a double submit asks Mercado Pago for the same refund, which answers with
 * the one it made. On the payment timeline: 'refund_requested' (keyed by that id) and, as soon as
 * Mercado Pago says it is approved, 'refund_completed' keyed by Mercado Pago's refund id — the key
 * the notification of the same refund uses (confirm.server.ts), so it is one row whoever sees it first.
 */
export type RefundableCard = { paymentId: string; paidCents: number; refundedCents: number; availableCents: number }

export const CARD_REFUND_MESSAGES = {
	unavailable: 'Este pedido não tem um pagamento aprovado no Mercado Pago para devolver.',
	amount: (max: number) => `Informe um valor de devolução entre R$ 0,01 e ${formatMoney(max)}.`,
	down: 'O Mercado Pago não respondeu. Nada foi devolvido; tente novamente em instantes.',
	refused: 'O Mercado Pago recusou a devolução. Confira o valor e a linha do tempo do pagamento.',
	invalidId: 'Recarregue a página e tente de novo.',
} as const

const REFUND_ID = /^[A-Za-z0-9]{1,64}$/
const PAID_KINDS = sql`('confirmed', 'flag_paid_after_expiry', 'flag_amount_mismatch')`

/** What of the order's Mercado Pago payment can still go back; null when nothing was received. */
export async function refundableCard(orderId: string): Promise<RefundableCard | null> {
	if (!mercadoPagoConfigured()) return null
	const [row] = await queryRows<{ payment_id: string | null; paid: number | null; refunded: number | null }>(
		sql`select
			(select provider_ref from payment_events where order_id = o.id and provider = ${MERCADOPAGO_PROVIDER} and kind in ${PAID_KINDS} order by created_at limit 1) as payment_id,
			(select amount_cents from payment_events where order_id = o.id and provider = ${MERCADOPAGO_PROVIDER} and kind in ${PAID_KINDS} order by created_at limit 1) as paid,
			(select coalesce(sum(r.amount_cents), 0) from payment_events r where r.order_id = o.id and r.provider = ${MERCADOPAGO_PROVIDER}
				and (r.kind = 'refund_completed' or (r.kind = 'refund_requested'
					and not exists (select 1 from payment_events c where c.event_key = ${`${MERCADOPAGO_PROVIDER}:refund:`} || r.provider_event_id)))) as refunded
		from orders o where o.id = ${orderId}::uuid and o.payment_method = 'card' and o.payment_provider = ${MERCADOPAGO_PROVIDER}`,
	)
	if (!row?.payment_id || row.paid === null) return null
	const paidCents = Number(row.paid)
	const refundedCents = Number(row.refunded ?? 0)
	return { paymentId: row.payment_id, paidCents, refundedCents, availableCents: Math.max(0, paidCents - refundedCents) }
}

export async function refundCard(
	input: { orderId: string; amountCents: number; refundId: string },
	actor: Actor | null = null,
): Promise<{ ok: true } | { ok: false; message: string }> {
	if (!REFUND_ID.test(input.refundId)) return { ok: false, message: CARD_REFUND_MESSAGES.invalidId }
	const refundable = await refundableCard(input.orderId)
	if (!refundable) return { ok: false, message: CARD_REFUND_MESSAGES.unavailable }
	const requestedKey = `${MERCADOPAGO_PROVIDER}:refund-requested:${input.refundId}`
	// The same refund id again (a double submit): Mercado Pago answers with the refund it made.
	const [already] = await queryRows<{ id: string }>(sql`select id from payment_events where event_key = ${requestedKey}`)
	if (!already && (!Number.isInteger(input.amountCents) || input.amountCents < 1 || input.amountCents > refundable.availableCents)) {
		return { ok: false, message: CARD_REFUND_MESSAGES.amount(refundable.availableCents) }
	}
	// Everything, when nothing went back yet: Mercado Pago's whole refund (no amount); otherwise a part.
	const whole = refundable.refundedCents === 0 && input.amountCents === refundable.paidCents
	let refund
	try {
		refund = await getMercadoPagoClient().refund(refundable.paymentId, whole ? null : input.amountCents, input.refundId)
	} catch (error) {
		if (!(error instanceof MercadoPagoError)) throw error
		logger.warn({ order: input.orderId, payment: refundable.paymentId, status: error.status }, 'devolução no Mercado Pago falhou')
		return { ok: false, message: error.retriable ? CARD_REFUND_MESSAGES.down : CARD_REFUND_MESSAGES.refused }
	}
	const cents = amountToCents(refund.amount) ?? input.amountCents
	await recordRefundRequested(
		{
			orderId: input.orderId,
			kind: 'refund_requested',
			provider: MERCADOPAGO_PROVIDER,
			providerRef: refundable.paymentId,
			providerEventId: String(refund.id),
			amountCents: cents,
			detail: `Devolução de ${formatMoney(cents)} pedida ao Mercado Pago`,
			eventKey: requestedKey,
		},
		refundable.refundedCents,
		actor,
	)
	if (refund.status === 'approved') {
		await recordPaymentEvent({
			orderId: input.orderId,
			kind: 'refund_completed',
			provider: MERCADOPAGO_PROVIDER,
			providerRef: refundable.paymentId,
			providerEventId: String(refund.id),
			amountCents: cents,
			detail: `Devolução ${refund.id} concluída no Mercado Pago`,
			eventKey: `${MERCADOPAGO_PROVIDER}:refund:${refund.id}`,
		})
	}
	return { ok: true }
}
