import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { HttpSession } from '#tests/e2e/support/http-session'
import { type RunningServer, startAppServer } from '#tests/support/app-server'
import { demoCatalogue } from '#tests/support/fake-storefront/catalogue'
import { type FakeStorefront, startFakeStorefront } from '#tests/support/fake-storefront/server'
import { DEMO_COLLECTIONS, buildDemoCatalogue } from '~/server/seed/catalogue'
import { createRandom } from '~/server/seed/prng'
import { DEMO_RANDOM_SEED } from '~/server/seed/seed.server'

/**
 * The production server with COMMERCE_PROVIDER=storefront, pointed at the fake Storefront
 * server holding the demo catalogue (issue 15, decision 046): the catalogue pages render the
 * store's products and prices, a store failure shows the page's error state (502), and the cart
 * on our server hands off to the store's hosted checkout.
 */

let fake: FakeStorefront
let app: RunningServer

beforeAll(async () => {
	fake = await startFakeStorefront(demoCatalogue(buildDemoCatalogue(createRandom(DEMO_RANDOM_SEED)), DEMO_COLLECTIONS))
	app = await startAppServer({ COMMERCE_PROVIDER: 'storefront', STOREFRONT_API_URL: fake.url, STOREFRONT_TOKEN: fake.token })
}, 240_000)

afterAll(async () => {
	await app?.stop()
	await fake?.stop()
})

beforeEach(() => {
	fake.requests.length = 0
})

async function page(path: string): Promise<{ status: number; html: string }> {
	const response = await fetch(app.url + path)
	return { status: response.status, html: await response.text() }
}

describe('the catalogue pages on the Storefront API', () => {
	test('product page: the store’s product, price and variants; an unknown handle is 404', async () => {
		const product = fake.catalogue.products.find((p) => p.handle === 'bandana-preta')!
		const { status, html } = await page('/produto/bandana-preta')
		expect(status).toBe(200)
		expect(html).toContain(product.title)
		// The first variant on sale is chosen (size P is sold out on the store): its price as the page
		// writes it (R$, a no-break space, decimal comma); every size is offered.
		const chosen = product.variants.find((v) => v.availableForSale)!
		expect(product.variants[0]!.availableForSale).toBe(false)
		expect(html).toMatch(new RegExp(`R\\$\\s${chosen.price.replace('.', ',')}`))
		for (const variant of product.variants) expect(html).toContain(`>${variant.title}<`)
		expect(fake.requests.map((r) => r.operationName)).toContain('ProductByHandle')
		expect((await page('/produto/nao-existe')).status).toBe(404)
	})

	test('home, a category (sorted and filtered), search and the sitemap list the store’s products', async () => {
		const home = await page('/')
		expect(home.status).toBe(200)
		// The home page's category rows: one request for all of them (aliases).
		expect(fake.requests.filter((r) => r.operationName === 'CollectionsByHandles')).toHaveLength(1)

		const category = await page('/categoria/bandana?ordem=menor-preco&tamanho=P')
		expect(category.status).toBe(200)
		const bandanas = fake.catalogue.collections.find((c) => c.handle === 'bandana')!.products
		const linked = [...category.html.matchAll(/href="\/produto\/([a-z0-9-]+)"/g)].map((m) => m[1]!)
		expect(linked.length).toBeGreaterThan(0)
		expect(linked.every((handle) => bandanas.includes(handle))).toBe(true)

		const search = await page('/busca?q=xadrez')
		expect(search.status).toBe(200)
		const xadrez = fake.catalogue.products.filter((p) => /xadrez/i.test(p.title) && !p.tags.includes('uso-interno'))
		for (const product of xadrez.slice(0, 3)) expect(search.html).toContain(product.title)

		const sitemap = await page('/sitemap.xml')
		expect(sitemap.html).toContain('/produto/bandana-preta</loc>')
	})

	test('the personalization and wholesale pages find their base products by fixed handle', async () => {
		for (const path of ['/personalize', '/personalize-colares', '/atacado', '/assinaturas']) {
			const { status, html } = await page(path)
			expect(status, path).toBe(200)
			expect(html, path).not.toContain('não encontrado')
		}
	})

	test('the store failing (402, 500): the pages show their error states with a 502, search says it failed', async () => {
		fake.failNext({ status: 402 })
		const category = await page('/categoria/colar')
		expect(category.status).toBe(502)
		expect(category.html).toContain('Erro ao carregar produtos da categoria')
		fake.failNext({ status: 500 })
		const product = await page('/produto/bandana-vermelha')
		expect(product.status).toBe(502)
		expect(product.html).toContain('Erro ao carregar produto')
		fake.failNext({ status: 500 })
		const search = await page('/busca?q=coleira')
		expect(search.status).toBe(502)
		expect(search.html).toContain('Não foi possível buscar produtos agora. Tente novamente.')
		expect(search.html).not.toContain('Unexpected Server Error')
		// Each was answered by the store's error, logged, not by a crash of the server.
		expect(app.logs.join('')).toMatch(/Payment required[\s\S]*HTTP error! status: 500[\s\S]*HTTP error! status: 500/)
		// The store back: the same pages render.
		expect((await page('/produto/bandana-vermelha')).status).toBe(200)
	})

	test('the cart: add the store’s variant, checkout → the hosted checkout URL; a 402 → §8’s toasts', async () => {
		const shopper = new HttpSession(app.url)
		const variant = fake.catalogue.products.find((p) => p.handle === 'bandana-preta')!.variants.find((v) => v.availableForSale)!
		const added = await shopper.post('/cart', { intent: 'add', lines: JSON.stringify([{ variantId: variant.id, quantity: 1 }]) })
		expect(added.status).toBe(200)
		expect(await added.json()).toMatchObject({ ok: true, cart: { lines: [{ quantity: 1, unavailable: false }] } })

		const checkout = await shopper.post('/cart', { intent: 'checkout' })
		expect(checkout.status).toBe(200)
		const body = (await checkout.json()) as { ok: boolean; external?: boolean; checkoutUrl?: string }
		expect(body).toMatchObject({ ok: true, external: true })
		expect(body.checkoutUrl).toMatch(/^https:\/\/loja-fake\.myshopify\.com\/cart\/c\/.*channel=online_store/)
		expect(fake.carts.at(-1)!.input.lines).toEqual([expect.objectContaining({ merchandiseId: variant.id, quantity: 1 })])

		fake.failNext({ status: 402 })
		const refused = await shopper.post('/cart', { intent: 'checkout' })
		expect(refused.status).toBe(502)
		expect(await refused.json()).toMatchObject({
			ok: false,
			title: 'Erro ao criar checkout',
			error: 'Não foi possível criar o checkout. Tente novamente.',
			notice: { title: 'Shopify: Pagamento necessário' },
			detail: 'Payment required',
		})
	})
})

