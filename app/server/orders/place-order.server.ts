import { announceStoreChange } from '~/server/store-events.server'
import { productsWithAddons } from '~/commerce/rules/line-groups'
import { randomInt } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { loadCart } from '~/commerce/builtin/cart.server'
import type { PromisedRange } from '~/commerce/rules/delivery-date'
import { quotePromise } from '~/server/shipping/promise.server'
import { type ShippingOption, shippingOptions } from '~/server/shipping/options.server'
import { normalizeCep } from '~/commerce/rules/cep'
import { checkoutMessages } from '~/utils/checkout-schema'
import { nowMs } from '~/server/clock.server'
import { type ShippingQuote, productionDaysFor, quoteShipping } from '~/commerce/rules/shipping'
import { type CouponForTotals, type Totals, type TotalsSettings, computeTotals, giftRuleDecision } from '~/commerce/rules/totals'
import type { Cart, CartLine } from '~/commerce/types'
import type { PaymentMethod } from '~/db/schema/orders'
import type { CouponRow as CouponListRow } from '~/server/coupons/coupons.server'
import { ruleSubtotalCents } from '~/server/cart/view.server'
import { type Executor, type Transaction, db, queryRows } from '~/server/db.server'
import { type StoreSettings, getStoreSettings } from '~/server/settings.server'
import type { CheckoutValues } from '~/utils/checkout-schema'
import { lineDetails, type SummaryLine } from '~/utils/order-summary-line'

/**
 * Order creation for the built-in checkout (spec decision 5), in ONE transaction:
 * the cart row is locked (one checkout of a cart at a time), the idempotency key is looked
 * up (a repeated submission returns the order it already made), prices come from the
 * variants, the coupon use is counted with a conditional UPDATE, stock is reserved with a
 * conditional decrement (never below zero, so the last unit is sold once however many
 * checkouts race for it), and the order, its lines and its first history row are written.
 * Nothing here sends e-mail or talks to a payment provider: that happens after the commit.
 */

export const PLACE_ORDER_MESSAGES = {
	cartEmpty: 'Seu carrinho está vazio. Adicione produtos antes de finalizar o pedido.',
	unavailable: (title: string) => `"${title}" não está mais disponível. Remova-o do carrinho para continuar.`,
	outOfStock: (title: string) =>
		`Não há estoque suficiente de "${title}". Outra pessoa pode ter comprado a última unidade; ajuste o carrinho e tente novamente.`,
	pixUnavailable: 'O pagamento por PIX não está disponível no momento. Escolha cartão ou fale conosco.',
	couponInvalid: 'Cupom inválido',
	couponExhausted: 'Cupom esgotado',
	attemptMismatch: 'Esta tentativa de checkout já foi usada. Recarregue a página e tente novamente.',
} as const

export type PlaceOrderFailure = {
	ok: false
	code: 'cart_empty' | 'unavailable' | 'out_of_stock' | 'coupon' | 'pix_unavailable' | 'card_unavailable' | 'attempt_mismatch' | 'shipping'
	message: string
	/** The form field the message belongs beside, when there is one. */
	field?: 'couponCode' | 'paymentMethod' | 'shippingOption'
}

export type PlacedOrder = {
	id: string
	reference: string
	status: string
	totalCents: number
	paymentMethod: PaymentMethod
	email: string
	customerName: string
}

/** A cart line as it went into the order: after the card is approved, only these leave the cart. */
export type OrderedCartLine = { id: string; quantity: number; isGift: boolean }

export type PlaceOrderResult =
	| {
			ok: true
			order: PlacedOrder
			/**
			 * 'new': this call made the order. 'replayed': the same submission (idempotency key) made it
			 * before. 'open': another submission of the same cart (another tab, render or retry) made
			 * it and its card charge has not completed: the cart's one open order (decision 019).
			 */
			source: 'new' | 'replayed' | 'open'
			cartLines: OrderedCartLine[]
	  }
	| PlaceOrderFailure

