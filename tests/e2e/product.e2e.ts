import { describe, expect, test } from 'vitest'
import { AuthPage } from './pages/auth-page'
import { ProductPage } from './pages/product-page'
import { Shell } from './pages/shell'
import { newCustomer } from './support/accounts'
import { DESKTOP, MOBILE, expectAccessible, expectNoPageErrors, setupBrowser, trackErrors } from './support/browser'
import { HOSTED_CHECKOUT_URL, answerHostedCheckout, onStorefront, providerIndependent } from './support/provider'

const browser = setupBrowser()

/*
 * Demo seed facts these tests rely on (app/server/seed, fixed random seed):
 * - bandana-preta: sizes P (R$ 29,90, sold out), M 34,90, U 37,90, G 39,90, GG 44,90, XG 49,90;
 * - colar-refletivo-passeio-noturno: Tamanho P/M/G (34,90 / 39,90 / 44,90) × Cor Verde/Rosa neon/Preto,
 *   with P / Verde sold out;
 * - the add-on products adicional-extensor (5,00), adicional-nome-pet (10,00), adicional-perfume (12,99).
 */

describe('página de produto', () => {
	for (const [name, viewport] of [
		['desktop', DESKTOP],
		['celular', MOBILE],
	] as const) {
		test(`a bandana: first sellable size, sold-out size disabled, size changes the price (${name})`, async () => {
			const product = new ProductPage(await browser.newPage(viewport))
			expect(await product.goto('bandana-preta')).toBe(200)
			await product.heading().filter({ hasText: 'Bandana Preta' }).waitFor()
			// Breadcrumb, back button, real rating (no placeholder count), info tiles on desktop.
			await product.main().getByRole('navigation', { name: 'Trilha de navegação' }).getByRole('link', { name: 'Início' }).waitFor()
			await product.main().getByRole('link', { name: 'Voltar' }).waitFor()
			expect(await product.main().getByText('287 avaliações').count()).toBe(0)
			expect(await product.page.getByTestId('info-tiles').isVisible()).toBe(true)

			// P is sold out: M is preselected and P cannot be chosen.
			expect(await product.optionValue('Tamanho', 'M').isChecked()).toBe(true)
			expect(await product.optionValue('Tamanho', 'P').isDisabled()).toBe(true)
			expect(await product.price()).toBe('R$ 34,90')
			expect(await product.page.getByTestId('indisponivel').count()).toBe(0)

			await product.waitForHydration()
			await product.choose('Tamanho', 'G')
			await expect.poll(() => product.price()).toBe('R$ 39,90')

			// Size guide dialog with the documents' measures.
			await product.main().getByRole('button', { name: 'Guia de tamanhos' }).click()
			const dialog = product.page.getByRole('dialog', { name: 'Guia de tamanhos: bandanas' })
			await dialog.getByText('70cm', { exact: true }).waitFor()
			await dialog.getByText('25cm', { exact: true }).waitFor()
			// Issue 31: how to measure (a picture), the neck each size fits, the breed table.
			await dialog.getByRole('img', { name: /fita métrica/ }).waitFor()
			await dialog.getByRole('row', { name: /^GG/ }).getByRole('cell', { name: 'até 50cm' }).waitFor()
			await dialog.getByTestId('guia-racas').getByRole('row', { name: /Shih Tzu/ }).waitFor()
			expect(await dialog.getByTestId('guia-sugestao-pet').count()).toBe(0)
			await expectAccessible(product.page, `produto diálogo ${name}`)
			await product.page.keyboard.press('Escape')
			await dialog.waitFor({ state: 'hidden' })

			await expectAccessible(product.page, `produto claro ${name}`)
			expectNoPageErrors(product.page)
		})
	}

	test("the size guide suggests a size for the signed-in shopper's pet saved with a breed only; the breed table says the same (issue 31)", async () => {
		const page = await browser.newPage(MOBILE)
		const customer = newCustomer()
		await new AuthPage(page).signUpAndSignIn(customer.email, customer.password)
		await page.goto('/user/pets')
		const form = page.getByRole('form', { name: 'Cadastrar pet' })
		await form.getByLabel('Nome').fill('Thor')
		await form.getByLabel('Raça').fill('Golden')
		await form.getByRole('button', { name: 'Cadastrar' }).click()
		await new Shell(page).toast('Pet cadastrado!')

		const product = new ProductPage(page)
		await product.goto('bandana-preta')
		await product.waitForHydration()
		// Beside the size picker (after load, decision 055), from the breed table's typical neck (50 cm: GG).
		await expect.poll(() => page.getByTestId('tamanho-sugerido').textContent(), { timeout: 15_000 }).toMatch(/^Tamanho sugerido para Thor: GG/)
		await product.main().getByRole('button', { name: 'Guia de tamanhos' }).click()
		const dialog = page.getByRole('dialog', { name: 'Guia de tamanhos: bandanas' })
		const suggestion = dialog.getByTestId('guia-sugestao-pet')
		await suggestion.waitFor()
		expect(await suggestion.textContent()).toContain('Sugerido para Thor: GG')
		expect(await suggestion.textContent()).toContain('Golden Retriever: pescoço típico de 50 cm')
		const golden = dialog.getByTestId('guia-racas').getByRole('row', { name: /^Golden Retriever/ })
		// The breed table arrives on its own (/resources/breed-sizes): awaited, not read at once.
		await expect.poll(() => golden.getByRole('cell').allTextContents()).toEqual(['50 cm', 'GG'])
		await expectAccessible(page, 'guia de tamanhos com o pet (celular)')
		expectNoPageErrors(page)
	})

	test('two options: changing one updates the price and which values can be chosen', async () => {
		const product = new ProductPage(await browser.newPage(MOBILE))
		expect(await product.goto('colar-refletivo-passeio-noturno')).toBe(200)
		await product.waitForHydration()
		// P / Verde is sold out: the first sellable variant is P / Rosa neon, and Verde is disabled with P.
		expect(await product.optionValue('Tamanho', 'P').isChecked()).toBe(true)
		expect(await product.optionValue('Cor', 'Rosa neon').isChecked()).toBe(true)
		expect(await product.optionValue('Cor', 'Verde').isDisabled()).toBe(true)
		expect(await product.price()).toBe('R$ 34,90')

		await product.choose('Tamanho', 'M')
		await expect.poll(() => product.price()).toBe('R$ 39,90')
		expect(await product.optionValue('Cor', 'Verde').isDisabled()).toBe(false)
		await product.choose('Cor', 'Verde')
		await expect.poll(() => product.optionValue('Cor', 'Verde').isChecked()).toBe(true)
		// With Verde chosen, P cannot be: P / Verde is sold out.
		await expect.poll(() => product.optionValue('Tamanho', 'P').isDisabled()).toBe(true)
		await product.choose('Cor', 'Preto')
		await expect.poll(() => product.optionValue('Tamanho', 'P').isDisabled()).toBe(false)
		await product.choose('Tamanho', 'P')
		await expect.poll(() => product.price()).toBe('R$ 34,90')
		// Collars get their size guide.
		await product.main().getByRole('button', { name: 'Guia de tamanhos' }).click()
		await product.page.getByRole('dialog', { name: 'Guia de tamanhos: colares' }).getByText('Tamanho juvenil-infantil').waitFor()
		expectNoPageErrors(product.page)
	})

	test('adding a bandana with extras creates the add-on lines with the same quantity', async () => {
		const product = new ProductPage(await browser.newPage(DESKTOP))
		await product.goto('bandana-preta')
		await product.waitForHydration()
		// Quantity 2 with the stepper (minus is disabled at 1).
		expect(await product.main().getByRole('button', { name: 'Diminuir quantidade' }).isDisabled()).toBe(true)
		await product.main().getByRole('button', { name: 'Aumentar quantidade' }).click()
		expect(await product.main().getByRole('spinbutton', { name: 'Quantidade' }).inputValue()).toBe('2')

		const extras = product.main().getByRole('region', { name: 'Personalize sua bandana' })
		await extras.getByRole('checkbox', { name: /Adicionar extensor/ }).click()
		await extras.getByRole('checkbox', { name: /Perfume 10ml/ }).click()
		// The name is limited to 20 characters.
		const petName = extras.getByLabel(/Nome do pet/)
		await petName.fill('Thor')
		expect(await petName.getAttribute('maxlength')).toBe('20')
		await extras.getByLabel(/Instagram do pet/).fill('@thor pet!')
		await extras.getByText('O Instagram do pet deve ter apenas letras, números, ponto e sublinhado').waitFor()
		await expectAccessible(product.page, 'produto com erro no instagram')
		await extras.getByLabel(/Instagram do pet/).fill('')

		await product.addToCart().click()
		// The drawer opens after a successful add (the cart feature's).
		await product.page.getByRole('dialog').getByText('Carrinho de Compras').waitFor({ timeout: 15_000 })

		const { cart } = await product.cartJson()
		const byHandle = (handle: string) => cart.lines.filter((line) => line.productHandle === handle)
		expect(byHandle('bandana-preta')).toMatchObject([{ quantity: 2, optionsLabel: expect.stringContaining('M') }])
		expect(byHandle('adicional-extensor')).toMatchObject([{ quantity: 2 }])
		expect(byHandle('adicional-perfume')).toMatchObject([{ quantity: 2 }])
		expect(byHandle('adicional-nome-pet')).toMatchObject([
			{ quantity: 2, attributes: expect.arrayContaining([{ key: 'Nome do pet', value: 'Thor' }]) },
		])
		expect(byHandle('adicional-instagram-pet')).toEqual([])
		expectNoPageErrors(product.page)
	})

	test('Comprar Agora adds and goes to checkout; WhatsApp link carries the product message', async () => {
		const product = new ProductPage(await browser.newPage(MOBILE))
		await product.goto('bandana-preta')
		const whatsapp = product.main().getByRole('link', { name: 'Comprar pelo WhatsApp' })
		const href = (await whatsapp.getAttribute('href')) ?? ''
		expect(href).toMatch(/^https:\/\/wa\.me\/\d+\?text=/)
		expect(decodeURIComponent(href.split('text=')[1] ?? '')).toBe('Olá! Gostaria de ajuda para comprar o produto "Bandana Preta"')
		await product.waitForHydration()
		if (onStorefront()) {
			// On the Storefront API provider the hosted checkout opens in a new tab (decision 046).
			await answerHostedCheckout(product.page.context())
			const [checkout] = await Promise.all([product.page.context().waitForEvent('page'), product.buyNow().click()])
			await checkout.waitForLoadState()
			expect(checkout.url()).toMatch(HOSTED_CHECKOUT_URL)
		} else {
			await product.buyNow().click()
			await product.page.waitForURL((url) => url.pathname === '/checkout', { timeout: 15_000 })
		}
		const { cart } = await product.cartJson()
		expect(cart.lines.some((line) => line.productHandle === 'bandana-preta')).toBe(true)
		expectNoPageErrors(product.page)
	})

	test('SEO: canonical, Open Graph image (absolute) and Product JSON-LD in BRL', async () => {
		const page = await browser.newPage()
		await page.goto('/produto/bandana-preta')
		const base = browser.publicOrigin()
		expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${base}/produto/bandana-preta`)
		expect(await page.title()).toMatch(/^Bandana Preta \| /)
		const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content')
		expect(ogImage).toMatch(/^https?:\/\//)
		expect(await page.locator('meta[name="twitter:image"]').getAttribute('content')).toBe(ogImage)
		const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as {
			'@type': string
			name: string
			offers: { price: string; priceCurrency: string; availability: string }[]
		}
		expect(jsonLd['@type']).toBe('Product')
		expect(jsonLd.name).toBe('Bandana Preta')
		expect(jsonLd.offers).toContainEqual(
			expect.objectContaining({ price: '29.90', priceCurrency: 'BRL', availability: 'https://schema.org/OutOfStock' }),
		)
		expect(jsonLd.offers).toContainEqual(
			expect.objectContaining({ price: '34.90', priceCurrency: 'BRL', availability: 'https://schema.org/InStock' }),
		)
		expectNoPageErrors(page)
	})

	test('a bow offers the fastening select', async () => {
		const product = new ProductPage(await browser.newPage(MOBILE))
		expect(await product.goto('lacinho-classico')).toBe(200)
		const select = product.main().getByLabel('Fixação')
		expect(await select.locator('option').allTextContents()).toEqual(['Elástico de cabelo', 'Presilha', 'Elástico ajustável'])
		expect(await product.main().getByRole('region', { name: 'Personalize sua bandana' }).count()).toBe(0)
		expectNoPageErrors(product.page)
	})

	test.skipIf(providerIndependent())('dark theme is accessible', async () => {
		const context = await browser.newContext(MOBILE)
		await context.addCookies([{ name: 'theme', value: 'dark', url: browser.baseUrl() }])
		const page = trackErrors(await context.newPage())
		await page.goto('/produto/bandana-preta')
		await page.getByRole('heading', { level: 1, name: 'Bandana Preta' }).waitFor()
		await expectAccessible(page, 'produto escuro celular')
		await page.setViewportSize(DESKTOP)
		await expectAccessible(page, 'produto escuro desktop')
		expectNoPageErrors(page)
	})

	test('/produto/nao-existe answers 404 with "Produto não encontrado"; internal products too', async () => {
		const page = await browser.newPage()
		const response = await page.goto('/produto/nao-existe')
		expect(response?.status()).toBe(404)
		await page.getByRole('heading', { level: 1, name: 'Produto não encontrado' }).waitFor()
		await page.getByRole('main').getByRole('link', { name: 'Voltar para a loja' }).waitFor()
		await expectAccessible(page, 'produto 404')
		expect((await page.goto('/produto/adicional-extensor'))?.status()).toBe(404)
		expect((await page.goto('/produto/N%C3%A3o%20Existe'))?.status()).toBe(404)
		expectNoPageErrors(page)
	})

	test('a subscription product uses the subscription layout', async () => {
		const page = await browser.newPage()
		expect((await page.goto('/produto/assinatura-clube-da-bandana'))?.status()).toBe(200)
		await page.getByText('Assinatura Anual').first().waitFor()
		expect(await page.getByRole('button', { name: 'Adicionar ao Carrinho' }).count()).toBe(0)
		expectNoPageErrors(page)
	})
})

describe('página de produto no celular (issue 13)', () => {
	test('a sticky buy bar appears once the buttons scroll away, adds and opens the drawer; the chat button moves above it', async () => {
		const product = new ProductPage(await browser.newPage(MOBILE))
		await product.goto('bandana-preta')
		await product.waitForHydration()
		const page = product.page
		const bar = page.getByTestId('barra-compra')
		const onScreen = async () => {
			const box = await bar.boundingBox()
			return box !== null && box.y + box.height <= MOBILE.height + 1 && box.y < MOBILE.height - 10
		}
		// At the top: the page's own buttons are in reach, the bar is below the screen.
		expect(await onScreen()).toBe(false)
		// Jump (no smooth scrolling) until the page's own buttons are well above the screen (whatever
		// loaded below them): from below the screen to above it without ever being on it.
		const buyNow = product.buyNow()
		await buyNow.evaluate((button) =>
			window.scrollTo({ top: window.scrollY + button.getBoundingClientRect().bottom + 200, behavior: 'instant' }),
		)
		await expect.poll(onScreen, { timeout: 15_000 }).toBe(true)
		expect(await bar.textContent()).toContain('R$ 34,90')
		const launcher = page.getByRole('button', { name: /Aria/ }).first()
		const [launcherBox, barBox] = await Promise.all([launcher.boundingBox(), bar.boundingBox()])
		expect(launcherBox && barBox && launcherBox.y + launcherBox.height <= barBox.y).toBe(true)
		await expectAccessible(page, 'barra de compra')

		await bar.getByRole('button', { name: 'Adicionar ao Carrinho' }).click()
		await page.getByRole('dialog', { name: 'Carrinho de Compras' }).getByText('Bandana Preta').first().waitFor()
		const cart = await product.cartJson()
		expect(cart.cart.lines.some((line) => line.productHandle === 'bandana-preta')).toBe(true)

		// Back at the top in one jump (a tap on the phone's status bar), the bar leaves.
		await page.keyboard.press('Escape')
		await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
		await expect.poll(onScreen, { timeout: 15_000 }).toBe(false)
		expectNoPageErrors(page)
	})
})
