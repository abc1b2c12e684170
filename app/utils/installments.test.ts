import { describe, expect, test } from 'vitest'
import { cardPaymentLabel, installmentCents, installmentLabel, pixOfferLabel } from './installments'

describe('instalments', () => {
	test('the amount is rounded up to the cent, so n instalments cover the price', () => {
		expect(installmentLabel(9960)).toBe('6x de R$ 16,60 sem juros')
		expect(installmentLabel(3490)).toBe('6x de R$ 5,82 sem juros')
		expect(installmentLabel(2990, 2)).toBe('2x de R$ 14,95 sem juros')
		for (const total of [1, 599, 3490, 47880, 100001]) expect(installmentCents(total, 6) * 6).toBeGreaterThanOrEqual(total)
	})
})

describe('pixOfferLabel (issue 13)', () => {
	test('the PIX price and percent when the store gives a discount, else the documents’ text', () => {
		expect(pixOfferLabel(2990, 5)).toBe('ou R$ 28,40 no PIX (5% de desconto)')
		expect(pixOfferLabel(10000, 7.5)).toBe('ou R$ 92,50 no PIX (7,5% de desconto)')
		expect(pixOfferLabel(2990, 0)).toBe('ou PIX à vista')
	})
})

describe('cardPaymentLabel (decision 119)', () => {
	test("instalments the shop absorbs say 'sem juros'; the provider's interest shows the card's total", () => {
		expect(cardPaymentLabel(3, 12990, null)).toBe('Cartão de crédito em 3x sem juros')
		expect(cardPaymentLabel(1, 12990, 12990)).toBe('Cartão de crédito em 1x sem juros')
		expect(cardPaymentLabel(5, 12990, 13765)).toBe('Cartão de crédito em 5x com juros (total no cartão R$ 137,65)')
	})
})
