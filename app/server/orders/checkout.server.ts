import { sql } from 'drizzle-orm'
import { getCartBackend } from '~/server/cart/backend.server'
import { reconcileGift } from '~/server/cart/cart.server'
import { db, queryRows } from '~/server/db.server'
import { publicUrl } from '~/server/env.server'
import { cartChannel } from '~/server/event-channels.server'
import { publish } from '~/server/events.server'
import { logger } from '~/server/logger.server'
import { orderPlacedEmail } from '~/server/mail/order-placed.server'
import { sendMail } from '~/server/mail.server'
import { getCardProvider } from '~/server/payments/card-provider.server'
import { pixChargeFor } from '~/server/payments/pix.server'
import { getStoreSettings } from '~/server/settings.server'
import type { CheckoutValues } from '~/utils/checkout-schema'
import { type OrderedCartLine, placeOrder, type PlaceOrderFailure, type PlacedOrder } from './place-order.server'
import { changeOrderStatus } from './status.server'

/**
 * The 'Finalizar Pedido' step: place the order (one transaction), then — after the commit —
 * take the payment and send 'pedido recebido'.
 *
 * - PIX: the order waits in 'aguardando_pagamento' (the cart is emptied with the order).
 * - Card: the provider charges the token for the server-computed total. Approved → the lines
 *   that went into the order leave the cart (not what another tab added meanwhile) and the order becomes 'pago' through changeOrderStatus (history, points,
 *   e-mail). Declined → the order is cancelled through changeOrderStatus (stock and coupon use
 *   returned), and the shopper stays on the checkout with the message, the
 *   cart and every typed field intact; the page renders a new idempotency key for the retry.
 */
export const CHECKOUT_MESSAGES = {
	declinedReplay: 'O pagamento desta tentativa foi recusado. Confira os dados do cartão e tente novamente.',
	paymentFailed: 'Não foi possível processar o pagamento agora. Tente novamente em instantes.',
} as const

export type CheckoutOutcome =
	| { ok: true; reference: string }
	| (PlaceOrderFailure & { retryWithNewKey?: boolean })
	| {
			ok: false
			code: 'card_declined'
			message: string
			field: 'cardToken'
			retryWithNewKey: true
	  }

export async function submitCheckout(input: {
	request: Request
	cartId: string
	userId: string | null
	buyerTokenHash: string
	checkout: CheckoutValues
}): Promise<CheckoutOutcome> {
	const { checkout } = input
	const isCard = checkout.paymentMethod === 'card'
	const placed = await placeOrder({
		cartId: input.cartId,
		userId: input.userId,
		buyerTokenHash: input.buyerTokenHash,
		checkout,
		emptyCart: !isCard,
	})
	if (!placed.ok) return placed
	const { order } = placed

	if (placed.replayed) {
		// A double click or a retried request: report what the first one did, do nothing twice.
		if (order.status === 'cancelado') {
			return {
				ok: false,
				code: 'card_declined',
				message: CHECKOUT_MESSAGES.declinedReplay,
				field: 'cardToken',
				retryWithNewKey: true,
			}
		}
		return { ok: true, reference: order.reference }
	}

	if (!isCard) {
		notifyCartEmptied(input.cartId)
		await sendPlacedMail(order)
		return { ok: true, reference: order.reference }
	}
	return chargeCard(input, order, placed.cartLines)
}

