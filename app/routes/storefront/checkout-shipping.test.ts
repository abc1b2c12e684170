import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type FakeMelhorEnvio, startFakeMelhorEnvio } from '#tests/support/fake-melhor-envio/server'
import { withTestDatabase } from '#tests/setup/with-database'
import { createCart } from '~/commerce/builtin/cart.server'
import { formatPromise } from '~/commerce/rules/delivery-date'
import { clearCommerceTables, createProduct } from '~/commerce/builtin/test-factories.server'
import { db, queryRows } from '~/server/db.server'
import { resetEnvForTests } from '~/server/env.server'
import { clearStoreSettingsCache } from '~/server/settings.server'
import { clearMelhorEnvioCacheForTests } from '~/server/shipping/melhor-envio/quotes.server'
import { action } from './checkout'

/**
 * Issue 32 (decision 087), at the route: the checkout's shipping options come from Melhor Envio
 * (the local fake), the cheapest preselected; on 'Finalizar Pedido' the chosen service is quoted
 * again on the server — a price in the form is never read, an unknown or stale service is refused
 * with the new options — and the order stores the service, its price and its days.
 */
withTestDatabase()

const ORIGIN = 'http://loja.test'
let fake: FakeMelhorEnvio

beforeAll(async () => {
	fake = await startFakeMelhorEnvio()
	process.env.MELHOR_ENVIO_TOKEN = fake.token
	process.env.MELHOR_ENVIO_API_URL = fake.apiUrl
	process.env.MELHOR_ENVIO_TIMEOUT_MS = '1000'
	resetEnvForTests()
})
afterAll(async () => {
	resetEnvForTests()
	await fake.stop()
})
beforeEach(async () => {
	await db.execute(sql`truncate orders, coupons, coupon_redemptions, mail_outbox, rate_limits cascade`)
	await clearCommerceTables()
	clearStoreSettingsCache()
	clearMelhorEnvioCacheForTests()
	fake.reset()
})

type Option = {
	id: string
	carrier: string | null
	service: string
	priceCents: number
	chargedCents: number
	minDays: number
	maxDays: number
	promise: { earliest: string; latest: string }
}
type Summary = { shippingOptions: Option[]; selectedShipping: string | null; totals: { shippingCents: number; subtotalCents: number } }
type ActionBody = { result: { error?: Record<string, string[]> }; summary: Summary | null }

function form(overrides: Record<string, string> = {}): Record<string, string> {
	return {
		intent: 'place-order',
		idempotencyKey: `chave-${Math.random().toString(36).slice(2)}-teste`,
		name: 'João Pereira',
		email: 'joao@example.com',
		cpf: '529.982.247-25',
		phone: '(21) 99876-5432',
		cep: '20040-020',
		street: 'Rua da Assembleia',
		number: '10',
		district: 'Centro',
		city: 'Rio de Janeiro',
		uf: 'RJ',
		paymentMethod: 'pix',
		...overrides,
	}
}

async function run(fields: Record<string, string>, cookie: string) {
	const body = new FormData()
	for (const [k, v] of Object.entries(fields)) body.set(k, v)
	try {
		const result = (await action({
			request: new Request(`${ORIGIN}/checkout`, { method: 'POST', body, headers: { cookie } }),
			params: {},
			context: { clientIp: '203.0.113.9' },
		} as never)) as { data: ActionBody; init: ResponseInit | null }
		return { kind: 'data' as const, body: result.data, status: result.init?.status ?? 200 }
	} catch (thrown) {
		if (thrown instanceof Response) return { kind: 'response' as const, response: thrown }
		throw thrown
	}
}

async function cartCookie(priceCents = 5000) {
	const { variant } = await createProduct({ title: 'Bandana Xadrez', productType: 'Bandana', variants: [{ priceCents, stock: null }] })
	const cart = await createCart({ lines: [{ variantId: variant.id, quantity: 1 }] })
	return `loja_cart=${cart.id}`
}

async function quote(cookie: string): Promise<Summary> {
	const answer = await run({ intent: 'quote-shipping', cep: '20040-020', uf: 'RJ' }, cookie)
	if (answer.kind !== 'data' || !answer.body.summary) throw new Error('expected a summary')
	return answer.body.summary
}

async function orders() {
	return queryRows<{ shipping_cents: number; shipping_service_id: number | null; shipping_carrier: string | null; shipping_service: string | null; delivery_min_days: number; delivery_max_days: number }>(
		sql`select shipping_cents, shipping_service_id, shipping_carrier, shipping_service, delivery_min_days, delivery_max_days from orders`,
	)
}

