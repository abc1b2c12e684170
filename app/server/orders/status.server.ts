import { announceStoreChange } from '~/server/store-events.server'
import { orderChannel } from '~/server/event-channels.server'
import { publish } from '~/server/events.server'
import { sql } from 'drizzle-orm'
import type { OrderStatus } from '~/db/schema/orders'
import { type Transaction, db, queryRows } from '~/server/db.server'
import { publicUrl } from '~/server/env.server'
import { logger } from '~/server/logger.server'
import { purchasePoints } from '~/server/loyalty/point-values'
import { awardPointsOnce, reversePurchasePoints } from '~/server/loyalty/points.server'
import { awardReferralOnFirstPaidOrder } from '~/server/loyalty/referrals.server'
import { evaluateBadges } from '~/server/loyalty/badges.server'
import { publishAccountChange } from '~/server/loyalty/account-events.server'
import { sendMail } from '~/server/mail.server'
import { nowMs } from '~/server/clock.server'
import { orderPromise } from '~/server/shipping/promise.server'
import { orderDeliveredEmail, orderExpiredEmail, orderPaidEmail, orderShippedEmail } from '~/server/mail/order-status-mail.server'
import { trackingLinkOf } from '~/utils/tracking'
import { getStoreSettings } from '~/server/settings.server'
import { ORDER_STATUS_LABELS } from '~/utils/order-status'
import { orderLinkUrl } from './order-link.server'
import { recordActivity } from '~/server/activity/record.server'

/**
 * Order status changes (spec decision 5, issue 4):
 * aguardando_pagamento → pago → em_producao → enviado (tracking code) → entregue, or
 * cancelado from any state that is not final. Every change is one transaction that locks
 * the order row (SELECT … FOR UPDATE), so two admins (or the card provider and an admin)
 * changing the same order at once cannot both apply: the second sees the new status and is
 * refused. Side effects that must happen once (points, stock, coupon use; on cancelling a
 * paid order, the points taken back — decision 20) are written in the same transaction;
 * e-mails go out only after the commit.
 */

/** Where each status may go next. Final states (entregue, cancelado) go nowhere. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
	aguardando_pagamento: ['pago', 'cancelado'],
	pago: ['em_producao', 'cancelado'],
	em_producao: ['enviado', 'cancelado'],
	enviado: ['entregue', 'cancelado'],
	entregue: [],
	cancelado: [],
}

/** A withdrawal approved within its 7 days (decision 117) cancels a delivered order too. */
function returnCancels(from: OrderStatus, input: Pick<ChangeOrderStatusInput, 'to' | 'cancelReason'>): boolean {
	return from === 'entregue' && input.to === 'cancelado' && input.cancelReason === 'return_approved'
}

export function allowedTransitions(from: OrderStatus): readonly OrderStatus[] {
	return ORDER_TRANSITIONS[from]
}

/** Purchase points (decision 14): the settings' points per whole R$ 1 paid (10 by default). */
export { purchasePoints }

export const TRACKING_CODE_MAX = 60

export const ORDER_STATUS_MESSAGES = {
	notFound: 'Pedido não encontrado.',
	trackingRequired: 'Informe o código de rastreio para marcar o pedido como enviado.',
	trackingTooLong: `O código de rastreio deve ter no máximo ${TRACKING_CODE_MAX} caracteres.`,
	same: (status: OrderStatus) => `O pedido já está "${ORDER_STATUS_LABELS[status]}".`,
	invalid: (from: OrderStatus, to: OrderStatus) =>
		`Não é possível mudar o pedido de "${ORDER_STATUS_LABELS[from]}" para "${ORDER_STATUS_LABELS[to]}".`,
} as const

export type ChangeOrderStatusInput = {
	orderId: string
	to: OrderStatus
	/** The admin who made the change; null for the system (payment provider). */
	actorUserId: string | null
	/** Who or what, in words, when there is no user (e.g. 'Pagamento aprovado (provedor de teste)'). */
	actorLabel?: string
	/** The admin's address (issue 30: the activity log records every status change, the shop's own too). */
	actorIp?: string | null
	/** Required for 'enviado'. */
	trackingCode?: string
	/**
	 * Apply the change only if the order is still in this status (e.g. the expiry job cancels
	 * only orders still 'aguardando_pagamento': if an admin marked one paid a moment before,
	 * the job's change is refused instead of cancelling a paid order).
	 */
	onlyFrom?: OrderStatus
	/**
	 * Why a cancellation happens: 'payment_expired' tells the buyer by e-mail; 'return_approved' is
	 * an approved withdrawal (decision 117), which may cancel a delivered order too — the only way
	 * out of 'entregue' — and whose e-mail the returns module sends.
	 */
	cancelReason?: 'payment_expired' | 'return_approved'
	/**
	 * Runs in the change's transaction, after the order's row is updated (issue 29: the payment
	 * timeline's 'confirmed' event is written with the status change, or not at all).
	 */
	alsoInTransaction?: (tx: Transaction, orderId: string) => Promise<void>
}

