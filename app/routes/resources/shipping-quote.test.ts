import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type FakeMelhorEnvio, startFakeMelhorEnvio } from '#tests/support/fake-melhor-envio/server'
import { withTestDatabase } from '#tests/setup/with-database'
import { createCart } from '~/commerce/builtin/cart.server'
import { clearCommerceTables, createProduct } from '~/commerce/builtin/test-factories.server'
import { formatPromise } from '~/commerce/rules/delivery-date'
import { db } from '~/server/db.server'
import { resetEnvForTests } from '~/server/env.server'
import { clearStoreSettingsCache, updateStoreSettings } from '~/server/settings.server'
import { clearMelhorEnvioCacheForTests } from '~/server/shipping/melhor-envio/quotes.server'
import { action, loader, QUOTE_MESSAGES, QUOTE_RATE_LIMIT, type ShippingQuoteResponse } from './shipping-quote'

/**
 * POST /frete (issue 32, decision 113): every bad input is a Portuguese message and a 4xx, never
 * a 500; a good one gets the checkout's own options — the regional table without Melhor Envio,
 * its services (the local fake) with it — cheapest first, with the free-shipping rule and dates.
 */
withTestDatabase()

let fake: FakeMelhorEnvio

function useMelhorEnvio(on: boolean) {
	if (on) {
		process.env.MELHOR_ENVIO_TOKEN = fake.token
		process.env.MELHOR_ENVIO_API_URL = fake.apiUrl
		process.env.MELHOR_ENVIO_TIMEOUT_MS = '1000'
	} else {
		delete process.env.MELHOR_ENVIO_TOKEN
		delete process.env.MELHOR_ENVIO_API_URL
		delete process.env.MELHOR_ENVIO_TIMEOUT_MS
	}
	resetEnvForTests()
}

beforeAll(async () => {
	fake = await startFakeMelhorEnvio()
})
afterAll(async () => {
	useMelhorEnvio(false)
	await fake.stop()
})
beforeEach(async () => {
	useMelhorEnvio(false)
	await db.execute(sql`truncate rate_limits`)
	await clearCommerceTables()
	clearStoreSettingsCache()
	clearMelhorEnvioCacheForTests()
	fake.reset()
})

async function post(fields: Record<string, string> | string, options: { cookie?: string; ip?: string; contentType?: string } = {}) {
	const headers: Record<string, string> = {}
	if (options.cookie) headers.cookie = options.cookie
	if (options.contentType) headers['content-type'] = options.contentType
	const body = typeof fields === 'string' ? fields : new URLSearchParams(fields)
	const result = (await action({
		request: new Request('http://loja.test/frete', { method: 'POST', body, headers }),
		params: {},
		context: { clientIp: options.ip ?? '203.0.113.7' },
	} as never)) as unknown as { data: ShippingQuoteResponse; init: ResponseInit | null }
	return { status: result.init?.status ?? 200, body: result.data, headers: new Headers(result.init?.headers) }
}

async function bandana(priceCents = 5000) {
	return createProduct({ title: 'Bandana Xadrez', productType: 'Bandana', variants: [{ priceCents, stock: null }] })
}

function productForm(product: { handle: string }, variant: { id: string }, overrides: Record<string, string> = {}) {
	return { intent: 'produto', cep: '20040-020', handle: product.handle, variantId: variant.id, quantity: '1', ...overrides }
}

function ok(answer: { body: ShippingQuoteResponse }) {
	if (!answer.body.ok) throw new Error(`expected options, got: ${answer.body.message}`)
	return answer.body
}

describe('validation: a Portuguese message, never a 500', () => {
	test('a CEP that is not 8 digits: 400, the message names the format, the field is the CEP', async () => {
		const { product, variant } = await bandana()
		for (const cep of ['', '0131', '01310-1000', 'abcde-fgh', '01.310-100', '0'.repeat(50), '<script>']) {
			const answer = await post(productForm(product, variant, { cep }))
			expect(answer.status, cep).toBe(400)
			expect(answer.body, cep).toEqual({ ok: false, message: QUOTE_MESSAGES.cep, field: 'cep' })
		}
		const missing = await post({ intent: 'carrinho' })
		expect(missing.body).toEqual({ ok: false, message: QUOTE_MESSAGES.cep, field: 'cep' })
	})

	test('no intent or an unknown one; a bad quantity; a bad or unknown product', async () => {
		const { product, variant } = await bandana()
		expect((await post({ cep: '20040-020' })).body).toEqual({ ok: false, message: QUOTE_MESSAGES.intent })
		expect((await post({ intent: 'checkout', cep: '20040-020' })).body).toEqual({ ok: false, message: QUOTE_MESSAGES.intent })
		for (const quantity of ['0', '-1', '1.5', 'muitos', '1000', '']) {
			const answer = await post(productForm(product, variant, { quantity }))
			expect(answer.status, quantity).toBe(400)
			expect(answer.body, quantity).toEqual({ ok: false, message: QUOTE_MESSAGES.quantity })
		}
		expect((await post(productForm(product, variant, { handle: '../etc' }))).body).toEqual({ ok: false, message: QUOTE_MESSAGES.product })
		expect((await post(productForm(product, variant, { variantId: 'x'.repeat(101) }))).status).toBe(400)
		const unknownVariant = await post(productForm(product, { id: '00000000-0000-4000-8000-000000000000' }))
		expect(unknownVariant).toMatchObject({ status: 404, body: { ok: false, message: QUOTE_MESSAGES.product } })
		const unknownProduct = await post(productForm({ handle: 'nao-existe' }, variant))
		expect(unknownProduct).toMatchObject({ status: 404, body: { ok: false, message: QUOTE_MESSAGES.product } })
	})

	test('a body that is not a form, or carries control characters: 400 in Portuguese', async () => {
		const json = await post('{"intent":"carrinho","cep":"20040020"}', { contentType: 'application/json' })
		expect(json.status).toBe(400)
		expect(json.body.ok).toBe(false)
		const nul = await post({ intent: 'carrinho', cep: '20040\u0000020' })
		expect(nul.status).toBe(400)
		expect(nul.body.ok).toBe(false)
	})

	test('GET answers 405 with Allow: POST', async () => {
		const result = (await loader()) as unknown as { data: ShippingQuoteResponse; init: ResponseInit }
		expect(result.init.status).toBe(405)
		expect(new Headers(result.init.headers).get('allow')).toBe('POST')
	})

	test('the cart: an empty or missing cart is a 409 with a message', async () => {
		expect(await post({ intent: 'carrinho', cep: '20040-020' })).toMatchObject({ status: 409, body: { ok: false, message: QUOTE_MESSAGES.emptyCart } })
		const stranger = await post({ intent: 'carrinho', cep: '20040-020' }, { cookie: 'loja_cart=00000000-0000-4000-8000-000000000000' })
		expect(stranger.status).toBe(409)
	})

	test('limited per client address: the 41st quote in a minute is 429 with Retry-After', async () => {
		const { product, variant } = await bandana()
		for (let i = 0; i < QUOTE_RATE_LIMIT.limit; i++) expect((await post(productForm(product, variant), { ip: '198.51.100.40' })).status).toBe(200)
		const refused = await post(productForm(product, variant), { ip: '198.51.100.40' })
		expect(refused.status).toBe(429)
		expect(refused.body).toEqual({ ok: false, message: QUOTE_MESSAGES.tooMany })
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
		// Another address has its own budget.
		expect((await post(productForm(product, variant), { ip: '192.0.2.99' })).status).toBe(200)
	})
})