export type PlaceOrderInput = {
	cartId: string
	userId: string | null
	/** SHA-256 of the buyer cookie, so this browser can reopen the order page. */
	buyerTokenHash: string | null
	checkout: CheckoutValues
	/**
	 * PIX orders empty the cart at once. Card orders keep it until the provider approves, so a
	 * declined card leaves the shopper's cart (and form) as it was.
	 */
	emptyCart: boolean
	now?: Date
}

/** Thrown inside the transaction to roll it back with a message for the shopper. */
class OrderRejected extends Error {
	constructor(readonly failure: PlaceOrderFailure) {
		super(failure.message)
	}
}

type CouponRow = Omit<CouponListRow, 'created_at'>

const toDate = (value: Date | string | null) => (value === null ? null : new Date(value))

function toCouponForTotals(row: CouponRow): CouponForTotals {
	return {
		kind: row.kind,
		value: row.value,
		minSubtotalCents: row.min_subtotal_cents,
		usageLimit: row.usage_limit,
		usedCount: row.used_count,
		startsAt: toDate(row.starts_at),
		endsAt: toDate(row.ends_at),
		active: row.active,
	}
}

export async function findCoupon(code: string, executor: Executor = db): Promise<CouponRow | null> {
	const [row] = await queryRows<CouponRow>(
		sql`select id, code, kind, value, min_subtotal_cents, usage_limit, used_count, starts_at, ends_at, active
			from coupons where code = ${code.trim().toUpperCase()}`,
		executor,
	)
	return row ?? null
}

export type CheckoutSummary = {
	lines: Array<SummaryLine & { unavailable: boolean }>
	totals: Totals
	couponCode: string | null
	freeShippingThresholdCents: number
	/** The region's rate and delivery window for the CEP typed so far; null before a CEP. */
	shippingQuote: ShippingQuote | null
	/** The quote's promised dates if the payment is confirmed now (decision 085). */
	deliveryPromise: PromisedRange | null
	/**
	 * Issue 32 (decision 087): the options for the CEP (Melhor Envio's services, else the regional
	 * table's one), each with what it would charge this cart (`chargedCents`: the free-shipping rule
	 * applied); the one selected (the shopper's, else the cheapest) is in the totals.
	 */
	shippingOptions: Array<ShippingOption & { chargedCents: number }>
	selectedShipping: string | null
	/** The store's PIX discount in percent (0: none). */
	pixDiscountPercent: number
}

/**
 * The money settings for one delivery address: the CEP's region rate replaces the flat rate
 * (issue 13); without a CEP (or outside every range) the flat rate stays.
 */
export function totalsSettingsFor(
	settings: StoreSettings,
	address: { cep?: string | null; uf?: string | null },
	lines: ReadonlyArray<{ attributes?: readonly { key: string; value: string }[] | null }> = [],
	option: ShippingOption | null = null,
): { totalsSettings: TotalsSettings; quote: ShippingQuote | null; days: { min: number; max: number } | null } {
	// Decision 085: the quote's days are production (personalised pieces may take longer) + transit.
	const productionDays = productionDaysFor(lines, settings)
	const quote = address.cep ? quoteShipping(settings.shippingTable, address.cep, address.uf, productionDays) : null
	return {
		quote,
		// Decision 087: the option chosen (a carrier's service or the table) decides the days and the rate.
		days: option ? { min: option.minDays, max: option.maxDays } : quote ? { min: quote.minDays, max: quote.maxDays } : null,
		totalsSettings: {
			// The free-shipping threshold applies to the owner's service (and the table's option) only.
			freeShippingThresholdCents: option && !option.freeAtThreshold ? Number.MAX_SAFE_INTEGER : settings.freeShippingThresholdCents,
			giftThresholdCents: settings.giftThresholdCents,
			shippingRateCents: option?.priceCents ?? quote?.rateCents ?? settings.shippingRateCents,
			pixDiscountPercent: settings.pixKey ? settings.pixDiscountPercent : 0,
		},
	}
}

