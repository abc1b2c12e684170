import { describe, expect, test } from 'vitest'
import { ADMIN, newCustomer } from './support/accounts'
import { DESKTOP, MOBILE, expectAccessible, expectAccessibleInBothThemes, expectNoPageErrors, setupBrowser } from './support/browser'
import { AuthPage } from './pages/auth-page'
import { Shell } from './pages/shell'

const browser = setupBrowser()

describe('conta: cadastro, entrada e saída', () => {
	test('a shopper signs up, is signed in at once on the customer area, and signs out', async () => {
		const page = await browser.newPage()
		const auth = new AuthPage(page)
		const shell = new Shell(page)
		const customer = newCustomer()

		await auth.goto()
		await expectAccessible(page)
		await auth.signUp(customer.email, customer.password)
		await shell.toast('Conta criada com sucesso!')

		// Signed in at once by the sign-up (issue 31), greeted by the first name asked.
		await page.waitForURL('**/user/dashboard')
		await page.getByRole('heading', { level: 1, name: 'Olá, Cliente!' }).waitFor()
		await expectAccessible(page)

		await page.goto('/')
		await shell.signOut()
		await shell.toast('Logout realizado com sucesso')
		await page.waitForURL((url) => url.pathname === '/')
		await page.getByRole('link', { name: 'Entrar / Cadastrar' }).first().waitFor()

		// Signed out for real: the customer area sends back to /auth.
		await page.goto('/user/dashboard')
		await page.waitForURL('**/auth**')
		expectNoPageErrors(page)
	})

	test('a wrong password gets the documented message and keeps the e-mail typed', async () => {
		const page = await browser.newPage()
		const auth = new AuthPage(page)
		await auth.goto()
		await auth.signIn(ADMIN.email, 'senha-errada-123')
		await new Shell(page).toast('Email ou senha incorretos')
		expect(await page.getByLabel(/e-?mail/i).inputValue()).toBe(ADMIN.email)
	})
})

describe('permissões', () => {
	test('a customer is refused on /admin with "Acesso negado" and sent home', async () => {
		const page = await browser.newPage()
		const auth = new AuthPage(page)
		const customer = newCustomer()
		await auth.goto()
		await auth.signUp(customer.email, customer.password)
		await new Shell(page).toast('Conta criada com sucesso!')
		// Signed in at once by the sign-up (issue 31).
		await page.waitForURL('**/user/dashboard')

		await page.goto('/admin')
		await page.waitForURL((url) => url.pathname === '/')
		await new Shell(page).toast('Acesso negado')
		await page.getByText('Você não tem permissão para acessar esta área.').waitFor()
	})

	test('the admin is let into the back-office', async () => {
		const page = await browser.newPage()
		const auth = new AuthPage(page)
		await auth.goto()
		await auth.signIn(ADMIN.email, ADMIN.password)
		await page.waitForURL('**/admin')
		await page.getByText('Menu Admin').first().waitFor()
		await expectAccessible(page)
		expectNoPageErrors(page)
	})
})

describe('menu Minha Conta', () => {
	test('opens with its button, leads to the back-office; Escape and a click outside close it', async () => {
		const page = await browser.newPage()
		const auth = new AuthPage(page)
		await auth.goto()
		await auth.signIn(ADMIN.email, ADMIN.password)
		await page.waitForURL('**/admin')
		await page.goto('/')
		const header = page.getByRole('banner')
		const button = header.getByRole('button', { name: 'Minha Conta' })
		const dashboard = header.getByRole('link', { name: 'Dashboard' })
		expect(await button.getAttribute('aria-expanded')).toBe('false')
		expect(await dashboard.isVisible()).toBe(false)

		await button.click()
		await dashboard.waitFor()
		expect(await button.getAttribute('aria-expanded')).toBe('true')
		expect(await header.getByText(ADMIN.email).isVisible()).toBe(true)
		await expectAccessible(page, 'menu Minha Conta aberto')
		// Escape closes it and gives the focus back to the button.
		await dashboard.focus()
		await page.keyboard.press('Escape')
		await dashboard.waitFor({ state: 'hidden' })
		expect(await button.evaluate((element) => element === document.activeElement)).toBe(true)

		await button.click()
		await dashboard.waitFor()
		await page.getByRole('heading', { level: 1 }).first().click()
		await dashboard.waitFor({ state: 'hidden' })

		await button.click()
		await dashboard.click()
		await page.waitForURL('**/admin')
		expectNoPageErrors(page)
	})
})

describe('vitrine', () => {
	test('an unknown path shows the 404 page with a link home', async () => {
		const page = await browser.newPage()
		// Drawn dark: axe reads its dark and light colours on this one load.
		await page.context().addCookies([{ name: 'theme', value: 'dark', url: browser.baseUrl() }])
		const response = await page.goto('/pagina-que-nao-existe')
		expect(response?.status()).toBe(404)
		await page.getByRole('heading', { level: 1, name: 'Ops! Página não encontrada' }).waitFor()
		await expectAccessibleInBothThemes(page, '404')
		// issue 31: the categories and a search box help the shopper on.
		const categories = page.getByRole('main').getByRole('navigation', { name: 'Categorias' })
		expect(await categories.getByRole('link', { name: 'Bandanas' }).getAttribute('href')).toBe('/bandanas')
		expect(await categories.getByRole('link', { name: 'Atacado' }).getAttribute('href')).toBe('/atacado')
		await page.getByRole('main').getByRole('link', { name: /home|início/i }).click()
		await page.waitForURL((url) => url.pathname === '/')
		await page.goto('/outra-pagina-que-nao-existe')
		await page.getByRole('search', { name: 'Buscar na loja' }).getByRole('searchbox').fill('bandana')
		await page.getByRole('search', { name: 'Buscar na loja' }).getByRole('button', { name: 'Buscar' }).click()
		await page.waitForURL((url) => url.pathname === '/busca' && url.searchParams.get('q') === 'bandana')
	})

	for (const [name, viewport] of [
		['desktop', DESKTOP],
		['celular', MOBILE],
	] as const) {
		test(`the theme toggle persists across reloads (${name})`, async () => {
			const page = await browser.newPage(viewport)
			const shell = new Shell(page)
			await page.goto('/')
			expect(await shell.isDark()).toBe(false) // light by default (document 000 §1)
			await expectAccessible(page, 'home claro')
			const saved = page.waitForResponse((r) => r.url().includes('/resources/theme') && r.request().method() === 'POST')
			await shell.toggleTheme()
			await expect.poll(() => shell.isDark()).toBe(true)
			expect((await saved).ok()).toBe(true)
			const reloaded = await page.reload()
			// Server-rendered class: dark before any script runs, so no flash.
			const html = (await reloaded?.text()) ?? ''
			expect(html).toMatch(/<html[^>]*class="[^"]*dark/)
			expect(await shell.isDark()).toBe(true)
			await expectAccessible(page, 'home escuro')
			await shell.toggleTheme()
			// A generous wait: on a loaded machine the toggle's request alone can take seconds.
			await expect.poll(() => shell.isDark(), { timeout: 15_000 }).toBe(false)
			expectNoPageErrors(page)
			// Two accessibility scans of the largest page, two loads and two saves: 45–55 s on a loaded
			// 2-core machine (with or without this session's changes), too close to the default 60 s.
		}, 120_000)
	}
})
