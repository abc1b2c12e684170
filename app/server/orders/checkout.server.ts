import { type SQL, sql } from 'drizzle-orm'
import { getCartBackend } from '~/server/cart/backend.server'
import { reconcileGift } from '~/server/cart/cart.server'
import { isDatabaseUnavailableError } from '~/server/database-errors.server'
import { db, queryRows } from '~/server/db.server'
import { publicUrl } from '~/server/env.server'
import { cartChannel } from '~/server/event-channels.server'
import { publish } from '~/server/events.server'
import { logger } from '~/server/logger.server'
import { orderMailLines, orderPlacedEmail, type StoredOrderLine } from '~/server/mail/order-placed.server'
import { sendMail } from '~/server/mail.server'
import type { LineAttribute } from '~/db/schema/orders'
import { CARD_UNAVAILABLE_MESSAGE, type CardChargeResult, type CardPaymentProvider, getCardProvider, paymentModeOf } from '~/server/payments/card-provider.server'
import { recordPaymentEvent } from '~/server/payments/payment-events.server'
import { pixChargeForOrder } from '~/server/payments/pix.server'
import { getStoreSettings } from '~/server/settings.server'
import type { CheckoutValues } from '~/utils/checkout-schema'
import { placeOrder, type PlaceOrderFailure, type PlaceOrderResult, type PlacedOrder } from './place-order.server'
import { orderAccessToken, orderLinkUrl } from './order-link.server'
import { retryTransient, TRANSIENT_RETRY_BUDGET_MS } from '~/server/retry-transient.server'
import { changeOrderStatus } from './status.server'
import { orderPromise } from '~/server/shipping/promise.server'

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
 *
 * One cart, one order (decision 019): while a card order is open (awaiting its charge), every
 * other submission of the same cart gets that order (placeOrder's source 'open'), and only one
 * request at a time may charge it: the charge is claimed with a conditional UPDATE on the order
 * row, and the others wait for its outcome instead of charging again.
 *
 * A busy pool (decision 059): once the order is committed, the shopper is sent to its page
 * whatever a later step's database error, if it is 'unavailable' (the page shows where the order
 * stands); the claim and the writes that record an approved charge are retried first
 * (retryTransient), and a charge that still cannot be recorded is logged for reconciliation.
 */
export const CHECKOUT_MESSAGES = {
	declinedReplay: 'O pagamento desta tentativa foi recusado. Confira os dados do cartão e tente novamente.',
	paymentFailed: 'Não foi possível processar o pagamento agora. Tente novamente em instantes.',
	cardIncomplete: 'Não foi possível identificar o cartão. Confira o número e tente novamente.',
	installmentsUnavailable: 'Essa opção de parcelamento não está disponível para este cartão. Escolha outra e tente novamente.',
} as const

/**
 * How long a started charge keeps the order to itself. A server that died mid-charge leaves
 * its claim behind; after this the next submission of the cart may charge the order again
 * (with the same order reference, which a real provider uses as its idempotency key).
 */
export const CHARGE_CLAIM_SECONDS = 120
/**
 * An order a submission may charge now (claimCharge's condition): awaiting payment, not charged
 * (no payment reference, decision 059), and nobody charging it — never claimed, or its claim is
 * stale. For a card order this is also what its page tells the shopper: the card was not charged,
 * submit the checkout again (order-view.server.ts). Compared with the database's clock.
 */
export function chargeClaimable(): SQL {
	return sql`(status = 'aguardando_pagamento' and payment_reference is null
		and (payment_provider is null or updated_at < now() - make_interval(secs => ${CHARGE_CLAIM_SECONDS})))`
}

/** How long a submission waits for the charge another one is making on the same order. */
const CHARGE_WAIT_MS = 30_000

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

/** A step after the commit that tests can make fail (checkoutTestHooks). */
export type CheckoutStep = 'claim' | 'record-charge' | 'remove-lines' | 'mark-paid' | 'cancel-declined'

/**
 * Tests only (decision 059): `beforeStep` runs at the start of every try of a step, so a test
 * can make a try fail as a busy pool does; `retryBudgetMs` shortens the retries. Production code
 * never sets them.
 */
export const checkoutTestHooks: {
	beforeStep: ((step: CheckoutStep) => void | Promise<void>) | null
	retryBudgetMs: number
} = { beforeStep: null, retryBudgetMs: TRANSIENT_RETRY_BUDGET_MS }