/** What each option would charge this cart (the free-shipping rule and coupons aside from free shipping); 'Calcular frete' too. */
export function withCharges(options: readonly ShippingOption[], settings: StoreSettings, lines: ReturnType<typeof totalsLines>, now: Date) {
	return options.map((option) => {
		const { totalsSettings } = totalsSettingsFor(settings, {}, [], option)
		return { ...option, chargedCents: computeTotals({ lines, settings: totalsSettings, coupon: null, now }).baseShippingCents }
	})
}

/** The shopper's option when offered, else the cheapest for this cart (decision 087). */
function selectOption<T extends ShippingOption & { chargedCents: number }>(options: readonly T[], requested: string | null | undefined): T | null {
	const asked = requested ? options.find((o) => o.id === requested) : undefined
	if (asked) return asked
	return options.reduce<T | null>((best, o) => (best === null || o.chargedCents < best.chargedCents ? o : best), null)
}

export function totalsLines(cart: Pick<Cart, 'lines'>) {
	return cart.lines
		.filter((l) => !l.unavailable)
		.map((l) => ({
			unitPriceCents: l.cost.unitPrice.amountCents,
			quantity: l.quantity,
			isGift: l.isGift,
			isSubscription: l.isSubscription,
		}))
}

/**
 * What the checkout page shows: lines and totals from the server cart, with the coupon the
 * shopper typed (a rejected coupon comes back with its reason and changes nothing).
 */
export async function checkoutSummary(
	cart: Cart,
	couponCode: string | undefined,
	options: { settings?: StoreSettings; now?: Date; cep?: string | null; uf?: string | null; shippingOption?: string | null } = {},
): Promise<CheckoutSummary> {
	const settings = options.settings ?? (await getStoreSettings())
	const now = options.now ?? new Date(nowMs())
	const couponRow = couponCode ? await findCoupon(couponCode) : null
	const cep = options.cep ? normalizeCep(options.cep) : null
	const offered = cep ? withCharges(await shippingOptions({ cep, uf: options.uf, lines: cart.lines, at: now.getTime() }, settings), settings, totalsLines(cart), now) : []
	const selected = selectOption(offered, options.shippingOption)
	const { totalsSettings, quote } = totalsSettingsFor(settings, options, cart.lines, selected)
	const totals = computeTotals({
		lines: totalsLines(cart),
		settings: totalsSettings,
		coupon: couponRow ? toCouponForTotals(couponRow) : null,
		now: options.now ?? new Date(),
	})
	const coupon: Totals['coupon'] =
		couponCode && !couponRow ? { status: 'rejected', reason: PLACE_ORDER_MESSAGES.couponInvalid } : totals.coupon
	return {
		lines: productsWithAddons(cart.lines, (l) => l).map(({ line: l, addonOf }) => ({
			id: l.id,
			isAddon: addonOf !== null,
			title: l.merchandise.product.title,
			variantTitle: l.merchandise.title,
			options: l.merchandise.selectedOptions.map((o) => o.value).join(' • '),
			details: lineDetails(l.attributes),
			imageUrl: l.merchandise.product.featuredImage?.url ?? null,
			quantity: l.quantity,
			unitPriceCents: l.cost.unitPrice.amountCents,
			totalCents: l.cost.total.amountCents,
			isGift: l.isGift,
			isSubscription: l.isSubscription,
			unavailable: l.unavailable,
		})),
		totals: { ...totals, coupon },
		couponCode: couponCode ?? null,
		freeShippingThresholdCents: settings.freeShippingThresholdCents,
		shippingQuote: quote,
		deliveryPromise: selected?.promise ?? (quote ? quotePromise(quote.minDays, quote.maxDays, settings, now.getTime()) : null),
		shippingOptions: offered,
		selectedShipping: selected?.id ?? null,
		pixDiscountPercent: totalsSettings.pixDiscountPercent ?? 0,
	}
}

// No 0/O, 1/I/L: a reference is read aloud on the phone and typed from a bank statement.
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

/** 'PET-7K3M9Q': 31^6 ≈ 887 million values; a collision is retried with a new one. */
export function generateOrderReference(): string {
	let code = ''
	for (let i = 0; i < 6; i += 1) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]
	return `PET-${code}`
}

