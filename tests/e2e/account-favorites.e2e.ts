import { describe, expect, test } from 'vitest'
import { newCustomer } from './support/accounts'
import { DESKTOP, MOBILE, expectAccessible, expectNoPageErrors, trackErrors, setupBrowser } from './support/browser'
import { AuthPage } from './pages/auth-page'
import { Shell } from './pages/shell'

const browser = setupBrowser()

/**
 * 'Meus Favoritos' (document 001 §2; decision 8): the header heart opens /user/favorites,
 * which lists the person's favourites as product cards; the heart removes one, and the
 * empty state leads back to the shop.
 */
describe('Meus Favoritos', () => {
	test('favourite on a category page, open it from the header, remove it, see the empty state', async () => {
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

		// The sidebar of the customer area lists the page.
		await page.getByRole('link', { name: 'Meus Favoritos' }).first().waitFor()

		await page.goto('/categoria/bandana')
		const card = page.getByRole('main').getByRole('article').first()
		const title = (await card.getByRole('heading').textContent())?.trim() ?? ''
		expect(title).not.toBe('')
		await card.getByRole('button', { name: 'Adicionar aos favoritos' }).click()
		await shell.toast('Adicionado aos favoritos')
		const favoritesLink = page.getByRole('banner').getByRole('link', { name: 'Favoritos (1)' })
		await favoritesLink.waitFor()

		// The header icon opens the page (client navigation).
		await favoritesLink.click()
		await page.waitForURL((url) => url.pathname === '/user/favorites')
		await page.getByRole('heading', { level: 1, name: 'Meus Favoritos' }).waitFor()
		const favorite = page.getByRole('main').getByRole('article')
		await favorite.getByRole('heading', { name: title }).waitFor()
		expect(await favorite.count()).toBe(1)
		await favorite.getByText(/R\$ \d+,\d{2}/).first().waitFor()
		expect(await favorite.getByRole('heading').getByRole('link').getAttribute('href')).toMatch(/^\/produto\/[a-z0-9-]+$/)
		await page.getByRole('main').getByRole('link', { name: `Ver ${title}` }).waitFor()
		await page.getByRole('main').getByRole('button', { name: `Remover ${title}` }).waitFor()
		expect(await page.title()).toMatch(/^Meus Favoritos \| /)

		await page.setViewportSize(MOBILE)
		await expectAccessible(page, 'favoritos com produto 375px')

		// Its heart removes it: toast, the card goes, the empty state leads back to the shop.
		await favorite.getByRole('button', { name: 'Remover dos favoritos', pressed: true }).click()
		await shell.toast('Removido dos favoritos')
		await shell.toast(`${title} foi removido`)
		await page.getByText('Nenhum favorito ainda').waitFor()
		expect(await page.getByRole('main').getByRole('article').count()).toBe(0)
		const explore = page.getByRole('main').getByRole('link', { name: 'Explorar Produtos' })
		expect(await explore.getAttribute('href')).toBe('/')

		await expectAccessible(page, 'favoritos vazio 375px')

		// Still empty after a reload: the removal was saved.
		await page.reload()
		await page.getByText('Nenhum favorito ainda').waitFor()
		expectNoPageErrors(page)
	})

	test("'Remover' under a card removes it too", async () => {
		const context = await browser.newContext(MOBILE)
		const page = trackErrors(await context.newPage())
		const auth = new AuthPage(page)
		const shell = new Shell(page)
		const customer = newCustomer()
		await auth.goto()
		await auth.signUp(customer.email, customer.password)
		await shell.toast('Conta criada com sucesso!')
		// Signed in at once by the sign-up (issue 31).
		await page.waitForURL('**/user/dashboard')

		await page.goto('/categoria/bandana')
		const card = page.getByRole('main').getByRole('article').first()
		const title = (await card.getByRole('heading').textContent())?.trim() ?? ''
		await card.getByRole('button', { name: 'Adicionar aos favoritos' }).click()
		await card.getByRole('button', { name: 'Remover dos favoritos', pressed: true }).waitFor()
		// The pressed heart is optimistic: wait for the server's answer before leaving the page,
		// or the navigation may cancel the request.
		await shell.toast('Adicionado aos favoritos')

		await page.goto('/user/favorites')
		await page.getByRole('main').getByRole('heading', { name: title }).waitFor()
		await page.getByRole('main').getByRole('button', { name: `Remover ${title}` }).click()
		await shell.toast(`${title} foi removido`)
		await page.getByText('Nenhum favorito ainda').waitFor()
		expectNoPageErrors(page)
	})

	test('signed out, /user/favorites goes to the login page', async () => {
		const page = await browser.newPage(MOBILE)
		await page.goto('/user/favorites')
		await page.waitForURL((url) => url.pathname === '/auth')
		expectNoPageErrors(page)
	})
})
