import { sql } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { fixedCatalogue } from '#tests/support/fake-storefront/catalogue'
import { withFakeStorefrontProvider } from '#tests/support/fake-storefront/provider-env'
import type { FakeStorefront } from '#tests/support/fake-storefront/server'
import { userWithSession } from '#tests/fixtures/session-user'
import { getStorefrontProvider } from '~/commerce/storefront/provider.server'
import type { CartActionResult, CartView } from '~/components/cart/cart-view'
import { CART_COOKIE_NAME } from '~/server/cart-cookie.server'
import { queryRows } from '~/server/db.server'
import { clearStoreSettingsCache, updateStoreSettings } from '~/server/settings.server'
import { cartActionSchema } from '~/utils/cart-form'
import { getCartBackend } from './backend.server'
import { getCartView, mergeCartAtSignIn, performCartAction } from './cart.server'
import { REMOTE_GIFT_ATTRIBUTE, storefrontCartBackend } from './storefront-backend.server'

/**
 * The cart on our server with COMMERCE_PROVIDER=storefront (decision 046): lines hold the
 * store's variant gids, prices and availability come from the fake Storefront server, the
 * shop's rules (merge, gift, subscriptions, checkout hand-off) are the cart service's.
 */

withTestDatabase()

let fake: FakeStorefront
withFakeStorefrontProvider(fixedCatalogue, (started) => (fake = started))

beforeAll(async () => {
	await updateStoreSettings({ giftThresholdCents: 10_000, giftProductHandle: 'brinde-lacinho-pet' })
	clearStoreSettingsCache()
})

beforeEach(() => {
	getStorefrontProvider().client.clearCache()
})

function variantOf(handle: string, index = 0) {
	const variant = fake.catalogue.products.find((p) => p.handle === handle)?.variants[index]
	if (!variant) throw new Error(`no variant ${index} of ${handle}`)
	return variant
}

/** One shopper: keeps the cart cookie between requests. */
function shopper(userId: string | null = null) {
	let cartId: string | null = null
	const request = () => new Request('http://loja.test/cart', { headers: cartId ? { cookie: `${CART_COOKIE_NAME}=${cartId}` } : {} })
	return {
		get cartId() {
			return cartId
		},
		async act(fields: Record<string, unknown>): Promise<{ status: number; body: CartActionResult }> {
			const outcome = await performCartAction(request(), userId, cartActionSchema.parse(fields))
			for (const cookie of outcome.headers.getSetCookie()) {
				const match = new RegExp(`^${CART_COOKIE_NAME}=([^;]*)`).exec(cookie)
				if (match) cartId = match[1] || null
			}
			return { status: outcome.status, body: outcome.body }
		},
		add(variantId: string, quantity: number, attributes?: { key: string; value: string }[]) {
			return this.act({ intent: 'add', lines: JSON.stringify([{ variantId, quantity, ...(attributes ? { attributes } : {}) }]) })
		},
		view: (): Promise<CartView> => getCartView(request(), userId),
		request,
	}
}

function cartOf(result: { body: CartActionResult }): CartView {
	if (!result.body.ok) throw new Error(`refused: ${result.body.error}`)
	return result.body.cart
}

