import { randomUUID } from 'node:crypto'
import type { Page, Request } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { AdminPages } from './pages/admin-pages'
import { AuthPage } from './pages/auth-page'
import { CartDrawer } from './pages/cart-drawer'
import { HomePage } from './pages/home-page'
import { PersonalizationPages } from './pages/personalization-pages'
import { ProductPage } from './pages/product-page'
import { Shell } from './pages/shell'
import { newCustomer } from './support/accounts'
import { expectNoPageErrors, setupBrowser, trackErrors } from './support/browser'
import { onStorefront, storefrontCatalogue } from './support/provider'

/**
 * Decision 051 in real Chromium: the production build with COMMERCE_PROVIDER=storefront pointed at
 * the fake Storefront server (the demo catalogue), where product ids are the store's gids. A
 * signed-in shopper's favourite, her recently viewed product, an approved review, and the
 * personalization and wholesale pages' store products all work as on the built-in provider. Part of
 * the storefront run only (E2E_PROVIDER=storefront, decision 053): the run's shared server.
 */

const STORE_GID = /gid:\/\/shopify\/Product\/\d+/

const browser = setupBrowser()
const fake = { catalogue: storefrontCatalogue() }

async function newPage(): Promise<Page> {
	return trackErrors(await browser.newPage())
}

/** A bandana the store sells (not an internal product): its gid, handle and title. */
function storeBandana(index: number) {
	const bandanas = fake.catalogue.collections.find((c) => c.handle === 'bandana')!.products
	const product = fake.catalogue.products
		.filter((p) => bandanas.includes(p.handle) && !p.tags.includes('uso-interno') && p.variants.some((v) => v.availableForSale))
		.at(index)
	if (!product) throw new Error(`no bandana ${index}`)
	expect(product.id).toMatch(STORE_GID)
	return product
}

