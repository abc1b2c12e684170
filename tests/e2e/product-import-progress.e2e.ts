import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { shopifyCsv } from '#tests/fixtures/shopify/generated-export'
import { AdminPages } from './pages/admin-pages'
import { DESKTOP, expectAccessible, pageErrorsOf, setupBrowser } from './support/browser'

/*
 * Issue 28 (decision 122): on /admin/produtos/importar a multi-MB product CSV goes up with a real
 * progress bar (percent of bytes sent), then the check shows an indeterminate 'Verificando
 * produtos…' and its result. An upload that fails keeps the page and the chosen file.
 */
const browser = setupBrowser()
const MB = 1024 * 1024
const UPLOAD_PATH = '/admin/produtos/importar/arquivo'

async function hydrated(page: Page) {
	// Files chosen before hydration are posted by the browser itself, not by the page's code.
	await page.waitForFunction(() => Object.keys(document.querySelector('main h1') ?? {}).some((key) => key.startsWith('__reactFiber')))
}

/** Records what the page shows while it works: every upload percent and every status text. */
async function recordProgress(page: Page) {
	await page.evaluate(() => {
		const seen = { percents: [] as number[], statuses: [] as string[] }
		;(window as unknown as { __seen: typeof seen }).__seen = seen
		const look = () => {
			for (const bar of document.querySelectorAll('progress')) if (bar.hasAttribute('value')) seen.percents.push(bar.value)
			for (const status of document.querySelectorAll('[role="status"]')) seen.statuses.push((status.textContent ?? '').trim())
		}
		new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true })
	})
	return () => page.evaluate(() => (window as unknown as { __seen: { percents: number[]; statuses: string[] } }).__seen)
}

describe('product CSV import with upload progress (issue 28)', () => {
	test('a 5 MB export: a dropped upload keeps the page and the file; sent again, the bar fills, then the check answers', async () => {
		const { csv, products } = shopifyCsv(5 * MB, randomUUID().slice(0, 6))
		const page = await browser.newPage(DESKTOP)
		const admin = new AdminPages(page)
		await admin.signIn()
		await page.goto('/admin/produtos/importar')
		await hydrated(page)
		const input = page.getByLabel('Arquivo CSV')
		await input.setInputFiles({ name: 'products_export_1.csv', mimeType: 'text/csv', buffer: csv })

		// The connection drops during the upload: a Portuguese message, the page and the chosen file stay.
		await page.route(`**${UPLOAD_PATH}**`, (route) => route.abort('connectionreset'))
		await page.getByRole('button', { name: 'Verificar' }).click()
		await page.getByRole('alert').filter({ hasText: 'Sem conexão com a loja. Verifique a internet e tente novamente.' }).waitFor()
		await page.getByText('O arquivo continua escolhido: clique em Verificar para enviar de novo.').waitFor()
		expect(new URL(page.url()).pathname).toBe('/admin/produtos/importar')
		expect(await input.evaluate((element: HTMLInputElement) => element.files?.[0]?.name)).toBe('products_export_1.csv')
		await page.unroute(`**${UPLOAD_PATH}**`)

		// Sent again over a slow link (1 MB/s up, as a shop's connection), so the bar can be seen filling.
		const cdp = await page.context().newCDPSession(page)
		await cdp.send('Network.enable')
		await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 1 * MB })
		const seen = await recordProgress(page)
		await page.getByRole('button', { name: 'Verificar' }).click()
		const bar = page.getByRole('progressbar', { name: /^Enviando arquivo… \d+%/ })
		await bar.waitFor()
		await page.getByRole('button', { name: 'Cancelar envio' }).waitFor()
		// Determinate: its value is the percent of bytes sent, and it moves.
		await expect.poll(() => bar.evaluate((element: HTMLProgressElement) => element.value), { timeout: 30_000 }).toBeGreaterThan(0)
		// Its name says the same percent in Portuguese.
		const moving = page.getByRole('progressbar', { name: /^Enviando arquivo… ([1-9]\d?)%/ })
		await moving.waitFor({ timeout: 30_000 })
		await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })

		// Then the server checks, and the result appears.
		await page.getByRole('heading', { name: /Resultado da verificação/ }).waitFor({ timeout: 90_000 })
		expect(await admin.summaryCount('Novos')).toBe(products)
		expect(await admin.summaryCount('Inválidos')).toBe(0)
		const { percents, statuses } = await seen()
		expect(percents.some((percent) => percent > 0 && percent < 100)).toBe(true)
		expect(Math.max(...percents)).toBeLessThanOrEqual(99)
		// Percentages only go up.
		expect(percents).toEqual([...percents].sort((a, b) => a - b))
		expect(statuses).toContain('Verificando produtos…')
		await expectAccessible(page, 'importar produtos: verificação')
		// The one console error is the dropped connection the test caused.
		expect(pageErrorsOf(page).filter((error) => !/net::ERR_CONNECTION_RESET|net::ERR_FAILED/.test(error))).toEqual([])
	}, 180_000)
})
