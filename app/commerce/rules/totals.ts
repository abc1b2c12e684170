// Cart and checkout money rules: subtotal, shipping, coupon discount, total, the progress boxes of
// the cart drawer and the free-gift rule (document 000 §4 and §9, spec decisions 3, 5 and 13).
// Integer cents throughout; the server is the authority, the browser may reuse it for display.
import { formatMoney } from '~/utils/format'

export type TotalsLine = {
	unitPriceCents: number
	quantity: number
	isGift: boolean
	isSubscription: boolean
}

export type TotalsSettings = {
	freeShippingThresholdCents: number
	shippingRateCents: number
	giftThresholdCents: number
	/** Percent off the products when paying by PIX (issue 13); 0 or absent switches it off. */
	pixDiscountPercent?: number
}

export type CouponKind = 'percentage' | 'fixed' | 'free_shipping'

export type CouponForTotals = {
	kind: CouponKind
	/** percentage: percent off the subtotal (0 < value ≤ 100, decimals allowed); fixed: cents off; free_shipping: ignored. */
	value: number
	minSubtotalCents: number | null
	startsAt: Date | null
	endsAt: Date | null
	/** null = unlimited. */
	usageLimit: number | null
	usedCount: number
	active: boolean
}

export const COUPON_MESSAGES = {
	invalid: 'Cupom inválido',
	expired: 'Cupom expirado',
	notYetValid: 'Cupom ainda não está válido',
	exhausted: 'Cupom esgotado',
} as const

export function couponMinimumMessage(minSubtotalCents: number): string {
	return `Pedido mínimo de ${formatMoney(minSubtotalCents)} para este cupom`
}

export type CouponCheck = { ok: true } | { ok: false; reason: string }

export type CouponVerdict =
	| { status: 'none' }
	| { status: 'applied'; kind: CouponKind; discountCents: number; freeShipping: boolean }
	| { status: 'rejected'; reason: string }

export type Totals = {
	/** Sum of the non-gift lines (gifts are free and never count towards thresholds). */
	subtotalCents: number
	/** Shipping before any coupon: 0 at/above the free-shipping threshold, for subscriptions or with nothing to ship. */
	baseShippingCents: number
	shippingCents: number
	discountCents: number
	/** Total before any PIX discount: what a card pays. */
	totalCents: number
	/** What paying by PIX takes off (0 when the shop gives no PIX discount). */
	pixDiscountCents: number
	/** totalCents − pixDiscountCents: what a PIX payment pays. */
	pixTotalCents: number
	coupon: CouponVerdict
}

