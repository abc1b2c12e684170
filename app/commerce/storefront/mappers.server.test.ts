import { describe, expect, test } from 'vitest'
import { amountToCents, toMoney } from './mappers.server'

describe('Decimal amounts → integer cents, from the digits', () => {
	test.each([
		['29.9', 2990],
		['29.90', 2990],
		['30', 3000],
		['15.0', 1500],
		['0.0', 0],
		['12.99', 1299],
		['1234567.89', 123456789],
		// 0.1 + 0.2 territory: no float ever holds the price.
		['0.29', 29],
		['1.005', 101],
		['12.994', 1299],
		['12.995', 1300],
		['-5.5', -550],
		[' 7.10 ', 710],
	])('%s → %i', (amount, cents) => {
		expect(amountToCents(amount)).toBe(cents)
	})

	test.each(['', 'abc', '1e3', '12,90', '1.2.3', 'NaN', '.5'])('%j is refused', (amount) => {
		expect(() => amountToCents(amount)).toThrow(/Invalid amount from Shopify/)
	})

	test('money in reais only', () => {
		expect(toMoney({ amount: '49.9', currencyCode: 'BRL' })).toEqual({ amountCents: 4990, currencyCode: 'BRL' })
		expect(() => toMoney({ amount: '49.9', currencyCode: 'USD' })).toThrow('Unsupported currency from Shopify: USD')
	})
})
