import { orderPromise } from '~/server/shipping/promise.server'
import { productsWithAddons } from '~/commerce/rules/line-groups'
import { sql } from 'drizzle-orm'
import { trackingEventsOf } from '~/server/shipping/melhor-envio/tracking-events.server'
import type { OrderStatus, PaymentMethod, PaymentMode } from '~/db/schema/orders'
import { getOptionalUser } from '~/server/auth/guards.server'
import { db, queryRows } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import { type PixCharge, pixChargeForOrder } from '~/server/payments/pix.server'
import { type StoreSettings, getStoreSettings } from '~/server/settings.server'
import { lineDetails, type SummaryLine } from '~/utils/order-summary-line'
import { buyerTokenHash } from './buyer-cookie.server'
import { chargeClaimable } from './checkout.server'
import { accessTokenOpens, requestedAccessToken } from './order-link.server'
import { pixPaymentDeadline } from './expiry.server'

/** What /pedido/{reference} shows (no CPF, no internal ids beyond the reference). */
export type OrderView = {
	reference: string
	status: OrderStatus
	createdAt: string
	customerName: string
	email: string
	address: {
		street: string
		number: string
		complement: string | null
		district: string
		city: string
		uf: string
		cep: string
	}
	paymentMethod: PaymentMethod
	/** Charged by the test card provider: marked 'Teste' (decision 019). */
	testPayment: boolean
	installments: number
	trackingCode: string | null
	/** Issue 32 (decision 115): the parcel's way as the carrier told it (ISO dates), oldest first. */
	trackingEvents: Array<{ kind: string; label: string; at: string }>
	couponCode: string | null
	subtotalCents: number
	shippingCents: number
	discountCents: number
	pixDiscountCents: number
	totalCents: number
	/**
	 * The promised dates (decision 085): 'Chega entre 8 e 11 de dezembro', from the payment's
	 * confirmation, or from now while it waits for the payment (`ifPaidToday`); null for a
	 * cancelled order or one placed before the shop stored its days.
	 */
	deliveryPromise: { text: string; ifPaidToday: boolean } | null
	/** Issue 32: 'Correios SEDEX', the carrier service chosen at checkout; null for the regional table and older orders. */
	shippingMethod: string | null
	lines: SummaryLine[]
	/** Only while a PIX order waits for payment. */
	pix: PixCharge | null
	/** The PIX could not be obtained right now (the PSP failed): the page asks to reload in a moment. */
	pixUnavailable: boolean
	/** ISO time the PIX payment window ends (decision 20); only while a PIX order waits for payment. */
	payBy: string | null
	/**
	 * A card order awaiting a charge nobody is making: never charged (no payment reference) and
	 * never claimed, or its claim is stale — e.g. its claim met a busy pool (decision 059). The
	 * cart's next checkout submission charges this same order; the page says so.
	 */
	cardNotCharged: boolean
	/** A card order whose charge is under way (a fresh claim): the page says it is being processed. */
	cardCharging: boolean
	/** A card payment the provider is still reviewing (decision 077): the order waits for its notification. */
	cardInReview: boolean
}

type OrderRow = {
	id: string
	reference: string
	status: OrderStatus
	created_at: Date | string
	user_id: string | null
	session_token_hash: string | null
	access_token: string
	updated_at: Date | string
	customer_name: string
	email: string
	street: string
	number: string
	complement: string | null
	district: string
	city: string
	uf: string
	cep: string
	payment_method: PaymentMethod
	payment_mode: PaymentMode | null
	installments: number
	tracking_code: string | null
	coupon_code: string | null
	subtotal_cents: number
	shipping_cents: number
	discount_cents: number
	pix_discount_cents: number
	total_cents: number
	delivery_min_days: number | null
	delivery_max_days: number | null
	paid_at: Date | string | null
	shipping_carrier: string | null
	shipping_service: string | null
	card_not_charged: boolean
	card_charging: boolean
	card_in_review: boolean
}

const REFERENCE_PATTERN = /^[A-Z0-9-]{4,40}$/

/**
 * The order for its buyer only: an account's order to that account signed in; an anonymous
 * order to the browser whose buyer cookie placed it (cleared at sign-out); either to whoever
 * holds the order's e-mail link (`?acesso=`, order-link.server.ts). Anyone else gets null (the route answers 404, so a reference cannot be probed).
 */
