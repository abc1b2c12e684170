import pg from 'pg'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, test } from 'vitest'
import { newCustomer } from './support/accounts'
import { DESKTOP, expectAccessible, expectNoPageErrors, setupBrowser, trackErrors } from './support/browser'
import { AuthPage } from './pages/auth-page'
import { Shell } from './pages/shell'
import { e2eServer } from './support/e2e-server'

const browser = setupBrowser()

// The e2e server's PostgreSQL (null on PGlite): used to check the points awarded.
const databaseUrl = e2eServer().databaseUrl
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 2 }) : null
afterAll(async () => {
	await pool?.end()
})

const CATEGORY = '/categoria/bandanas'

function cards(page: Page) {
	return page.getByRole('main').getByRole('article')
}

function favoritesLink(page: Page, count: number) {
	return page.getByRole('banner').getByRole('link', { name: `Favoritos (${count})` })
}

/** Opens the category page and waits until its live-updates stream is open. */
async function openCategoryLive(page: Page) {
	const stream = page.waitForResponse((response) => response.url().includes('/resources/events?channels='))
	await page.goto(CATEGORY)
	await cards(page).first().waitFor()
	expect((await stream).status()).toBe(200)
}

describe('favoritos', () => {
	test('signed out, the heart asks to log in', async () => {
		const page = await browser.newPage()
		await page.goto(CATEGORY)
		await cards(page).first().getByRole('button', { name: 'Adicionar aos favoritos' }).click()
		await new Shell(page).toast('Login necessário')
		await page.getByText('Faça login para adicionar favoritos').waitFor()
		expectNoPageErrors(page)
	})

	test('signed in: favourite, badge and a second tab follow live; the first favourite earns 5 points once', async () => {
		const context = await browser.newContext(DESKTOP)
		const page = trackErrors(await context.newPage())
		const auth = new AuthPage(page)
		const shell = new Shell(page)
		const customer = newCustomer()
		await auth.goto()
		await auth.signUp(customer.email, customer.password)
		await shell.toast('Conta criada com sucesso!')
		// Signed in at once by the sign-up (issue 31).
		await page.waitForURL('**/user/dashboard')

		await openCategoryLive(page)
		// A second tab of the same browser, opened before the change.
		const other = trackErrors(await context.newPage())
		await openCategoryLive(other)
		await other.getByRole('banner').getByRole('link', { name: 'Favoritos', exact: true }).waitFor()

		const firstCard = cards(page).first()
		const firstTitle = (await firstCard.getByRole('heading').textContent())?.trim() ?? ''
		await firstCard.getByRole('button', { name: 'Adicionar aos favoritos' }).click()
		await shell.toast('Adicionado aos favoritos')
		await shell.toast(`${firstTitle} foi adicionado`)
		await shell.toast('Você ganhou 5 pontos!')
		await favoritesLink(page, 1).waitFor()
		await firstCard.getByRole('button', { name: 'Remover dos favoritos', pressed: true }).waitFor()

		// The other tab updates without a reload (server-sent event → revalidation).
		await favoritesLink(other, 1).waitFor({ timeout: 10_000 })
		await cards(other).first().getByRole('button', { name: 'Remover dos favoritos', pressed: true }).waitFor()

		// A second favourite: the badge rises, no more points.
		await cards(page).nth(1).getByRole('button', { name: 'Adicionar aos favoritos' }).click()
		await favoritesLink(page, 2).waitFor()
		await favoritesLink(other, 2).waitFor({ timeout: 10_000 })

		// Removing the first: toast, badge down, both tabs.
		await firstCard.getByRole('button', { name: 'Remover dos favoritos' }).click()
		await shell.toast('Removido dos favoritos')
		await shell.toast(`${firstTitle} foi removido`)
		await favoritesLink(page, 1).waitFor()
		await favoritesLink(other, 1).waitFor({ timeout: 10_000 })
		await firstCard.getByRole('button', { name: 'Adicionar aos favoritos', pressed: false }).waitFor()

		// Favourited again: still the same first favourite for the points.
		await firstCard.getByRole('button', { name: 'Adicionar aos favoritos' }).click()
		await favoritesLink(page, 2).waitFor()

		await expectAccessible(page, 'categoria com favoritos')
		expectNoPageErrors(page)
		expectNoPageErrors(other)

		if (pool) {
			const { rows } = await pool.query<{ points: number; description: string }>(
				`select ph.points, ph.description from points_history ph join users u on u.id = ph.user_id
				 where u.email = $1 and ph.action_type = 'first_favorite'`,
				[customer.email],
			)
			expect(rows).toEqual([{ points: 5, description: 'Primeiro produto favoritado' }])
			const { rows: summary } = await pool.query<{ total_points: number }>(
				`select g.total_points from user_gamification g join users u on u.id = g.user_id where u.email = $1`,
				[customer.email],
			)
			expect(summary).toEqual([{ total_points: 5 }])
		}
	})
})
