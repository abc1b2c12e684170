import { describe, expect, test } from 'vitest'
import { parsePixPayload } from '~/commerce/rules/pix-brcode'
import { TEST_CARD_TOKENS } from '~/utils/checkout-schema'
import { getCardProvider, paymentModeOf } from './card-provider.server'
import { pixChargeFor } from './pix.server'
import { CARD_DECLINED_MESSAGES, testCardProvider } from './test-card-provider.server'

describe('pixChargeFor', () => {
	test('a BR Code for the store key, merchant, exact amount and the order reference as txid, with its QR', async () => {
		const charge = await pixChargeFor(
			{ reference: 'PET-7K3M9Q', totalCents: 10_269 },
			{ pixKey: 'contato@petestilo.com.br', pixMerchantName: 'PET ESTILO', pixMerchantCity: 'SAO PAULO' },
		)
		expect(charge).not.toBeNull()
		const parsed = parsePixPayload(charge?.payload ?? '')
		expect(parsed.ok).toBe(true)
		if (!parsed.ok) return
		expect(parsed.payload).toMatchObject({
			key: 'contato@petestilo.com.br',
			amountCents: 10_269,
			merchantName: 'PET ESTILO',
			merchantCity: 'SAO PAULO',
			txid: 'PET7K3M9Q',
		})
		expect(charge?.qrCodeDataUrl).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/)
	})

	test('no PIX key, no charge', async () => {
		expect(
			await pixChargeFor({ reference: 'PET-AAAAAA', totalCents: 100 }, { pixKey: null, pixMerchantName: 'X', pixMerchantCity: 'Y' }),
		).toBeNull()
	})
})

describe('test card provider', () => {
	const charge = (token: string, overrides: Partial<{ amountCents: number; installments: number }> = {}) =>
		testCardProvider.charge({ token, amountCents: 5000, installments: 1, orderReference: 'PET-AAAAAA', ...overrides })

	test('is the default provider and says it is a test', () => {
		expect(getCardProvider()).toBe(testCardProvider)
		expect(testCardProvider.isTest).toBe(true)
		expect(paymentModeOf(testCardProvider)).toBe('test')
	})

	test('a live shop never gets it: no provider until a real one is plugged in', () => {
		expect(getCardProvider('test')).toBe(testCardProvider)
		expect(getCardProvider('live')).toBeNull()
	})

	test('documented outcomes', async () => {
		expect(await charge(TEST_CARD_TOKENS.approved)).toMatchObject({
			status: 'approved',
			providerReference: expect.stringMatching(/^test_/),
		})
		expect(await charge(TEST_CARD_TOKENS.declined)).toMatchObject({ status: 'declined', message: CARD_DECLINED_MESSAGES.declined })
		expect(await charge(TEST_CARD_TOKENS.insufficientFunds)).toMatchObject({
			status: 'declined',
			message: CARD_DECLINED_MESSAGES.insufficientFunds,
		})
		expect(await charge('tok_outra_coisa')).toMatchObject({ status: 'declined', message: CARD_DECLINED_MESSAGES.invalidToken })
	})

	test('refuses amounts and installments out of range', async () => {
		expect((await charge(TEST_CARD_TOKENS.approved, { installments: 7 })).status).toBe('declined')
		expect((await charge(TEST_CARD_TOKENS.approved, { amountCents: 0 })).status).toBe('declined')
	})
})