type OrderRow = {
	id: string
	reference: string
	status: string
	total_cents: number
	payment_method: PaymentMethod
	email: string
	customer_name: string
	cart_id: string | null
}

function toPlacedOrder(row: OrderRow): PlacedOrder {
	return {
		id: row.id,
		reference: row.reference,
		status: row.status,
		totalCents: row.total_cents,
		paymentMethod: row.payment_method,
		email: row.email,
		customerName: row.customer_name,
	}
}

async function findOrderByKey(key: string, executor: Executor): Promise<OrderRow | null> {
	const [row] = await queryRows<OrderRow>(
		sql`select id, reference, status, total_cents, payment_method, email, customer_name, cart_id
			from orders where idempotency_key = ${key}`,
		executor,
	)
	return row ?? null
}

/** The card order of this cart still awaiting its charge, if any (at most one: see the index). */
async function findOpenCardOrder(cartId: string, executor: Executor): Promise<OrderRow | null> {
	const [row] = await queryRows<OrderRow>(
		sql`select id, reference, status, total_cents, payment_method, email, customer_name, cart_id
			from orders where cart_id = ${cartId}::uuid and status = 'aguardando_pagamento' and payment_method = 'card'`,
		executor,
	)
	return row ?? null
}

function lineTitle(line: CartLine): string {
	const variant = line.merchandise.title
	return variant && variant !== 'Único' && variant !== 'Default Title'
		? `${line.merchandise.product.title} (${variant})`
		: line.merchandise.product.title
}

/**
 * Reserves stock for every tracked variant of the order. Variants are decremented in id
 * order so two checkouts sharing variants lock them in the same order (no deadlock). A gift
 * that ran out is dropped from the order instead of blocking the purchase.
 */
async function reserveStock(tx: Transaction, lines: CartLine[], onSoldOut: () => void): Promise<CartLine[]> {
	// One reservation per (variant, gift or not): a gift that ran out can then be dropped alone.
	const wanted = new Map<string, { variantId: string; isGift: boolean; quantity: number; line: CartLine }>()
	for (const line of lines) {
		const key = `${line.merchandise.id}:${line.isGift}`
		const entry = wanted.get(key)
		wanted.set(key, {
			variantId: line.merchandise.id,
			isGift: line.isGift,
			quantity: (entry?.quantity ?? 0) + line.quantity,
			line,
		})
	}
	const droppedGifts = new Set<string>()
	for (const key of [...wanted.keys()].sort()) {
		const { variantId, isGift, quantity, line } = wanted.get(key) as {
			variantId: string
			isGift: boolean
			quantity: number
			line: CartLine
		}
		// stock null = not tracked (made to order): always available. Otherwise never below zero.
		const rows = await queryRows<{ id: string; stock: number | null }>(
			sql`update product_variants set stock = stock - ${quantity}
				where id = ${variantId}::uuid and (stock is null or stock >= ${quantity})
				returning id, stock`,
			tx,
		)
		if (rows.length === 1) {
			if (rows[0]?.stock === 0) onSoldOut()
			continue
		}
		if (isGift) droppedGifts.add(variantId)
		else
			throw new OrderRejected({
				ok: false,
				code: 'out_of_stock',
				message: PLACE_ORDER_MESSAGES.outOfStock(lineTitle(line)),
			})
	}
	return lines.filter((line) => !(line.isGift && droppedGifts.has(line.merchandise.id)))
}

/**
 * The lines that can be bought, with the gift rule (document 000 §4) decided again here, with
 * the settings and prices of this moment: the cart's gift line was added when the rule last
 * ran, and since then the owner may have raised the threshold or changed the gift product, or
 * a price may have dropped. A gift that no longer qualifies is left out of the order (never
 * shipped free below the threshold); none is added here — the cart adds it, where the shopper
 * sees it. At most one gift line, quantity 1.
 */
