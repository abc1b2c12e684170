import { sql } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { createCollection, createProduct } from '~/commerce/builtin/test-factories.server'
import { buildProductCartLines } from '~/commerce/rules/add-on-schemas'
import type { CartActionResult, CartView } from '~/components/cart/cart-view'
import { productVariants } from '~/db/schema'
import { signIn, signOut, signUp } from '~/server/auth/accounts.server'
import { getOptionalUser } from '~/server/auth/guards.server'
import { builtinCartBackend } from '~/server/cart/backend.server'
import { CART_COOKIE_NAME } from '~/server/cart-cookie.server'
import { db, queryRows } from '~/server/db.server'
import { getShellCounts } from '~/server/shell.server'
import { action, loader } from './cart'

withTestDatabase()

/** A browser: keeps the cookies the server sets and sends them back. */
class Browser {
	cookies = new Map<string, string>()

	get cookieHeader() {
		return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
	}

	get cartId() {
		return this.cookies.get(CART_COOKIE_NAME) ?? null
	}

	keep(headers: Headers) {
		for (const setCookie of headers.getSetCookie()) {
			const [pair = '', ...attributes] = setCookie.split(';')
			const [name = '', value = ''] = pair.split('=')
			if (attributes.some((a) => a.trim().toLowerCase() === 'max-age=0') || value === '') this.cookies.delete(name.trim())
			else this.cookies.set(name.trim(), value.trim())
		}
	}

	request(path: string, init: RequestInit = {}) {
		const headers = new Headers(init.headers)
		if (this.cookies.size > 0) headers.set('cookie', this.cookieHeader)
		return new Request(`http://loja.test${path}`, { ...init, headers })
	}

	async post(fields: Record<string, string>) {
		const request = this.request('/cart', { method: 'POST', body: new URLSearchParams(fields) })
		const result = await run(() => action({ request, params: {}, context: { clientIp: '192.0.2.1', cspNonce: '' } } as never))
		this.keep(result.headers)
		return result as { status: number; headers: Headers; data: CartActionResult }
	}

	add(lines: unknown[], extra: Record<string, string> = {}) {
		return this.post({ intent: 'add', lines: JSON.stringify(lines), ...extra })
	}

	async view(): Promise<CartView> {
		const request = this.request('/cart')
		const result = await run(() => loader({ request, params: {}, context: { clientIp: '192.0.2.1', cspNonce: '' } } as never))
		return (result.data as { cart: CartView }).cart
	}
}

/** Runs a loader/action; thrown Responses (redirects) are returned like returned ones. */
async function run(fn: () => Promise<unknown>) {
	let value: unknown
	try {
		value = await fn()
	} catch (error) {
		if (error instanceof Response) value = error
		else throw error
	}
	if (value instanceof Response) return { status: value.status, headers: value.headers, data: undefined as unknown }
	const maybe = value as { type?: string; data?: unknown; init?: ResponseInit | null }
	if (maybe?.type === 'DataWithResponseInit') {
		return { status: maybe.init?.status ?? 200, headers: new Headers(maybe.init?.headers), data: maybe.data }
	}
	return { status: 200, headers: new Headers(), data: value }
}

function ok(result: { data: CartActionResult }) {
	if (!result.data.ok) throw new Error(`esperava sucesso, veio: ${result.data.error}`)
	return result.data
}

async function cartCount() {
	const [row] = await queryRows<{ n: number }>(sql`select count(*)::int as n from carts`)
	return row?.n ?? 0
}

let v5000: string // R$ 50,00
let v4999: string // R$ 49,99
let v2000: string // R$ 20,00
let subscription: string
const addons = { extensor: '', petName: '', instagram: '', perfume: '' }
beforeAll(async () => {
	v5000 = (await createProduct({ title: 'Bandana Cinquenta', variants: [{ priceCents: 5000, selectedOptions: [{ name: 'Tamanho', value: 'M' }, { name: 'Cor', value: 'Azul' }] }] })).variant.id
	v4999 = (await createProduct({ title: 'Colar Quarenta e Nove', variants: [{ priceCents: 4999 }] })).variant.id
	v2000 = (await createProduct({ title: 'Laço Vinte', variants: [{ priceCents: 2000 }] })).variant.id
	// The gift product of the default store settings (handle brinde-lacinho-pet).
	await createProduct({ title: 'Lacinho Pet (Brinde)', handle: 'brinde-lacinho-pet', variants: [{ priceCents: 1490 }] })
	const plan = await createProduct({ title: 'Assinatura Clube da Bandana', variants: [{ priceCents: 3990 }] })
	subscription = plan.variant.id
	await createCollection({ handle: 'assinatura', title: 'Assinaturas', productIds: [plan.product.id] })
	// The product page's add-on products (document 000 §9).
	addons.extensor = (await createProduct({ title: 'Adicional: Extensor', handle: 'adicional-extensor', variants: [{ priceCents: 500 }] })).variant.id
	addons.petName = (await createProduct({ title: 'Adicional: Bordado do nome do pet', handle: 'adicional-nome-pet', variants: [{ priceCents: 1000 }] })).variant.id
	addons.instagram = (await createProduct({ title: 'Adicional: Bordado do Instagram do pet', handle: 'adicional-instagram-pet', variants: [{ priceCents: 1000 }] })).variant.id
	addons.perfume = (await createProduct({ title: 'Adicional: Perfume 10ml', handle: 'adicional-perfume', variants: [{ priceCents: 1299 }] })).variant.id
})