/** A step of the order that must not be lost to a moment without a free connection. */
function retryStep<T>(step: CheckoutStep, order: PlacedOrder, operation: () => Promise<T>): Promise<T> {
	return retryTransient(
		async () => {
			await checkoutTestHooks.beforeStep?.(step)
			return operation()
		},
		{ label: step, context: { reference: order.reference }, budgetMs: checkoutTestHooks.retryBudgetMs },
	)
}

const DECLINED_REPLAY: CheckoutOutcome = {
	ok: false,
	code: 'card_declined',
	message: CHECKOUT_MESSAGES.declinedReplay,
	field: 'cardToken',
	retryWithNewKey: true,
}

type SubmitCheckoutInput = {
	request: Request
	cartId: string
	userId: string | null
	buyerTokenHash: string
	checkout: CheckoutValues
}

export async function submitCheckout(input: SubmitCheckoutInput): Promise<CheckoutOutcome> {
	const { checkout } = input
	const isCard = checkout.paymentMethod === 'card'
	const provider = isCard ? getCardProvider() : null
	if (isCard && !provider) {
		// PAYMENT_MODE=live with no real provider: nothing is placed, PIX stays available.
		return { ok: false, code: 'card_unavailable', message: CARD_UNAVAILABLE_MESSAGE, field: 'paymentMethod' }
	}
	const placed = await placeOrder({
		cartId: input.cartId,
		userId: input.userId,
		buyerTokenHash: input.buyerTokenHash,
		checkout,
		emptyCart: !isCard,
	})
	if (!placed.ok) return placed
	try {
		return await afterCommit(input, placed, provider)
	} catch (error) {
		// The order exists: a moment without a database connection must not tell the shopper it
		// failed (a 503), her order page shows where it stands. Anything else is a bug: it propagates.
		if (!isDatabaseUnavailableError(error)) throw error
		logger.error(
			{ error: String(error), reference: placed.order.reference },
			'pedido criado, mas um passo seguinte falhou com o banco indisponível: cliente enviado à página do pedido',
		)
		return { ok: true, reference: placed.order.reference }
	}
}

/** Everything after the order's transaction committed: the charge, the cart, the e-mail. */
async function afterCommit(
	input: SubmitCheckoutInput,
	placed: Extract<PlaceOrderResult, { ok: true }>,
	provider: CardPaymentProvider | null,
): Promise<CheckoutOutcome> {
	const { order } = placed
	if (placed.source === 'replayed') {
		// A double click or a retried request: report what the first one did, do nothing twice.
		if (order.status === 'cancelado') return DECLINED_REPLAY
		if (order.status === 'aguardando_pagamento' && order.paymentMethod === 'card') {
			// Still awaiting its charge: a charge under way is waited for (the claim says so); one
			// that never started (its claim failed) or was cut short (a stale claim) is made now.
			return provider ? chargeCard(input, order, provider) : awaitChargeOutcome(order)
		}
		return { ok: true, reference: order.reference }
	}
	if (placed.source === 'open' && !provider) {
		// A PIX submission while the cart's card order awaits its charge: that order is the one.
		return { ok: true, reference: order.reference }
	}
	if (!provider) {
		notifyCartEmptied(input.cartId)
		await sendPlacedMail(order)
		return { ok: true, reference: order.reference }
	}
	return chargeCard(input, order, provider)
}

/**
 * Takes the right to charge the order: one request at a time, and only while it awaits
 * payment. A claim older than CHARGE_CLAIM_SECONDS is a server that died mid-charge.
 */
async function claimCharge(order: PlacedOrder, provider: CardPaymentProvider, installments: number): Promise<boolean> {
	// The installments of the submission that charges (another tab may have chosen another count).
	// A payment reference on an order still awaiting payment is an approved charge whose status
	// change was lost (decision 059): it is never charged again.
	const rows = await retryStep('claim', order, () =>
		queryRows<{ id: string }>(
			sql`update orders set payment_provider = ${provider.id}, payment_mode = ${paymentModeOf(provider)},
				installments = ${installments}, updated_at = now()
				where id = ${order.id}::uuid and ${chargeClaimable()}
				returning id`,
		),
	)
	return rows.length === 1
}