export function linesToOrder(cart: Cart, settings: Pick<StoreSettings, 'giftThresholdCents' | 'giftProductHandle'>): CartLine[] {
	const buyable = cart.lines.filter((l) => !l.unavailable)
	const gifts = buyable.filter((l) => l.isGift)
	const decision = giftRuleDecision({
		nonGiftSubtotalCents: ruleSubtotalCents(cart),
		thresholdCents: settings.giftThresholdCents,
		hasGiftLine: gifts.length > 0,
		giftConfigured: settings.giftProductHandle !== null,
	})
	const gift =
		decision === 'remove' || settings.giftProductHandle === null
			? undefined
			: gifts.find((l) => l.merchandise.product.handle === settings.giftProductHandle && l.quantity === 1)
	return buyable.filter((l) => !l.isGift || l === gift)
}

async function redeemCoupon(tx: Transaction, couponId: string): Promise<boolean> {
	// Atomic: of two checkouts racing for the last use, the second finds used_count = limit.
	const rows = await queryRows<{ used_count: number }>(
		sql`update coupons set used_count = used_count + 1
			where id = ${couponId}::uuid and (usage_limit is null or used_count < usage_limit)
			returning used_count`,
		tx,
	)
	return rows.length === 1
}

export async function placeOrder(input: PlaceOrderInput): Promise<PlaceOrderResult> {
	const { checkout } = input
	const now = input.now ?? new Date()
	const settings = await getStoreSettings()
	if (checkout.paymentMethod === 'pix' && !settings.pixKey) {
		return {
			ok: false,
			code: 'pix_unavailable',
			message: PLACE_ORDER_MESSAGES.pixUnavailable,
			field: 'paymentMethod',
		}
	}
	// Issue 32 (decision 087): the shipping option is quoted again here, before the transaction (a
	// carrier may take seconds; its answer is cached): only the option's id comes from the form.
	const cartNow = await loadCart(input.cartId)
	const cepNow = normalizeCep(checkout.cep)
	const offered =
		cartNow && cepNow
			? withCharges(await shippingOptions({ cep: cepNow, uf: checkout.uf, lines: cartNow.lines, at: now.getTime() }, settings), settings, totalsLines(cartNow), now)
			: []
	const chosen = selectOption(offered, checkout.shippingOption)
	if (checkout.shippingOption && offered.length > 0 && chosen?.id !== checkout.shippingOption) {
		// Tampered (never offered) or stale (no longer offered for this CEP and cart): never trusted.
		const serviceId = /^me:(\d+)$/.exec(checkout.shippingOption)?.[1]
		const couldHaveBeenOffered = checkout.shippingOption === 'tabela' || (serviceId !== undefined && settings.carrierServices.includes(Number(serviceId)))
		return {
			ok: false,
			code: 'shipping',
			message: couldHaveBeenOffered ? checkoutMessages.shippingStale : checkoutMessages.shippingInvalid,
			field: 'shippingOption',
		}
	}
	// A variant this order sold out: pages that show it as available must change (page cache).
	let soldOut = false
	try {
		const result = await db.transaction(async (tx) => {
			// One checkout of a cart at a time: a double click waits here, then finds its order.
			const [cartRow] = await queryRows<{ id: string }>(sql`select id from carts where id = ${input.cartId}::uuid for update`, tx)
			const existing = await findOrderByKey(checkout.idempotencyKey, tx)
			if (existing) {
				if (existing.cart_id !== input.cartId) {
					// Someone replaying another browser's key gets nothing of that order.
					throw new OrderRejected({
						ok: false,
						code: 'attempt_mismatch',
						message: PLACE_ORDER_MESSAGES.attemptMismatch,
					})
				}
				return {
					ok: true as const,
					order: toPlacedOrder(existing),
					source: 'replayed' as const,
					cartLines: [],
				}
			}
			// One cart, one order: while a card order of this cart awaits its charge, the cart is
			// still full (it empties on approval), and every other submission of it — another tab,
			// another render of the page, another payment method — gets that order instead of a new
			// one. The cart lock above serialises this check; the partial unique index
			// orders_open_card_order_per_cart enforces it in the database as well.
			const open = await findOpenCardOrder(input.cartId, tx)
			if (open) return { ok: true as const, order: toPlacedOrder(open), source: 'open' as const, cartLines: [] }
			const cart = cartRow ? await loadCart(input.cartId, tx) : null
			if (!cart || cart.lines.length === 0) {
				throw new OrderRejected({
					ok: false,
					code: 'cart_empty',
					message: PLACE_ORDER_MESSAGES.cartEmpty,
				})
			}
			const unavailable = cart.lines.find((l) => l.unavailable && !l.isGift)
			if (unavailable) {
				// Sold out since it went into the cart (the usual fate of the last unit) gets the stock
				// message; switched off or unpublished gets 'não está mais disponível'.
				throw new OrderRejected(
					unavailable.merchandise.quantityAvailable === 0
						? { ok: false, code: 'out_of_stock', message: PLACE_ORDER_MESSAGES.outOfStock(lineTitle(unavailable)) }
						: { ok: false, code: 'unavailable', message: PLACE_ORDER_MESSAGES.unavailable(lineTitle(unavailable)) },
				)
			}
			const lines = await reserveStock(tx, linesToOrder(cart, settings), () => (soldOut = true))
			if (!lines.some((l) => !l.isGift)) {
				throw new OrderRejected({
					ok: false,
					code: 'cart_empty',
					message: PLACE_ORDER_MESSAGES.cartEmpty,
				})
			}

			let couponRow: CouponRow | null = null
			if (checkout.couponCode) {
				couponRow = await findCoupon(checkout.couponCode, tx)
				if (!couponRow) {
					throw new OrderRejected({
						ok: false,
						code: 'coupon',
						message: PLACE_ORDER_MESSAGES.couponInvalid,
						field: 'couponCode',
					})
				}
			}
			const orderTotalsSettings = totalsSettingsFor(settings, { cep: checkout.cep, uf: checkout.uf }, lines, chosen)
			const totals = computeTotals({
				lines: lines.map((l) => ({
					unitPriceCents: l.cost.unitPrice.amountCents,
					quantity: l.quantity,
					isGift: l.isGift,
					isSubscription: l.isSubscription,
				})),
				settings: orderTotalsSettings.totalsSettings,
				coupon: couponRow ? toCouponForTotals(couponRow) : null,
				now,
			})
			// PIX pays the total less the store's PIX discount (issue 13); the BR Code carries it.
			const pixDiscountCents = checkout.paymentMethod === 'pix' ? totals.pixDiscountCents : 0
			const totalCents = totals.totalCents - pixDiscountCents
			const days = orderTotalsSettings.days
			const shippingQuote = chosen
				? {
						chosen: chosen.id,
						quotedAt: now.toISOString(),
						options: offered.map((o) => ({ id: o.id, carrier: o.carrier, service: o.service, priceCents: o.priceCents, minDays: o.minDays, maxDays: o.maxDays })),
					}
				: null
			if (totals.coupon.status === 'rejected') {
				throw new OrderRejected({
					ok: false,
					code: 'coupon',
					message: totals.coupon.reason,
					field: 'couponCode',
				})
			}
			if (couponRow && !(await redeemCoupon(tx, couponRow.id))) {
				throw new OrderRejected({
					ok: false,
					code: 'coupon',
					message: PLACE_ORDER_MESSAGES.couponExhausted,
					field: 'couponCode',
				})
			}

			let order: OrderRow | undefined
			for (let attempt = 0; attempt < 5 && !order; attempt += 1) {
				;[order] = await queryRows<OrderRow>(
					sql`
					insert into orders (reference, user_id, cart_id, session_token_hash, idempotency_key, status,
						customer_name, email, cpf, phone, cep, street, number, complement, district, city, uf,
						shipping_cents, subtotal_cents, discount_cents, pix_discount_cents, total_cents, coupon_code, payment_method,
						installments, delivery_min_days, delivery_max_days, shipping_service_id, shipping_carrier, shipping_service, shipping_quote)
					values (${generateOrderReference()}, ${input.userId}, ${input.cartId}::uuid, ${input.buyerTokenHash},
						${checkout.idempotencyKey}, 'aguardando_pagamento', ${checkout.name}, ${checkout.email}, ${checkout.cpf},
						${checkout.phone}, ${checkout.cep}, ${checkout.street}, ${checkout.number}, ${checkout.complement ?? null},
						${checkout.district}, ${checkout.city}, ${checkout.uf}, ${totals.shippingCents}, ${totals.subtotalCents},
						${totals.discountCents}, ${pixDiscountCents}, ${totalCents}, ${couponRow?.code ?? null}, ${checkout.paymentMethod},
						${checkout.installments}, ${days?.min ?? null}, ${days?.max ?? null}, ${chosen?.serviceId ?? null},
						${chosen?.carrier ?? null}, ${chosen?.service ?? null}, ${shippingQuote ? JSON.stringify(shippingQuote) : null}::jsonb)
					on conflict do nothing
					returning id, reference, status, total_cents, payment_method, email, customer_name, cart_id`,
					tx,
				)
				// No row: the reference was taken (retry) — or the key, by a request that raced
				// past the cart lock with another cart; the caller then replays that order.
				if (!order && (await findOrderByKey(checkout.idempotencyKey, tx))) {
					throw new OrderRejected({
						ok: false,
						code: 'attempt_mismatch',
						message: PLACE_ORDER_MESSAGES.attemptMismatch,
					})
				}
			}
			if (!order) throw new Error('could not find a free order reference')

			for (const line of lines) {
				await tx.execute(sql`
					insert into order_lines (order_id, product_id, variant_id, product_handle, product_title, variant_title,
						image_url, selected_options, attributes, unit_price_cents, quantity, is_gift, is_subscription, line_total_cents)
					values (${order.id}::uuid, ${line.merchandise.product.id}::uuid, ${line.merchandise.id}::uuid,
						${line.merchandise.product.handle}, ${line.merchandise.product.title}, ${line.merchandise.title},
						${line.merchandise.product.featuredImage?.url ?? null},
						${JSON.stringify(line.merchandise.selectedOptions)}::jsonb, ${JSON.stringify(line.attributes)}::jsonb,
						${line.cost.unitPrice.amountCents}, ${line.quantity}, ${line.isGift}, ${line.isSubscription},
						${line.cost.total.amountCents})`)
			}
			// A custom piece's lines carry its personalization_orders id (hidden attribute, written
			// by the server only): the row now belongs to this order (decision 037).
			await tx.execute(sql`
				update personalization_orders set order_id = ${order.id}::uuid, user_id = coalesce(user_id, ${input.userId}::uuid)
				where order_id is null and id in (
					select (a->>'value')::uuid from order_lines ol, jsonb_array_elements(ol.attributes) a
					where ol.order_id = ${order.id}::uuid and a->>'key' = '_personalizacao'
						and a->>'value' ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')`)
			if (couponRow) {
				await tx.execute(sql`insert into coupon_redemptions (coupon_id, order_id) values (${couponRow.id}::uuid, ${order.id}::uuid)`)
			}
			await tx.execute(sql`
				insert into order_status_history (order_id, from_status, to_status, changed_by_user_id, note)
				values (${order.id}::uuid, null, 'aguardando_pagamento', ${input.userId}, 'Pedido criado no checkout')`)
			if (input.emptyCart) await emptyCartLines(tx, input.cartId)
			return {
				ok: true as const,
				order: toPlacedOrder(order),
				source: 'new' as const,
				cartLines: lines.map((l) => ({ id: l.id, quantity: l.quantity, isGift: l.isGift })),
			}
		})
		// After the commit: a page rendered on this event must see the variant sold out.
		if (soldOut) announceStoreChange('stock')
		return result
	} catch (error) {
		if (error instanceof OrderRejected) return error.failure
		throw error
	}
}

export async function emptyCartLines(executor: Executor, cartId: string): Promise<void> {
	await executor.execute(sql`delete from cart_lines where cart_id = ${cartId}::uuid`)
	await executor.execute(sql`update carts set updated_at = now() where id = ${cartId}::uuid`)
}