afterEach(() => {
	vi.restoreAllMocks()
})

describe('GET /cart', () => {
	test('no cookie: an empty cart, and no cart is created', async () => {
		const before = await cartCount()
		const view = await new Browser().view()
		expect(view).toMatchObject({ lines: [], itemCount: 0, totalCents: 0, liveKey: null })
		expect(await cartCount()).toBe(before)
	})

	test('a forged or unknown cookie is an empty cart too', async () => {
		const browser = new Browser()
		browser.cookies.set(CART_COOKIE_NAME, '00000000-0000-4000-8000-000000000000')
		expect((await browser.view()).lines).toEqual([])
		browser.cookies.set(CART_COOKIE_NAME, 'nao-e-um-id')
		expect((await browser.view()).lines).toEqual([])
	})
})

describe('POST /cart', () => {
	test('the first add creates the cart and sets the httpOnly cookie; the view is display-ready', async () => {
		const browser = new Browser()
		const result = await browser.add([{ variantId: v5000, quantity: 1 }])
		expect(result.status).toBe(200)
		const setCookie = result.headers.getSetCookie().find((c) => c.startsWith(`${CART_COOKIE_NAME}=`))
		expect(setCookie).toMatch(/HttpOnly/)
		const { cart, giftAdded } = ok(result)
		expect(giftAdded).toBe(false)
		expect(cart.lines).toHaveLength(1)
		expect(cart.lines[0]).toMatchObject({
			productTitle: 'Bandana Cinquenta',
			optionsLabel: 'M • Azul',
			quantity: 1,
			unitPriceCents: 5000,
			totalCents: 5000,
			isGift: false,
			isSubscription: false,
			unavailable: false,
		})
		expect(cart.freeShipping).toEqual({ remainingCents: 5000, percent: 50, reached: false })
		expect(cart.gift).toMatchObject({ remainingCents: 5000, show: true })
		expect(await browser.view()).toEqual(cart)
	})

	test('gift rule at the threshold: R$ 99,99 gives no gift, R$ 100,00 gives one, once, free, fixed', async () => {
		const browser = new Browser()
		let result = ok(await browser.add([{ variantId: v5000, quantity: 1 }, { variantId: v4999, quantity: 1 }]))
		expect(result.cart.subtotalCents).toBe(9999)
		expect(result.giftAdded).toBe(false)
		expect(result.cart.lines.some((l) => l.isGift)).toBe(false)
		expect(result.cart.gift).toMatchObject({ remainingCents: 1, show: true })

		const colar = result.cart.lines.find((l) => l.unitPriceCents === 4999)
		if (!colar) throw new Error('linha ausente')
		await browser.post({ intent: 'remove', lineId: colar.id })
		result = ok(await browser.add([{ variantId: v5000, quantity: 1 }]))
		expect(result.cart.subtotalCents).toBe(10000)
		expect(result.giftAdded).toBe(true)
		const giftLines = result.cart.lines.filter((l) => l.isGift)
		expect(giftLines).toHaveLength(1)
		expect(giftLines[0]).toMatchObject({ quantity: 1, unitPriceCents: 0, totalCents: 0, optionsLabel: 'Único', productTitle: 'Lacinho Pet (Brinde)' })
		expect(result.cart.totalCents).toBe(10000)
		expect(result.cart.freeShipping).toEqual({ remainingCents: 0, percent: 100, reached: true })
		expect(result.cart.gift.show).toBe(false)
		// The gift is an item in the cart: the badge counts it.
		expect(result.cart.itemCount).toBe(3)

		// Another change above the threshold keeps exactly one gift and does not announce it again.
		result = ok(await browser.add([{ variantId: v2000, quantity: 1 }]))
		expect(result.giftAdded).toBe(false)
		expect(result.cart.lines.filter((l) => l.isGift)).toHaveLength(1)
	})

	test('the gift goes when the subtotal drops below the threshold, and cannot be edited or removed by hand', async () => {
		const browser = new Browser()
		let result = ok(await browser.add([{ variantId: v5000, quantity: 2 }]))
		const giftLine = result.cart.lines.find((l) => l.isGift)
		const bandana = result.cart.lines.find((l) => !l.isGift)
		if (!giftLine || !bandana) throw new Error('linhas ausentes')

		const attempts: Record<string, string>[] = [
			{ intent: 'update', lineId: giftLine.id, quantity: '5' },
			{ intent: 'update', lineId: giftLine.id, quantity: '0' },
			{ intent: 'remove', lineId: giftLine.id },
		]
		for (const fields of attempts) {
			const refused = await browser.post(fields)
			expect(refused.status).toBe(400)
			expect(refused.data).toEqual({ ok: false, error: 'O brinde é adicionado automaticamente e não pode ser alterado.' })
		}
		expect((await browser.view()).lines.find((l) => l.isGift)?.quantity).toBe(1)

		result = ok(await browser.post({ intent: 'update', lineId: bandana.id, quantity: '1' }))
		expect(result.cart.subtotalCents).toBe(5000)
		expect(result.cart.lines.some((l) => l.isGift)).toBe(false)
	})

	test('a price smuggled into the form is ignored: the server prices every line', async () => {
		const browser = new Browser()
		const result = ok(
			await browser.post({
				intent: 'add',
				lines: JSON.stringify([{ variantId: v2000, quantity: 2, price: 1, priceCents: 1, unitPriceCents: 1 }]),
				price: '1',
				totalCents: '1',
			}),
		)
		expect(result.cart.lines[0]).toMatchObject({ unitPriceCents: 2000, totalCents: 4000 })
		expect(result.cart.totalCents).toBe(4000)
	})

	test('adding the same variant raises its quantity; quantity ≤ 0 removes the line', async () => {
		const browser = new Browser()
		await browser.add([{ variantId: v2000, quantity: 1 }])
		let result = ok(await browser.add([{ variantId: v2000, quantity: 2 }]))
		expect(result.cart.lines).toHaveLength(1)
		expect(result.cart.lines[0]?.quantity).toBe(3)
		const lineId = result.cart.lines[0]?.id ?? ''
		result = ok(await browser.post({ intent: 'update', lineId, quantity: '0' }))
		expect(result.cart.lines).toEqual([])

		await browser.add([{ variantId: v2000, quantity: 1 }])
		const again = (await browser.view()).lines[0]?.id ?? ''
		result = ok(await browser.post({ intent: 'update', lineId: again, quantity: '-1' }))
		expect(result.cart.lines).toEqual([])

		// Any whole number ≤ 0 removes, however negative.
		for (const quantity of ['-2', '-1000', '-99999999999999999999']) {
			await browser.add([{ variantId: v2000, quantity: 1 }])
			const lineId = (await browser.view()).lines[0]?.id ?? ''
			result = ok(await browser.post({ intent: 'update', lineId, quantity }))
			expect(result.cart.lines, quantity).toEqual([])
		}
		await browser.add([{ variantId: v2000, quantity: 1 }])
		const kept = (await browser.view()).lines[0]?.id ?? ''
		for (const quantity of ['1.5', '-1.5', 'muitos', '1000']) {
			expect((await browser.post({ intent: 'update', lineId: kept, quantity })).data, quantity).toEqual({ ok: false, error: 'Quantidade inválida' })
		}
	})

	test('a hand-made POST never gets a personalisation for free (document 000 §5, §9)', async () => {
		const browser = new Browser()
		const refused: [unknown[], string][] = [
			[[{ variantId: v5000, quantity: 2, attributes: [{ key: 'Nome do pet', value: 'Thor' }] }], 'A personalização é um adicional: adicione o bordado junto com o produto.'],
			[[{ variantId: v5000, quantity: 2, attributes: [{ key: 'Instagram do pet', value: '@thor' }] }], 'A personalização é um adicional: adicione o bordado junto com o produto.'],
			// The name written on the cheaper extensor line instead of its own embroidery line.
			[
				[
					{ variantId: v5000, quantity: 1 },
					{ variantId: addons.extensor, quantity: 1, attributes: [{ key: 'Nome do pet', value: 'Thor' }, { key: 'Para', value: 'Bandana' }] },
				],
				'A personalização é um adicional: adicione o bordado junto com o produto.',
			],
			[[{ variantId: v5000, quantity: 1, attributes: [{ key: 'Recado', value: 'grátis' }] }], 'Personalização inválida. Confira os campos e tente novamente.'],
			[[{ variantId: addons.petName, quantity: 1, attributes: [{ key: 'Nome do pet', value: 'a'.repeat(21) }] }], 'O nome do pet deve ter no máximo 20 caracteres'],
			[[{ variantId: addons.instagram, quantity: 1, attributes: [{ key: 'Instagram do pet', value: 'a'.repeat(31) }] }], 'O Instagram do pet deve ter no máximo 30 caracteres'],
		]
		for (const [lines, error] of refused) {
			const result = await browser.add(lines)
			expect({ lines, status: result.status, data: result.data }).toEqual({ lines, status: 400, data: { ok: false, error } })
		}
		expect((await browser.view()).lines).toEqual([])

		// What the product page builds is accepted: every extra a paid line, same quantity.
		const built = buildProductCartLines({
			variant: { id: v5000, availableForSale: true },
			quantity: 2,
			productTitle: 'Bandana Cinquenta',
			kind: { bandana: true, bow: false },
			extras: { extensor: true, perfume: true, petName: 'Thor', instagram: '@thor.pet' },
			addonVariantIds: addons,
		})
		if (!built.ok) throw new Error(built.error)
		const { cart } = ok(await browser.add(built.lines))
		expect(cart.lines.filter((l) => !l.isGift).map((l) => [l.productTitle, l.quantity, l.totalCents, l.attributes])).toEqual([
			['Bandana Cinquenta', 2, 10000, []],
			['Adicional: Extensor', 2, 1000, [{ key: 'Para', value: 'Bandana Cinquenta' }]],
			['Adicional: Bordado do nome do pet', 2, 2000, [{ key: 'Nome do pet', value: 'Thor' }, { key: 'Para', value: 'Bandana Cinquenta' }]],
			['Adicional: Bordado do Instagram do pet', 2, 2000, [{ key: 'Instagram do pet', value: '@thor.pet' }, { key: 'Para', value: 'Bandana Cinquenta' }]],
			['Adicional: Perfume 10ml', 2, 2598, [{ key: 'Para', value: 'Bandana Cinquenta' }]],
		])
		expect(cart.subtotalCents).toBe(17598)
	})

	test('add-on lines follow their product line: same quantity, removed with it, no changes of their own (issue 13, defect 3)', async () => {
		const browser = new Browser()
		const built = buildProductCartLines({
			variant: { id: v5000, availableForSale: true },
			quantity: 1,
			productTitle: 'Bandana Cinquenta',
			kind: { bandana: true, bow: false },
			extras: { extensor: false, perfume: true, petName: 'Thor', instagram: '' },
			addonVariantIds: addons,
		})
		if (!built.ok) throw new Error(built.error)
		let cart = ok(await browser.add(built.lines)).cart
		// A plain item added on its own stays independent.
		cart = ok(await browser.add([{ variantId: v2000, quantity: 1 }])).cart
		const bandana = cart.lines.find((l) => l.productTitle === 'Bandana Cinquenta')!
		const extras = () => cart.lines.filter((l) => l.addonOf !== null)
		expect(extras().map((l) => [l.productTitle, l.addonOf, l.quantity])).toEqual([
			['Adicional: Bordado do nome do pet', bandana.id, 1],
			['Adicional: Perfume 10ml', bandana.id, 1],
		])
		// The group key is the shop's: never shown.
		expect(cart.lines.flatMap((l) => l.attributes.map((a) => a.key))).not.toContain('_grupo')
		// Add-ons come right after their product line.
		expect(cart.lines.findIndex((l) => l.addonOf === bandana.id)).toBe(cart.lines.indexOf(bandana) + 1)

		// The same bandana with the same extras again: the same lines, all raised.
		cart = ok(await browser.add(built.lines)).cart
		expect(cart.lines.filter((l) => l.productTitle === 'Bandana Cinquenta' || l.addonOf).map((l) => l.quantity)).toEqual([2, 2, 2])

		// Changing the bandana's quantity changes its extras'.
		cart = ok(await browser.post({ intent: 'update', lineId: bandana.id, quantity: '3' })).cart
		expect(extras().map((l) => l.quantity)).toEqual([3, 3])
		expect(cart.subtotalCents).toBe(3 * (5000 + 1000 + 1299) + 2000)

		// An extra cannot be changed or removed alone.
		const perfume = extras()[1]!
		const attempts: Record<string, string>[] = [
			{ intent: 'update', lineId: perfume.id, quantity: '1' },
			{ intent: 'remove', lineId: perfume.id },
		]
		for (const fields of attempts) {
			expect(await browser.post(fields)).toMatchObject({
				status: 400,
				data: { ok: false, error: 'Os adicionais acompanham o produto: altere a quantidade ou remova o produto.' },
			})
		}

		// Removing the bandana removes its extras; the other item stays.
		cart = ok(await browser.post({ intent: 'remove', lineId: bandana.id })).cart
		expect(cart.lines.map((l) => l.productTitle)).toEqual(['Laço Vinte'])
		expect(cart.subtotalCents).toBe(2000)

		// An extra alone, or a hand-made group key, is refused.
		const alone = [{ variantId: addons.perfume, quantity: 1, attributes: [{ key: 'Para', value: 'Bandana Cinquenta' }] }]
		expect(await browser.add(alone)).toMatchObject({ status: 400, data: { ok: false, error: 'Os adicionais são adicionados junto com o produto.' } })
		const forged = [{ variantId: v5000, quantity: 1, attributes: [{ key: '_grupo', value: '0123456789abcdef' }] }]
		expect(await browser.add(forged)).toMatchObject({ status: 400, data: { ok: false, error: 'Personalização inválida. Confira os campos e tente novamente.' } })
	})

	test('bad input is 400/409 with a Portuguese message, never a 500', async () => {
		const browser = new Browser()
		await browser.add([{ variantId: v2000, quantity: 1 }])
		const cases: [Record<string, string>, number, string][] = [
			[{ intent: 'update', lineId: '00000000-0000-4000-8000-000000000000', quantity: '2' }, 409, 'Este item não está mais no carrinho.'],
			[{ intent: 'update', lineId: 'lixo', quantity: '2' }, 409, 'Este item não está mais no carrinho.'],
			[{ intent: 'add', lines: JSON.stringify([{ variantId: '00000000-0000-4000-8000-000000000000', quantity: 1 }]) }, 409, 'Este produto não está disponível no momento.'],
			[{ intent: 'add', lines: 'não é json' }, 400, 'Itens inválidos'],
			[{ intent: 'add', lines: JSON.stringify([{ variantId: v2000, quantity: 0 }]) }, 400, 'Quantidade inválida'],
			[{ intent: 'voar' }, 400, 'Dados inválidos. Confira e tente novamente.'],
			[{}, 400, 'Dados inválidos. Confira e tente novamente.'],
		]
		for (const [fields, status, error] of cases) {
			const result = await browser.post(fields)
			expect({ fields, status: result.status, data: result.data }).toEqual({ fields, status, data: { ok: false, error } })
		}
		// A stale line id in 'remove' is harmless (double clicks, another tab removed it).
		expect((await browser.post({ intent: 'remove', lineId: '00000000-0000-4000-8000-000000000000' })).status).toBe(200)
		// No cart at all: update refers to nothing.
		expect((await new Browser().post({ intent: 'update', lineId: '00000000-0000-4000-8000-000000000000', quantity: '1' })).status).toBe(409)
	})

	test('unavailable variant and out-of-stock are refused; a line that became unavailable is flagged', async () => {
		const { variant } = await createProduct({ title: 'Gravata Estoque', variants: [{ priceCents: 3000, stock: 2 }] })
		const off = (await createProduct({ title: 'Gravata Desligada', variants: [{ priceCents: 3000, available: false }] })).variant
		const browser = new Browser()
		let result = await browser.add([{ variantId: off.id, quantity: 1 }])
		expect(result).toMatchObject({ status: 409, data: { ok: false, error: 'Esta variante não está disponível.' } })
		result = await browser.add([{ variantId: variant.id, quantity: 3 }])
		expect(result).toMatchObject({ status: 409, data: { ok: false, error: 'Só temos 2 unidades desta variante em estoque.' } })

		ok(await browser.add([{ variantId: variant.id, quantity: 2 }, { variantId: v2000, quantity: 1 }]))
		await db.update(productVariants).set({ stock: 0 }).where(sql`${productVariants.id} = ${variant.id}`)
		const view = await browser.view()
		expect(view.lines.find((l) => l.productTitle === 'Gravata Estoque')?.unavailable).toBe(true)
		expect(view.totalCents).toBe(2000)
		expect(view.itemCount).toBe(1)
	})

	test('the 101st line is refused with the documented limit message', async () => {
		const { product } = await createProduct({ title: 'Muitas Variantes', variants: [{ priceCents: 100 }] })
		const many = await db
			.insert(productVariants)
			.values(Array.from({ length: 101 }, (_, i) => ({ productId: product.id, title: `V${i}`, priceCents: 100 })))
			.returning({ id: productVariants.id })
		const browser = new Browser()
		ok(await browser.add(many.slice(0, 100).map((v) => ({ variantId: v.id, quantity: 1 }))))
		const result = await browser.add([{ variantId: many[100]?.id, quantity: 1 }])
		expect(result).toMatchObject({ status: 409, data: { ok: false, error: 'O carrinho atingiu o limite de 100 itens.' } })
		// More than 100 lines in one request: same message, refused before touching the cart.
		const tooMany = await new Browser().add(many.map((v) => ({ variantId: v.id, quantity: 1 })))
		expect(tooMany).toMatchObject({ status: 400, data: { ok: false, error: 'O carrinho atingiu o limite de 100 itens.' } })
	})

	test('a subscription line costs 12 × the monthly price, ships free and hides the gift message', async () => {
		const browser = new Browser()
		const result = ok(await browser.add([{ variantId: subscription, quantity: 1 }]))
		expect(result.cart.lines[0]).toMatchObject({ isSubscription: true, unitPriceCents: 47880, totalCents: 47880 })
		expect(result.cart.isSubscription).toBe(true)
		expect(result.cart.freeShipping.reached).toBe(true)
		expect(result.cart.gift.show).toBe(false)
		// The non-gift subtotal is above R$ 100: document 000 §4 gives the gift to subscription carts too.
		expect(result.giftAdded).toBe(true)
	})

	test('a subscription is one line of quantity 1: adding it again keeps 1, more is refused, 0 removes (decision 6)', async () => {
		const browser = new Browser()
		ok(await browser.add([{ variantId: subscription, quantity: 1 }]))
		// 'Assinar' again (add, then checkout): still one plan.
		expect((await browser.add([{ variantId: subscription, quantity: 1 }], { checkout: '1' })).data).toMatchObject({ checkoutUrl: '/checkout' })
		let cart = await browser.view()
		const plan = () => cart.lines.filter((l) => l.isSubscription)
		expect(plan().map((l) => l.quantity)).toEqual([1])
		// A hand-made request for 5 plans buys one.
		cart = ok(await browser.add([{ variantId: subscription, quantity: 5 }])).cart
		expect(plan().map((l) => [l.quantity, l.totalCents])).toEqual([[1, 47880]])

		const lineId = plan()[0]?.id ?? ''
		const refused = await browser.post({ intent: 'update', lineId, quantity: '2' })
		expect(refused).toMatchObject({ status: 400, data: { ok: false, error: 'A assinatura já cobre 12 meses: a quantidade é sempre 1.' } })
		expect((await browser.view()).lines.find((l) => l.isSubscription)?.quantity).toBe(1)
		ok(await browser.post({ intent: 'update', lineId, quantity: '1' }))
		cart = ok(await browser.post({ intent: 'update', lineId, quantity: '0' })).cart
		expect(cart.lines).toEqual([])
	})

	test('checkout: add with checkout=1 goes to /checkout (same tab); an empty cart does nothing', async () => {
		const browser = new Browser()
		const empty = await browser.post({ intent: 'checkout' })
		expect(empty.status).toBe(200)
		expect(empty.headers.get('Location')).toBeNull()
		expect(empty.data).toMatchObject({ ok: true, cart: { lines: [] } })

		// Answered with the checkout's address (the page navigates; no redirect, which React
		// Router drops when a revalidation starts meanwhile: issue 13, defect 1).
		const buyNow = await browser.add([{ variantId: v2000, quantity: 1 }], { checkout: '1' })
		expect(buyNow.status).toBe(200)
		expect(buyNow.headers.get('Location')).toBeNull()
		expect(buyNow.data).toMatchObject({ ok: true, checkoutUrl: '/checkout' })
		expect(buyNow.data).not.toHaveProperty('external')
		// The new cart's cookie travels with the answer.
		expect(browser.cartId).not.toBeNull()
		expect((await browser.view()).lines).toHaveLength(1)

		const fromDrawer = await browser.post({ intent: 'checkout' })
		expect(fromDrawer.status).toBe(200)
		expect(fromDrawer.data).toMatchObject({ ok: true, checkoutUrl: '/checkout' })
	})

	test("checkout failure: the drawer's copy for 'Finalizar Compra', the product page's for 'Comprar Agora' (document 000 §8)", async () => {
		const browser = new Browser()
		vi.spyOn(builtinCartBackend, 'createCheckout').mockRejectedValue(new Error('provedor fora do ar'))
		const buyNow = await browser.add([{ variantId: v2000, quantity: 1 }], { checkout: '1' })
		expect(buyNow).toMatchObject({ status: 502, data: { ok: false, title: 'Erro ao criar checkout', error: 'Tente novamente.' } })
		// The item was added all the same; the drawer's button then fails with its own words.
		expect((await browser.view()).lines).toHaveLength(1)
		const fromDrawer = await browser.post({ intent: 'checkout' })
		expect(fromDrawer).toMatchObject({
			status: 502,
			data: { ok: false, title: 'Erro ao criar checkout', error: 'Não foi possível criar o checkout. Tente novamente.' },
		})
	})

	test('the header badge and the drawer read the same cart (the visitor data)', async () => {
		const browser = new Browser()
		await browser.add([{ variantId: v2000, quantity: 2 }])
		const counts = await getShellCounts(browser.request('/'), null)
		expect(counts.cartCount).toBe(2)
		expect(counts.cart.lines).toHaveLength(1)
	})
})

