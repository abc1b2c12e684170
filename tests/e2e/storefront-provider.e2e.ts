import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningServer, startAppServer } from '#tests/support/app-server'
import { demoCatalogue } from '#tests/support/fake-storefront/catalogue'
import { type FakeStorefront, startFakeStorefront } from '#tests/support/fake-storefront/server'
import { DEMO_COLLECTIONS, buildDemoCatalogue } from '~/server/seed/catalogue'
import { createRandom } from '~/server/seed/prng'
import { DEMO_RANDOM_SEED } from '~/server/seed/seed.server'
import { CartDrawer } from './pages/cart-drawer'
import { ProductPage } from './pages/product-page'
import { SearchPanel } from './pages/search-panel'
import { Shell } from './pages/shell'
import { DESKTOP, expectNoPageErrors, pageErrorsOf, trackErrors } from './support/browser'
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium'

/**
 * The shop on the hosted Storefront API (issue 15, decision 046) in real Chromium: the
 * production build with COMMERCE_PROVIDER=storefront pointed at the fake Storefront server
 * holding the demo catalogue. Its own server (the shared e2e one runs the built-in provider).
 * The hosted checkout's host is answered by the browser context itself: tests never reach
 * the internet.
 */

const CHECKOUT_HOST = 'https://loja-fake.myshopify.com'

let fake: FakeStorefront
let app: RunningServer
let browser: Browser

beforeAll(async () => {
	fake = await startFakeStorefront(demoCatalogue(buildDemoCatalogue(createRandom(DEMO_RANDOM_SEED)), DEMO_COLLECTIONS))
	app = await startAppServer({ COMMERCE_PROVIDER: 'storefront', STOREFRONT_API_URL: fake.url, STOREFRONT_TOKEN: fake.token })
	browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
}, 240_000)

afterAll(async () => {
	await browser?.close()
	await app?.stop()
	await fake?.stop()
})

describe('the storefront on the Storefront API', () => {
	test('home → category → product → cart drawer → Finalizar Compra opens the store’s checkout in a new tab; a 402 shows §8’s toasts', async () => {
		const context = await browser.newContext({ baseURL: app.url, viewport: DESKTOP, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
		await context.route(`${CHECKOUT_HOST}/**`, (route) =>
			route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<title>Checkout da loja</title><h1>Checkout</h1>' }),
		)
		try {
			const page = trackErrors(await context.newPage())
			await page.goto('/')
			const bandanas = fake.catalogue.collections.find((c) => c.handle === 'bandana')!
			// The home page's category carousel links the bandanas ('/bandanas', the 'bandana' collection).
			await page.locator('main a[href="/bandanas"]').first().click()
			await page.waitForURL(/\/bandanas$/)
			// The category's own heading: the home page's h1 is there until the new page renders.
			await page.getByRole('heading', { level: 1, name: bandanas.title }).waitFor()
			const firstCard = page.locator('main a[href^="/produto/"]').first()
			const handle = (await firstCard.getAttribute('href'))!.replace('/produto/', '')
			expect(bandanas.products).toContain(handle)
			await firstCard.click()
			await page.waitForURL(`**/produto/${handle}`)

			const product = new ProductPage(page)
			const drawer = new CartDrawer(page)
			const title = fake.catalogue.products.find((p) => p.handle === handle)!.title
			await product.waitForHydration()
			await product.addToCart().click()
			await drawer.dialog().waitFor()
			await drawer.line(title).waitFor()

			const [checkout] = await Promise.all([
				context.waitForEvent('page'),
				drawer.dialog().getByRole('button', { name: 'Finalizar Compra' }).click(),
			])
			await checkout.waitForLoadState()
			expect(checkout.url()).toMatch(new RegExp(`^${CHECKOUT_HOST}/cart/c/.*channel=online_store`))
			// The store's cart holds the line our server priced.
			expect(fake.carts.at(-1)!.input.lines).toHaveLength(1)
			expectNoPageErrors(page)

			// document 000 §8: the store refusing (HTTP 402) shows its toast, then the drawer's.
			await checkout.close()
			await page.bringToFront()
			// The hand-off closed the drawer; open it again.
			await drawer.dialog().waitFor({ state: 'hidden' })
			await drawer.headerButton().click()
			await drawer.dialog().waitFor()
			fake.failNext({ status: 402 })
			await drawer.dialog().getByRole('button', { name: 'Finalizar Compra' }).click()
			const shell = new Shell(page)
			await shell.toast('Shopify: Pagamento necessário')
			await shell.toast('Erro ao criar checkout')
			await page.getByText('Não foi possível criar o checkout. Tente novamente.').waitFor()
			// The answer was a 502 (the browser logs the failed request), never a 500 or a crash.
			expect(pageErrorsOf(page).filter((e) => !/status of 502/.test(e))).toEqual([])
		} finally {
			await context.close()
		}
	})

	test('search: the header panel and Enter’s results page list the store’s matches', async () => {
		const context = await browser.newContext({ baseURL: app.url, viewport: DESKTOP, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })
		try {
			const page = trackErrors(await context.newPage())
			await page.goto('/')
			const search = new SearchPanel(page)
			await search.open()
			await search.type('xadrez')
			await search.waitForResults('xadrez')
			const titles = await search.resultTitles()
			const matches = fake.catalogue.products.filter((p) => /xadrez/i.test(p.title) && !p.tags.includes('uso-interno')).map((p) => p.title)
			expect(titles.length).toBeGreaterThan(0)
			for (const title of titles) expect(matches).toContain(title)
			await search.input.press('Enter')
			await page.waitForURL(/\/busca\?q=xadrez/)
			await page.getByTestId('contagem').waitFor()
			expect(await page.locator('main a[href^="/produto/"]').count()).toBeGreaterThan(0)
			expectNoPageErrors(page)
		} finally {
			await context.close()
		}
	})
})
