import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { queryRows } from '~/server/db.server'
import { formatMoney } from '~/utils/format'
import type { Actor } from '~/server/activity/record.server'
import { recordRefundRequested } from '../payment-events.server'
import { centsToValor } from './amount'
import { ApiPixRefused, ApiPixUnavailable } from './client.server'
import { paidE2eid, recordRefundState } from './confirm.server'
import { API_PIX_PROVIDER, apiPixEnabled, getApiPixClient } from './provider.server'
import { DEVOLUCAO_ID_PATTERN } from './txid'

/**
 * Refunds of an order's PIX (issue 29): whole or partial, through PUT /pix/{e2eid}/devolucao/{id}.
 * The refund id comes with the admin's form (made when the page was drawn), so a double submit
 * asks the PSP for the same refund twice, which it answers with the one it has. The state is
 * followed until DEVOLVIDO or NAO_REALIZADO (webhook, reconciliation job).
 */
export type RefundablePix = { e2eid: string; txid: string | null; paidCents: number; refundedCents: number; availableCents: number }

export const REFUND_MESSAGES = {
	unavailable: 'Este pedido não tem um PIX recebido pelo PSP para devolver.',
	amount: (max: number) => `Informe um valor de devolução entre R$ 0,01 e ${formatMoney(max)}.`,
	pspDown: 'O PSP não respondeu. Nada foi devolvido; tente novamente em instantes.',
	refused: 'O PSP recusou a devolução. Confira o valor e o histórico do pagamento.',
	invalidId: 'Recarregue a página e tente de novo.',
} as const

export function newRefundId(): string {
	return `D${randomUUID().replace(/-/g, '')}`
}

export async function refundablePix(orderId: string): Promise<RefundablePix | null> {
	if (!apiPixEnabled()) return null
	const [row] = await queryRows<{ e2eid: string | null; txid: string | null; paid: number | null; refunded: number | null }>(
		sql`select ${paidE2eid(sql`${orderId}::uuid`)} as e2eid,
			(select provider_ref from payment_events where order_id = ${orderId}::uuid and kind in ('confirmed', 'flag_paid_after_expiry', 'flag_amount_mismatch') order by created_at limit 1) as txid,
			(select amount_cents from payment_events where order_id = ${orderId}::uuid and kind in ('confirmed', 'flag_paid_after_expiry', 'flag_amount_mismatch') order by created_at limit 1) as paid,
			(select coalesce(sum(r.amount_cents), 0) from payment_events r where r.order_id = ${orderId}::uuid and r.kind = 'refund_requested'
				and not exists (select 1 from payment_events f where f.kind = 'refund_failed' and f.provider_event_id = r.provider_event_id)) as refunded`,
	)
	if (!row?.e2eid || row.paid === null) return null
	const paidCents = Number(row.paid)
	const refundedCents = Number(row.refunded ?? 0)
	return { e2eid: row.e2eid, txid: row.txid, paidCents, refundedCents, availableCents: Math.max(0, paidCents - refundedCents) }
}

export async function refundPix(
	input: { orderId: string; amountCents: number; refundId: string; reason: string },
	actor: Actor | null = null,
): Promise<{ ok: true } | { ok: false; message: string }> {
	if (!DEVOLUCAO_ID_PATTERN.test(input.refundId)) return { ok: false, message: REFUND_MESSAGES.invalidId }
	const refundable = await refundablePix(input.orderId)
	if (!refundable) return { ok: false, message: REFUND_MESSAGES.unavailable }
	// The same refund id again (a double submit): the PSP answers with the refund it has.
	const [already] = await queryRows<{ id: string }>(sql`select id from payment_events where event_key = ${`api-pix:refund-requested:${input.refundId}`}`)
	if (!already && (!Number.isInteger(input.amountCents) || input.amountCents < 1 || input.amountCents > refundable.availableCents)) {
		return { ok: false, message: REFUND_MESSAGES.amount(refundable.availableCents) }
	}
	try {
		const devolucao = await getApiPixClient().requestRefund(refundable.e2eid, input.refundId, centsToValor(input.amountCents), input.reason)
		await recordRefundRequested(
			{
				orderId: input.orderId,
				kind: 'refund_requested',
				provider: API_PIX_PROVIDER,
				providerRef: refundable.txid,
				providerEventId: devolucao.id,
				amountCents: input.amountCents,
				detail: `Devolução de ${formatMoney(input.amountCents)} pedida ao PSP (E2E ${refundable.e2eid})`,
				eventKey: `api-pix:refund-requested:${input.refundId}`,
			},
			refundable.refundedCents,
			actor,
		)
		await recordRefundState(input.orderId, refundable.txid, refundable.e2eid, devolucao)
		return { ok: true }
	} catch (error) {
		if (error instanceof ApiPixUnavailable) return { ok: false, message: REFUND_MESSAGES.pspDown }
		if (error instanceof ApiPixRefused) return { ok: false, message: REFUND_MESSAGES.refused }
		throw error
	}
}
