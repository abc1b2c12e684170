import { describe, expect, it } from 'vitest'
import {
	checkCoupon,
	computeTotals,
	type CouponForTotals,
	couponMinimumMessage,
	freeShippingProgress,
	giftProgress,
	giftRuleDecision,
	percentageOfCents,
	pixDiscountOf,
	pixPriceCents,
	showGiftProgress,
	type TotalsLine,
} from './totals'

const settings = { freeShippingThresholdCents: 10000, shippingRateCents: 1590, giftThresholdCents: 10000 }
const now = new Date('2026-06-15T12:00:00Z')

function line(unitPriceCents: number, quantity = 1, extra: Partial<TotalsLine> = {}): TotalsLine {
	return { unitPriceCents, quantity, isGift: false, isSubscription: false, ...extra }
}
const gift = line(0, 1, { isGift: true })

function coupon(extra: Partial<CouponForTotals> = {}): CouponForTotals {
	return {
		kind: 'percentage',
		value: 10,
		minSubtotalCents: null,
		startsAt: null,
		endsAt: null,
		usageLimit: null,
		usedCount: 0,
		active: true,
		...extra,
	}
}

describe('computeTotals: subtotal and shipping', () => {
	it('charges the shipping rate at R$ 99,99', () => {
		expect(computeTotals({ lines: [line(9999)], settings, now })).toMatchObject({
			subtotalCents: 9999,
			shippingCents: 1590,
			discountCents: 0,
			totalCents: 11589,
			coupon: { status: 'none' },
		})
	})

	it('ships free at exactly R$ 100,00 and above', () => {
		expect(computeTotals({ lines: [line(10000)], settings, now })).toMatchObject({ shippingCents: 0, totalCents: 10000 })
		expect(computeTotals({ lines: [line(5000, 3)], settings, now })).toMatchObject({ subtotalCents: 15000, shippingCents: 0 })
	})

	it('sums quantity × price and leaves gift lines out of the subtotal', () => {
		const totals = computeTotals({ lines: [line(2990, 2), line(1299, 3), { ...gift, unitPriceCents: 500 }], settings, now })
		expect(totals.subtotalCents).toBe(2990 * 2 + 1299 * 3)
	})

	it('does not let a gift line reach the free-shipping threshold', () => {
		const totals = computeTotals({ lines: [line(9999), { ...gift, unitPriceCents: 1 }], settings, now })
		expect(totals).toMatchObject({ subtotalCents: 9999, shippingCents: 1590 })
	})

	it('ships subscriptions free whatever the subtotal', () => {
		const totals = computeTotals({ lines: [line(2000, 1, { isSubscription: true })], settings, now })
		expect(totals).toMatchObject({ subtotalCents: 2000, shippingCents: 0, totalCents: 2000 })
	})

	it('charges nothing for an empty cart or one holding only a gift', () => {
		expect(computeTotals({ lines: [], settings, now })).toMatchObject({ shippingCents: 0, totalCents: 0 })
		expect(computeTotals({ lines: [gift], settings, now })).toMatchObject({ shippingCents: 0, totalCents: 0 })
	})

	it('refuses non-integer cents (a programming error, never user input)', () => {
		expect(() => computeTotals({ lines: [line(10.5)], settings, now })).toThrow(RangeError)
		expect(() => computeTotals({ lines: [line(100, -1)], settings, now })).toThrow(RangeError)
	})
})

