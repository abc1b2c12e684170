import { describe, expect, test } from 'vitest'
import { DESKTOP, MOBILE, expectAccessible, expectNoPageErrors, setupBrowser, trackErrors } from './support/browser'
import { Shell } from './pages/shell'
import { providerIndependent } from './support/provider'

const browser = setupBrowser()

describe('páginas de categoria', () => {
	for (const [name, viewport] of [
		['desktop', DESKTOP],
		['celular', MOBILE],
	] as const) {
		test(`/categoria/bandana lists product cards with prices (${name})`, async () => {
			const page = await browser.newPage(viewport)
			const response = await page.goto('/categoria/bandana')
			expect(response?.status()).toBe(200)
			const cards = page.getByRole('main').getByRole('article')
			await cards.first().waitFor()
			expect(await cards.count()).toBeGreaterThan(1)
			await expect.poll(() => cards.first().textContent()).toMatch(/R\$ \d+,\d{2}/)
			await cards.first().getByText(/^em até 6x de R\$ \d+,\d{2} sem juros$/).waitFor()
			await cards.first().getByText('ou PIX à vista').waitFor()
			// Each card's title links to its product page.
			const href = await cards.first().getByRole('heading').getByRole('link').getAttribute('href')
			expect(href).toMatch(/^\/produto\/[a-z0-9-]+$/)
			await expectAccessible(page, `categoria claro ${name}`)
			expectNoPageErrors(page)
		})
	}

	test.skipIf(providerIndependent())('dark theme is accessible too', async () => {
		const context = await browser.newContext(MOBILE)
		await context.addCookies([{ name: 'theme', value: 'dark', url: browser.baseUrl() }])
		const page = trackErrors(await context.newPage())
		await page.goto('/bandanas')
		await page.getByRole('main').getByRole('article').first().waitFor()
		await expectAccessible(page, 'categoria escuro')
		expectNoPageErrors(page)
	})

	test('/bandanas shows "Bandanas" and declares /categoria/bandana as canonical', async () => {
		const page = await browser.newPage()
		const response = await page.goto('/bandanas')
		expect(response?.status()).toBe(200)
		await page.getByRole('heading', { level: 1, name: 'Bandanas' }).waitFor()
		const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
		expect(canonical).toBe(`${browser.publicOrigin()}/categoria/bandana`)
		expect(await page.title()).toMatch(/^Bandanas \| /)
		// 'Voltar' goes home.
		await page.getByRole('main').getByRole('link', { name: 'Voltar' }).click()
		await page.waitForURL((url) => url.pathname === '/')
		expectNoPageErrors(page)
	})

	test.skipIf(providerIndependent())('the favourite heart asks a signed-out shopper to log in', async () => {
		const page = await browser.newPage()
		await page.goto('/categoria/bandana')
		await page.getByRole('button', { name: 'Adicionar aos favoritos' }).first().click()
		const shell = new Shell(page)
		await shell.toast('Login necessário')
		await page.getByText('Faça login para adicionar favoritos').waitFor()
		expectNoPageErrors(page)
	})

	test('subscription cards show the annual price, its monthly equivalent and no add button', async () => {
		const page = await browser.newPage()
		await page.goto('/categoria/assinatura')
		const card = page.getByRole('main').getByRole('article').first()
		await card.getByText(/^R\$\s\d+,\d{2} por 12 meses$/).waitFor()
		await card.getByText(/^equivale a R\$ \d+,\d{2} por mês$/).waitFor()
		await card.getByText('Frete Grátis').waitFor()
		await card.getByRole('link', { name: 'Ver Detalhes da Assinatura' }).waitFor()
		expect(await card.getByRole('button', { name: /Adicionar ao Carrinho/ }).count()).toBe(0)
		expectNoPageErrors(page)
	})

	test('/categoria/nao-existe answers 404 with the not-found page', async () => {
		const page = await browser.newPage()
		const response = await page.goto('/categoria/nao-existe')
		expect(response?.status()).toBe(404)
		await page.getByRole('heading', { level: 1, name: 'Ops! Página não encontrada' }).waitFor()
		await expectAccessible(page)
		expectNoPageErrors(page)
	})
})