export type ChangeOrderStatusResult = { ok: true } | { ok: false; message: string }

type LockedOrder = {
	id: string
	reference: string
	status: OrderStatus
	user_id: string | null
	customer_name: string
	email: string
	total_cents: number
	access_token: string
	delivery_min_days: number | null
	delivery_max_days: number | null
}

type AfterCommit = { kind: 'paid' | 'shipped' | 'delivered' | 'expired'; order: LockedOrder; trackingCode: string | null; baseUrl: string }

class Refused extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function changeOrderStatus(input: ChangeOrderStatusInput): Promise<ChangeOrderStatusResult> {
	if (!UUID.test(input.orderId)) return { ok: false, message: ORDER_STATUS_MESSAGES.notFound }
	const trackingCode = input.trackingCode?.trim() || null
	if (input.to === 'enviado') {
		if (!trackingCode) return { ok: false, message: ORDER_STATUS_MESSAGES.trackingRequired }
		if (trackingCode.length > TRACKING_CODE_MAX) return { ok: false, message: ORDER_STATUS_MESSAGES.trackingTooLong }
	}

	// The links in the 'pago'/'enviado' e-mails: the configured origin, never a request's Host.
	const baseUrl = publicUrl()
	// Assigned inside the transaction callback; the cast keeps TypeScript from narrowing it to null.
	let after = null as AfterCommit | null
	// Points per real, referral points: the owner's current values (read before the transaction).
	const settings = await getStoreSettings()
	// Whose account the change touched (points, badges): told after commit, so their open pages refetch.
	const accountsTouched = new Set<string>()
	// Stock given back may make a sold-out variant available again on the shop's pages.
	let stockReturned = false
	try {
		await db.transaction(async (tx) => {
			const [order] = await queryRows<LockedOrder>(
				sql`select id, reference, status, user_id, customer_name, email, total_cents, access_token,
					delivery_min_days, delivery_max_days
					from orders where id = ${input.orderId}::uuid for update`,
				tx,
			)
			if (!order) throw new Refused(ORDER_STATUS_MESSAGES.notFound)
			if (order.status === input.to) throw new Refused(ORDER_STATUS_MESSAGES.same(order.status))
			if (input.onlyFrom && order.status !== input.onlyFrom) throw new Refused(ORDER_STATUS_MESSAGES.invalid(order.status, input.to))
			if (!ORDER_TRANSITIONS[order.status].includes(input.to) && !returnCancels(order.status, input)) {
				throw new Refused(ORDER_STATUS_MESSAGES.invalid(order.status, input.to))
			}

			await tx.execute(sql`update orders set status = ${input.to}, updated_at = now(),
				paid_at = case when ${input.to} = 'pago' then coalesce(paid_at, now()) else paid_at end,
				tracking_code = case when ${input.to} = 'enviado' then ${trackingCode} else tracking_code end
				where id = ${order.id}::uuid`)
			const note = [input.actorLabel?.trim(), input.to === 'enviado' ? `Rastreio: ${trackingCode}` : null]
				.filter(Boolean)
				.join(' — ')
			await tx.execute(sql`insert into order_status_history (order_id, from_status, to_status, changed_by_user_id, note)
				values (${order.id}::uuid, ${order.status}, ${input.to}, ${input.actorUserId}, ${note || null})`)
			await recordActivity(tx, {
				actorId: input.actorUserId,
				ip: input.actorUserId ? (input.actorIp ?? null) : null,
				kind: 'order_status',
				subject: { type: 'order', id: order.id, label: `Pedido ${order.reference}`, userId: order.user_id },
				before: { status: order.status },
				after: { status: input.to, ...(input.to === 'enviado' ? { trackingCode } : {}) },
			})

			await input.alsoInTransaction?.(tx, order.id)

			if (input.to === 'pago') {
				const points = purchasePoints(order.total_cents, settings.loyaltyPoints.purchasePerReal)
				// The event key makes this once per order even if the order were paid, cancelled… and
				// an admin somehow marked it paid again through another path.
				if (order.user_id && points > 0) {
					await awardPointsOnce(tx, {
						userId: order.user_id,
						actionType: 'purchase',
						description: `Compra #${order.reference}`,
						points,
						eventKey: `purchase:${order.id}`,
					})
				}
				if (order.user_id) {
					// A paid order counts for 'orders_paid' badges even when it earned no points.
					await evaluateBadges(tx, order.user_id)
					accountsTouched.add(order.user_id)
					const referrer = await awardReferralOnFirstPaidOrder(tx, { friendUserId: order.user_id, points: settings.loyaltyPoints.referral })
					if (referrer) accountsTouched.add(referrer)
				}
				after = { kind: 'paid', order, trackingCode: null, baseUrl }
			} else if (input.to === 'enviado') {
				after = { kind: 'shipped', order, trackingCode, baseUrl }
			} else if (input.to === 'entregue') {
				// Issue 32 (decision 115): the tracking job's 'Entregue' (or the admin's) tells the shopper.
				after = { kind: 'delivered', order, trackingCode: null, baseUrl }
			} else if (input.to === 'cancelado') {
				await returnStock(tx, order.id)
				stockReturned = true
				await returnCouponUse(tx, order.id)
				// Decision 20: a cancelled paid order takes its purchase points back (a negative
				// ledger entry, once). An unpaid order was never awarded any: nothing to take.
				if (order.user_id && order.status !== 'aguardando_pagamento') {
					await reversePurchasePoints(tx, { userId: order.user_id, orderId: order.id, reference: order.reference })
					accountsTouched.add(order.user_id)
				}
				if (input.cancelReason === 'payment_expired') after = { kind: 'expired', order, trackingCode: null, baseUrl }
			}
		})
	} catch (error) {
		if (error instanceof Refused) return { ok: false, message: error.message }
		throw error
	}
	for (const userId of accountsTouched) publishAccountChange(userId)
	// The buyer's open order page follows its status live (issue 29: 'Pago' without a reload).
	publish(orderChannel(input.orderId), { type: 'changed' }).catch((error: unknown) => {
		logger.error({ error: String(error), orderId: input.orderId }, 'não foi possível avisar a página do pedido')
	})
	if (stockReturned) announceStoreChange('stock')
	if (after) await sendStatusMail(after)
	return { ok: true }
}