describe('the storefront cart backend', () => {
	test('is the configured backend', () => {
		expect(getCartBackend()).toBe(storefrontCartBackend)
	})

	test('add, merge the same variant and attributes, update, remove: the store’s prices', async () => {
		const buyer = shopper()
		const azulP = variantOf('bandana-xadrez-azul', 0)
		const first = cartOf(await buyer.add(azulP.id, 1))
		expect(first.lines).toHaveLength(1)
		expect(first.lines[0]).toMatchObject({ productTitle: expect.stringContaining('Azul'), unitPriceCents: 2990, quantity: 1 })
		// The same variant with the same attributes is one line (the merge key of remote_cart_lines).
		const merged = cartOf(await buyer.add(azulP.id, 2))
		expect(merged.lines).toHaveLength(1)
		expect(merged.lines[0]!.quantity).toBe(3)
		const line = merged.lines[0]!
		const updated = cartOf(await buyer.act({ intent: 'update', lineId: line.id, quantity: '2' }))
		expect(updated.lines[0]).toMatchObject({ quantity: 2, totalCents: 5980 })
		const removed = cartOf(await buyer.act({ intent: 'remove', lineId: line.id }))
		expect(removed.lines).toHaveLength(0)
		// Stock is the store's: 5 units of the red P.
		const short = await buyer.add(variantOf('bandana-xadrez-vermelha', 0).id, 6)
		expect(short).toMatchObject({ status: 409, body: { ok: false, error: 'Só temos 5 unidades desta variante em estoque.' } })
		// Unknown and sold-out variants are refused in Portuguese.
		expect((await buyer.add('gid://shopify/ProductVariant/999999', 1)).body).toMatchObject({
			ok: false,
			error: 'Este produto não está disponível no momento.',
		})
		expect((await buyer.add(variantOf('bandana-xadrez-vermelha', 1).id, 1)).body).toMatchObject({
			ok: false,
			error: 'Esta variante não está disponível.',
		})
	})

	test('the gift rule: the store’s gift product added at the threshold, removed below it', async () => {
		const buyer = shopper()
		const shampoo = variantOf('shampoo-neutro') // R$ 42,50
		expect(cartOf(await buyer.add(shampoo.id, 2)).lines.some((l) => l.isGift)).toBe(false)
		const added = await buyer.add(shampoo.id, 1) // R$ 127,50 ≥ R$ 100
		expect(added.body).toMatchObject({ ok: true, giftAdded: true })
		const gift = cartOf(added).lines.find((l) => l.isGift)
		expect(gift).toMatchObject({ productHandle: 'brinde-lacinho-pet', unitPriceCents: 0, quantity: 1 })
		const shampooLine = cartOf(added).lines.find((l) => !l.isGift)!
		const below = cartOf(await buyer.act({ intent: 'update', lineId: shampooLine.id, quantity: '1' }))
		expect(below.lines.some((l) => l.isGift)).toBe(false)
	})

	test('a subscription variant is a 12-month line; a variant the store stops selling shows unavailable', async () => {
		const buyer = shopper()
		const plan = cartOf(await buyer.add(variantOf('assinatura-kit-higiene').id, 3))
		expect(plan.lines[0]).toMatchObject({ isSubscription: true, quantity: 1, unitPriceCents: 79_90 * 12 })
		const lacinho = variantOf('lacinho-azul')
		cartOf(await buyer.add(lacinho.id, 1))
		lacinho.availableForSale = false
		try {
			getStorefrontProvider().client.clearCache()
			const view = await buyer.view()
			const line = view.lines.find((l) => l.productHandle === 'lacinho-azul')
			expect(line).toMatchObject({ unavailable: true })
			// It counts for nothing: the subscription alone.
			expect(view.subtotalCents).toBe(79_90 * 12)
		} finally {
			lacinho.availableForSale = true
		}
	})

	test('a store outage: reads and changes fail with the store’s error (not a 500) and the lines survive', async () => {
		const buyer = shopper()
		const colar = variantOf('colar-nylon-preto')
		cartOf(await buyer.add(colar.id, 1))
		getStorefrontProvider().client.clearCache()
		fake.failNext({ status: 500 })
		await expect(buyer.view()).rejects.toMatchObject({ code: 'provider_error', status: 502 })
		fake.failNext({ status: 500 })
		const refused = await buyer.add(colar.id, 1)
		expect(refused).toMatchObject({ status: 502, body: { ok: false } })
		// The store back: the line is there, unchanged by the refused add.
		const view = await buyer.view()
		expect(view.lines).toMatchObject([{ productHandle: 'colar-nylon-preto', quantity: 1 }])
	})

	test('checkout: the store’s cart with our lines and their attributes, the hosted URL in a new tab', async () => {
		const buyer = shopper()
		const shampoo = variantOf('shampoo-neutro')
		cartOf(await buyer.add(shampoo.id, 3)) // with the gift
		const checkout = await buyer.act({ intent: 'checkout' })
		expect(checkout.body).toMatchObject({ ok: true, external: true, checkoutUrl: expect.stringContaining('channel=online_store') })
		const sent = fake.carts.at(-1)!.input.lines!
		expect(sent).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ merchandiseId: shampoo.id, quantity: 3 }),
				expect.objectContaining({
					merchandiseId: variantOf('brinde-lacinho-pet').id,
					attributes: [{ key: REMOTE_GIFT_ATTRIBUTE, value: 'sim' }],
				}),
			]),
		)
		// The lines stay ours: the shopper may come back from the hosted checkout and change them.
		const [row] = await queryRows<{ n: number }>(
			sql`select count(*)::int as n from remote_cart_lines where cart_id = ${buyer.cartId}::uuid`,
		)
		expect(row?.n).toBe(2)
	})

	test('a subscription goes to the store on its prepaid 12-month selling plan; without one the checkout is refused', async () => {
		const buyer = shopper()
		const kit = variantOf('assinatura-kit-higiene')
		cartOf(await buyer.add(kit.id, 1))
		const checkout = await buyer.act({ intent: 'checkout' })
		expect(checkout.body).toMatchObject({ ok: true, external: true })
		const [sent] = fake.carts.at(-1)!.input.lines!
		expect(sent).toMatchObject({
			merchandiseId: kit.id,
			quantity: 1,
			sellingPlanId: `gid://shopify/SellingPlan/${kit.id.split('/').at(-1)}`,
		})

		// A store whose only plan charges one month: it would take 79,90 for what our cart shows as 958,80.
		kit.sellingPlans = [{ id: 'gid://shopify/SellingPlan/mensal', name: 'Mensal', checkoutCharge: '79.9' }]
		try {
			getStorefrontProvider().client.clearCache()
			const carts = fake.carts.length
			const refused = await buyer.act({ intent: 'checkout' })
			expect(refused).toMatchObject({
				status: 502,
				body: { ok: false, error: 'Não foi possível criar o checkout. Tente novamente.', detail: expect.stringContaining(kit.id) },
			})
			expect(fake.carts.length).toBe(carts)
		} finally {
			delete kit.sellingPlans
		}
	})

	test('checkout failures: §8’s toasts and errors reach the shopper', async () => {
		const buyer = shopper()
		cartOf(await buyer.add(variantOf('shampoo-neutro').id, 1))
		fake.failNext({ status: 402 })
		expect(await buyer.act({ intent: 'checkout' })).toMatchObject({
			status: 502,
			body: {
				ok: false,
				title: 'Erro ao criar checkout',
				error: 'Não foi possível criar o checkout. Tente novamente.',
				notice: { title: 'Shopify: Pagamento necessário' },
				detail: 'Payment required',
			},
		})
		fake.cart.userErrors = ['Merchandise is not available']
		try {
			// 'Comprar Agora' on the product page: add, then checkout.
			const buyNow = await buyer.act({
				intent: 'add',
				lines: JSON.stringify([{ variantId: variantOf('lacinho-rosa').id, quantity: 1 }]),
				checkout: '1',
			})
			expect(buyNow).toMatchObject({
				status: 502,
				body: {
					ok: false,
					title: 'Erro ao criar checkout',
					error: 'Tente novamente.',
					detail: 'Cart creation failed: Merchandise is not available',
				},
			})
		} finally {
			fake.cart.userErrors = []
		}
		fake.cart.noCheckoutUrl = true
		try {
			expect((await buyer.act({ intent: 'checkout' })).body).toMatchObject({ ok: false, detail: 'No checkout URL returned from Shopify' })
		} finally {
			fake.cart.noCheckoutUrl = false
		}
	})

	test('sign-in merges the anonymous cart’s store lines into the customer’s; checkout prefills their e-mail', async () => {
		const customer = await userWithSession()
		const mine = shopper(customer.id)
		const azul = variantOf('bandana-xadrez-azul', 1)
		cartOf(await mine.add(azul.id, 1))
		const anonymous = shopper()
		cartOf(await anonymous.add(azul.id, 2))
		cartOf(await anonymous.add(variantOf('lacinho-rosa').id, 1))
		await mergeCartAtSignIn({ userId: customer.id, request: anonymous.request(), headers: new Headers() })
		const merged = await mine.view()
		expect(merged.lines.map((l) => [l.productHandle, l.quantity])).toEqual([
			['bandana-xadrez-azul', 3],
			['lacinho-rosa', 1],
			// R$ 119,70 together: the gift is decided again on the merged cart.
			['brinde-lacinho-pet', 1],
		])
		expect(await storefrontCartBackend.getCart(anonymous.cartId!)).toBeNull()

		expect((await mine.act({ intent: 'checkout' })).body).toMatchObject({ ok: true, external: true })
		const [user] = await queryRows<{ email: string }>(sql`select email from users where id = ${customer.id}::uuid`)
		expect(fake.carts.at(-1)!.input.buyerIdentity).toEqual({ email: user!.email, countryCode: 'BR' })
	})
})
