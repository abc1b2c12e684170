import { describe, expect, test } from 'vitest'
import { CartDrawer } from './pages/cart-drawer'
import { ProductPage } from './pages/product-page'
import { SearchPanel } from './pages/search-panel'
import { Shell } from './pages/shell'
import { DESKTOP, expectNoPageErrors, pageErrorsOf, setupBrowser, trackErrors } from './support/browser'
import { HOSTED_CHECKOUT_URL, answerHostedCheckout, fakeStorefront, onStorefront, storefrontCatalogue } from './support/provider'

/**
 * The shop on the hosted Storefront API (issue 15, decision 046) in real Chromium: the
 * production build with COMMERCE_PROVIDER=storefront pointed at the fake Storefront server
 * holding the demo catalogue. Part of the storefront run only (E2E_PROVIDER=storefront,
 * decision 053): it uses that run's shared server and drives its fake store over HTTP.
 * The hosted checkout's host is answered by the browser context itself: tests never reach
 * the internet.
 */

const browser = setupBrowser()
const catalogue = storefrontCatalogue()

describe.skipIf(!onStorefront())('the storefront on the Storefront API', () => {
	test('home → category → product → cart drawer → Finalizar Compra opens the store’s checkout in a new tab; a 402 shows §8’s toasts', async () => {
		const context = await browser.newContext(DESKTOP)
		await answerHostedCheckout(context)
		try {
			const page = trackErrors(await context.newPage())
			await page.goto('/')
			const bandanas = catalogue.collections.find((c) => c.handle === 'bandana')!
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
			const title = catalogue.products.find((p) => p.handle === handle)!.title
			await product.waitForHydration()
			await product.addToCart().click()
			await drawer.dialog().waitFor()
			await drawer.line(title).waitFor()

			const [checkout] = await Promise.all([
				context.waitForEvent('page'),
				drawer.dialog().getByRole('button', { name: 'Finalizar Compra' }).click(),
			])
			await checkout.waitForLoadState()
			expect(checkout.url()).toMatch(HOSTED_CHECKOUT_URL)
			// The store's cart holds the line our server priced.
			expect((await fakeStorefront.carts()).at(-1)!.input.lines).toHaveLength(1)
			expectNoPageErrors(page)

			// document 000 §8: the store refusing (HTTP 402) shows its toast, then the drawer's.
			await checkout.close()
			await page.bringToFront()
			// The hand-off closed the drawer; open it again.
			await drawer.dialog().waitFor({ state: 'hidden' })
			await drawer.headerButton().click()
			await drawer.dialog().waitFor()
			await fakeStorefront.failNext({ status: 402, operation: 'CartCreate' })
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
		const context = await browser.newContext(DESKTOP)
		try {
			const page = trackErrors(await context.newPage())
			await page.goto('/')
			const search = new SearchPanel(page)
			await search.open()
			await search.type('xadrez')
			await search.waitForResults('xadrez')
			const titles = await search.resultTitles()
			const matches = catalogue.products.filter((p) => /xadrez/i.test(p.title) && !p.tags.includes('uso-interno')).map((p) => p.title)
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