/**
 * Gives the units of a cancelled order back to the variants that track stock (stock null =
 * made to order, nothing to return). Variants are updated in id order, like the checkout's
 * reservation, so concurrent cancellations and checkouts lock them in the same order.
 */
async function returnStock(tx: Transaction, orderId: string): Promise<void> {
	const lines = await queryRows<{ variant_id: string; quantity: number }>(
		sql`select variant_id, sum(quantity)::int as quantity from order_lines
			where order_id = ${orderId}::uuid and variant_id is not null
			group by variant_id order by variant_id`,
		tx,
	)
	for (const line of lines) {
		await tx.execute(sql`update product_variants set stock = stock + ${line.quantity}
			where id = ${line.variant_id}::uuid and stock is not null`)
	}
}

/**
 * A cancelled order gives its coupon use back, so a single-use coupon is not lost with it.
 * Deleting the redemption first makes it count once: a second cancellation (or any later
 * path) finds no redemption row left and gives nothing back twice.
 */
async function returnCouponUse(tx: Transaction, orderId: string): Promise<void> {
	const released = await queryRows<{ coupon_id: string }>(
		sql`delete from coupon_redemptions where order_id = ${orderId}::uuid returning coupon_id`,
		tx,
	)
	for (const { coupon_id } of released) {
		await tx.execute(sql`update coupons set used_count = used_count - 1 where id = ${coupon_id}::uuid and used_count > 0`)
	}
}

async function sendStatusMail(after: AfterCommit): Promise<void> {
	try {
		const settings = await getStoreSettings()
		const common = {
			storeName: settings.storeName,
			reference: after.order.reference,
			customerName: after.order.customer_name,
			totalCents: after.order.total_cents,
			orderUrl: orderLinkUrl(after.baseUrl, after.order.reference, after.order.access_token),
		}
		const mail =
			after.kind === 'paid'
				? orderPaidEmail({
						...common,
						// Decision 085: the same dates the order page shows, from this confirmation.
						deliveryPromise:
							orderPromise(
								{ status: 'pago', paidAt: new Date(nowMs()), minDays: after.order.delivery_min_days, maxDays: after.order.delivery_max_days },
								settings,
							)?.text ?? null,
					})
				: after.kind === 'expired'
					? orderExpiredEmail(common)
					: after.kind === 'delivered'
						? orderDeliveredEmail(common)
						: orderShippedEmail({ ...common, trackingCode: after.trackingCode ?? '', trackingUrl: after.trackingCode ? trackingLinkOf(after.trackingCode) : null })
		await sendMail({ to: after.order.email, ...mail })
	} catch (error) {
		// The status changed; a missing e-mail must not report the change as failed.
		logger.error({ error: String(error), reference: after.order.reference }, 'falha ao enviar o e-mail de status do pedido')
	}
}