const posted = (page: Page, path: string) =>
	page.waitForRequest((request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === path, { timeout: 15_000 })

/** A request's body as text, form-encoded or multipart. */
const bodyOf = (request: Request) => decodeURIComponent((request.postData() ?? '').replace(/\+/g, ' '))

describe.skipIf(!onStorefront())('store product ids (decision 051)', () => {
	test('a signed-in shopper favourites a store product and finds it in her favourites; the product she viewed is recently viewed', async () => {
		const page = await newPage()
		const shell = new Shell(page)
		const customer = newCustomer()
		await new AuthPage(page).signUpAndSignIn(customer.email, customer.password)

		const product = storeBandana(0)
		const shown = new ProductPage(page)
		// The product page records the view 2 s after it is shown (document 000 §4), with the store's id.
		const view = page.waitForResponse(
			(response) => new URL(response.url()).pathname === '/resources/views' && response.request().method() === 'POST',
			{ timeout: 15_000 },
		)
		expect(await shown.goto(product.handle)).toBe(200)
		await shown.waitForHydration()
		const viewed = await view
		expect(viewed.status()).toBe(200)
		expect(await viewed.json()).toEqual({ ok: true, recorded: true })

		const favourite = posted(page, '/resources/favorites')
		await shown.main().getByRole('button', { name: 'Adicionar aos favoritos' }).first().click()
		expect(bodyOf(await favourite)).toContain(product.id)
		await shell.toast('Adicionado aos favoritos')
		await shown.main().getByRole('button', { name: 'Remover dos favoritos', pressed: true }).first().waitFor()

		await page.goto('/user/favorites')
		await page.getByRole('main').getByRole('article').getByRole('heading', { name: product.title }).waitFor()

		const home = new HomePage(page)
		await home.goto()
		await home.featured().getByText('Vistos recentemente por você').waitFor()
		const titles = await home.featured().getByRole('article').getByRole('heading').allTextContents()
		expect(titles[0]?.trim()).toBe(product.title)
		expectNoPageErrors(page)
	})

	test('a review of a store product, once the owner approves it, shows on the product’s page', async () => {
		const page = await newPage()
		const shell = new Shell(page)
		const product = storeBandana(1)
		const shown = new ProductPage(page)
		expect(await shown.goto(product.handle)).toBe(200)
		await shown.waitForHydration()

		const form = page.getByRole('form', { name: /^Avaliar / })
		await form.getByRole('radio', { name: '5 estrelas' }).locator('xpath=..').click()
		const comment = `Bandana da loja, linda! ${randomUUID().slice(0, 8)}`
		await form.getByRole('textbox', { name: 'Comentário' }).fill(comment)
		await form.getByRole('textbox', { name: 'Seu nome (opcional)' }).fill('Lúcia Loja')
		const review = posted(page, '/resources/reviews')
		await form.getByRole('button', { name: 'Enviar Avaliação' }).click()
		expect(bodyOf(await review)).toContain(product.id)
		await shell.toast('Avaliação enviada com sucesso!')
		expect(await page.getByText(comment).count()).toBe(0)

		const adminPage = await newPage()
		const admin = new AdminPages(adminPage)
		await admin.signIn()
		await adminPage.goto('/admin/avaliacoes?filtro=pendentes')
		const row = adminPage.getByTestId('linha-avaliacao').filter({ hasText: 'Lúcia Loja' }).first()
		await row.getByRole('button', { name: 'Aprovar' }).click()
		await admin.shell.toast('Avaliação aprovada!')

		await page.reload()
		const item = page.getByRole('listitem').filter({ hasText: comment })
		await item.getByText('Lúcia Loja').waitFor()
		await item.getByRole('img', { name: '5 de 5 estrelas' }).waitFor()
		expectNoPageErrors(page)
		expectNoPageErrors(adminPage)
	})

	test('the personalization and wholesale pages add their store products (with a store art and accessory) to the cart', async () => {
		const page = await newPage()
		const shell = new Shell(page)
		const shop = new PersonalizationPages(page)
		const drawer = new CartDrawer(page)

		// /personalize: a ready-made art from the store's collection; its gid is what the page posts.
		await shop.goto('/personalize')
		await shop.chooseSize('M')
		await shop.chooseColour('Preto')
		const art = page.getByRole('radiogroup', { name: 'Artes prontas' }).getByRole('radio').first()
		await art.click()
		await expect.poll(() => art.getAttribute('aria-checked'), { timeout: 15_000 }).toBe('true')
		const bandanaPost = page.waitForRequest((r) => r.method() === 'POST' && STORE_GID.test(bodyOf(r)), {
			timeout: 15_000,
		})
		await shop.addButton().click()
		await bandanaPost
		await shell.toast('Produtos adicionados ao carrinho!')
		await drawer.dialog().waitFor({ timeout: 15_000 })
		const arts = fake.catalogue.collections.find((c) => c.handle === 'artes-personalizadas')!.products
		let lines = (await drawer.json()).cart.lines.map((l) => l.productTitle)
		expect(lines[0]).toBe('Bandana Personalizada')
		expect(lines.some((title) => fake.catalogue.products.some((p) => arts.includes(p.handle) && p.title === title))).toBe(true)
		await drawer.close()

		// /personalize-colares: 12 collars with an accessory from the store's collection.
		await shop.goto('/personalize-colares')
		await page.getByLabel('Quantidade').fill('12')
		await page.getByLabel('Quantidade').blur()
		await shop.chooseColour('Verde')
		const accessory = page.getByRole('radiogroup', { name: 'Acessórios' }).getByRole('radio').first()
		await accessory.click()
		await expect.poll(() => accessory.getAttribute('aria-checked'), { timeout: 15_000 }).toBe('true')
		await shop.addButton().click()
		await shell.toast('Produtos adicionados ao carrinho!')
		await drawer.dialog().waitFor({ timeout: 15_000 })
		const accessories = fake.catalogue.collections.find((c) => c.handle === 'personalizacao-de-colares')!.products
		const cart = (await drawer.json()).cart.lines
		expect(cart.find((l) => l.productTitle === 'Colar Personalizado')?.quantity).toBe(12)
		expect(cart.some((l) => fake.catalogue.products.some((p) => accessories.includes(p.handle) && p.title === l.productTitle))).toBe(true)
		await drawer.close()

		// /atacado: 25 bandanas at the tier price, from the store's base product.
		await shop.goto('/atacado')
		await shop.chooseColour('Preto')
		const quantity = page.getByLabel('Quantidade').first()
		await quantity.fill('25')
		await quantity.blur()
		await expect.poll(() => shop.total('total-atacado-bandana').textContent(), { timeout: 15_000 }).toBe('R$ 325,00')
		await shop.addButton().click()
		await shell.toast('Produtos adicionados ao carrinho!')
		await drawer.dialog().waitFor({ timeout: 15_000 })
		const line = drawer.line('Bandana Atacado')
		expect(await line.getByTestId('cart-line-quantity').textContent()).toBe('25')
		lines = (await drawer.json()).cart.lines.map((l) => l.productTitle)
		expect(lines).toContain('Bandana Atacado')
		expectNoPageErrors(page)
	})
})