async function chargeCard(
	input: { request: Request; cartId: string; checkout: CheckoutValues },
	order: PlacedOrder,
	orderedLines: OrderedCartLine[],
): Promise<CheckoutOutcome> {
	const provider = getCardProvider()
	let result: Awaited<ReturnType<typeof provider.charge>>
	try {
		result = await provider.charge({
			token: input.checkout.cardToken ?? '',
			amountCents: order.totalCents,
			installments: input.checkout.installments,
			orderReference: order.reference,
		})
	} catch (error) {
		logger.error({ error: String(error), reference: order.reference }, 'falha ao cobrar o cartão')
		result = {
			status: 'declined',
			message: CHECKOUT_MESSAGES.paymentFailed,
			providerReference: null,
		}
	}
	await db.execute(sql`update orders set payment_provider = ${provider.id}, payment_reference = ${result.providerReference},
		updated_at = now() where id = ${order.id}::uuid`)

	if (result.status === 'declined') {
		const cancelled = await changeOrderStatus({
			orderId: order.id,
			to: 'cancelado',
			actorUserId: null,
			actorLabel: `Pagamento recusado (${provider.isTest ? 'provedor de teste' : provider.id})`,
		})
		if (!cancelled.ok)
			logger.error({ reference: order.reference, message: cancelled.message }, 'não foi possível cancelar o pedido recusado')
		return {
			ok: false,
			code: 'card_declined',
			message: result.message,
			field: 'cardToken',
			retryWithNewKey: true,
		}
	}

	await removeOrderedLines(input.cartId, orderedLines)
	notifyCartEmptied(input.cartId)
	await sendPlacedMail(order)
	const paid = await changeOrderStatus({
		orderId: order.id,
		to: 'pago',
		actorUserId: null,
		actorLabel: `Pagamento aprovado (${provider.isTest ? 'provedor de teste' : provider.id})`,
	})
	// The charge went through: the order page must show it, whatever happened to the status.
	if (!paid.ok) logger.error({ reference: order.reference, message: paid.message }, 'cartão aprovado, mas o status não mudou para pago')
	return { ok: true, reference: order.reference }
}

/**
 * After an approved card: takes out of the cart what the order bought, under the cart's lock.
 * The charge took a while and the cart stayed open meanwhile: a line another tab added (or the
 * units it added to an ordered line) was not paid for and stays. The gift lines go and the gift
 * rule runs again on what is left, as after any cart change.
 */
async function removeOrderedLines(cartId: string, ordered: OrderedCartLine[]): Promise<void> {
	const orderedById = new Map(ordered.map((l) => [l.id, l.quantity]))
	try {
		const settings = await getStoreSettings()
		await getCartBackend().change(cartId, async (session) => {
			const cart = await session.read()
			const gone: string[] = []
			for (const line of cart.lines) {
				const bought = orderedById.get(line.id)
				if (line.isGift || (bought !== undefined && line.quantity <= bought)) gone.push(line.id)
				else if (bought !== undefined) {
					const left = line.quantity - bought
					// Over the stock now (the order took those units): the extra stays as it was, logged.
					await session.attempt((inner) => inner.updateLines([{ lineId: line.id, quantity: left }])).catch((error: unknown) => {
						logger.warn({ error: String(error), cartId, lineId: line.id }, 'não foi possível reduzir a linha comprada no carrinho')
					})
				}
			}
			await session.removeLines(gone)
			await reconcileGift(session, settings)
		})
	} catch (error) {
		// The order is paid; a cart left as it was must not turn it into an error page.
		logger.error({ error: String(error), cartId }, 'não foi possível tirar do carrinho os itens do pedido pago')
	}
}

function notifyCartEmptied(cartId: string) {
	// The drawer in other tabs refreshes (same channel as the cart service uses).
	publish(cartChannel(cartId), { type: 'changed' }).catch((error: unknown) => {
		logger.error({ error: String(error), cartId }, 'não foi possível avisar as outras abas do carrinho')
	})
}

async function sendPlacedMail(order: PlacedOrder): Promise<void> {
	try {
		const [settings, lines] = await Promise.all([
			getStoreSettings(),
			queryRows<{
				product_title: string
				variant_title: string
				quantity: number
				line_total_cents: number
				is_gift: boolean
			}>(
				sql`select product_title, variant_title, quantity, line_total_cents, is_gift from order_lines
					where order_id = ${order.id}::uuid order by is_gift, product_title, variant_title`,
			),
		])
		const pix = order.paymentMethod === 'pix' ? await pixChargeFor(order, settings) : null
		const mail = orderPlacedEmail({
			reference: order.reference,
			customerName: order.customerName,
			totalCents: order.totalCents,
			paymentMethod: order.paymentMethod,
			lines: lines.map((l) => ({
				title: l.variant_title && l.variant_title !== 'Único' ? `${l.product_title} (${l.variant_title})` : l.product_title,
				quantity: l.quantity,
				totalCents: l.line_total_cents,
				isGift: l.is_gift,
			})),
			orderUrl: `${publicUrl()}/pedido/${order.reference}`,
			pixPayload: pix?.payload ?? null,
		})
		await sendMail({ to: order.email, ...mail })
	} catch (error) {
		// The order exists and is shown; a missing e-mail must not turn it into an error page.
		logger.error({ error: String(error), reference: order.reference }, 'falha ao preparar o e-mail de pedido recebido')
	}
}
