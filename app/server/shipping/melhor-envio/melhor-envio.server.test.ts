import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type FakeMelhorEnvio, startFakeMelhorEnvio } from '#tests/support/fake-melhor-envio/server'
import { defaultItemSize, packParcels } from '~/commerce/rules/packing'
import { setClockForTests } from '~/server/clock.server'
import { MelhorEnvioClient, MelhorEnvioError, priceToCents, userAgentOf } from './client.server'
import { type CarrierQuoteInput, type MelhorEnvioConfig, calculateRequest, clearMelhorEnvioCacheForTests, quoteMelhorEnvio } from './quotes.server'

/**
 * Melhor Envio's quotes (issue 32, decision 087) against the local fake, which checks every
 * request against the documented contract: the request we send, the options we read, the cache,
 * and every way the carrier can fail — each answered by null (the regional table) quickly.
 */
let fake: FakeMelhorEnvio
let config: MelhorEnvioConfig

beforeAll(async () => {
	fake = await startFakeMelhorEnvio()
	config = { apiUrl: fake.apiUrl, token: fake.token, userAgent: userAgentOf('Pet Estilo', 'contato@petestilo.com.br'), timeoutMs: 400 }
})
afterAll(() => fake.stop())
beforeEach(() => {
	fake.reset()
	clearMelhorEnvioCacheForTests()
})

const bandana = { ...defaultItemSize('bandana'), unitPriceCents: 4990 }
const input = (overrides: Partial<CarrierQuoteInput> = {}): CarrierQuoteInput => ({
	fromCep: '01310-100',
	toCep: '69005-040',
	services: [1, 2],
	parcels: packParcels([{ ...bandana, quantity: 2 }]),
	...overrides,
})

describe('the request (documented contract)', () => {
	test('parcels go as products of quantity 1: cm, kg, BRL with two decimals; the services asked', () => {
		expect(calculateRequest(input({ fromCep: '01310100', toCep: '69005040' }))).toEqual({
			from: { postal_code: '01310100' },
			to: { postal_code: '69005040' },
			products: [{ id: 'volume-1', width: 15, height: 2, length: 20, weight: 0.18, insurance_value: 99.8, quantity: 1 }],
			options: { receipt: false, own_hand: false },
			services: '1,2',
		})
	})

	test('headers: bearer token, JSON both ways, a User-Agent naming the shop and its contact', async () => {
		await quoteMelhorEnvio(input(), config)
		expect(fake.violations).toEqual([])
		expect(fake.userAgents).toEqual(['Pet Estilo (contato@petestilo.com.br)'])
		expect(userAgentOf('Pet Estilô (Loja)', 'contato@loja.com.br')).toBe('Pet Estilo Loja (contato@loja.com.br)')
	})

	test('the fake refuses what the documentation does not allow (an unknown field, a missing CEP)', async () => {
		const client = new MelhorEnvioClient(config)
		const body = { ...calculateRequest(input({ fromCep: '01310100', toCep: '69005040' })), coupon: 'X' }
		await expect(client.calculate(body)).rejects.toMatchObject({ status: 422 })
		const { to: _to, ...withoutTo } = calculateRequest(input({ fromCep: '01310100', toCep: '69005040' }))
		await expect(client.calculate(withoutTo as never)).rejects.toBeInstanceOf(MelhorEnvioError)
		expect(fake.violations).toHaveLength(2)
		fake.violations.length = 0
	})
})

describe('quoteMelhorEnvio', () => {
	test('each service asked with its price and transit, cheapest first', async () => {
		const options = await quoteMelhorEnvio(input(), config)
		expect(options?.map((o) => [o.carrier, o.service, o.serviceId])).toEqual([
			['Correios', 'PAC', 1],
			['Correios', 'SEDEX', 2],
		])
		const [pac, sedex] = options!
		expect(pac!.priceCents).toBeLessThan(sedex!.priceCents)
		expect(Number.isInteger(pac!.priceCents)).toBe(true)
		expect(pac!.transitMinDays).toBeLessThanOrEqual(pac!.transitMaxDays)
		expect(sedex!.transitMaxDays).toBeLessThan(pac!.transitMaxDays)
		expect(fake.violations).toEqual([])
	})

	test('a repeated CEP and cart is answered from memory; two at once make one call; other parcels ask again', async () => {
		const [a, b] = await Promise.all([quoteMelhorEnvio(input(), config), quoteMelhorEnvio(input({ toCep: '69005040' }), config)])
		expect(b).toEqual(a)
		await quoteMelhorEnvio(input(), config)
		expect(fake.requests).toHaveLength(1)
		await quoteMelhorEnvio(input({ parcels: packParcels([{ ...bandana, quantity: 3 }]) }), config)
		expect(fake.requests).toHaveLength(2)
	})

	test('a service that does not serve the route is left out; none at all → the table', async () => {
		fake.failService(2)
		expect((await quoteMelhorEnvio(input(), config))?.map((o) => o.service)).toEqual(['PAC'])
		fake.failService(1)
		expect(await quoteMelhorEnvio(input({ toCep: '90010-000' }), config)).toBeNull()
		expect(fake.violations).toEqual([])
	})

	test('slow: the time box answers null in time, and the next 30 s do not wait for it again', async () => {
		fake.delayMs = 2_000
		const started = Date.now()
		expect(await quoteMelhorEnvio(input(), config)).toBeNull()
		expect(Date.now() - started).toBeLessThan(1_500)
		fake.delayMs = 0
		expect(await quoteMelhorEnvio(input(), config)).toBeNull()
		expect(fake.requests).toHaveLength(0)
		setClockForTests(Date.now() + 31_000)
		expect(await quoteMelhorEnvio(input(), config)).not.toBeNull()
	})

	test('down, failing or refusing: null, never an exception', async () => {
		fake.dropNext()
		expect(await quoteMelhorEnvio(input(), config)).toBeNull()
		clearMelhorEnvioCacheForTests()
		fake.failNext(500)
		expect(await quoteMelhorEnvio(input(), config)).toBeNull()
		clearMelhorEnvioCacheForTests()
		expect(await quoteMelhorEnvio(input(), { ...config, token: 'outro.token.que-nao-vale-nada' })).toBeNull()
		// A 401 is the owner's token, not an outage: the next quote still asks.
		expect(await quoteMelhorEnvio(input(), config)).not.toBeNull()
	})

	test('not configured, a bad CEP or an empty cart: null without asking', async () => {
		expect(await quoteMelhorEnvio(input(), null)).toBeNull()
		expect(await quoteMelhorEnvio(input({ toCep: '123' }), config)).toBeNull()
		expect(await quoteMelhorEnvio(input({ parcels: [] }), config)).toBeNull()
		expect(fake.requests).toHaveLength(0)
	})
})

test('priceToCents reads Melhor Envio’s prices exactly', () => {
	expect(priceToCents('25.65')).toBe(2565)
	expect(priceToCents('12.6')).toBe(1260)
	expect(priceToCents('7')).toBe(700)
	expect(priceToCents(0.29)).toBe(29)
	expect(priceToCents(1234.5)).toBe(123450)
})