describe('computeTotals: coupons', () => {
	it('takes a percentage off the subtotal, not the shipping', () => {
		const totals = computeTotals({ lines: [line(5000)], settings, coupon: coupon({ value: 10 }), now })
		expect(totals).toMatchObject({
			subtotalCents: 5000,
			discountCents: 500,
			shippingCents: 1590,
			totalCents: 6090,
			coupon: { status: 'applied', kind: 'percentage', discountCents: 500, freeShipping: false },
		})
	})

	it('rounds percentages half up to the cent', () => {
		expect(percentageOfCents(9999, 10)).toBe(1000) // 999.9 → 1000
		expect(percentageOfCents(1005, 10)).toBe(101) // 100.5 → 101
		expect(percentageOfCents(1004, 10)).toBe(100) // 100.4 → 100
		expect(percentageOfCents(4, 12.5)).toBe(1) // 0.5 → 1
		expect(percentageOfCents(3, 12.5)).toBe(0) // 0.375 → 0
		expect(percentageOfCents(10000, 33.33)).toBe(3333)
		expect(computeTotals({ lines: [line(1005)], settings, coupon: coupon({ value: 10 }), now }).discountCents).toBe(101)
	})

	it('never discounts more than the subtotal', () => {
		const all = computeTotals({ lines: [line(9999)], settings, coupon: coupon({ value: 100 }), now })
		expect(all).toMatchObject({ discountCents: 9999, shippingCents: 1590, totalCents: 1590 })
		const fixed = computeTotals({ lines: [line(3000)], settings, coupon: coupon({ kind: 'fixed', value: 5000 }), now })
		expect(fixed).toMatchObject({ discountCents: 3000, totalCents: 1590 })
	})

	it('takes a fixed amount off', () => {
		const totals = computeTotals({ lines: [line(12000)], settings, coupon: coupon({ kind: 'fixed', value: 1500 }), now })
		expect(totals).toMatchObject({ discountCents: 1500, shippingCents: 0, totalCents: 10500 })
	})

	it('decision 20: a coupon never takes back free shipping or the gift reached by the subtotal', () => {
		// R$ 100,00 with 50% off pays R$ 50,00 and still ships free…
		const totals = computeTotals({ lines: [line(10000)], settings, coupon: coupon({ value: 50 }), now })
		expect(totals).toMatchObject({ subtotalCents: 10000, discountCents: 5000, baseShippingCents: 0, shippingCents: 0, totalCents: 5000 })
		// …and the gift rule reads the same pre-discount subtotal: the gift stays.
		expect(giftRuleDecision({ nonGiftSubtotalCents: totals.subtotalCents, thresholdCents: 10000, hasGiftLine: true, giftConfigured: true })).toBe('keep')
	})

	it('keeps free shipping decided on the subtotal before the discount', () => {
		// R$ 100,00 with 10% off: the shopper reached the threshold, shipping stays free.
		const totals = computeTotals({ lines: [line(10000)], settings, coupon: coupon({ value: 10 }), now })
		expect(totals).toMatchObject({ discountCents: 1000, shippingCents: 0, totalCents: 9000 })
	})

	it('zeroes shipping with a free_shipping coupon', () => {
		const totals = computeTotals({ lines: [line(9999)], settings, coupon: coupon({ kind: 'free_shipping', value: 0 }), now })
		expect(totals).toMatchObject({
			baseShippingCents: 1590,
			shippingCents: 0,
			discountCents: 0,
			totalCents: 9999,
			coupon: { status: 'applied', kind: 'free_shipping', freeShipping: true },
		})
	})

	it('rejects a coupon and charges full price, with the reason', () => {
		const totals = computeTotals({ lines: [line(9999)], settings, coupon: coupon({ active: false }), now })
		expect(totals).toMatchObject({
			discountCents: 0,
			shippingCents: 1590,
			totalCents: 11589,
			coupon: { status: 'rejected', reason: 'Cupom inválido' },
		})
	})
})

