import { describe, expect, test } from 'vitest'
import { TEST_CARD_TOKENS } from '~/utils/checkout-schema'
import { TEST_CARD_NUMBERS, TEST_CARD_OUTCOMES, formatCardNumber, luhnValid, testCardToken, validateCard } from './test-card'

const NOW = new Date('2026-11-22T12:00:00Z')
const card = (number: string, expiry = '12/30') => ({ number, holder: 'ANA SOUZA', expiry, cvc: '123' })

describe('test card tokenizer', () => {
	test('documented numbers give documented tokens', () => {
		expect(testCardToken(card('4242 4242 4242 4242'), NOW)).toBe(TEST_CARD_TOKENS.approved)
		expect(testCardToken(card('4000 0000 0000 0002'), NOW)).toBe(TEST_CARD_TOKENS.declined)
		expect(testCardToken(card('4000000000009995'), NOW)).toBe(TEST_CARD_TOKENS.insufficientFunds)
		expect(testCardToken(card('5555 5555 5555 4444'), NOW)).toBe(TEST_CARD_TOKENS.approved)
	})

	test('invalid cards give no token and Portuguese errors', () => {
		expect(testCardToken(card('4242 4242 4242 4241'), NOW)).toBeNull()
		expect(validateCard({ number: '1234', holder: ' ', expiry: '13/30', cvc: '1' }, NOW)).toEqual({
			number: 'Número do cartão inválido.',
			holder: 'Informe o nome impresso no cartão.',
			expiry: 'Mês de validade inválido.',
			cvc: 'Informe o código de segurança (3 ou 4 números).',
		})
		expect(validateCard(card('4242424242424242', '10/26'), NOW)).toEqual({ expiry: 'Cartão vencido.' })
		expect(validateCard(card('4242424242424242', '11/26'), NOW)).toEqual({})
	})

	test('Luhn and formatting', () => {
		expect(luhnValid('4242424242424242')).toBe(true)
		expect(luhnValid('4242424242424243')).toBe(false)
		expect(formatCardNumber('4242-4242x42424242999999')).toBe('4242 4242 4242 4242 999')
	})
})

describe('the outcomes the page lists', () => {
	test('every number the test provider defines is listed, and each number gives the outcome it says', () => {
		expect(TEST_CARD_OUTCOMES.map((o) => o.number.replace(/\s/g, ''))).toEqual(Object.values(TEST_CARD_NUMBERS))
		const tokenOf = (number: string) => testCardToken(card(number), NOW)
		const [approved, declined, insufficient] = TEST_CARD_OUTCOMES
		expect(approved && tokenOf(approved.number)).toBe(TEST_CARD_TOKENS.approved)
		expect(declined && tokenOf(declined.number)).toBe(TEST_CARD_TOKENS.declined)
		expect(insufficient?.outcome).toMatch(/saldo ou limite insuficiente/)
		expect(insufficient && tokenOf(insufficient.number)).toBe(TEST_CARD_TOKENS.insufficientFunds)
	})
})
