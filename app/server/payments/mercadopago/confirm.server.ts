import { sql } from 'drizzle-orm'
import { queryRows } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import { changeOrderStatus } from '~/server/orders/status.server'
import { formatMoney } from '~/utils/format'
import { markPaidByProvider } from '../mark-paid.server'
import { recordPaymentEvent } from '../payment-events.server'
import { amountToCents } from './amount'
import { getMercadoPagoClient, MERCADOPAGO_PROVIDER, paymentReferenceOf } from './provider.server'
import { paymentOutcome } from './status'

/**
 * What a Mercado Pago payment means for its order (issue 29, decision 078), whoever asked (the
 * webhook, once, twice or late; the admin's refund). Mercado Pago is asked (GET /v1/payments/{id})
 * and only its answer counts — the notification's body never. Every step is idempotent: timeline
 * rows by their event key, status changes through changeOrderStatus with `onlyFrom` under the
 * order's row lock, so any number of concurrent deliveries change the order once.
 */
export type SyncOutcome = 'paid' | 'already_paid' | 'pending' | 'cancelled' | 'flagged' | 'refunded' | 'unknown'

export const PAID_BY_MERCADOPAGO_LABEL = 'Cartão aprovado pelo Mercado Pago'
export const DECLINED_BY_MERCADOPAGO_LABEL = 'Cartão recusado pelo Mercado Pago após análise'

type OrderRow = { id: string; reference: string; status: string; total_cents: number; payment_reference: string | null }

export async function syncMercadoPagoPayment(paymentId: string, source: 'webhook' | 'admin' | 'reconciliation'): Promise<SyncOutcome> {
	const payment = await getMercadoPagoClient().getPayment(paymentId)
	if (!payment) return 'unknown'
	const ref = paymentReferenceOf(payment.id)
	const [order] = payment.external_reference
		? await queryRows<OrderRow>(
				sql`select id, reference, status, total_cents, payment_reference from orders
					where reference = ${payment.external_reference} and payment_method = 'card'`,
			)
		: []
	// A payment of ours names its order; another order's payment (or none) is not acted on.
	if (!order || (order.payment_reference !== null && order.payment_reference !== ref)) {
		logger.warn({ payment: ref }, 'notificação do Mercado Pago de um pagamento sem pedido correspondente')
		return 'unknown'
	}
	const amountCents = amountToCents(payment.transaction_amount)
	const event = (kind: Parameters<typeof recordPaymentEvent>[0]['kind'], key: string, detail: string, cents: number | null = amountCents) =>
		recordPaymentEvent({ orderId: order.id, kind, provider: MERCADOPAGO_PROVIDER, providerRef: ref, amountCents: cents, detail, eventKey: `${MERCADOPAGO_PROVIDER}:${key}` })

	if (payment.status === 'approved') {
		// The timeline's 'Pagamento recebido': the money is at Mercado Pago (once, however many deliveries).
		await event(
			'notification_received',
			`approved:${ref}`,
			source === 'webhook'
				? 'Aprovação notificada pelo Mercado Pago (webhook), conferida na API'
				: source === 'reconciliation'
					? 'Aprovação encontrada pela conciliação (nenhuma notificação chegou), conferida na API'
					: 'Aprovação conferida na API do Mercado Pago',
		)
	}
	for (const refund of payment.refunds ?? []) {
		if (refund.status !== 'approved') continue
		await event('refund_completed', `refund:${refund.id}`, `Devolução ${refund.id} concluída no Mercado Pago`, amountToCents(refund.amount))
	}

	const outcome = paymentOutcome(payment.status, payment.status_detail)
	switch (outcome.kind) {
		case 'pending':
			return 'pending'
		case 'charged_back':
			await event(
				'flag_charged_back',
				`chargeback:${ref}`,
				'Contestação (chargeback): o titular do cartão contestou o pagamento com o emissor. Responda no painel do Mercado Pago e confira o pedido antes de enviá-lo.',
			)
			return 'flagged'
		case 'refunded':
			return 'refunded'
		case 'declined': {
			if (order.status !== 'aguardando_pagamento') return order.status === 'cancelado' ? 'cancelled' : 'already_paid'
			await event('charge_declined', `declined:${ref}`, `Pagamento recusado após análise: ${outcome.message}`)
			const result = await changeOrderStatus({
				orderId: order.id,
				to: 'cancelado',
				actorUserId: null,
				actorLabel: DECLINED_BY_MERCADOPAGO_LABEL,
				onlyFrom: 'aguardando_pagamento',
			})
			return result.ok ? 'cancelled' : 'already_paid'
		}
		case 'approved':
			break
	}
	if (amountCents !== order.total_cents) {
		await event(
			'flag_amount_mismatch',
			`mismatch:${ref}:${amountCents ?? 'x'}`,
			`Valor aprovado (${amountCents === null ? '?' : formatMoney(amountCents)}) diferente do total do pedido (${formatMoney(order.total_cents)}): o pedido não foi marcado como pago. Confira e, se for o caso, devolva.`,
		)
		return 'flagged'
	}
	if (order.status === 'cancelado') {
		await event('flag_paid_after_expiry', `late:${ref}`, 'Cartão aprovado depois que o pedido foi cancelado: o pedido continua cancelado. Devolva o pagamento ou combine com o cliente.')
		return 'flagged'
	}
	if (order.status !== 'aguardando_pagamento') return 'already_paid'
	const result = await markPaidByProvider(order.id, PAID_BY_MERCADOPAGO_LABEL, {
		provider: MERCADOPAGO_PROVIDER,
		providerRef: ref,
		amountCents,
		detail: 'Pagamento aprovado no Mercado Pago após a análise',
		eventKey: `${MERCADOPAGO_PROVIDER}:confirmed:${ref}`,
	})
	return result.paid ? 'paid' : 'already_paid'
}
