import { type SQL, sql } from 'drizzle-orm'
import { db, queryRows } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import { formatMoney } from '~/utils/format'
import { markPaidByProvider } from '../mark-paid.server'
import { recordPaymentEvent } from '../payment-events.server'
import { valorToCents } from './amount'
import type { ApiPixDevolucao } from './client.server'
import { API_PIX_PROVIDER, getApiPixClient } from './provider.server'
import { TXID_PATTERN } from './txid'

/**
 * Confirming an order's PIX (issue 29, decision 076). Whatever told us (the PSP's webhook, once,
 * twice or late; the reconciliation job), the PSP is asked (GET /cob/{txid}) and only its answer
 * counts: the charge CONCLUIDA with PIX received for exactly the order's total makes the order
 * 'pago' through the same path as the admin's confirmation (changeOrderStatus: history, points
 * once, e-mail, live update), guarded by the order's row lock and 'only from
 * aguardando_pagamento', so that any number of concurrent confirmations pay it once. Anything
 * else the owner must see (another amount, paid after the order expired, a charge we do not
 * know) is flagged on the timeline, never accepted silently.
 */
export type ConfirmOutcome = 'paid' | 'already_paid' | 'pending' | 'flagged' | 'unknown'

export const PAID_BY_PSP_LABEL = 'PIX confirmado pelo PSP (API Pix)'

type OrderRow = { id: string; reference: string; status: string; total_cents: number }

export async function confirmPixCharge(txid: string, source: 'webhook' | 'reconciliation'): Promise<ConfirmOutcome> {
	if (!TXID_PATTERN.test(txid)) return 'unknown'
	const [order] = await queryRows<OrderRow>(sql`select id, reference, status, total_cents from orders where pix_txid = ${txid}`)
	const cob = await getApiPixClient().getCob(txid)
	if (!cob) return 'unknown'
	const received = cob.pix ?? []
	if (!order) {
		for (const pix of received) {
			await recordPaymentEvent({
				orderId: null,
				kind: 'flag_unknown_charge',
				provider: API_PIX_PROVIDER,
				providerRef: txid,
				providerEventId: pix.endToEndId,
				amountCents: valorToCents(pix.valor),
				detail: 'PIX recebido para uma cobrança que não corresponde a nenhum pedido da loja',
				eventKey: `api-pix:unknown:${pix.endToEndId}`,
			})
		}
		return received.length > 0 ? 'flagged' : 'unknown'
	}
	for (const pix of received) {
		await recordPaymentEvent({
			orderId: order.id,
			kind: 'notification_received',
			provider: API_PIX_PROVIDER,
			providerRef: txid,
			providerEventId: pix.endToEndId,
			amountCents: valorToCents(pix.valor),
			detail: source === 'webhook' ? 'PIX notificado pelo PSP (webhook), conferido na API Pix' : 'PIX encontrado pela conciliação na API Pix',
			eventKey: `api-pix:received:${pix.endToEndId}`,
		})
	}
	if (cob.status !== 'CONCLUIDA' || received.length === 0) return 'pending'

	const paidCents = received.reduce((sum, pix) => sum + (valorToCents(pix.valor) ?? 0), 0)
	const e2eid = received[0]?.endToEndId ?? null
	if (paidCents !== order.total_cents || valorToCents(cob.valor.original) !== order.total_cents) {
		await recordPaymentEvent({
			orderId: order.id,
			kind: 'flag_amount_mismatch',
			provider: API_PIX_PROVIDER,
			providerRef: txid,
			providerEventId: e2eid,
			amountCents: paidCents,
			detail: `Valor recebido (${formatMoney(paidCents)}) diferente do total do pedido (${formatMoney(order.total_cents)}): o pedido não foi marcado como pago. Confira e, se for o caso, devolva o PIX.`,
			eventKey: `api-pix:mismatch:${txid}:${paidCents}`,
		})
		return 'flagged'
	}
	if (order.status === 'cancelado') {
		await recordPaymentEvent({
			orderId: order.id,
			kind: 'flag_paid_after_expiry',
			provider: API_PIX_PROVIDER,
			providerRef: txid,
			providerEventId: e2eid,
			amountCents: paidCents,
			detail: 'PIX recebido depois que o pedido foi cancelado (prazo de pagamento vencido): o pedido continua cancelado. Devolva o PIX ou combine com o cliente.',
			eventKey: `api-pix:late:${txid}`,
		})
		return 'flagged'
	}
	if (order.status !== 'aguardando_pagamento') return 'already_paid'

	const result = await markPaidByProvider(order.id, PAID_BY_PSP_LABEL, {
		provider: API_PIX_PROVIDER,
		providerRef: txid,
		providerEventId: e2eid,
		amountCents: paidCents,
		detail: source === 'webhook' ? 'Pagamento confirmado na API Pix após a notificação do PSP' : 'Pagamento confirmado pela conciliação na API Pix',
		eventKey: `api-pix:confirmed:${txid}`,
	})
	if (result.paid) return 'paid'
	// Another confirmation (or the admin) got there first: the order is paid once.
	logger.debug({ reference: order.reference, message: result.message }, 'PIX já confirmado')
	return 'already_paid'
}

/** A refund's state as the PSP reports it, recorded once per final state. */
export async function recordRefundState(orderId: string, txid: string | null, e2eid: string, devolucao: ApiPixDevolucao): Promise<void> {
	if (devolucao.status === 'EM_PROCESSAMENTO') return
	const done = devolucao.status === 'DEVOLVIDO'
	await recordPaymentEvent({
		orderId,
		kind: done ? 'refund_completed' : 'refund_failed',
		provider: API_PIX_PROVIDER,
		providerRef: txid,
		providerEventId: devolucao.id,
		amountCents: valorToCents(devolucao.valor),
		detail: done ? `Devolução concluída (E2E ${e2eid})` : `Devolução não realizada${devolucao.motivo ? `: ${devolucao.motivo}` : ''}`,
		eventKey: `api-pix:refund:${devolucao.id}:${devolucao.status}`,
	})
}

/** The order a refund id belongs to (refunds are recorded when requested). */
export async function orderOfRefund(refundId: string): Promise<{ orderId: string; txid: string | null } | null> {
	const [row] = await queryRows<{ order_id: string; provider_ref: string | null }>(
		sql`select order_id, provider_ref from payment_events where kind = 'refund_requested' and provider_event_id = ${refundId} and order_id is not null limit 1`,
		db,
	)
	return row ? { orderId: row.order_id, txid: row.provider_ref } : null
}

/** SQL: the end-to-end id of the PIX an order received (confirmed, or flagged: refundable too). */
export function paidE2eid(orderId: SQL): SQL {
	return sql`(select c.provider_event_id from payment_events c where c.order_id = ${orderId}
		and c.kind in ('confirmed', 'flag_paid_after_expiry', 'flag_amount_mismatch') and c.provider_event_id is not null
		order by c.created_at limit 1)`
}
