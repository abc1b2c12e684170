import { describe, expect, test } from 'vitest'
import { installmentOptionLabel, installmentOptions } from './installments'
import { cardFromInstallments, centsToAmountString, reaisToCents } from './mercadopago-installments'

/**
 * The checkout page's reading of MercadoPago.js's getInstallments answer, and the shop's 'sem juros'
 * rule over it (issue 29, decision 079): what the shopper sees for the card she typed.
 */
const cost = (installments: number, installmentAmount: number, totalAmount: number, rate = 0) => ({
	installments,
	installment_rate: rate,
	installment_amount: installmentAmount,
	total_amount: totalAmount,
	recommended_message: `${installments} parcela(s)`,
})

/** R$ 100,00 at Mercado Pago: counts 1–3 carry no interest for the account, 4–6 do. */
const ANSWER = [
	{
		payment_method_id: 'master',
		payment_type_id: 'credit_card',
		issuer: { id: 24, name: 'Mastercard' },
		payer_costs: [cost(1, 100, 100), cost(2, 50, 100), cost(3, 33.34, 100), cost(4, 26.99, 107.96, 7.96), cost(5, 21.99, 109.95, 9.95), cost(6, 18.66, 111.94, 11.94)],
	},
]

describe('reading the SDK answer', () => {
	test('brand, issuer and each quote in cents', () => {
		const card = cardFromInstallments(ANSWER)
		expect(card?.paymentMethodId).toBe('master')
		expect(card?.issuerId).toBe('24')
		expect(card?.quotes[3]).toEqual({ count: 4, installmentCents: 2699, totalCents: 10796 })
	})

	test('nothing usable: null (no card, not an array, a debit card, a brand id we would refuse)', () => {
		expect(cardFromInstallments([])).toBeNull()
		expect(cardFromInstallments({ error: 'x' })).toBeNull()
		expect(cardFromInstallments([{ ...ANSWER[0], payment_type_id: 'debit_card' }])).toBeNull()
		expect(cardFromInstallments([{ ...ANSWER[0], payment_method_id: 'Master Card!' }])).toBeNull()
	})

	test('an issuer id that is not digits is left out; malformed costs are skipped', () => {
		const card = cardFromInstallments([{ ...ANSWER[0], issuer: { id: 'x1' }, payer_costs: [cost(1, 100, 100), { installments: 2, installment_amount: 'x' }, cost(3, 33.333, 100)] }])
		expect(card?.issuerId).toBeNull()
		expect(card?.quotes).toEqual([{ count: 1, installmentCents: 10000, totalCents: 10000 }])
	})

	test('amounts: whole cents only, and the amount string the SDK takes', () => {
		expect(reaisToCents(58.8)).toBe(5880)
		expect(reaisToCents(0.1 + 0.2)).toBe(30)
		expect(reaisToCents(1.005)).toBeNull()
		expect(reaisToCents(-1)).toBeNull()
		expect(reaisToCents('10')).toBeNull()
		expect(centsToAmountString(12345)).toBe('123.45')
		expect(centsToAmountString(5)).toBe('0.05')
		expect(centsToAmountString(10000)).toBe('100.00')
	})
})

describe("the shop's 'sem juros' over the quote", () => {
	const options = (interestFreeUpTo: number) => installmentOptions(cardFromInstallments(ANSWER)?.quotes ?? [], 10000, interestFreeUpTo).map(installmentOptionLabel)

	test('the shop absorbs up to 3 (as the account): 1–3 sem juros, 4–6 with Mercado Pago\'s interest and total', () => {
		expect(options(3)).toEqual([
			'1x de R$ 100,00 sem juros',
			'2x de R$ 50,00 sem juros',
			'3x de R$ 33,34 sem juros',
			'4x de R$ 26,99 (total R$ 107,96, com juros)',
			'5x de R$ 21,99 (total R$ 109,95, com juros)',
			'6x de R$ 18,66 (total R$ 111,94, com juros)',
		])
	})

	test('the shop promises 6 sem juros but the account charges interest from 4: 4–6 are not offered, never "sem juros" charged more', () => {
		expect(options(6)).toEqual(['1x de R$ 100,00 sem juros', '2x de R$ 50,00 sem juros', '3x de R$ 33,34 sem juros'])
	})

	test('the shop absorbs none (1): counts the account gives without interest stay sem juros, the rest show interest', () => {
		expect(options(1)).toEqual([
			'1x de R$ 100,00 sem juros',
			'2x de R$ 50,00 sem juros',
			'3x de R$ 33,34 sem juros',
			'4x de R$ 26,99 (total R$ 107,96, com juros)',
			'5x de R$ 21,99 (total R$ 109,95, com juros)',
			'6x de R$ 18,66 (total R$ 111,94, com juros)',
		])
	})
})