export async function loadOrderForViewer(request: Request, reference: string): Promise<OrderView | null> {
	const normalized = reference.trim().toUpperCase()
	if (!REFERENCE_PATTERN.test(normalized)) return null
	const [order] = await queryRows<OrderRow>(
		sql`select id, reference, status, created_at, user_id, session_token_hash, access_token, updated_at, customer_name, email, street, number,
			complement, district, city, uf, cep, payment_method, payment_mode, installments, tracking_code, coupon_code,
			subtotal_cents, shipping_cents, discount_cents, pix_discount_cents, total_cents, delivery_min_days, delivery_max_days,
			paid_at, shipping_carrier, shipping_service, payment_method = 'card' and ${chargeClaimable()} as card_not_charged,
			payment_method = 'card' and status = 'aguardando_pagamento' and payment_reference is null and not ${chargeClaimable()} as card_charging,
			payment_method = 'card' and status = 'aguardando_pagamento' and payment_reference is not null as card_in_review
			from orders where reference = ${normalized}`,
		db,
	)
	if (!order) return null
	if (!(await viewerMayOpen(request, order))) return null
	const lines = await queryRows<{
		id: string
		product_title: string
		variant_title: string
		selected_options: { name: string; value: string }[]
		attributes: { key: string; value: string }[] | null
		image_url: string | null
		quantity: number
		unit_price_cents: number
		line_total_cents: number
		is_gift: boolean
		is_subscription: boolean
	}>(
		sql`select id, product_title, variant_title, selected_options, attributes, image_url, quantity, unit_price_cents,
			line_total_cents, is_gift, is_subscription
			from order_lines where order_id = ${order.id}::uuid order by is_gift, product_title, variant_title`,
	)
	const waitingPix = order.payment_method === 'pix' && order.status === 'aguardando_pagamento'
	const settings = waitingPix ? await getStoreSettings() : null
	let pix: PixCharge | null = null
	let pixUnavailable = false
	if (settings) {
		try {
			pix = await pixChargeForOrder({ id: order.id, reference: order.reference, totalCents: order.total_cents }, settings)
		} catch (error) {
			// The PSP refused or failed in a way the fallback does not cover: the page says to try again, never a 500.
			logger.error({ error: String(error), reference: order.reference }, 'não foi possível obter o PIX do pedido')
			pixUnavailable = true
		}
	}
	const payBy = settings ? pixPaymentDeadline(order.created_at, settings.pixPaymentWindowHours).toISOString() : null
	return {
		reference: order.reference,
		status: order.status,
		createdAt: new Date(order.created_at).toISOString(),
		customerName: order.customer_name,
		email: order.email,
		address: {
			street: order.street,
			number: order.number,
			complement: order.complement,
			district: order.district,
			city: order.city,
			uf: order.uf,
			cep: order.cep,
		},
		paymentMethod: order.payment_method,
		testPayment: order.payment_mode === 'test',
		installments: order.installments,
		trackingCode: order.tracking_code,
		trackingEvents: (await trackingEventsOf(order.id)).map((e) => ({ kind: e.kind, label: e.label, at: e.at.toISOString() })),
		couponCode: order.coupon_code,
		subtotalCents: order.subtotal_cents,
		shippingCents: order.shipping_cents,
		discountCents: order.discount_cents,
		pixDiscountCents: order.pix_discount_cents,
		totalCents: order.total_cents,
		deliveryPromise: promiseOf(order, settings ?? (await getStoreSettings())),
		shippingMethod: order.shipping_carrier && order.shipping_service ? `${order.shipping_carrier} ${order.shipping_service}` : null,
		lines: productsWithAddons(lines, (l) => l).map(({ line: l, addonOf }) => ({
			id: l.id,
			isAddon: addonOf !== null,
			title: l.product_title,
			variantTitle: l.variant_title,
			options: (l.selected_options ?? []).map((o) => o.value).join(' • '),
			details: lineDetails(l.attributes),
			imageUrl: l.image_url,
			quantity: l.quantity,
			unitPriceCents: l.unit_price_cents,
			totalCents: l.line_total_cents,
			isGift: l.is_gift,
			isSubscription: l.is_subscription,
		})),
		pix,
		pixUnavailable,
		payBy,
		cardNotCharged: order.card_not_charged,
		cardCharging: order.card_charging,
		cardInReview: order.card_in_review,
	}
}

type ViewerCheck = { user_id: string | null; session_token_hash: string | null; access_token: string; updated_at: Date | string }

/** Whether this request may open the order: its e-mail link, its account signed in, or the browser that placed it. */
async function viewerMayOpen(request: Request, order: ViewerCheck): Promise<boolean> {
	// The e-mail's link: opens this order on any device (order-link.server.ts).
	if (accessTokenOpens(order, requestedAccessToken(request))) return true
	if (order.user_id) {
		// An account's order is the account's: the buyer cookie of the browser it was placed on
		// must not open it for whoever uses that browser after the customer signed out.
		const user = await getOptionalUser(request)
		return Boolean(user && user.id === order.user_id)
	}
	const tokenHash = buyerTokenHash(request)
	return tokenHash !== null && order.session_token_hash === tokenHash
}

/**
 * The id of the order `reference` when this request may open its page (the same rule as
 * loadOrderForViewer), else null: what the live 'order' channel is authorised by (issue 29).
 */
export async function orderIdForViewer(request: Request, reference: string | null): Promise<string | null> {
	const normalized = (reference ?? '').trim().toUpperCase()
	if (!REFERENCE_PATTERN.test(normalized)) return null
	const [order] = await queryRows<ViewerCheck & { id: string }>(
		sql`select id, user_id, session_token_hash, access_token, updated_at from orders where reference = ${normalized}`,
	)
	if (!order) return null
	return (await viewerMayOpen(request, order)) ? order.id : null
}

function promiseOf(order: OrderRow, settings: StoreSettings): OrderView['deliveryPromise'] {
	const promise = orderPromise(
		{ status: order.status, paidAt: order.paid_at, minDays: order.delivery_min_days, maxDays: order.delivery_max_days },
		settings,
	)
	return promise ? { text: promise.text, ifPaidToday: promise.ifPaidToday } : null
}
