import { mkdirSync } from 'node:fs'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { AdminPages } from './pages/admin-pages'
import { Shell } from './pages/shell'
import { ADMIN } from './support/accounts'
import { DESKTOP, MOBILE, expectAccessible, expectNoPageErrors, setupBrowser, waitForHydration } from './support/browser'
import { onStorefront } from './support/provider'
import { holdModule } from './support/hold-module'

/*
 * Issue 31 (decision 120), 'Avise-me quando chegar': on bandana-preta (seed: size P sold out, stock
 * 0) a shopper asks for P → the confirmation link from the outbox (/admin/emails) → the owner
 * restocks P from /admin/estoque → the alert is in the outbox once; then P goes back to 0, as the
 * other files expect it. The block is axe-checked (and shot, with SCREENSHOTS_DIR) at 375 and 1280
 * in both themes.
 */
const browser = setupBrowser()
const screenshots = process.env.SCREENSHOTS_DIR ?? null
const PRODUCT = 'Bandana Preta'

/** The block in both themes at the page's width: axe clean, and a screenshot when asked. */
async function checkThemes(page: Page, block: () => Promise<Locator>) {
	for (const theme of ['light', 'dark'] as const) {
		await page.context().addCookies([{ name: 'theme', value: theme, url: browser.baseUrl() }])
		await page.reload()
		await waitForHydration(page)
		const shown = await block()
		await expectAccessible(page, `avise-me ${page.viewportSize()?.width} (${theme})`)
		if (screenshots) {
			mkdirSync(screenshots, { recursive: true })
			await shown.screenshot({ path: `${screenshots}/avise-me-${page.viewportSize()?.width}-${theme}.png` })
		}
	}
}

/** The outbox's messages to `to` with `subject`, as the owner reads them at /admin/emails. */
function outbox(owner: Page, subject: string, to: string): Locator {
	return owner.getByRole('list', { name: 'Caixa de saída' }).getByRole('listitem').filter({ hasText: subject }).filter({ hasText: `Para ${to}` })
}

async function adjustStock(owner: Page, variant: RegExp, delta: string, reason: string) {
	await owner.locator('#estoque-variante').selectOption({ label: (await owner.locator('#estoque-variante option').filter({ hasText: variant }).first().textContent()) ?? '' })
	await owner.locator('#estoque-delta').fill(delta)
	await owner.locator('#estoque-motivo').fill(reason)
	await owner.getByRole('button', { name: 'Registrar ajuste' }).click()
	await new Shell(owner).toast('Estoque ajustado!')
}