describe('/checkout and the orders page on the Storefront API (decision 052)', () => {
	const variantOf = (handle: string) => fake.catalogue.products.find((p) => p.handle === handle)!.variants.find((v) => v.availableForSale)!

	test('/checkout sends the cart to the store’s checkout in the same tab; an empty cart shows the empty state', async () => {
		const shopper = new HttpSession(app.url)
		const carts = fake.carts.length
		const empty = await shopper.get('/checkout')
		expect(empty.status).toBe(200)
		expect(await empty.text()).toContain('Seu carrinho está vazio')
		expect(fake.carts).toHaveLength(carts)

		const variant = variantOf('bandana-preta')
		await shopper.post('/cart', { intent: 'add', lines: JSON.stringify([{ variantId: variant.id, quantity: 2 }]) })
		const handedOff = await shopper.get('/checkout')
		expect(handedOff.status).toBe(303)
		expect(handedOff.headers.get('location')).toMatch(/^https:\/\/loja-fake\.myshopify\.com\/cart\/c\/.*channel=online_store/)
		expect(handedOff.headers.get('cache-control')).toContain('no-store')
		expect(fake.carts.at(-1)!.input.lines).toEqual([expect.objectContaining({ merchandiseId: variant.id, quantity: 2 })])
	})

	test('a POST to /checkout places no order here: it goes back to the hand-off', async () => {
		const shopper = new HttpSession(app.url)
		await shopper.post('/cart', { intent: 'add', lines: JSON.stringify([{ variantId: variantOf('bandana-preta').id, quantity: 1 }]) })
		const carts = fake.carts.length
		const placed = await shopper.post('/checkout', {
			name: 'Ana Souza',
			email: 'ana@example.com',
			paymentMethod: 'pix',
			idempotencyKey: crypto.randomUUID(),
		})
		expect(placed.status).toBe(303)
		expect(placed.headers.get('location')).toBe('/checkout')
		// Only the GET makes a store cart: the POST did nothing but redirect.
		expect(fake.carts.length).toBe(carts)
		const cart = (await (await shopper.get('/cart')).json()) as { cart: { lines: unknown[] } }
		expect(cart.cart.lines).toHaveLength(1)
	})

	test('the store refusing (402, malformed answer): the page shows §8’s texts with a 502 and keeps the cart', async () => {
		const shopper = new HttpSession(app.url)
		await shopper.post('/cart', { intent: 'add', lines: JSON.stringify([{ variantId: variantOf('bandana-preta').id, quantity: 1 }]) })
		fake.failNext({ status: 402 })
		const refused = await shopper.get('/checkout')
		expect(refused.status).toBe(502)
		const html = await refused.text()
		expect(html).toContain('Erro ao criar checkout')
		expect(html).toContain('Shopify: Pagamento necessário')
		expect(html).toContain('Não foi possível criar o checkout. Tente novamente.')
		expect(html).toContain('Payment required')

		fake.failNext({ malformed: true })
		const broken = await shopper.get('/checkout')
		expect(broken.status).toBe(502)
		expect(await broken.text()).toContain('Não foi possível criar o checkout. Tente novamente.')

		const again = await shopper.get('/checkout')
		expect(again.status).toBe(303)
	})

	test('Meus Pedidos says the store’s orders are followed on the store', async () => {
		const customer = new HttpSession(app.url)
		const email = `pedidos-loja-${Date.now()}@example.com`
		await customer.signUp(email, 'senha-forte-123')
		await customer.signIn(email, 'senha-forte-123')
		const orders = await customer.get('/user/orders')
		expect(orders.status).toBe(200)
		expect(await orders.text()).toContain('Seus pedidos são pagos e acompanhados no checkout da loja.')
	})
})
