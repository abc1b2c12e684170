import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { createCart } from '~/commerce/builtin/cart.server'
import { clearCommerceTables, createProduct } from '~/commerce/builtin/test-factories.server'
import { eq } from 'drizzle-orm'
import { cartReminderConsents, userProfiles } from '~/db/schema'
import { signIn, signOut, signUp } from '~/server/auth/accounts.server'
import { db, queryRows } from '~/server/db.server'
import { clearStoreSettingsCache } from '~/server/settings.server'
import { TEST_CARD_TOKENS } from '~/utils/checkout-schema'
import { action, loader } from './checkout'
import { loader as orderLoader } from './order'

withTestDatabase()

const ORIGIN = 'http://loja.test'

beforeEach(async () => {
	// rate_limits too: the checkout budget (10 orders an hour per address, 5 per e-mail) is
	// tested in checkout-rate-limit.server.test.ts; here each test starts with a full one.
	await db.execute(sql`truncate orders, coupons, coupon_redemptions, mail_outbox, rate_limits cascade`)
	await clearCommerceTables()
	clearStoreSettingsCache()
})

type DataResult<T> = { data: T; init: ResponseInit | null }

function unwrap<T>(value: unknown): { body: T; status: number; headers: Headers } {
	const result = value as DataResult<T>
	return { body: result.data, status: result.init?.status ?? 200, headers: new Headers(result.init?.headers) }
}

function validForm(overrides: Record<string, string> = {}): Record<string, string> {
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
		complement: 'Sala 5',
		district: 'Centro',
		city: 'Rio de Janeiro',
		uf: 'RJ',
		paymentMethod: 'pix',
		...overrides,
	}
}

function post(fields: Record<string, string>, cookie: string) {
	const body = new FormData()
	for (const [k, v] of Object.entries(fields)) body.set(k, v)
	return new Request(`${ORIGIN}/checkout`, { method: 'POST', body, headers: { cookie } })
}

async function runAction(fields: Record<string, string>, cookie: string) {
	try {
		return {
			kind: 'data' as const,
			...unwrap<{
				result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> }
				summary: unknown
				idempotencyKey: string
			}>(await action({ request: post(fields, cookie), params: {}, context: { clientIp: '203.0.113.7' } } as never)),
		}
	} catch (thrown) {
		if (thrown instanceof Response) return { kind: 'response' as const, response: thrown }
		throw thrown
	}
}

async function cartCookie(priceCents = 5000, stock: number | null = null) {
	const { variant } = await createProduct({ title: 'Bandana Xadrez', variants: [{ priceCents, stock }] })
	const cart = await createCart({ lines: [{ variantId: variant.id, quantity: 1 }] })
	return { cookie: `loja_cart=${cart.id}`, cartId: cart.id, variantId: variant.id }
}

async function loadOrder(reference: string, cookie: string) {
	try {
		const result = unwrap<{ order: { status: string; pix: { payload: string; qrCodeDataUrl: string } | null; totalCents: number } }>(
			await orderLoader({
				request: new Request(`${ORIGIN}/pedido/${reference}`, { headers: { cookie } }),
				params: { reference },
				context: {},
			} as never),
		)
		return result.body.order
	} catch (thrown) {
		if (thrown && typeof thrown === 'object' && 'init' in thrown) return (thrown as DataResult<unknown>).init?.status ?? 500
		throw thrown
	}
}

describe('checkout loader', () => {
	test('an empty or missing cart renders the empty state (nothing to check out)', async () => {
		const empty = unwrap<{ empty: boolean }>(await loader({ request: new Request(`${ORIGIN}/checkout`), params: {}, context: {} } as never))
		expect(empty.body.empty).toBe(true)
	})

	test('a cart gives the server summary, a fresh idempotency key and the test card provider', async () => {
		const { cookie } = await cartCookie(4000)
		const first = unwrap<Record<string, unknown>>(
			await loader({ request: new Request(`${ORIGIN}/checkout`, { headers: { cookie } }), params: {}, context: {} } as never),
		)
		const second = unwrap<Record<string, unknown>>(
			await loader({ request: new Request(`${ORIGIN}/checkout`, { headers: { cookie } }), params: {}, context: {} } as never),
		)
		expect(first.body).toMatchObject({
			empty: false,
			pixAvailable: true,
			cardProvider: { isTest: true },
			summary: { totals: { subtotalCents: 4000, shippingCents: 1990, totalCents: 5990 } },
		})
		expect(first.body.idempotencyKey).not.toBe(second.body.idempotencyKey)
		expect(first.headers.get('Cache-Control')).toBe('no-store')
	})
})

