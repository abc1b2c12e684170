import { describe, expect, test } from 'vitest'
import { formatMoney } from '~/utils/format'
import { DESKTOP, MOBILE, expectAccessible, expectNoPageErrors, setupBrowser, trackErrors } from './support/browser'

const browser = setupBrowser()

/** 'R$ 39,90' → 3990 */
function cents(text: string): number {
	const match = /R\$\s*([\d.]+),(\d{2})/.exec(text)
	if (!match) throw new Error(`sem preço em: ${text}`)
	return Number(`${(match[1] ?? '').replace(/\./g, '')}${match[2]}`)
}

describe('/assinaturas', () => {
	for (const [name, viewport] of [
		['desktop', DESKTOP],
		['celular', MOBILE],
	] as const) {
		test(`lists the subscription plans with monthly and annual prices (${name})`, async () => {
			const page = await browser.newPage(viewport)
			const response = await page.goto('/assinaturas')
			expect(response?.status()).toBe(200)
			await page.getByRole('heading', { level: 1, name: 'Assinaturas' }).waitFor()
			expect(await page.title()).toMatch(/^Assinaturas \| /)
			const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
			expect(canonical).toBe(`${browser.publicOrigin()}/assinaturas`)

			const cards = page.getByRole('main').getByRole('article')
			await cards.first().waitFor()
			expect(await cards.count()).toBeGreaterThanOrEqual(3)
			for (const card of await cards.all()) {
				// The price said once (issue 31): the annual price, and its monthly equivalent exactly 1/12 of it.
				const annual = cents((await card.getByTestId('assinatura-anual').textContent()) ?? '')
				const monthly = cents((await card.getByTestId('assinatura-mensal').textContent()) ?? '')
				expect(annual).toBe(monthly * 12)
				expect(await card.getByText('/mês').count()).toBe(0)
				await card.getByText('Frete Grátis').waitFor()
				await card.getByRole('link', { name: 'Ver Detalhes da Assinatura' }).waitFor()
				expect(await card.getByRole('button', { name: /Adicionar ao Carrinho/ }).count()).toBe(0)
			}
			await page.getByRole('main').getByRole('link', { name: 'Atacado' }).waitFor()
			await expectAccessible(page, `assinaturas claro ${name}`)
			expectNoPageErrors(page)
		})
	}

	test('dark theme is accessible too', async () => {
		const context = await browser.newContext(MOBILE)
		await context.addCookies([{ name: 'theme', value: 'dark', url: browser.baseUrl() }])
		const page = trackErrors(await context.newPage())
		await page.goto('/assinaturas')
		await page.getByRole('main').getByRole('article').first().waitFor()
		await expectAccessible(page, 'assinaturas escuro')
		expectNoPageErrors(page)
	})

	test('is in the sitemap', async () => {
		const response = await fetch(new URL('/sitemap.xml', browser.baseUrl()))
		expect(await response.text()).toContain('/assinaturas</loc>')
	})
})

describe('subscription product page', () => {
	test("shows 'Assinatura Anual' and 'Assinar por R$ …' with 12 × the monthly price, and subscribing goes to checkout", async () => {
		const page = await browser.newPage(DESKTOP)
		await page.goto('/assinaturas')
		const card = page.getByRole('main').getByRole('article').first()
		const monthly = cents((await card.getByTestId('assinatura-mensal').textContent()) ?? '')
		const total = formatMoney(monthly * 12)
		await card.getByRole('link', { name: 'Ver Detalhes da Assinatura' }).click()
		await page.waitForURL(/\/produto\/[a-z0-9-]+$/)

		const main = page.getByRole('main')
		// The URL changes first; the list stays on screen until the product's layout (its own chunk) is in.
		await main.getByRole('button', { name: `Assinar por ${total}` }).last().waitFor()
		await main.getByText('Assinatura Anual', { exact: true }).waitFor()
		expect(cents((await main.getByTestId('assinatura-anual').textContent()) ?? '')).toBe(monthly * 12)
		await main.getByText(`equivale a ${formatMoney(monthly)} por mês`).waitFor()
		await main.getByText('Frete Grátis', { exact: true }).first().waitFor()
		const subscribe = main.getByRole('button', { name: `Assinar por ${total}` })
		// Waited for, not counted at once: while the cart fetcher is busy the label is 'Processando...'.
		await subscribe.last().waitFor()
		expect(await subscribe.count()).toBe(2)
		await expectAccessible(page, 'produto assinatura claro')

		await subscribe.last().click()
		await page.waitForURL((url) => url.pathname === '/checkout', { timeout: 20_000 })
		// The server priced the one subscription line at 12 × the monthly price (the browser sent no price).
		// The phone's folded summary repeats the total, hidden on a desktop: the visible one is meant.
		await page.getByRole('main').getByText(total).filter({ visible: true }).first().waitFor()
		expectNoPageErrors(page)
	})

	test('dark theme is accessible', async () => {
		const context = await browser.newContext(MOBILE)
		await context.addCookies([{ name: 'theme', value: 'dark', url: browser.baseUrl() }])
		const page = trackErrors(await context.newPage())
		await page.goto('/assinaturas')
		await page.getByRole('main').getByRole('link', { name: 'Ver Detalhes da Assinatura' }).first().click()
		await page.getByRole('main').getByText('Assinatura Anual', { exact: true }).waitFor()
		await expectAccessible(page, 'produto assinatura escuro')
		expectNoPageErrors(page)
	})
})