describe('the options, as the checkout offers them', () => {
	test('without Melhor Envio: the regional table, with its price and dates', async () => {
		const { product, variant } = await bandana()
		const quote = ok(await post(productForm(product, variant)))
		expect(quote.cep).toBe('20040-020')
		expect(quote.options).toHaveLength(1)
		const [table] = quote.options
		expect(table).toMatchObject({ id: 'tabela', carrier: null, service: 'Entrega padrão', priceCents: 1990, chargedCents: 1990, freeAtThreshold: true })
		expect(formatPromise(table!.promise)).toMatch(/^Chega (entre|em) \d+/)
		expect(quote).toMatchObject({ subtotalCents: 5000, freeShippingThresholdCents: 10_000 })
	})

	test('the product’s quantity counts: at the threshold the table is free', async () => {
		const { product, variant } = await bandana()
		const quote = ok(await post(productForm(product, variant, { quantity: '2' })))
		expect(quote.subtotalCents).toBe(10_000)
		expect(quote.options[0]).toMatchObject({ id: 'tabela', priceCents: 1990, chargedCents: 0 })
	})

	test('with Melhor Envio: its services cheapest first, dates; above the threshold only the owner’s service is free', async () => {
		useMelhorEnvio(true)
		const { product, variant } = await bandana()
		const quote = ok(await post(productForm(product, variant, { cep: '20040020' })))
		expect(quote.options.map((o) => [o.carrier, o.service])).toEqual([
			['Correios', 'PAC'],
			['Correios', 'SEDEX'],
		])
		const [pac, sedex] = quote.options
		expect(pac!.chargedCents).toBe(pac!.priceCents)
		expect(pac!.chargedCents).toBeLessThan(sedex!.chargedCents)
		expect(pac!.freeAtThreshold).toBe(true)
		expect(sedex!.freeAtThreshold).toBe(false)
		// SEDEX is faster: its dates are no later than PAC's.
		expect(sedex!.promise.latest <= pac!.promise.latest).toBe(true)
		expect(fake.violations).toEqual([])

		const above = ok(await post(productForm(product, variant, { quantity: '3' })))
		expect(above.options.map((o) => [o.service, o.chargedCents === 0])).toEqual([
			['PAC', true],
			['SEDEX', false],
		])
	})

	test('a personalised piece takes the longer production (decision 085)', async () => {
		await updateStoreSettings({ productionDays: 4, personalizedProductionDays: 9 })
		clearStoreSettingsCache()
		try {
			const { product, variant } = await bandana()
			const plain = ok(await post(productForm(product, variant)))
			const personalised = ok(await post(productForm(product, variant, { personalizado: '1' })))
			expect(personalised.options[0]!.promise.minDays).toBe(plain.options[0]!.promise.minDays + 5)
		} finally {
			await updateStoreSettings({ personalizedProductionDays: 4 })
			clearStoreSettingsCache()
		}
	})

	test('the cart: its lines, for the visitor’s cart cookie', async () => {
		useMelhorEnvio(true)
		const { variant } = await bandana(4000)
		const cart = await createCart({ lines: [{ variantId: variant.id, quantity: 3 }] })
		const quote = ok(await post({ intent: 'carrinho', cep: '69005-040' }, { cookie: `loja_cart=${cart.id}` }))
		expect(quote.subtotalCents).toBe(12_000)
		expect(quote.options.map((o) => [o.service, o.chargedCents === 0])).toEqual([
			['PAC', true],
			['SEDEX', false],
		])
	})

	test('Melhor Envio down: the table answers, nothing alarming', async () => {
		useMelhorEnvio(true)
		fake.dropNext(10)
		const { product, variant } = await bandana()
		const quote = ok(await post(productForm(product, variant)))
		expect(quote.options.map((o) => [o.id, o.service])).toEqual([['tabela', 'Entrega padrão']])
	})
})