describe('sign-in and sign-out', () => {
	async function customer(email: string) {
		const password = 'senha-do-cliente-1'
		await signUp({ email, password })
		return { email, password }
	}

	async function signInAs(browser: Browser, who: { email: string; password: string }) {
		const result = await signIn({ ...who, ip: '192.0.2.50', request: browser.request('/auth', { method: 'POST' }) })
		if (!result.ok) throw new Error(result.message)
		browser.keep(result.headers)
		return result.user
	}

	async function signOutOf(browser: Browser) {
		const request = browser.request('/logout', { method: 'POST' })
		const user = await getOptionalUser(request)
		browser.keep(await signOut(request, user?.id ?? null))
	}

	test("the anonymous cart merges into the customer's cart at sign-in; the gift is re-decided", async () => {
		const ana = await customer('ana.carrinho@example.com')
		// Earlier, on another device: Ana's own cart with one bandana.
		const phone = new Browser()
		await signInAs(phone, ana)
		ok(await phone.add([{ variantId: v5000, quantity: 1 }]))
		const anaCartId = phone.cartId

		// Now, anonymous on the laptop: the same bandana and a colar (R$ 99,99, no gift yet).
		const laptop = new Browser()
		ok(await laptop.add([{ variantId: v5000, quantity: 1 }, { variantId: v4999, quantity: 1 }]))
		const anonymousCartId = laptop.cartId
		expect((await laptop.view()).lines.some((l) => l.isGift)).toBe(false)

		await signInAs(laptop, ana)
		expect(laptop.cartId).toBe(anaCartId)
		const merged = await laptop.view()
		expect(merged.lines.filter((l) => !l.isGift).map((l) => [l.productTitle, l.quantity])).toEqual([
			['Bandana Cinquenta', 2],
			['Colar Quarenta e Nove', 1],
		])
		expect(merged.subtotalCents).toBe(14999)
		expect(merged.lines.filter((l) => l.isGift)).toHaveLength(1)
		const [gone] = await queryRows<{ n: number }>(sql`select count(*)::int as n from carts where id = ${anonymousCartId}::uuid`)
		expect(gone?.n).toBe(0)
		// Both devices see the same cart.
		expect(await phone.view()).toEqual(merged)
	})

	test('at sign-in nothing vanishes: sold-out and stock-short lines are kept (flagged), one subscription stays one', async () => {
		const davi = await customer('davi.carrinho@example.com')
		const scarce = (await createProduct({ title: 'Gravata Escassa', variants: [{ priceCents: 3000, stock: 3 }] })).variant.id
		const soldOut = (await createProduct({ title: 'Colar Esgotado', variants: [{ priceCents: 2500, stock: 5 }] })).variant.id
		const phone = new Browser()
		await signInAs(phone, davi)
		ok(await phone.add([{ variantId: scarce, quantity: 2 }, { variantId: subscription, quantity: 1 }]))

		const laptop = new Browser()
		ok(await laptop.add([{ variantId: scarce, quantity: 3 }, { variantId: soldOut, quantity: 1 }, { variantId: subscription, quantity: 1 }]))
		const anonymousCartId = laptop.cartId
		// Sold out while Davi was browsing anonymously: the anonymous cart shows it flagged.
		await db.update(productVariants).set({ stock: 0 }).where(sql`${productVariants.id} = ${soldOut}`)
		expect((await laptop.view()).lines.find((l) => l.productTitle === 'Colar Esgotado')?.unavailable).toBe(true)

		await signInAs(laptop, davi)
		const merged = await laptop.view()
		expect(merged.lines.filter((l) => !l.isGift).map((l) => [l.productTitle, l.quantity, l.unavailable])).toEqual([
			// 2 + 3 is more than the 3 in stock: kept for Davi to lower (checkout would refuse it).
			['Gravata Escassa', 5, false],
			['Assinatura Clube da Bandana', 1, false],
			['Colar Esgotado', 1, true],
		])
		const [gone] = await queryRows<{ n: number }>(sql`select count(*)::int as n from carts where id = ${anonymousCartId}::uuid`)
		expect(gone?.n).toBe(0)
		expect(await phone.view()).toEqual(merged)
	})

	test('a first sign-in keeps the anonymous cart, now the customer’s', async () => {
		const bia = await customer('bia.carrinho@example.com')
		const browser = new Browser()
		ok(await browser.add([{ variantId: v2000, quantity: 1 }]))
		const cartId = browser.cartId
		const user = await signInAs(browser, bia)
		expect(browser.cartId).toBe(cartId)
		const [row] = await queryRows<{ user_id: string }>(sql`select user_id from carts where id = ${cartId}::uuid`)
		expect(row?.user_id).toBe(user.id)
	})

	test('after sign-out a new anonymous cart starts; the old one is never shown to the next person', async () => {
		const caio = await customer('caio.carrinho@example.com')
		const browser = new Browser()
		await signInAs(browser, caio)
		ok(await browser.add([{ variantId: v5000, quantity: 1 }]))
		const caioCartId = browser.cartId

		await signOutOf(browser)
		expect(browser.cartId).toBeNull()
		expect((await browser.view()).lines).toEqual([])
		const next = ok(await browser.add([{ variantId: v2000, quantity: 1 }]))
		expect(browser.cartId).not.toBe(caioCartId)
		expect(next.cart.lines.map((l) => l.productTitle)).toEqual(['Laço Vinte'])

		// Even if the cookie survives (session expired without signing out), Caio's cart stays hidden
		// from whoever uses the browser next, and cannot be changed through it.
		const stale = new Browser()
		stale.cookies.set(CART_COOKIE_NAME, caioCartId ?? '')
		expect((await stale.view()).lines).toEqual([])
		ok(await stale.add([{ variantId: v2000, quantity: 1 }]))
		expect(stale.cartId).not.toBe(caioCartId)

		// Caio signs in again: his cart is back, with the laço the next person added merged in.
		await signInAs(browser, caio)
		expect(browser.cartId).toBe(caioCartId)
		expect((await browser.view()).lines.filter((l) => !l.isGift).map((l) => l.productTitle)).toEqual(['Bandana Cinquenta', 'Laço Vinte'])
	})
})