/** Another request is charging this order: its outcome is this submission's outcome too. */
async function awaitChargeOutcome(order: PlacedOrder): Promise<CheckoutOutcome> {
	const deadline = Date.now() + CHARGE_WAIT_MS
	for (;;) {
		const [row] = await queryRows<{ status: string; charged: boolean }>(
			sql`select status, payment_reference is not null as charged from orders where id = ${order.id}::uuid`,
		)
		if (row?.status === 'cancelado') return DECLINED_REPLAY
		// Paid, charged (its reference is in), or still charging at the deadline: the order page shows where it stands.
		if (!row || row.status !== 'aguardando_pagamento' || row.charged || Date.now() > deadline)
			return { ok: true, reference: order.reference }
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

async function chargeCard(
	input: { request: Request; cartId: string; checkout: CheckoutValues },
	order: PlacedOrder,
	provider: CardPaymentProvider,
): Promise<CheckoutOutcome> {
	if (!(await claimCharge(order, provider, input.checkout.installments))) return awaitChargeOutcome(order)
	let result: CardChargeResult
	try {
		// The buyer and the key are the order's (another tab's submission may have made it).
		const [buyer] = await queryRows<{ idempotency_key: string; email: string; customer_name: string; cpf: string }>(
			sql`select idempotency_key, email, customer_name, cpf from orders where id = ${order.id}::uuid`,
		)
		const card = input.checkout.cardPaymentMethodId
			? { paymentMethodId: input.checkout.cardPaymentMethodId, issuerId: input.checkout.cardIssuerId ?? null }
			: undefined
		const refused = await installmentsRefused(provider, order.id, order.totalCents, input.checkout.installments, card)
		result =
			refused ??
			(await provider.charge({
				token: input.checkout.cardToken ?? '',
				amountCents: order.totalCents,
				installments: input.checkout.installments,
				orderReference: order.reference,
				idempotencyKey: buyer?.idempotency_key,
				card,
				payer: buyer ? { email: buyer.email, name: buyer.customer_name, cpf: buyer.cpf } : undefined,
			}))
	} catch (error) {
		logger.error({ error: String(error), reference: order.reference }, 'falha ao cobrar o cartão')
		result = {
			status: 'declined',
			message: CHECKOUT_MESSAGES.paymentFailed,
			providerReference: null,
		}
	}
	const actorLabel = `Pagamento ${result.status === 'approved' ? 'aprovado' : 'recusado'} (${provider.isTest ? 'provedor de teste' : provider.id})`
	if (result.status === 'approved') {
		if (!provider.isTest) await recordChargeEvent(order, provider, 'confirmed', result.providerReference, 'Pagamento aprovado no checkout')
		return recordApprovedCharge(input.cartId, order, result.providerReference, actorLabel, provider.isTest)
	}
	if (result.status === 'pending') return recordPendingCharge(input.cartId, order, result, provider)

	// Cancelling frees the cart (stock and coupon use go back): the next submission makes a new order.
	// The decline's reference is written after, on the cancelled order: an order awaiting payment
	// with a reference is an approved charge (claimCharge).
	const providerReference = result.providerReference
	try {
		const cancelled = await retryStep('cancel-declined', order, () =>
			changeOrderStatus({ orderId: order.id, to: 'cancelado', actorUserId: null, actorLabel }),
		)
		if (!cancelled.ok)
			logger.error({ reference: order.reference, message: cancelled.message }, 'não foi possível cancelar o pedido recusado')
		else if (providerReference !== null) await setPaymentReference(order, providerReference)
	} catch (error) {
		// The card was declined whatever the database says: the shopper is told so. The order keeps
		// its claim until it goes stale, then the cart's next submission charges it again.
		if (!isDatabaseUnavailableError(error)) throw error
		logger.error(
			{ error: String(error), reference: order.reference },
			'cartão recusado, mas o pedido não foi cancelado ou a referência da recusa não foi gravada',
		)
	}
	return {
		ok: false,
		code: 'card_declined',
		message: result.message,
		field: 'cardToken',
		retryWithNewKey: true,
	}
}

function setPaymentReference(order: PlacedOrder, providerReference: string | null) {
	return retryStep('record-charge', order, () =>
		db.execute(sql`update orders set payment_reference = ${providerReference}, updated_at = now() where id = ${order.id}::uuid`),
	)
}

/**
 * The card was charged: the order must say so. Its payment reference first (from then on it is
 * never charged again nor expired as abandoned), then the lines it bought leave the cart (before
 * 'pago': while the order is open no other submission of the cart makes a second order), then
 * 'pedido recebido', then 'pago' through changeOrderStatus (history, points, e-mail). Each write
 * is retried through a busy pool (decision 059); a charge that still cannot be recorded is logged
 * at error level with both references for manual reconciliation, and the shopper still goes to
 * her order page, not to an error: she paid.
 */
async function recordApprovedCharge(
	cartId: string,
	order: PlacedOrder,
	providerReference: string | null,
	actorLabel: string,
	testPayment: boolean,
): Promise<CheckoutOutcome> {
	try {
		await setPaymentReference(order, providerReference)
		await removeOrderedLines(cartId, order)
		notifyCartEmptied(cartId)
		await sendPlacedMail(order, testPayment)
		const paid = await retryStep('mark-paid', order, () =>
			changeOrderStatus({ orderId: order.id, to: 'pago', actorUserId: null, actorLabel }),
		)
		// The charge went through: the order page must show it, whatever happened to the status.
		if (!paid.ok) logger.error({ reference: order.reference, message: paid.message }, 'cartão aprovado, mas o status não mudou para pago')
	} catch (error) {
		logger.error(
			{ error: String(error), reference: order.reference, providerReference },
			'cartão aprovado, mas o pagamento não foi registrado no pedido: conciliar manualmente',
		)
		if (!isDatabaseUnavailableError(error)) throw error
	}
	return { ok: true, reference: order.reference }
}

/** A card provider's event on the order's payment timeline (decision 076); a failure is only logged. */
async function recordChargeEvent(order: PlacedOrder, provider: CardPaymentProvider, kind: 'confirmed', providerRef: string, detail: string) {
	try {
		await recordPaymentEvent({
			orderId: order.id,
			kind,
			provider: provider.id,
			providerRef,
			amountCents: order.totalCents,
			detail,
			eventKey: `${provider.id}:${kind}:${providerRef}`,
		})
	} catch (error) {
		logger.error({ error: String(error), reference: order.reference }, 'evento do pagamento não registrado na linha do tempo')
	}
}

/**
 * The instalment count the shopper chose, checked against the provider's own quote for the
 * order's total (decision 077): a count the page did not offer (an old page, a changed total, a
 * forged form) is refused before any charge, and the shopper chooses again. A count with the
 * provider's interest stores its total on the order (card_total_cents), for the order's pages.
 */
async function installmentsRefused(
	provider: CardPaymentProvider,
	orderId: string,
	totalCents: number,
	count: number,
	card: { paymentMethodId: string; issuerId: string | null } | undefined,
): Promise<CardChargeResult | null> {
	if (!provider.installmentOptions) return null
	if (!card) return { status: 'declined', message: CHECKOUT_MESSAGES.cardIncomplete, providerReference: null }
	const options = await provider.installmentOptions({ amountCents: totalCents, card })
	const chosen = options.find((option) => option.count === count)
	if (!chosen) return { status: 'declined', message: CHECKOUT_MESSAGES.installmentsUnavailable, providerReference: null }
	// With the provider's interest, the order remembers what the shopper pays in all (its pages say it).
	if (!chosen.interestFree && chosen.totalCents > totalCents) {
		await db.execute(sql`update orders set card_total_cents = ${chosen.totalCents} where id = ${orderId}::uuid`)
	}
	return null
}

/**
 * The provider is still deciding (Mercado Pago in_process/pending, decision 077): the order keeps
 * the payment's reference (never charged again, never expired as abandoned), leaves the cart, gets
 * 'pedido recebido', and waits in 'aguardando_pagamento' until the provider's notification says
 * approved (→ 'pago') or rejected (→ 'cancelado').
 */
async function recordPendingCharge(
	cartId: string,
	order: PlacedOrder,
	result: Extract<CardChargeResult, { status: 'pending' }>,
	provider: CardPaymentProvider,
): Promise<CheckoutOutcome> {
	try {
		await setPaymentReference(order, result.providerReference)
		await recordPaymentEvent({
			orderId: order.id,
			kind: 'charge_created',
			provider: provider.id,
			providerRef: result.providerReference,
			amountCents: order.totalCents,
			detail: `Pagamento em análise: ${result.detail}`,
			eventKey: `${provider.id}:pending:${result.providerReference}`,
		})
		await removeOrderedLines(cartId, order)
		notifyCartEmptied(cartId)
		await sendPlacedMail(order)
	} catch (error) {
		logger.error(
			{ error: String(error), reference: order.reference, providerReference: result.providerReference },
			'pagamento em análise, mas não foi registrado no pedido: conciliar manualmente',
		)
		if (!isDatabaseUnavailableError(error)) throw error
	}
	return { ok: true, reference: order.reference }
}

/** What the order bought, in the terms removeOrderedLines matches cart lines with. */
async function orderedLinesOf(orderId: string): Promise<OrderedLine[]> {
	const rows = await queryRows<{
		variant_id: string | null
		is_gift: boolean
		is_subscription: boolean
		attributes: LineAttribute[]
		quantity: number
	}>(sql`select variant_id, is_gift, is_subscription, attributes, quantity from order_lines where order_id = ${orderId}::uuid`)
	return rows.map((r) => ({
		key: lineKey(r.variant_id ?? '', r.is_gift, r.is_subscription, r.attributes),
		quantity: r.quantity,
	}))
}

type OrderedLine = { key: string; quantity: number }

/** A cart line and the order line made from it share variant, gift and subscription flags and attributes. */
function lineKey(variantId: string, isGift: boolean, isSubscription: boolean, attributes: LineAttribute[]): string {
	return JSON.stringify([variantId, isGift, isSubscription, attributes.map((a) => [a.key, a.value])])
}

/**
 * After an approved card: takes out of the cart what the order bought, under the cart's lock.
 * The charge took a while and the cart stayed open meanwhile: a line another tab added (or the
 * units it added to an ordered line) was not paid for and stays. The gift lines go and the gift
 * rule runs again on what is left, as after any cart change.
 */
async function removeOrderedLines(cartId: string, order: PlacedOrder): Promise<void> {
	try {
		const orderedByKey = new Map((await orderedLinesOf(order.id)).map((l) => [l.key, l.quantity]))
		const settings = await getStoreSettings()
		await retryStep('remove-lines', order, () =>
			getCartBackend().change(cartId, async (session) => {
				const cart = await session.read()
				const gone: string[] = []
				for (const line of cart.lines) {
					const bought = orderedByKey.get(lineKey(line.merchandise.id, line.isGift, line.isSubscription, line.attributes))
					if (line.isGift || (bought !== undefined && line.quantity <= bought)) gone.push(line.id)
					else if (bought !== undefined) {
						const left = line.quantity - bought
						// Over the stock now (the order took those units): the extra stays as it was, logged.
						await session
							.attempt((inner) => inner.updateLines([{ lineId: line.id, quantity: left }]))
							.catch((error: unknown) => {
								logger.warn({ error: String(error), cartId, lineId: line.id }, 'não foi possível reduzir a linha comprada no carrinho')
							})
					}
				}
				await session.removeLines(gone)
				await reconcileGift(session, settings)
			}),
		)
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

async function sendPlacedMail(order: PlacedOrder, testPayment = false): Promise<void> {
	try {
		const [settings, accessToken, lines, [days]] = await Promise.all([
			getStoreSettings(),
			orderAccessToken(order.id),
			queryRows<StoredOrderLine>(
				sql`select product_title, variant_title, attributes, quantity, line_total_cents, is_gift from order_lines
					where order_id = ${order.id}::uuid order by is_gift, product_title, variant_title`,
			),
			// Decision 085: the promised dates, as the order page tells them.
			queryRows<{ status: string; paid_at: Date | string | null; delivery_min_days: number | null; delivery_max_days: number | null }>(
				sql`select status, paid_at, delivery_min_days, delivery_max_days from orders where id = ${order.id}::uuid`,
			),
		])
		const promise = days
			? orderPromise({ status: days.status, paidAt: days.paid_at, minDays: days.delivery_min_days, maxDays: days.delivery_max_days }, settings)
			: null
		// On api-pix this creates the order's charge at the PSP (once per order, decision 075).
		const pix = order.paymentMethod === 'pix' ? await pixChargeForOrder(order, settings) : null
		const mail = orderPlacedEmail({
			reference: order.reference,
			customerName: order.customerName,
			totalCents: order.totalCents,
			paymentMethod: order.paymentMethod,
			lines: orderMailLines(lines),
			orderUrl: orderLinkUrl(publicUrl(), order.reference, accessToken),
			pixPayload: pix?.payload ?? null,
			testPayment,
			deliveryPromise: promise ? (promise.ifPaidToday ? `${promise.text}, se o pagamento for confirmado hoje` : promise.text) : null,
		})
		await sendMail({ to: order.email, ...mail })
	} catch (error) {
		// The order exists and is shown; a missing e-mail must not turn it into an error page.
		logger.error({ error: String(error), reference: order.reference }, 'falha ao preparar o e-mail de pedido recebido')
	}
}
