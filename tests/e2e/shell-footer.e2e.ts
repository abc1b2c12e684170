import { describe, expect, test } from 'vitest'
import { DESKTOP, MOBILE, expectAccessible, expectNoPageErrors, setupBrowser, trackErrors } from './support/browser'
import { holdModule } from './support/hold-module'

const browser = setupBrowser()

const COLUMNS = ['Categorias', 'Serviços', 'Contato'] as const

describe('rodapé', () => {
	test('on a phone (375 px) the columns are an accordion, closed until opened', async () => {
		const page = await browser.newPage(MOBILE)
		await page.goto('/assinaturas')
		const footer = page.getByRole('contentinfo')
		for (const title of COLUMNS) {
			const trigger = footer.getByRole('button', { name: title })
			await trigger.waitFor()
			expect(await trigger.getAttribute('aria-expanded')).toBe('false')
		}
		expect(await footer.getByRole('link', { name: 'Bandanas' }).isVisible()).toBe(false)

		await footer.getByRole('button', { name: 'Categorias' }).click()
		// The footer's code loads as it nears (decision 148): a tap before it came opens the section once it has.
		await expect.poll(() => footer.getByRole('button', { name: 'Categorias' }).getAttribute('aria-expanded')).toBe('true')
		await footer.getByRole('link', { name: 'Bandanas' }).waitFor()

		await footer.getByRole('button', { name: 'Contato' }).click()
		// Contact details are the store settings (decision 16): e-mail, WhatsApp, city.
		await footer.getByRole('link', { name: /@/ }).waitFor()
		expect(await footer.getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:/)
		expect(await footer.getByRole('link', { name: /\(\d{2}\) \d{4,5}-\d{4}/ }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d+$/)
		// Role queries skip the hidden desktop copy of the column.
		await footer.getByRole('listitem').filter({ hasText: 'São Paulo' }).waitFor()

		// Closing again hides the links.
		await footer.getByRole('button', { name: 'Categorias' }).click()
		await footer.getByRole('link', { name: 'Bandanas' }).waitFor({ state: 'hidden' })
		await expectAccessible(page, 'rodapé celular')
		expectNoPageErrors(page)
	})

	test('its code is not in the first load; a section tapped before it came opens once it has (decision 148)', async () => {
		const page = await browser.newPage(MOBILE)
		const footerCode = await holdModule(page, 'site-footer')
		await page.goto('/assinaturas')
		await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
		const footer = page.getByRole('contentinfo')
		// The server's footer, whole, before its code: links work as links.
		expect(await footer.getByRole('link', { name: 'Trocas e devoluções' }).getAttribute('href')).toBe('/trocas-e-devolucoes')
		await footer.getByRole('button', { name: 'Serviços' }).click()
		await expect.poll(footerCode.asked).toBe(true)
		expect(await footer.getByRole('button', { name: 'Serviços' }).getAttribute('aria-expanded')).toBe('false')

		footerCode.release()
		await expect.poll(() => footer.getByRole('button', { name: 'Serviços' }).getAttribute('aria-expanded')).toBe('true')
		await footer.getByRole('link', { name: 'Assinaturas' }).waitFor()
		expect(await footer.getByRole('button', { name: 'Categorias' }).getAttribute('aria-expanded')).toBe('false')
		expectNoPageErrors(page)
	})

	test('a press in progress when its code comes still opens the section (the tap is not lost in the swap)', async () => {
		const page = await browser.newPage(MOBILE)
		const footerCode = await holdModule(page, 'site-footer')
		await page.goto('/assinaturas')
		await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
		const trigger = page.getByRole('contentinfo').getByRole('button', { name: 'Contato' })
		await trigger.scrollIntoViewIfNeeded()
		const box = await trigger.boundingBox()
		if (!box) throw new Error('sem o botão Contato')
		await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
		await page.mouse.down()
		await expect.poll(footerCode.asked).toBe(true)
		// The code comes, and is run, while the finger is still down (ci49 lost this tap: the part was
		// drawn between the press and the release, and the browser sent no click).
		footerCode.release()
		// The page's own import() of the same file, resolved once the module has run; a string, so
		// vitest does not rewrite it.
		await page.evaluate(`import(${JSON.stringify(footerCode.url())}).then(() => new Promise((resolve) => setTimeout(resolve)))`)
		await page.mouse.up()
		await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true')
		await page.getByRole('contentinfo').getByRole('link', { name: /@/ }).waitFor()
		expectNoPageErrors(page)
	})

	test('on a desktop (1280 px) every column is open, with headings and no accordion', async () => {
		const page = await browser.newPage(DESKTOP)
		await page.goto('/assinaturas')
		const footer = page.getByRole('contentinfo')
		for (const title of COLUMNS) {
			await footer.getByRole('heading', { level: 2, name: title }).waitFor()
			expect(await footer.getByRole('button', { name: title }).count()).toBe(0)
		}
		await footer.getByRole('link', { name: 'Bandanas' }).waitFor()
		await footer.getByRole('link', { name: 'Assinaturas' }).waitFor()
		await footer.getByRole('link', { name: /@/ }).waitFor()
		await footer.getByText(/© \d{4} .+\. Todos os direitos reservados\./).waitFor()

		await footer.getByRole('link', { name: 'Bandanas' }).click()
		await page.waitForURL((url) => url.pathname === '/bandanas')
		expectNoPageErrors(page)
	})
})

describe('botão Aria Assistente', () => {
	for (const [name, viewport, theme] of [
		['desktop claro', DESKTOP, 'light'],
		['celular escuro', MOBILE, 'dark'],
	] as const) {
		test(`opens the chat, which offers WhatsApp too, closes with Escape and the close button (${name})`, async () => {
			const context = await browser.newContext(viewport)
			await context.addCookies([{ name: 'theme', value: theme, url: browser.baseUrl() }])
			const page = trackErrors(await context.newPage())
			await page.goto('/assinaturas')
			// includeHidden: on a desktop the round button hides while the panel is open (decision 107).
			const button = page.getByRole('button', { name: 'Aria Assistente', includeHidden: true })
			expect(await button.getAttribute('aria-expanded')).toBe('false')

			await button.click()
			const panel = page.getByRole('dialog', { name: 'Aria Assistente' })
			await panel.waitFor()
			expect(await button.getAttribute('aria-expanded')).toBe('true')
			if (viewport === DESKTOP) await expect.poll(() => button.isVisible()).toBe(false)
			await panel.getByText('Oi! Sou a Aria 🐾 Qual a raça e tamanho do seu pet?').waitFor()
			const whatsapp = panel.getByRole('link', { name: 'WhatsApp' })
			expect(await whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d+\?text=/)
			expect(await whatsapp.getAttribute('target')).toBe('_blank')
			await expectAccessible(page, `painel da Aria ${name}`)

			await page.keyboard.press('Escape')
			await panel.waitFor({ state: 'hidden' })
			expect(await button.getAttribute('aria-expanded')).toBe('false')

			await button.click()
			await panel.getByRole('button', { name: 'Fechar' }).click()
			await panel.waitFor({ state: 'hidden' })
			expectNoPageErrors(page)
		})
	}
})

describe('menu do celular (issue 13)', () => {
	test('the drawer lists the categories and searches: Enter opens the results page', async () => {
		const page = await browser.newPage(MOBILE)
		await page.goto('/')
		const openMenu = async () => {
			await page.getByRole('button', { name: 'Abrir menu' }).click()
			await page.getByRole('dialog', { name: 'Menu' }).waitFor()
		}
		await openMenu()
		const drawer = page.getByRole('dialog', { name: 'Menu' })
		const categories = drawer.getByRole('navigation', { name: 'Categorias' })
		expect(await categories.getByRole('link').allTextContents()).toEqual(
			expect.arrayContaining(['Bandanas', 'Colares', 'Lacinhos', 'Gravatas', 'Box de Produtos']),
		)
		await expectAccessible(page, 'menu do celular aberto')
		await categories.getByRole('link', { name: 'Colares' }).click()
		await page.waitForURL((url) => url.pathname === '/colares')
		await page.getByRole('heading', { level: 1, name: 'Colares' }).waitFor()
		await expect.poll(() => drawer.count()).toBe(0)

		await openMenu()
		await drawer.getByRole('searchbox', { name: 'Buscar no menu' }).fill('laco')
		await drawer.getByRole('searchbox', { name: 'Buscar no menu' }).press('Enter')
		await page.waitForURL((url) => url.pathname === '/busca' && url.searchParams.get('q') === 'laco')
		await page.getByRole('heading', { level: 1, name: 'Resultados para "laco"' }).waitFor()
		expectNoPageErrors(page)
	})
})