function assertCents(value: number, what: string): void {
	// Programming errors, not user input: prices come from the database, never from the browser.
	if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a non-negative integer, got ${value}`)
}

export function nonGiftSubtotalCents(lines: readonly TotalsLine[]): number {
	let sum = 0
	for (const line of lines) {
		assertCents(line.unitPriceCents, 'unitPriceCents')
		assertCents(line.quantity, 'quantity')
		if (!line.isGift) sum += line.unitPriceCents * line.quantity
	}
	return sum
}

/**
 * Whether a coupon may be used now on this subtotal. Checks run from the most to the least
 * fundamental, so the shopper sees the reason that matters (an expired coupon is 'expirado'
 * even if the order is also below its minimum).
 */
export function checkCoupon(coupon: CouponForTotals, subtotalCents: number, now: Date): CouponCheck {
	if (!coupon.active || !hasValidValue(coupon)) return { ok: false, reason: COUPON_MESSAGES.invalid }
	if (coupon.startsAt && now.getTime() < coupon.startsAt.getTime()) return { ok: false, reason: COUPON_MESSAGES.notYetValid }
	// endsAt is inclusive: a coupon valid 'até 31/12 23:59:59' still works at that instant.
	if (coupon.endsAt && now.getTime() > coupon.endsAt.getTime()) return { ok: false, reason: COUPON_MESSAGES.expired }
	if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return { ok: false, reason: COUPON_MESSAGES.exhausted }
	if (coupon.minSubtotalCents !== null && subtotalCents < coupon.minSubtotalCents) {
		return { ok: false, reason: couponMinimumMessage(coupon.minSubtotalCents) }
	}
	return { ok: true }
}

function hasValidValue(coupon: CouponForTotals): boolean {
	if (coupon.kind === 'percentage') return Number.isFinite(coupon.value) && coupon.value > 0 && coupon.value <= 100
	if (coupon.kind === 'fixed') return Number.isSafeInteger(coupon.value) && coupon.value > 0
	return true
}

/** Percentage of a cent amount, rounded half up to the cent (12.5% of 1 cent → 0; of 4 cents → 1). */
export function percentageOfCents(amountCents: number, percent: number): number {
	// Work in hundredths of a percent so '12.5' or '33.33' stay exact integers.
	const basisPoints = Math.round(percent * 100)
	return Math.floor((amountCents * basisPoints + 5000) / 10000)
}

function couponDiscount(coupon: CouponForTotals, subtotalCents: number): number {
	switch (coupon.kind) {
		case 'percentage':
			return Math.min(percentageOfCents(subtotalCents, coupon.value), subtotalCents)
		case 'fixed':
			return Math.min(coupon.value, subtotalCents)
		case 'free_shipping':
			return 0
	}
}

export function computeTotals(input: {
	lines: readonly TotalsLine[]
	settings: TotalsSettings
	coupon?: CouponForTotals | null
	now: Date
}): Totals {
	const { lines, settings, coupon, now } = input
	assertCents(settings.freeShippingThresholdCents, 'freeShippingThresholdCents')
	assertCents(settings.shippingRateCents, 'shippingRateCents')
	const subtotalCents = nonGiftSubtotalCents(lines)
	// Decision 20: free shipping (like the gift) is decided on the subtotal before any coupon
	// discount, so a coupon never takes back what the cart drawer already promised.
	const hasSomethingToShip = lines.some((line) => !line.isGift && line.quantity > 0)
	const baseShippingCents =
		!hasSomethingToShip ||
		lines.some((line) => line.isSubscription) ||
		subtotalCents >= settings.freeShippingThresholdCents
			? 0
			: settings.shippingRateCents

	let verdict: CouponVerdict = { status: 'none' }
	let discountCents = 0
	let shippingCents = baseShippingCents
	if (coupon) {
		const check = checkCoupon(coupon, subtotalCents, now)
		if (check.ok) {
			discountCents = couponDiscount(coupon, subtotalCents)
			const freeShipping = coupon.kind === 'free_shipping'
			if (freeShipping) shippingCents = 0
			verdict = { status: 'applied', kind: coupon.kind, discountCents, freeShipping }
		} else {
			verdict = { status: 'rejected', reason: check.reason }
		}
	}

	const totalCents = subtotalCents - discountCents + shippingCents
	const pixDiscountCents = pixDiscountOf(subtotalCents - discountCents, settings.pixDiscountPercent ?? 0)
	return {
		subtotalCents,
		baseShippingCents,
		shippingCents,
		discountCents,
		totalCents,
		pixDiscountCents,
		pixTotalCents: totalCents - pixDiscountCents,
		coupon: verdict,
	}
}

/**
 * The PIX discount on the products after any coupon, never on shipping (as Brazilian shops
 * advertise it: '5% de desconto no PIX' on the price of the goods), rounded half up to the cent.
 */
export function pixDiscountOf(productsCents: number, percent: number): number {
	if (!(percent > 0) || productsCents <= 0) return 0
	return Math.min(percentageOfCents(productsCents, percent), productsCents)
}

/** A price as paid by PIX ('R$ 28,41 no PIX' under a card's price). */
export function pixPriceCents(priceCents: number, percent: number): number {
	return priceCents - pixDiscountOf(priceCents, percent)
}

export type Progress = { remainingCents: number; percent: number; reached: boolean }

/** Progress towards a threshold: remaining cents (never negative) and the bar's percent, capped at 100. */
export function thresholdProgress(subtotalCents: number, thresholdCents: number): Progress {
	if (thresholdCents <= 0) return { remainingCents: 0, percent: 100, reached: true }
	const remainingCents = Math.max(0, thresholdCents - subtotalCents)
	const percent = Math.min(100, Math.max(0, (subtotalCents / thresholdCents) * 100))
	return { remainingCents, percent, reached: remainingCents === 0 }
}

/** 'Faltam R$ {x} para frete grátis!' / '🎉 Você ganhou frete grátis!' box (on the non-gift subtotal). */
export function freeShippingProgress(subtotalCents: number, thresholdCents: number): Progress {
	return thresholdProgress(subtotalCents, thresholdCents)
}

/** 'Faltam R$ {x} para ganhar um brinde!' box (on the non-gift subtotal). */
export function giftProgress(subtotalCents: number, thresholdCents: number): Progress {
	return thresholdProgress(subtotalCents, thresholdCents)
}

/** Document 000 §9: the gift message shows only when the cart is not a subscription and something remains. */
export function showGiftProgress(input: { isSubscriptionCart: boolean; remainingCents: number; giftConfigured: boolean }): boolean {
	return input.giftConfigured && !input.isSubscriptionCart && input.remainingCents > 0
}

export type GiftDecision = 'add' | 'remove' | 'keep'

/**
 * Document 000 §4, run after every cart change: with a gift product configured, a non-gift subtotal
 * ≥ threshold and no gift line → add one; subtotal below the threshold while gift lines exist →
 * remove all of them; otherwise nothing changes. §4 does not exempt subscription carts from the gift
 * (only the progress message is hidden for them, see showGiftProgress), so isSubscriptionCart is
 * accepted for the callers' convenience but does not change the decision.
 */
export function giftRuleDecision(input: {
	nonGiftSubtotalCents: number
	thresholdCents: number
	hasGiftLine: boolean
	giftConfigured: boolean
	isSubscriptionCart?: boolean
}): GiftDecision {
	const { nonGiftSubtotalCents, thresholdCents, hasGiftLine, giftConfigured } = input
	const reached = nonGiftSubtotalCents >= thresholdCents
	if (!reached && hasGiftLine) return 'remove'
	if (reached && !hasGiftLine && giftConfigured) return 'add'
	return 'keep'
}