// The hosted store keeps its own stock: the alert is the built-in catalogue's (decision 120).
describe.skipIf(onStorefront())('avise-me quando chegar', () => {
	test('the alert’s code comes before the page hydrates: the form the server drew works at once (decision 146)', async () => {
		const page = await browser.newPage(MOBILE)
		// The alert's module (out of the page's first load), held until released.
		const held = await holdModule(page, 'restock-alert')
		// Not waiting for hydration (browser.ts's goto would): it waits for this module.
		await page.goto('/produto/bandana-preta', { waitUntil: 'commit' })
		// Asked for because the server's HTML holds the alert; the page waits for it before hydrating.
		await expect.poll(() => held.asked()).toBe(true)
		await page.waitForTimeout(1000)
		expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull()
		held.release()
		await waitForHydration(page)
		const block = page.getByTestId('avise-me')
		await block.getByText('Opção esgotada? Avise-me quando chegar').click()
		await block.getByLabel('Seu e-mail').fill('avise@')
		await block.getByRole('button', { name: 'Avise-me' }).click()
		await block.getByText('Informe um e-mail válido.').waitFor()
		expectNoPageErrors(page)
	})

	// A journey through two people's pages and an e-mail: 54–64 s on a loaded two-core machine, over the 60 s default.
	test('a sold-out size: Avise-me, the confirmation link, the owner restocks, one alert', { timeout: 150_000 }, async () => {
		const shopper = await browser.newPage(MOBILE)
		await shopper.goto('/produto/bandana-preta')
		const open = async () => {
			const block = shopper.getByTestId('avise-me')
			await block.getByText('Opção esgotada? Avise-me quando chegar').click()
			await block.getByLabel('Seu e-mail').waitFor()
			return block
		}
		await checkThemes(shopper, open)
		await shopper.setViewportSize(DESKTOP)
		await checkThemes(shopper, open)

		const block = shopper.getByTestId('avise-me')
		const email = `avise.${Date.now()}@exemplo.test`
		// A typo first: the server's message, in Portuguese.
		await block.getByLabel('Seu e-mail').fill('avise@')
		await block.getByRole('button', { name: 'Avise-me' }).click()
		await block.getByText('Informe um e-mail válido.').waitFor()
		await block.getByLabel('Seu e-mail').fill(email)
		await block.getByRole('button', { name: 'Avise-me' }).click()
		await block.getByTestId('avise-me-pronto').getByText(`Quase lá! Enviamos um link para ${email}`).waitFor()

		// The confirmation e-mail, read in the outbox; its link confirms and lands on the product.
		const owner = await browser.newPage(DESKTOP)
		await new AdminPages(owner).signIn()
		// Signed in, her account's address is filled in once who is looking is known (no hydration mismatch).
		await owner.goto('/produto/bandana-preta')
		await waitForHydration(owner)
		const ownBlock = owner.getByTestId('avise-me')
		await ownBlock.getByText('Opção esgotada? Avise-me quando chegar').click()
		await expect.poll(() => ownBlock.getByLabel('Seu e-mail').inputValue()).toBe(ADMIN.email)
		await ownBlock.getByText('É o e-mail da sua conta: o aviso fica confirmado na hora.').waitFor()
		await owner.goto('/admin/emails')
		const confirmation = outbox(owner, `Confirme seu aviso: ${PRODUCT} — P`, email)
		const text = (await confirmation.locator('pre').textContent()) ?? ''
		const link = /https?:\/\/\S+\/avise-me\/confirmar\?token=[A-Za-z0-9_-]+/.exec(text)?.[0]
		expect(link).toBeTruthy()
		expect(text).toContain('/avise-me/cancelar?token=')
		const url = new URL(link as string)
		await shopper.goto(`${url.pathname}${url.search}`)
		await shopper.waitForURL('**/produto/bandana-preta')
		await new Shell(shopper).toast('Aviso confirmado!')

		// The owner restocks P from the stock page (the low-stock list → the product → the adjustment).
		await owner.goto('/admin/estoque')
		await owner
			.getByTestId('estoque-baixo')
			.filter({ has: owner.getByRole('link', { name: PRODUCT, exact: true }) })
			.filter({ hasText: 'Esgotado' })
			.getByRole('link', { name: PRODUCT, exact: true })
			.first()
			.click()
		await owner.waitForURL(/\/admin\/produtos\/[0-9a-f-]{36}$/)
		await waitForHydration(owner)
		await adjustStock(owner, /^P \(0 em estoque\)$/, '2', 'Reposição')

		// The stock event runs the job within seconds: one alert.
		const alert = `Chegou! ${PRODUCT} — P`
		await expect
			.poll(
				async () => {
					await owner.goto('/admin/emails')
					return outbox(owner, alert, email).count()
				},
				{ timeout: 30_000, interval: 1_000 },
			)
			.toBe(1)
		expect(await outbox(owner, alert, email).locator('pre').textContent()).toContain('/produto/bandana-preta')

		// Back to the seed's state (P sold out) for the other files on this server; no second alert.
		await owner.goBack()
		await owner.waitForURL(/\/admin\/produtos\//)
		await waitForHydration(owner)
		await adjustStock(owner, /^P \(2 em estoque\)$/, '-2', 'Volta ao estado do teste')
		await owner.goto('/admin/emails')
		expect(await outbox(owner, alert, email).count()).toBe(1)
		expectNoPageErrors(shopper)
		expectNoPageErrors(owner)
	})
})
