import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { FAKE_ACCESS_TOKEN, FAKE_PUBLIC_KEY, FAKE_WEBHOOK_SECRET, type FakeMercadoPago, startFakeMercadoPago, TEST_CARDS } from '#tests/support/fake-mercadopago/server'
import { db } from '~/server/db.server'
import { resetEnvForTests } from '~/server/env.server'
import { clearStoreSettingsCache, updateStoreSettings } from '~/server/settings.server'
import { getCardProvider } from '../card-provider.server'
import { getMercadoPagoClient, mercadoPagoProvider, resetMercadoPagoClientForTests } from './provider.server'
import { MP_DECLINED_MESSAGES } from './status'

/**
 * The Mercado Pago card provider against the fake (issue 29, decision 077), on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL: every request we send is checked by the fake against the
 * documented shapes (`fake.violations` stays empty).
 */
withTestDatabase()

let fake: FakeMercadoPago
const savedEnv = { ...process.env }

beforeAll(async () => {
	fake = await startFakeMercadoPago()
	Object.assign(process.env, {
		PAYMENT_MODE: 'live',
		MERCADOPAGO_ACCESS_TOKEN: FAKE_ACCESS_TOKEN,
		MERCADOPAGO_PUBLIC_KEY: FAKE_PUBLIC_KEY,
		MERCADOPAGO_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
		MERCADOPAGO_API_URL: fake.apiUrl,
		MERCADOPAGO_SDK_URL: fake.sdkUrl,
		PUBLIC_URL: 'http://127.0.0.1:9',
	})
	resetEnvForTests()
	resetMercadoPagoClientForTests()
})

afterAll(async () => {
	process.env = savedEnv
	resetEnvForTests()
	resetMercadoPagoClientForTests()
	await fake.stop()
})

beforeEach(async () => {
	await db.execute(sql`delete from store_settings where key = 'cardInterestFreeInstallments'`)
	clearStoreSettingsCache()
	fake.interestFreeUpTo = 6
})

afterEach(() => {
	expect(fake.violations).toEqual([])
})

/** What MercadoPago.js does in the browser: the card's digits go to Mercado Pago, a token comes back. */
async function cardToken(holder: string, card: { number: string; securityCode: string } = TEST_CARDS.master): Promise<string> {
	const response = await fetch(`${fake.apiUrl}/v1/card_tokens?public_key=${FAKE_PUBLIC_KEY}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ card_number: card.number, security_code: card.securityCode, expiration_month: 11, expiration_year: 2030, cardholder: { name: holder } }),
	})
	return ((await response.json()) as { id: string }).id
}

const payer = { email: 'maria@example.com', name: 'Maria da Silva Souza', cpf: '52998224725' }
const master = { paymentMethodId: 'master', issuerId: '24' }

function charge(token: string, overrides: Partial<Parameters<typeof mercadoPagoProvider.charge>[0]> = {}) {
	return mercadoPagoProvider.charge({
		token,
		amountCents: 12345,
		installments: 1,
		orderReference: `PET-${randomUUID().slice(0, 6).toUpperCase()}`,
		idempotencyKey: randomUUID(),
		card: master,
		payer,
		...overrides,
	})
}

describe('configuration', () => {
	test('live mode with the credentials: Mercado Pago; test mode keeps the test provider', () => {
		expect(getCardProvider('live')?.id).toBe('mercadopago')
		expect(getCardProvider('test')?.id).toBe('test')
	})
})

describe('charging a card token', () => {
	test('approved: POST /v1/payments with the exact amount, the order as external_reference, the idempotency key, the buyer', async () => {
		const key = randomUUID()
		const result = await charge(await cardToken('APRO'), { idempotencyKey: key, orderReference: 'PET-ABC123', installments: 3 })
		expect(result.status).toBe('approved')
		const payment = fake.payments.get(Number(result.providerReference))
		expect(payment).toMatchObject({ transaction_amount: 123.45, installments: 3, external_reference: 'PET-ABC123', payment_method_id: 'master', issuer_id: 24, notification_url: 'http://127.0.0.1:9/webhooks/mercadopago' })
		expect(fake.idempotencyKeys).toContain(key)
	})

	test('a retried charge with the same key gets the same payment back: charged once', async () => {
		const key = randomUUID()
		const reference = 'PET-RETRY1'
		const token = await cardToken('APRO')
		const first = await charge(token, { idempotencyKey: key, orderReference: reference })
		const before = fake.payments.size
		const again = await charge(token, { idempotencyKey: key, orderReference: reference })
		expect(again).toEqual(first)
		expect(fake.payments.size).toBe(before)
	})

	test('in_process: pending, with what Mercado Pago is doing', async () => {
		const result = await charge(await cardToken('CONT'))
		expect(result).toMatchObject({ status: 'pending', detail: 'Pagamento em processamento no Mercado Pago' })
	})

	test.each([
		['OTHE', MP_DECLINED_MESSAGES.generic],
		['FUND', MP_DECLINED_MESSAGES.insufficientAmount],
		['SECU', MP_DECLINED_MESSAGES.securityCode],
		['EXPI', MP_DECLINED_MESSAGES.expiry],
		['CALL', MP_DECLINED_MESSAGES.callForAuthorize],
		['FORM', MP_DECLINED_MESSAGES.badFilled],
	])('rejected (%s): declined with its Portuguese message and the payment id', async (holder, message) => {
		const result = await charge(await cardToken(holder))
		expect(result).toMatchObject({ status: 'declined', message })
		expect(result.providerReference).toMatch(/^\d+$/)
	})

	test('Mercado Pago down: an error (the checkout tells the shopper to try again), never an approval', async () => {
		fake.failNext(503)
		await expect(charge(await cardToken('APRO'))).rejects.toThrow(/HTTP 503/)
	})
})

describe('instalments', () => {
	test("the shop's 'sem juros' up to its setting, Mercado Pago's interest above it; by payment method and issuer, never by the card's digits", async () => {
		await updateStoreSettings({ cardInterestFreeInstallments: 3 })
		fake.interestFreeUpTo = 3
		const options = await mercadoPagoProvider.installmentOptions!({ amountCents: 10_000, card: master })
		expect(options.map((o) => [o.count, o.interestFree])).toEqual([[1, true], [2, true], [3, true], [4, false], [5, false], [6, false]])
		expect(options[3]).toEqual({ count: 4, installmentCents: 2699, totalCents: 10_796, interestFree: false })
	})

	test('the account charges interest on a count the shop promised sem juros: that count is not offered', async () => {
		fake.interestFreeUpTo = 2
		const options = await mercadoPagoProvider.installmentOptions!({ amountCents: 10_000, card: master })
		expect(options.map((o) => o.count)).toEqual([1, 2])
	})
})

describe('refunds', () => {
	test('partial then the rest, each once per key', async () => {
		const result = await charge(await cardToken('APRO'))
		const client = getMercadoPagoClient()
		const key = randomUUID()
		const part = await client.refund(result.providerReference!, 2345, key)
		expect(part.amount).toBe(23.45)
		expect((await client.refund(result.providerReference!, 2345, key)).id).toBe(part.id)
		await client.refund(result.providerReference!, null, randomUUID())
		const payment = await client.getPayment(result.providerReference!)
		expect(payment).toMatchObject({ status: 'refunded', transaction_amount_refunded: 123.45 })
		expect(await client.getPayment('999')).toBeNull()
	})
})