describe('POST /cart: add-ons and wholesale only through their builders and product pages (issue 28)', () => {
	let sideName = ''
	let wholesaleBase = ''
	let personalizedBase = ''
	let gift = ''
	beforeAll(async () => {
		const internal = { tags: ['uso-interno'] }
		sideName = (await createProduct({ ...internal, title: 'Atacado: Nome lateral personalizado (por unidade)', handle: 'atacado-nome-lateral', variants: [{ priceCents: 100 }] })).variant.id
		personalizedBase = (await createProduct({ ...internal, title: 'Bandana Personalizada', handle: 'guia-personalizada-base', variants: [{ priceCents: 2990 }] })).variant.id
		wholesaleBase = (await createProduct({ title: 'Bandana Atacado', handle: 'atacado-bandana-base', variants: [{ priceCents: 1500 }] })).variant.id
		gift = (await queryRows<{ id: string }>(sql`select v.id from product_variants v join products p on p.id = v.product_id where p.handle = 'brinde-lacinho-pet'`))[0]!.id
		await db.execute(sql`update products set tags = array['uso-interno'] where handle = 'brinde-lacinho-pet'`)
	})

	const forBandana = [{ key: 'Para', value: 'Bandana Cinquenta' }]

	test.each([
		['a wholesale side name for R$ 1,00', () => [{ variantId: sideName, quantity: 1 }], 'Este item só pode ser adicionado pelas páginas de personalização ou de atacado, junto com as escolhas do pedido.'],
		['50 wholesale bandanas with no colour', () => [{ variantId: wholesaleBase, quantity: 50 }], 'Os produtos de atacado são pedidos pela página Atacado, com a cor e a quantidade escolhidas.'],
		['the personalized bandana base with no choices', () => [{ variantId: personalizedBase, quantity: 1 }], 'Este item só pode ser adicionado pelas páginas de personalização ou de atacado, junto com as escolhas do pedido.'],
		['the gift, bought', () => [{ variantId: gift, quantity: 1 }], 'Este item só pode ser adicionado pelas páginas de personalização ou de atacado, junto com as escolhas do pedido.'],
		['a product page add-on alone (the extensor for R$ 5,00)', () => [{ variantId: addons.extensor, quantity: 1 }], 'Este adicional não é vendido separadamente: escolha-o na página do produto, junto com ele.'],
		['an internal extra dressed as an add-on of a product', () => [{ variantId: v5000, quantity: 1 }, { variantId: sideName, quantity: 1, attributes: forBandana }], 'Este item só pode ser adicionado pelas páginas de personalização ou de atacado, junto com as escolhas do pedido.'],
	])('refused: %s — a Portuguese message, nothing added', async (_name, lines, message) => {
		const browser = new Browser()
		const result = await browser.add(lines())
		expect(result.status).toBe(400)
		expect(result.data).toEqual({ ok: false, error: message })
		expect((await browser.view()).lines).toEqual([])
	})

	test("the product page's add-on with its product is still taken", async () => {
		const browser = new Browser()
		const { cart } = ok(await browser.add([{ variantId: v5000, quantity: 2 }, { variantId: addons.extensor, quantity: 2, attributes: forBandana }]))
		// R$ 110,00: the gift rule adds the (internal) gift itself.
		expect(cart.lines.map((l) => [l.productTitle, l.quantity, l.isGift])).toEqual([
			['Bandana Cinquenta', 2, false],
			['Adicional: Extensor', 2, false],
			['Lacinho Pet (Brinde)', 1, true],
		])
	})
})
