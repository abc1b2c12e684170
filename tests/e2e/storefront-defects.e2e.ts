import { describe, expect, test } from 'vitest'
import { CartDrawer } from './pages/cart-drawer'
import { ProductPage } from './pages/product-page'
import { MOBILE, expectNoPageErrors, setupBrowser } from './support/browser'

const browser = setupBrowser()

/*
 * Defects of issue 13, each written so that it failed on the main of 2026-11-23 (ec37c8a).
 */
describe('defeitos da vitrine (issue 13)', () => {
	test('1. Comprar Agora ends at checkout with the item even when the cart already holds something', async () => {
		const product = new ProductPage(await browser.newPage(MOBILE))
		await product.goto('bandana-preta')
		await product.waitForHydration()
		await product.addToCart().click()
		const drawer = new CartDrawer(product.page)
		await drawer.dialog().waitFor({ timeout: 15_000 })
		await drawer.close()

		await product.goto('colar-refletivo-passeio-noturno')
		await product.waitForHydration()
		await product.buyNow().click()
		await product.page.waitForURL((url) => url.pathname === '/checkout', { timeout: 20_000 })
		const { cart } = await product.cartJson()
		const handles = cart.lines.map((line) => line.productHandle)
		expect(handles).toEqual(expect.arrayContaining(['bandana-preta', 'colar-refletivo-passeio-noturno']))
		expectNoPageErrors(product.page)
	})

	test("1. 'Assinar por R$ …' ends at checkout when the cart already holds something", async () => {
		const product = new ProductPage(await browser.newPage(MOBILE))
		await product.goto('bandana-preta')
		await product.waitForHydration()
		await product.addToCart().click()
		const drawer = new CartDrawer(product.page)
		await drawer.dialog().waitFor({ timeout: 15_000 })
		await drawer.close()

		const page = product.page
		await page.goto('/assinaturas')
		await page.getByRole('main').getByRole('link', { name: 'Ver Detalhes da Assinatura' }).first().click()
		await page.waitForURL(/\/produto\/[a-z0-9-]+$/)
		const handle = new URL(page.url()).pathname.split('/').pop() ?? ''
		await product.waitForHydration()
		await page.getByRole('main').getByRole('button', { name: /^Assinar por R\$/ }).last().click()
		await page.waitForURL((url) => url.pathname === '/checkout', { timeout: 20_000 })
		const { cart } = await product.cartJson()
		expect(cart.lines.map((line) => line.productHandle)).toEqual(expect.arrayContaining(['bandana-preta', handle]))
		expectNoPageErrors(page)
	})
})