describe('checkout action', () => {
	test('field errors in Portuguese beside each field, and everything typed comes back', async () => {
		const { cookie } = await cartCookie()
		const result = await runAction(validForm({ cpf: '111.111.111-12', cep: '2004', uf: '', email: 'joao@', name: '' }), cookie)
		expect(result.kind).toBe('data')
		if (result.kind !== 'data') return
		expect(result.status).toBe(400)
		expect(result.body.result.error).toMatchObject({
			cpf: ['CPF inválido. Confira os números.'],
			cep: ['CEP inválido. Use 8 números, ex.: 01310-100.'],
			uf: ['Selecione o estado (UF).'],
			email: ['Informe um e-mail válido.'],
			name: ['Informe seu nome completo.'],
		})
		expect(result.body.result.initialValue).toMatchObject({ street: 'Rua da Assembleia', cpf: '111.111.111-12', city: 'Rio de Janeiro' })
		expect(await queryRows(sql`select id from orders`)).toHaveLength(0)
	})

	test('card without a token asks for the card data', async () => {
		const { cookie } = await cartCookie()
		const result = await runAction(validForm({ paymentMethod: 'card' }), cookie)
		if (result.kind !== 'data') throw new Error('expected data')
		expect(result.body.result.error).toMatchObject({ cardToken: ['Preencha os dados do cartão.'] })
	})

	test('a body that is not a form is a 400, not a 500', async () => {
		const request = new Request(`${ORIGIN}/checkout`, {
			method: 'POST',
			body: '{"x":1}',
			headers: { 'content-type': 'multipart/form-data; boundary=x' },
		})
		const thrown = await action({ request, params: {}, context: {} } as never).catch((error: unknown) => error)
		expect((thrown as DataResult<unknown>).init?.status).toBe(400)
	})

	test('an empty cart places nothing and says so', async () => {
		const result = await runAction(validForm(), '')
		if (result.kind !== 'data') throw new Error('expected data')
		expect(result.status).toBe(409)
		expect(result.body.result.error?.['']).toEqual(['Seu carrinho está vazio. Adicione produtos antes de finalizar o pedido.'])
		expect(result.headers.get('Set-Cookie')).toContain('loja_toast')
	})

	test('apply-coupon recomputes the summary on the server without validating the rest', async () => {
		await db.execute(sql`insert into coupons (code, kind, value) values ('DEZ', 'percentage', 10)`)
		const { cookie } = await cartCookie(5000)
		const ok = await runAction({ intent: 'apply-coupon', couponCode: 'dez', name: 'Meio digitado' }, cookie)
		if (ok.kind !== 'data') throw new Error('expected data')
		expect(ok.status).toBe(200)
		expect(ok.body.summary).toMatchObject({ couponCode: 'DEZ', totals: { discountCents: 500, totalCents: 4500 + 1990 } })
		expect(ok.body.result.initialValue).toMatchObject({ name: 'Meio digitado' })
		const bad = await runAction({ intent: 'apply-coupon', couponCode: 'NAOEXISTE' }, cookie)
		if (bad.kind !== 'data') throw new Error('expected data')
		expect(bad.body.result.error).toMatchObject({ couponCode: ['Cupom inválido'] })
	})

	test('PIX: redirects to the order page, which only its buyer can open, with the BR Code', async () => {
		const { cookie } = await cartCookie(5000)
		const form = validForm({ unitPriceCents: '1', totalCents: '1' })
		const placed = await runAction(form, cookie)
		if (placed.kind !== 'response') throw new Error('expected a redirect')
		const location = placed.response.headers.get('Location') ?? ''
		expect(location).toMatch(/^\/pedido\/PET-[A-Z0-9]{6}$/)
		const buyerCookie = (placed.response.headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''
		expect(buyerCookie).toMatch(/^loja_comprador=/)
		const reference = location.split('/').pop() ?? ''

		const order = await loadOrder(reference, buyerCookie)
		if (typeof order === 'number') throw new Error(`status ${order}`)
		expect(order.status).toBe('aguardando_pagamento')
		expect(order.totalCents).toBe(5000 + 1990)
		expect(order.pix?.payload.startsWith('000201')).toBe(true)
		expect(order.pix?.payload).toContain('540569.90')
		expect(order.pix?.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/)
		expect(await loadOrder(reference, '')).toBe(404)
		expect(await loadOrder(reference, 'loja_comprador=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBe(404)

		// The same attempt again (double click / retry): same order, no second one.
		const again = await runAction(form, `${cookie}; ${buyerCookie}`)
		if (again.kind !== 'response') throw new Error('expected a redirect')
		expect(again.response.headers.get('Location')).toBe(location)
		expect(await queryRows(sql`select id from orders`)).toHaveLength(1)
		const mails = await queryRows<{ subject: string; to: string }>(sql`select subject, "to" from mail_outbox`)
		expect(mails).toEqual([{ subject: `Pedido recebido: ${reference}`, to: 'joao@example.com' }])
	})

	test('card approved by the test provider: order paid, cart emptied', async () => {
		const { cookie, cartId } = await cartCookie(5000)
		const placed = await runAction(validForm({ paymentMethod: 'card', cardToken: TEST_CARD_TOKENS.approved, installments: '6' }), cookie)
		if (placed.kind !== 'response') throw new Error('expected a redirect')
		const [order] = await queryRows<{ status: string; installments: number; payment_provider: string }>(
			sql`select status, installments, payment_provider from orders`,
		)
		expect(order).toEqual({ status: 'pago', installments: 6, payment_provider: 'test' })
		expect(await queryRows(sql`select id from cart_lines where cart_id = ${cartId}::uuid`)).toHaveLength(0)
	})

	test('card declined: message beside the card, cart and stock intact, a new attempt key', async () => {
		const { cookie, cartId, variantId } = await cartCookie(5000, 3)
		const form = validForm({ paymentMethod: 'card', cardToken: TEST_CARD_TOKENS.declined })
		const declined = await runAction(form, cookie)
		if (declined.kind !== 'data') throw new Error('expected data')
		expect(declined.status).toBe(402)
		expect(declined.body.result.error?.cardToken?.[0]).toMatch(/^Pagamento recusado/)
		expect(declined.body.idempotencyKey).not.toBe(form.idempotencyKey)
		expect(declined.body.result.initialValue).toMatchObject({ name: 'João Pereira', street: 'Rua da Assembleia' })
		expect(await queryRows(sql`select id from cart_lines where cart_id = ${cartId}::uuid`)).toHaveLength(1)
		const [variant] = await queryRows<{ stock: number }>(sql`select stock from product_variants where id = ${variantId}::uuid`)
		expect(variant?.stock).toBe(3)
		const [order] = await queryRows<{ status: string }>(sql`select status from orders`)
		expect(order?.status).toBe('cancelado')

		const retry = await runAction({ ...form, idempotencyKey: declined.body.idempotencyKey, cardToken: TEST_CARD_TOKENS.approved }, cookie)
		expect(retry.kind).toBe('response')
	})
})

let ip = 0
async function sessionCookieFor(email: string, profile: { fullName?: string; phone?: string; cpf?: string } = {}) {
	const created = await signUp({ email, password: 'senha-segura-1' })
	if (!created.ok) throw new Error(created.message)
	if (Object.keys(profile).length) await db.update(userProfiles).set(profile).where(eq(userProfiles.userId, created.userId))
	ip += 1
	const result = await signIn({ email, password: 'senha-segura-1', ip: `198.51.100.${ip}`, request: new Request(`${ORIGIN}/auth`) })
	if (!result.ok) throw new Error(result.message)
	return (
		result.headers
			.getSetCookie()
			.find((c) => c.startsWith('loja_session='))
			?.split(';')[0] ?? ''
	)
}

describe('signed-in customers', () => {
	test('get their profile pre-filled and reach their order from any browser they sign in to', async () => {
		const session = await sessionCookieFor('cliente.checkout@example.com', {
			fullName: 'Carla Dias',
			phone: '11987654321',
			cpf: '52998224725',
		})
		const { cookie } = await cartCookie(3000)
		const both = `${cookie}; ${session}`
		const page = unwrap<{ prefill: Record<string, string> }>(
			await loader({ request: new Request(`${ORIGIN}/checkout`, { headers: { cookie: both } }), params: {}, context: {} } as never),
		)
		expect(page.body.prefill).toEqual({
			name: 'Carla Dias',
			email: 'cliente.checkout@example.com',
			phone: '(11) 98765-4321',
			cpf: '529.982.247-25',
		})

		const placed = await runAction(validForm({ email: 'cliente.checkout@example.com' }), both)
		if (placed.kind !== 'response') throw new Error('expected a redirect')
		const reference = (placed.response.headers.get('Location') ?? '').split('/').pop() ?? ''
		const order = await loadOrder(reference, session)
		expect(typeof order).toBe('object')

		const other = await sessionCookieFor('outra.pessoa@example.com')
		expect(await loadOrder(reference, other)).toBe(404)

		// The next checkout starts with the address of the last order.
		const again = await cartCookie(3000)
		const next = unwrap<{ prefill: Record<string, string> }>(
			await loader({
				request: new Request(`${ORIGIN}/checkout`, { headers: { cookie: `${again.cookie}; ${session}` } }),
				params: {},
				context: {},
			} as never),
		)
		expect(next.body.prefill).toMatchObject({ cep: '20040-020', street: 'Rua da Assembleia', uf: 'RJ', city: 'Rio de Janeiro' })
	})
})

describe('the abandoned-cart reminder at checkout (issue 31)', () => {
	test('offered to a signed-in shopper without consent, recorded when ticked as the settings do; never to a guest', async () => {
		const { cookie } = await cartCookie(3000)
		const load = async (cookies: string) =>
			unwrap<{ offerCartReminder: boolean }>(
				await loader({ request: new Request(`${ORIGIN}/checkout`, { headers: { cookie: cookies } }), params: {}, context: {} } as never),
			).body.offerCartReminder
		expect(await load(cookie)).toBe(false)

		const session = await sessionCookieFor('lembrete.checkout@example.com')
		const both = `${cookie}; ${session}`
		expect(await load(both)).toBe(true)
		const bad = await runAction(validForm({ email: 'lembrete.checkout@example.com', lembrete: 'talvez' }), both)
		if (bad.kind !== 'data') throw new Error('expected the form back')
		expect(bad.status).toBe(400)
		expect(bad.body.result.error?.lembrete).toEqual(['Resposta inválida para o lembrete de carrinho.'])

		const placed = await runAction(validForm({ email: 'lembrete.checkout@example.com', lembrete: 'sim' }), both)
		expect(placed.kind).toBe('response')
		const consents = await db
			.select({ source: cartReminderConsents.source, ip: cartReminderConsents.grantedIp, text: cartReminderConsents.consentText })
			.from(cartReminderConsents)
		expect(consents).toEqual([{ source: 'checkout', ip: '203.0.113.7', text: 'Quero receber um lembrete se eu esquecer itens no carrinho' }])
		// Said yes: not asked again.
		const again = await cartCookie(3000)
		expect(await load(`${again.cookie}; ${session}`)).toBe(false)

		// A guest's 'sim' (a tampered form) records nothing: there is no account to hold it.
		const guest = await cartCookie(3000)
		expect((await runAction(validForm({ email: 'convidada@example.com', lembrete: 'sim' }), guest.cookie)).kind).toBe('response')
		expect(await db.select().from(cartReminderConsents)).toHaveLength(1)
	})
})

/** The cookies a browser keeps after a response's Set-Cookie headers (Max-Age=0 removes one). */
function applySetCookies(jar: Map<string, string>, headers: Headers) {
	for (const header of headers.getSetCookie()) {
		const [pair = ''] = header.split(';')
		const name = pair.slice(0, pair.indexOf('='))
		if (/max-age=0/i.test(header)) jar.delete(name)
		else jar.set(name, pair)
	}
	return [...jar.values()].join('; ')
}

describe('the order page after sign-out', () => {
	test('an anonymous order placed in the browser closes when someone signs out there', async () => {
		const { cookie } = await cartCookie(5000)
		const placed = await runAction(validForm(), cookie)
		if (placed.kind !== 'response') throw new Error('expected a redirect')
		const reference = (placed.response.headers.get('Location') ?? '').split('/').pop() ?? ''
		const jar = new Map<string, string>([['loja_cart', cookie]])
		const browser = applySetCookies(jar, placed.response.headers)
		expect(typeof (await loadOrder(reference, browser))).toBe('object')

		const session = await sessionCookieFor('sai.depois@example.com')
		jar.set('loja_session', session)
		const out = await signOut(new Request(`${ORIGIN}/logout`, { method: 'POST', headers: { cookie: [...jar.values()].join('; ') } }), null)
		const after = applySetCookies(jar, out)
		expect(jar.has('loja_comprador')).toBe(false)
		expect(await loadOrder(reference, after)).toBe(404)
	})

	test("a signed-in customer's order is not opened by the buyer cookie once they signed out", async () => {
		const session = await sessionCookieFor('conta.compartilhada@example.com')
		const { cookie } = await cartCookie(3000)
		const placed = await runAction(validForm({ email: 'conta.compartilhada@example.com' }), `${cookie}; ${session}`)
		if (placed.kind !== 'response') throw new Error('expected a redirect')
		const reference = (placed.response.headers.get('Location') ?? '').split('/').pop() ?? ''
		const buyerCookie = placed.response.headers.getSetCookie().find((c) => c.startsWith('loja_comprador='))?.split(';')[0] ?? ''
		expect(buyerCookie).not.toBe('')
		expect(typeof (await loadOrder(reference, `${session}; ${buyerCookie}`))).toBe('object')
		// Even a browser that kept the buyer cookie (signed out elsewhere, session expired) sees nothing.
		expect(await loadOrder(reference, buyerCookie)).toBe(404)
	})
})
