import { sql } from 'drizzle-orm'
import { queryRows } from '~/server/db.server'
import type { Actor } from '~/server/activity/record.server'
import { refundablePix, refundPix } from './api-pix/refunds.server'
import { API_PIX_PROVIDER } from './api-pix/provider.server'
import { MERCADOPAGO_PROVIDER } from './mercadopago/provider.server'
import { refundableCard, refundCard } from './mercadopago/refunds.server'

/**
 * Which provider gives an order's money back (issue 29: the one that took it), for the admin's
 * refund form and for an approved withdrawal (issue 31, decision 117), so both go through the
 * same calls: Mercado Pago for its card payments, API Pix's PSP for a PIX it received. Anything
 * else (static PIX key, the test card provider) has no provider to ask: null.
 */
export type RefundProvider = typeof MERCADOPAGO_PROVIDER | typeof API_PIX_PROVIDER
export type OrderRefundable = { provider: RefundProvider; paidCents: number; availableCents: number }

type OrderPayment = { payment_method: string; payment_provider: string | null }

async function paymentOf(orderId: string): Promise<OrderPayment | null> {
	const [order] = await queryRows<OrderPayment>(sql`select payment_method, payment_provider from orders where id = ${orderId}::uuid`)
	return order ?? null
}

function isMercadoPago(order: OrderPayment): boolean {
	return order.payment_method === 'card' && order.payment_provider === MERCADOPAGO_PROVIDER
}

/** What the provider can still give back; null when no provider holds this order's money. */
export async function refundableOrder(orderId: string): Promise<OrderRefundable | null> {
	const order = await paymentOf(orderId)
	if (!order) return null
	if (isMercadoPago(order)) {
		const card = await refundableCard(orderId)
		return card ? { provider: MERCADOPAGO_PROVIDER, paidCents: card.paidCents, availableCents: card.availableCents } : null
	}
	if (order.payment_method === 'pix') {
		const pix = await refundablePix(orderId)
		return pix ? { provider: API_PIX_PROVIDER, paidCents: pix.paidCents, availableCents: pix.availableCents } : null
	}
	return null
}

export type RefundResult = { ok: true; provider: RefundProvider } | { ok: false; message: string }

/**
 * Asks the order's provider to give `amountCents` back. `refundId` comes from the page the admin
 * submitted (drawn once), so a double submit asks for the same refund and gets the one made.
 */
export async function refundThroughProvider(
	input: { orderId: string; amountCents: number; refundId: string; reason?: string },
	actor: Actor | null,
): Promise<RefundResult> {
	const order = await paymentOf(input.orderId)
	if (!order) return { ok: false, message: 'Pedido não encontrado.' }
	if (isMercadoPago(order)) {
		const result = await refundCard({ orderId: input.orderId, amountCents: input.amountCents, refundId: input.refundId }, actor)
		return result.ok ? { ok: true, provider: MERCADOPAGO_PROVIDER } : result
	}
	const result = await refundPix(
		{ orderId: input.orderId, amountCents: input.amountCents, refundId: input.refundId, reason: input.reason || 'Devolução do pedido' },
		actor,
	)
	return result.ok ? { ok: true, provider: API_PIX_PROVIDER } : result
}
