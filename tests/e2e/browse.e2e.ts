import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { SearchPanel } from './pages/search-panel'
import { DESKTOP, MOBILE, expectAccessible, expectAccessibleInBothThemes, expectNoPageErrors, setupBrowser } from './support/browser'

const browser = setupBrowser()

/** The product cards' titles, in the order shown. */
function cardTitles(page: Page): Promise<string[]> {
	return page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 }).allTextContents()
}

/** 'R$ 1.234,50' → 123450, for each card's first price. */
async function cardPrices(page: Page): Promise<number[]> {
	// A subscription's card leads with its annual price (decision 100) and sorts by its monthly one: left out.
	const texts = await page.getByRole('main').getByRole('listitem').locator('p.text-lg:not([data-testid=assinatura-anual])').allTextContents()
	return texts.map((text) => Math.round(Number(/(\d[\d.]*,\d{2})/.exec(text)?.[1]?.replace(/\./g, '').replace(',', '.') ?? 'NaN') * 100))
}

/*
 * Issue 13: category pages sort and filter, with counts, in the URL and rendered on the server;
 * Enter in the search panel opens /busca with the whole list and the same controls.
 */
describe('categorias: ordenar e filtrar', () => {
	test('sort and a size filter go into the URL, survive a reload and are what the server renders', async () => {
		const page = await browser.newPage(DESKTOP)
		await page.goto('/categoria/bandana')
		const all = await cardTitles(page)
		expect(all.length).toBeGreaterThan(2)
		await expectAccessible(page, 'categoria com filtros')

		await page.getByLabel('Ordenar por').selectOption('menor-preco')
		await page.waitForURL((url) => url.searchParams.get('ordem') === 'menor-preco')
		await expect.poll(async () => {
			const prices = await cardPrices(page)
			return prices.length > 1 && prices.every((price, i) => i === 0 || prices[i - 1]! <= price)
		}).toBe(true)

		// A size with its count; ticking it filters at once and keeps the sort.
		const size = page.getByRole('group', { name: 'Tamanho' }).getByRole('checkbox').first()
		const sizeLabel = (await size.locator('xpath=..').textContent()) ?? ''
		const [, sizeValue, count] = /^\s*(\S+)\s*\((\d+)\)/.exec(sizeLabel) ?? []
		expect(sizeValue).toBeTruthy()
		await size.check()
		await page.waitForURL((url) => url.searchParams.get('tamanho') === sizeValue && url.searchParams.get('ordem') === 'menor-preco')
		await expect.poll(() => page.getByTestId('contagem').textContent()).toMatch(new RegExp(`^${count} de \\d+ produtos?$`))
		expect((await cardTitles(page)).length).toBe(Number(count))

		// The same URL, loaded afresh and fetched without a browser, gives the same page.
		const filteredUrl = page.url()
		const shown = await cardTitles(page)
		await page.reload()
		expect(await cardTitles(page)).toEqual(shown)
		expect(await page.getByRole('checkbox', { name: new RegExp(`^${sizeValue} \\(`) }).isChecked()).toBe(true)
		const html = await (await fetch(filteredUrl)).text()
		const positions = shown.map((title) => html.indexOf(`>${title.replace(/&/g, '&amp;')}<`))
		expect(positions.every((p) => p > 0)).toBe(true)
		expect([...positions].sort((a, b) => a - b)).toEqual(positions)

		await page.getByRole('link', { name: 'Limpar filtros' }).click()
		await page.waitForURL((url) => !url.searchParams.has('tamanho') && url.searchParams.get('ordem') === 'menor-preco')
		// The URL changes before the new list renders (a size now counts only what is in stock, so the
		// filtered list is shorter than the whole one): wait for the list itself.
		await expect.poll(async () => (await cardTitles(page)).length).toBe(all.length)
		expectNoPageErrors(page)
	})

	test('on a phone the filters fold behind Filtrar; the in-stock filter counts and filters', async () => {
		const page = await browser.newPage(MOBILE)
		await page.goto('/categoria/bandana')
		const inStock = page.getByRole('checkbox', { name: /^Só com estoque \(\d+\)$/ })
		expect(await inStock.isVisible()).toBe(false)
		await page.getByRole('button', { name: 'Filtrar' }).click()
		const label = (await inStock.locator('xpath=..').textContent()) ?? ''
		const count = Number(/\((\d+)\)/.exec(label)?.[1])
		await inStock.check()
		await page.waitForURL((url) => url.searchParams.get('estoque') === '1')
		await expect.poll(async () => (await cardTitles(page)).length).toBe(count)
		await page.getByRole('button', { name: 'Filtrar (1)' }).waitFor()
		await expectAccessible(page, 'categoria filtrada no celular')
		expectNoPageErrors(page)
	})
})

describe('busca: página de resultados', () => {
	test('Enter in the panel opens /busca with every result, sortable; no match shows the empty text', async () => {
		const page = await browser.newPage(DESKTOP)
		await page.goto('/')
		const search = new SearchPanel(page)
		await search.open()
		await search.type('bandana')
		await search.waitForResults('bandana')
		await search.input.press('Enter')
		await page.waitForURL((url) => url.pathname === '/busca' && url.searchParams.get('q') === 'bandana')
		await page.getByRole('heading', { level: 1, name: 'Resultados para "bandana"' }).waitFor()
		const titles = await cardTitles(page)
		// More than the panel's 8: the whole list.
		expect(titles.length).toBeGreaterThan(8)
		expect(await page.getByTestId('contagem').textContent()).toBe(`${titles.length} produtos encontrados`)
		await expectAccessible(page, 'resultados da busca')

		await page.getByLabel('Ordenar por').selectOption('maior-preco')
		await page.waitForURL((url) => url.searchParams.get('ordem') === 'maior-preco' && url.searchParams.get('q') === 'bandana')
		await expect.poll(async () => {
			const prices = await cardPrices(page)
			return prices.length > 1 && prices.every((price, i) => i === 0 || prices[i - 1]! >= price)
		}).toBe(true)

		// No match (decision 109: best-sellers, categories, 'Pergunte à Aria'), drawn dark: axe reads both themes on one load.
		await page.context().addCookies([{ name: 'theme', value: 'dark', url: browser.baseUrl() }])
		await page.goto('/busca?q=zzzqqq')
		await page.getByText('Nenhum produto encontrado para "zzzqqq"').waitFor()
		await page.getByRole('button', { name: 'Pergunte à Aria' }).waitFor()
		await expectAccessibleInBothThemes(page, 'busca sem resultados')
		expectNoPageErrors(page)
	})
})