describe('checkCoupon', () => {
	it('respects the validity window, both ends inclusive', () => {
		const startsAt = new Date('2026-06-01T03:00:00Z')
		const endsAt = new Date('2026-06-30T02:59:59Z')
		const c = coupon({ startsAt, endsAt })
		expect(checkCoupon(c, 5000, new Date(startsAt.getTime() - 1))).toEqual({ ok: false, reason: 'Cupom ainda não está válido' })
		expect(checkCoupon(c, 5000, startsAt)).toEqual({ ok: true })
		expect(checkCoupon(c, 5000, endsAt)).toEqual({ ok: true })
		expect(checkCoupon(c, 5000, new Date(endsAt.getTime() + 1))).toEqual({ ok: false, reason: 'Cupom expirado' })
		expect(checkCoupon(coupon({ startsAt }), 5000, new Date('2030-01-01'))).toEqual({ ok: true })
		expect(checkCoupon(coupon({ endsAt }), 5000, new Date('2020-01-01'))).toEqual({ ok: true })
	})

	it('is exhausted when used as many times as its limit', () => {
		expect(checkCoupon(coupon({ usageLimit: 1, usedCount: 0 }), 5000, now)).toEqual({ ok: true })
		expect(checkCoupon(coupon({ usageLimit: 1, usedCount: 1 }), 5000, now)).toEqual({ ok: false, reason: 'Cupom esgotado' })
		expect(checkCoupon(coupon({ usageLimit: 0 }), 5000, now)).toEqual({ ok: false, reason: 'Cupom esgotado' })
		expect(checkCoupon(coupon({ usageLimit: null, usedCount: 1000 }), 5000, now)).toEqual({ ok: true })
	})

	it('requires the minimum subtotal, inclusive, naming it in R$', () => {
		const c = coupon({ minSubtotalCents: 10000 })
		expect(checkCoupon(c, 9999, now)).toEqual({ ok: false, reason: 'Pedido mínimo de R$ 100,00 para este cupom' })
		expect(checkCoupon(c, 10000, now)).toEqual({ ok: true })
		expect(couponMinimumMessage(15050)).toBe('Pedido mínimo de R$ 150,50 para este cupom')
		expect(couponMinimumMessage(123456)).toBe('Pedido mínimo de R$ 1.234,56 para este cupom')
	})

	it('calls inactive coupons and impossible values invalid', () => {
		for (const c of [
			coupon({ active: false }),
			coupon({ value: 0 }),
			coupon({ value: 101 }),
			coupon({ value: Number.NaN }),
			coupon({ kind: 'fixed', value: 0 }),
			coupon({ kind: 'fixed', value: 10.5 }),
		]) {
			expect(checkCoupon(c, 5000, now)).toEqual({ ok: false, reason: 'Cupom inválido' })
		}
	})

	it('gives the most fundamental reason first', () => {
		const expiredAndBelowMinimum = coupon({ endsAt: new Date('2026-01-01'), minSubtotalCents: 99999 })
		expect(checkCoupon(expiredAndBelowMinimum, 100, now)).toEqual({ ok: false, reason: 'Cupom expirado' })
		const inactiveAndExpired = coupon({ active: false, endsAt: new Date('2026-01-01') })
		expect(checkCoupon(inactiveAndExpired, 100, now)).toEqual({ ok: false, reason: 'Cupom inválido' })
	})
})

describe('progress boxes', () => {
	it('counts down to free shipping and caps the bar at 100%', () => {
		expect(freeShippingProgress(9999, 10000)).toEqual({ remainingCents: 1, percent: 99.99, reached: false })
		expect(freeShippingProgress(10000, 10000)).toEqual({ remainingCents: 0, percent: 100, reached: true })
		expect(freeShippingProgress(25000, 10000)).toEqual({ remainingCents: 0, percent: 100, reached: true })
		expect(freeShippingProgress(0, 10000)).toEqual({ remainingCents: 10000, percent: 0, reached: false })
		expect(freeShippingProgress(2500, 10000).percent).toBe(25)
	})

	it('counts down to the gift the same way', () => {
		expect(giftProgress(9999, 10000)).toEqual({ remainingCents: 1, percent: 99.99, reached: false })
		expect(giftProgress(10000, 10000)).toEqual({ remainingCents: 0, percent: 100, reached: true })
		expect(giftProgress(5000, 20000)).toEqual({ remainingCents: 15000, percent: 25, reached: false })
	})

	it('treats a zero threshold as reached', () => {
		expect(freeShippingProgress(0, 0)).toEqual({ remainingCents: 0, percent: 100, reached: true })
	})

	it('shows the gift message only outside subscriptions while something remains', () => {
		expect(showGiftProgress({ isSubscriptionCart: false, remainingCents: 1, giftConfigured: true })).toBe(true)
		expect(showGiftProgress({ isSubscriptionCart: true, remainingCents: 1, giftConfigured: true })).toBe(false)
		expect(showGiftProgress({ isSubscriptionCart: false, remainingCents: 0, giftConfigured: true })).toBe(false)
		expect(showGiftProgress({ isSubscriptionCart: false, remainingCents: 1, giftConfigured: false })).toBe(false)
	})
})

