import { describe, expect, test } from 'vitest'
import { SearchPanel } from './pages/search-panel'
import { DESKTOP, MOBILE, expectAccessible, expectNoPageErrors, setupBrowser, trackErrors } from './support/browser'
import { providerIndependent } from './support/provider'

const browser = setupBrowser()

describe('busca de produtos (painel do cabeçalho)', () => {
	for (const [name, viewport] of [
		['desktop', DESKTOP],
		['celular', MOBILE],
	] as const) {
		test(`'laco' shows a bow with thumbnail and price; the panel fits the screen (${name})`, async () => {
			const page = await browser.newPage(viewport)
			await page.goto('/')
			const search = new SearchPanel(page)
			await search.open()
			// Focus goes to the field when the panel opens.
			expect(await search.input.evaluate((el) => el === document.activeElement)).toBe(true)
			expect(await search.input.getAttribute('placeholder')).toBe('Buscar produtos...')
			expect(await search.toggle.getAttribute('aria-expanded')).toBe('true')

			await search.type('laco')
			await search.waitForResults('laco')
			const titles = await search.resultTitles()
			expect(titles.length).toBeGreaterThan(0)
			expect(titles.length).toBeLessThanOrEqual(8)
			expect(titles.some((t) => /La[cç]/.test(t))).toBe(true)
			expect(titles.some((t) => /Personalização|Brinde/.test(t))).toBe(false)
			const first = search.results.first()
			expect(await first.textContent()).toMatch(/R\$ \d+,\d{2}/)
			expect(await first.locator('img').count()).toBe(1)

			// Full width under the header on a phone; never wider than the screen.
			const box = await search.panel.boundingBox()
			const header = await page.getByRole('banner').boundingBox()
			expect(box && header).toBeTruthy()
			if (box && header) {
				// Right under the header (it may overlap the header's 1 px bottom border).
				expect(Math.abs(box.y - (header.y + header.height))).toBeLessThanOrEqual(1)
				expect(box.width).toBeLessThanOrEqual(viewport.width)
				if (name === 'celular') expect(Math.round(box.width)).toBe(viewport.width)
			}
			expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width)
			await expectAccessible(page, `busca claro ${name}`)
			expectNoPageErrors(page)
		})
	}

	test("tolerates a typo: 'bandana xadres' shows a checkered bandana first", async () => {
		const page = await browser.newPage()
		await page.goto('/')
		const search = new SearchPanel(page)
		await search.open()
		await search.type('bandana xadres')
		await search.waitForResults('bandana xadres')
		const titles = await search.resultTitles()
		expect(titles[0]).toMatch(/^Bandana Xadrez/)
		// Best matches first: every checkered bandana before anything that only mentions a
		// bandana in its description (a checkered bow, say).
		const bandanas = titles.filter((t) => /^Bandana Xadrez/.test(t))
		expect(bandanas.length).toBeGreaterThanOrEqual(3)
		expect(titles.slice(0, bandanas.length)).toEqual(bandanas)
		expectNoPageErrors(page)
	})

	test('one character shows nothing; an unknown word shows the empty text', async () => {
		const page = await browser.newPage()
		await page.goto('/')
		const search = new SearchPanel(page)
		await search.open()
		const requests: string[] = []
		page.on('request', (request) => {
			if (request.url().includes('/resources/search')) requests.push(request.url())
		})
		await search.type('l')
		await page.waitForTimeout(800)
		expect(await search.results.count()).toBe(0)
		expect(requests).toEqual([])
		await search.input.fill('zzqqxx')
		// Shown in the panel (and announced through a separate, visually hidden status).
		const empty = 'Nenhum produto encontrado para "zzqqxx"'
		await search.panel.locator('p:not(.sr-only)', { hasText: empty }).waitFor()
		// The hidden status is its own element, updated in its own render: awaited, not read at once.
		await expect.poll(() => search.panel.getByRole('status').textContent()).toBe(empty)
		expectNoPageErrors(page)
	})

	test('/busca: nothing found offers best-sellers, categories and Aria; a new header search shows its own words', async () => {
		const page = await browser.newPage(DESKTOP)
		await page.goto('/busca?q=zzqqxx')
		await page.waitForFunction(() => Object.keys(document.querySelector('main h1') ?? {}).some((k) => k.startsWith('__reactFiber')))
		const main = page.getByRole('main')
		await main.getByText('Nenhum produto encontrado para "zzqqxx"').waitFor()
		await main.getByRole('navigation', { name: 'Categorias' }).getByRole('link', { name: 'Bandanas' }).waitFor()
		await main.getByRole('heading', { name: 'Mais vendidos' }).waitFor()
		expect(await main.locator('a[href^="/produto/"]').count()).toBeGreaterThan(0)
		await main.getByRole('button', { name: 'Pergunte à Aria' }).click()
		await page.getByRole('dialog', { name: 'Aria Assistente' }).waitFor()
		await page.keyboard.press('Escape')

		// The header's search replaces the page's words too (the box is keyed by the query).
		expect(await page.locator('#busca-q').inputValue()).toBe('zzqqxx')
		const search = new SearchPanel(page)
		await search.open()
		await search.type('laco')
		await page.keyboard.press('Enter')
		await page.waitForURL((url) => url.searchParams.get('q') === 'laco')
		await expect.poll(() => page.locator('#busca-q').inputValue()).toBe('laco')
		expectNoPageErrors(page)
	})

	test('clicking a result goes to its product page and closes the panel', async () => {
		const page = await browser.newPage()
		await page.goto('/')
		const search = new SearchPanel(page)
		await search.open()
		await search.type('bandana')
		await search.waitForResults('bandana')
		const href = await search.results.first().getAttribute('href')
		expect(href).toMatch(/^\/produto\/[a-z0-9-]+$/)
		await search.results.first().click()
		await page.waitForURL((url) => url.pathname === href)
		await expect.poll(() => search.isOpen()).toBe(false)
		expect(await search.toggle.getAttribute('aria-expanded')).toBe('false')
	})

	test.skipIf(providerIndependent())('an outside click and Escape close the panel; arrow keys walk the results', async () => {
		const page = await browser.newPage()
		await page.goto('/')
		const search = new SearchPanel(page)
		await search.open()
		await search.type('bandana')
		await search.waitForResults('bandana')
		// An empty spot of the page (the left edge, below the panel): not a link or a button.
		await page.mouse.click(4, 640)
		await expect.poll(() => search.isOpen()).toBe(false)

		await search.open()
		await search.type('bandana')
		await search.waitForResults('bandana')
		await page.keyboard.press('ArrowDown')
		expect(await search.results.first().evaluate((el) => el === document.activeElement)).toBe(true)
		await page.keyboard.press('ArrowDown')
		expect(await search.results.nth(1).evaluate((el) => el === document.activeElement)).toBe(true)
		await page.keyboard.press('ArrowUp')
		await page.keyboard.press('ArrowUp')
		expect(await search.input.evaluate((el) => el === document.activeElement)).toBe(true)
		await page.keyboard.press('Escape')
		await expect.poll(() => search.isOpen()).toBe(false)
		// Focus goes back to the header button.
		expect(await search.toggle.evaluate((el) => el === document.activeElement)).toBe(true)
		expectNoPageErrors(page)
	})

	test.skipIf(providerIndependent())('dark theme is accessible too', async () => {
		const context = await browser.newContext(MOBILE)
		await context.addCookies([{ name: 'theme', value: 'dark', url: browser.baseUrl() }])
		const page = trackErrors(await context.newPage())
		await page.goto('/')
		const search = new SearchPanel(page)
		await search.open()
		await search.type('xadrez')
		await search.waitForResults('xadrez')
		await expectAccessible(page, 'busca escuro')
		expectNoPageErrors(page)
	})

	test('GET /resources/search answers JSON directly', async () => {
		const response = await fetch(new URL('/resources/search?q=laco', browser.baseUrl()))
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toContain('application/json')
		const body = (await response.json()) as { query: string; results: { handle: string }[] }
		expect(body.query).toBe('laco')
		expect(body.results.length).toBeGreaterThan(0)
		expect(body.results.length).toBeLessThanOrEqual(8)
	})
})