describe('checkout with carrier quotes', () => {
	test('after the CEP: each service with its price and dates, the cheapest preselected and in the totals', async () => {
		const cookie = await cartCookie()
		const summary = await quote(cookie)
		expect(summary.shippingOptions.map((o) => [o.carrier, o.service])).toEqual([
			['Correios', 'PAC'],
			['Correios', 'SEDEX'],
		])
		const [pac, sedex] = summary.shippingOptions
		expect(pac!.priceCents).toBeLessThan(sedex!.priceCents)
		expect(summary.selectedShipping).toBe('me:1')
		expect(summary.totals.shippingCents).toBe(pac!.priceCents)
		expect(fake.violations).toEqual([])
	})

	test('the chosen service is quoted again and stored; a price in the form is never read', async () => {
		const cookie = await cartCookie()
		const sedex = (await quote(cookie)).shippingOptions.find((o) => o.id === 'me:2')!
		clearMelhorEnvioCacheForTests()
		const placed = await run(form({ shippingOption: 'me:2', shippingCents: '1', priceCents: '1', totalCents: '1' }), cookie)
		expect(placed.kind).toBe('response')
		expect(fake.requests.length).toBeGreaterThanOrEqual(2)
		expect(await orders()).toEqual([
			{
				shipping_cents: sedex.priceCents,
				shipping_service_id: 2,
				shipping_carrier: 'Correios',
				shipping_service: 'SEDEX',
				delivery_min_days: sedex.minDays,
				delivery_max_days: sedex.maxDays,
			},
		])
		// Decision 085: the 'Pedido recebido' e-mail tells the same dates, if paid today (PIX).
		const [mail] = await queryRows<{ text: string }>(sql`select text from mail_outbox`)
		expect(mail?.text).toContain(`Previsão de entrega: ${formatPromise(sedex.promise)}, se o pagamento for confirmado hoje.`)
	})

	test('a service that was never offered is refused beside the options, nothing is placed', async () => {
		const cookie = await cartCookie()
		for (const tampered of ['me:999', 'me:abc', 'tabela', 'x'.repeat(200)]) {
			const answer = await run(form({ shippingOption: tampered }), cookie)
			if (answer.kind !== 'data') throw new Error(`expected a refusal for ${tampered}`)
			expect([400, 409], tampered).toContain(answer.status)
			expect(answer.body.result.error?.shippingOption?.[0], tampered).toMatch(/frete/i)
		}
		expect(await orders()).toEqual([])
	})

	test('a stale choice (the service stopped serving the CEP) is re-quoted: refused with the new options', async () => {
		const cookie = await cartCookie()
		await quote(cookie)
		clearMelhorEnvioCacheForTests()
		fake.failService(2)
		const answer = await run(form({ shippingOption: 'me:2' }), cookie)
		if (answer.kind !== 'data') throw new Error('expected a refusal')
		expect(answer.status).toBe(409)
		expect(answer.body.result.error?.shippingOption?.[0]).toBe('O frete escolhido não está mais disponível para este CEP. Confira as opções de entrega e finalize de novo.')
		expect(answer.body.summary?.shippingOptions.map((o) => o.id)).toEqual(['me:1'])
		expect(await orders()).toEqual([])
	})

	test('free shipping at the threshold applies to the owner’s service only', async () => {
		const cookie = await cartCookie(12_000)
		const summary = await quote(cookie)
		const pac = summary.shippingOptions.find((o) => o.id === 'me:1')!
		const sedex = summary.shippingOptions.find((o) => o.id === 'me:2')!
		expect(pac.chargedCents).toBe(0)
		expect(sedex.chargedCents).toBe(sedex.priceCents)
		expect(summary.totals.shippingCents).toBe(0)
		const placed = await run(form({ shippingOption: 'me:2' }), cookie)
		expect(placed.kind).toBe('response')
		expect((await orders())[0]?.shipping_cents).toBe(sedex.priceCents)
	})

	test('Melhor Envio down: the regional table answers and the order is placed with it', async () => {
		const cookie = await cartCookie()
		fake.dropNext(10)
		const summary = await quote(cookie)
		expect(summary.shippingOptions.map((o) => [o.id, o.priceCents])).toEqual([['tabela', 1990]])
		const placed = await run(form({ shippingOption: 'tabela' }), cookie)
		expect(placed.kind).toBe('response')
		expect(await orders()).toMatchObject([{ shipping_cents: 1990, shipping_service_id: null, shipping_service: 'Entrega padrão' }])
	})
})