describe('giftRuleDecision (document 000 §4)', () => {
	const base = { thresholdCents: 10000, giftConfigured: true, isSubscriptionCart: false }

	it('adds the gift at exactly R$ 100,00 when there is none', () => {
		expect(giftRuleDecision({ ...base, nonGiftSubtotalCents: 10000, hasGiftLine: false })).toBe('add')
		expect(giftRuleDecision({ ...base, nonGiftSubtotalCents: 15000, hasGiftLine: false })).toBe('add')
	})

	it('does not add it at R$ 99,99', () => {
		expect(giftRuleDecision({ ...base, nonGiftSubtotalCents: 9999, hasGiftLine: false })).toBe('keep')
	})

	it('removes gift lines when the subtotal drops to R$ 99,99', () => {
		expect(giftRuleDecision({ ...base, nonGiftSubtotalCents: 9999, hasGiftLine: true })).toBe('remove')
		expect(giftRuleDecision({ ...base, nonGiftSubtotalCents: 0, hasGiftLine: true })).toBe('remove')
	})

	it('keeps an existing gift at or above the threshold (never a second one)', () => {
		expect(giftRuleDecision({ ...base, nonGiftSubtotalCents: 10000, hasGiftLine: true })).toBe('keep')
	})

	it('adds nothing without a configured gift, but still removes a stale one below the threshold', () => {
		expect(giftRuleDecision({ ...base, giftConfigured: false, nonGiftSubtotalCents: 10000, hasGiftLine: false })).toBe('keep')
		expect(giftRuleDecision({ ...base, giftConfigured: false, nonGiftSubtotalCents: 9999, hasGiftLine: true })).toBe('remove')
	})

	it('applies to subscription carts as §4 states it (only the progress message is hidden for them)', () => {
		expect(giftRuleDecision({ ...base, isSubscriptionCart: true, nonGiftSubtotalCents: 10000, hasGiftLine: false })).toBe('add')
	})
})

describe('PIX discount (issue 13)', () => {
	const withPix = { ...settings, pixDiscountPercent: 5 }

	it('takes the percent off the products after the coupon, never off shipping', () => {
		// R$ 80,00 of products, 10% coupon → 72,00; 5% of 72,00 = 3,60; shipping 15,90 untouched.
		const totals = computeTotals({ lines: [line(4000, 2)], settings: withPix, coupon: coupon(), now })
		expect(totals).toMatchObject({ subtotalCents: 8000, discountCents: 800, shippingCents: 1590, totalCents: 8790, pixDiscountCents: 360, pixTotalCents: 8430 })
	})

	it('rounds half up to the cent and is zero when the shop gives none', () => {
		// 5% of 29,90 = 1,495 → 1,50.
		expect(computeTotals({ lines: [line(2990)], settings: withPix, now })).toMatchObject({ pixDiscountCents: 150, pixTotalCents: 2990 + 1590 - 150 })
		expect(computeTotals({ lines: [line(2990)], settings, now })).toMatchObject({ pixDiscountCents: 0, pixTotalCents: 4580 })
		expect(computeTotals({ lines: [line(2990)], settings: { ...settings, pixDiscountPercent: 7.5 }, now }).pixDiscountCents).toBe(224)
	})

	it('gifts are free and get no discount; an empty order gets none', () => {
		expect(computeTotals({ lines: [gift], settings: withPix, now })).toMatchObject({ pixDiscountCents: 0, pixTotalCents: 0 })
		expect(pixDiscountOf(0, 5)).toBe(0)
		expect(pixPriceCents(2990, 5)).toBe(2840)
		expect(pixPriceCents(2990, 0)).toBe(2990)
	})
})
