import { describe, expect, test } from 'vitest'
import { AdminPages } from './pages/admin-pages'
import { CartDrawer } from './pages/cart-drawer'
import { AriaPanel } from './pages/aria-panel'
import { Shell } from './pages/shell'
import { DESKTOP, MOBILE, expectAccessible, expectNoPageErrors, pageErrorsOf, setupBrowser } from './support/browser'

/**
 * The Aria assistant in Chromium against the production build (issue 12): opened from the
 * hero, a streamed reply with product cards, a card into the cart, the conversation across a
 * reload, Shift+Enter, clearing, the phone sheet and the rate limit (ARIA_MESSAGES_PER_SESSION
 * is 6 on the e2e server).
 */

const browser = setupBrowser()

describe('Aria', () => {
	test('from the hero: a streamed reply with cards, one added to the cart; kept across a reload; cleared', async () => {
		const page = await browser.newPage(DESKTOP)
		const aria = new AriaPanel(page)
		const cart = new CartDrawer(page)
		await page.goto('/')
		const hero = page.getByRole('button', { name: 'Compre com a Aria' })
		await page.waitForFunction(() => Object.keys(document.querySelector('main h1') ?? {}).some((k) => k.startsWith('__reactFiber')))
		await hero.click()
		await aria.dialog().waitFor()
		await aria.log().getByText('Oi! Sou a Aria 🐾 Qual a raça e tamanho do seu pet?').waitFor()
		// Issue 31: on a wide screen the floating button does not stay visible under the open panel.
		expect(await page.locator('button[aria-haspopup="dialog"][aria-expanded="true"]').isHidden()).toBe(true)
		expect(await aria.input().getAttribute('placeholder')).toBe('Digite sua mensagem...')
		// Focus is in the message box, ready to type.
		await expect.poll(() => aria.input().evaluate((el) => el === document.activeElement)).toBe(true)
		expect(
			await cart
				.headerButton()
				.getAttribute('aria-label')
				.catch(() => null),
		).not.toMatch(/\d/)

		// Shift+Enter is a new line, not a send.
		await aria.input().pressSequentially('quero uma bandana')
		await aria.input().press('Shift+Enter')
		await aria.input().pressSequentially('para cachorro medio')
		expect(await aria.input().inputValue()).toBe('quero uma bandana\npara cachorro medio')
		expect(await aria.log().getByRole('listitem').count()).toBe(1)

		await aria.watchReplyUpdates()
		await aria.input().press('Enter')
		// While the reply is pending, the box and the button wait.
		await expect.poll(() => aria.input().isDisabled()).toBe(true)
		expect(await aria.sendButton().isDisabled()).toBe(true)
		await aria.cards().first().waitFor({ timeout: 20_000 })
		await expect.poll(() => aria.input().isDisabled()).toBe(false)
		// Streamed: the reply's text changed many times as words arrived.
		expect(await aria.replyUpdates()).toBeGreaterThan(10)
		const reply = await aria.lastReply()
		expect(reply).toContain('bandana tamanho G')
		// Tags are not shown; cards are.
		expect(reply).not.toContain('PRODUCT:')
		const cards = aria.cards()
		expect(await cards.count()).toBeGreaterThan(0)
		const first = cards.first()
		const title = (await first.getByRole('link').first().innerText()).trim()
		expect(title).toMatch(/^Bandana/)
		expect(await first.innerText()).toMatch(/R\$\s\d+,\d{2}/)
		await expectAccessible(page, 'painel da Aria com resposta (claro)')

		// 'Adicionar ao Carrinho' goes through the server cart: the header's badge changes.
		await first.getByRole('button', { name: `Adicionar ao Carrinho: ${title}` }).click()
		await expect.poll(async () => (await cart.json()).cart.itemCount, { timeout: 20_000 }).toBe(1)
		await page.getByRole('banner').getByRole('button', { name: 'Carrinho (1 item)' }).waitFor({ timeout: 20_000 })
		const line = (await cart.json()).cart.lines[0]
		expect(line?.productTitle).toBe(title)

		// The add opens the cart drawer (as from any page), possibly just after the badge changed:
		// wait for it, then close it and the panel.
		await page.getByTestId('cart-drawer').waitFor({ state: 'attached' })
		await expect
			.poll(async () => {
				if ((await page.locator('[role="dialog"]').count()) > 0) await page.keyboard.press('Escape')
				return page.locator('[role="dialog"]').count()
			})
			.toBe(0)

		// Dark theme, panel open: still accessible.
		await new Shell(page).toggleTheme()
		await aria.openFromLauncher()
		await expectAccessible(page, 'painel da Aria com resposta (escuro)')

		// Issue 31: only what was asked (BH → MG → Sudeste), links with words, lists as lists.
		await aria.ask('prazo de entrega pra BH?')
		const delivery = await aria.lastReply()
		expect(delivery).toContain('Sudeste')
		expect(delivery).not.toContain('Norte')
		await aria.ask('vcs fazem bandana personalizada?')
		const personalised = aria.log().locator(':scope > ol > li').last()
		expect(await personalised.innerText()).toContain('você escolhe')
		expect(await personalised.innerText()).not.toContain('/personalize')
		expect(await personalised.getByRole('link', { name: 'Abrir o criador de bandanas' }).getAttribute('href')).toBe('/personalize')
		expect(await personalised.getByRole('list').getByRole('listitem').count()).toBeGreaterThan(1)

		// The conversation is the session's, on the server: there again after a reload.
		await page.reload()
		await aria.openFromLauncher()
		await aria.log().getByText('para cachorro medio').waitFor()
		await aria.cards().first().waitFor()

		await aria.dialog().getByRole('button', { name: 'Limpar conversa' }).click()
		await expect.poll(() => aria.log().getByRole('listitem').count()).toBe(1)
		await page.reload()
		await aria.openFromLauncher()
		await aria.log().getByText('Oi! Sou a Aria').waitFor()
		expect(await aria.log().getByText('para cachorro medio').count()).toBe(0)
		expectNoPageErrors(page)
	})

	test('on a phone: a full-screen sheet; the rate limit answers with its message, nothing typed lost', async () => {
		const page = await browser.newPage(MOBILE)
		const aria = new AriaPanel(page)
		await page.goto('/produto/bandana-preta')
		await page.waitForFunction(() => Object.keys(document.querySelector('main h1') ?? {}).some((k) => k.startsWith('__reactFiber')))
		await aria.openFromLauncher()
		const box = await aria.dialog().boundingBox()
		expect(box?.width).toBe(MOBILE.width)
		expect(box?.height).toBeGreaterThan(MOBILE.height - 2)
		// On a product page, Aria knows which product is meant.
		await aria.ask('quanto custa esse?')
		expect(await aria.lastReply()).toContain('Bandana Preta')
		await expectAccessible(page, 'painel da Aria no celular')

		for (let i = 0; i < 5; i += 1) await aria.ask(`oi ${i}`)
		await aria.ask('mais uma pergunta')
		expect(await aria.lastReply()).toContain('Você enviou muitas mensagens seguidas')
		// The refused message is still in the chat as sent; the box is free again.
		await aria.log().getByText('mais uma pergunta').waitFor()
		expect(await aria.input().isDisabled()).toBe(false)
		expectNoPageErrors(page)
	})

	test('§8: a failed or empty reply shows the toast and gives the message back', async () => {
		const page = await browser.newPage(DESKTOP)
		const aria = new AriaPanel(page)
		const shell = new Shell(page)
		let answer: 'error' | 'empty' = 'error'
		await page.route('**/resources/aria', (route) =>
			route.request().method() === 'POST'
				? route.fulfill(
						answer === 'error'
							? { status: 502, body: 'Bad Gateway' }
							: { status: 200, contentType: 'text/event-stream', body: 'data: [DONE]\n\n' },
					)
				: route.continue(),
		)
		await page.goto('/assinaturas')
		await page.waitForFunction(() => Object.keys(document.querySelector('main h1') ?? {}).some((k) => k.startsWith('__reactFiber')))
		await aria.openFromLauncher()
		for (const kind of ['error', 'empty'] as const) {
			answer = kind
			await aria.input().fill(`pergunta ${kind}`)
			await aria.input().press('Enter')
			await shell.toast('Desculpe, houve um erro ao processar sua mensagem.')
			await expect.poll(() => aria.input().inputValue()).toBe(`pergunta ${kind}`)
			expect(await aria.input().isDisabled()).toBe(false)
		}
		// Only the 502 the test provoked reached the console.
		expect(pageErrorsOf(page).filter((e) => !e.includes('status of 502'))).toEqual([])
	})

	test('over HTTP: the reply is an uncompressed event stream; the refusal is 429 with Retry-After', async () => {
		const url = new URL('/resources/aria', browser.baseUrl())
		const origin = new URL(browser.baseUrl()).origin
		const send = (cookie: string | null, message: string) =>
			fetch(url, {
				method: 'POST',
				headers: { Origin: origin, 'Accept-Encoding': 'gzip, br', ...(cookie ? { Cookie: cookie } : {}) },
				body: new URLSearchParams({ intent: 'send', message }),
			})
		const first = await send(null, 'tem gravata borboleta?')
		expect(first.status).toBe(200)
		expect(first.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
		expect(first.headers.get('content-encoding')).toBeNull()
		const text = await first.text()
		expect(text.trim().endsWith('data: [DONE]')).toBe(true)
		expect(text).toMatch(/^data: \{"choices":\[\{"delta":\{"content":/)
		const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] as string
		expect(cookie).toMatch(/^loja_visita=/)
		for (let i = 1; i < 6; i += 1) expect((await send(cookie, `oi ${i}`)).status).toBe(200)
		const refused = await send(cookie, 'mais uma')
		expect(refused.status).toBe(429)
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
		expect(await refused.json()).toEqual({
			error: 'Você enviou muitas mensagens seguidas. Espere alguns minutos e tente de novo, ou fale com a gente pelo WhatsApp.',
		})
		// A cross-site page cannot make a browser chat on its behalf.
		const crossSite = await fetch(url, {
			method: 'POST',
			headers: { Origin: 'https://evil.example' },
			body: new URLSearchParams({ intent: 'send', message: 'oi' }),
		})
		expect(crossSite.status).toBe(403)
	})

	test('the owner teaches Aria, tries it in the console, syncs products and reads what she could not answer', async () => {
		const shopperPage = await browser.newPage(DESKTOP)
		const shopper = new AriaPanel(shopperPage)
		const question = `vcs vendem sela pra cavalo ${Date.now()}?`
		await shopperPage.goto('/assinaturas')
		await shopperPage.waitForFunction(() => Object.keys(document.querySelector('main h1') ?? {}).some((k) => k.startsWith('__reactFiber')))
		await shopper.openFromLauncher()
		await shopper.ask(question)
		expect(await shopper.lastReply()).toContain('WhatsApp')

		const page = await browser.newPage(DESKTOP)
		const admin = new AdminPages(page)
		await admin.signIn()
		await admin.openFromSidebar('Conteúdo', 'Aria IA')
		await page.getByRole('heading', { level: 1, name: 'Gerenciar Aria' }).waitFor()

		// Tab 'Base de Conhecimento': §8's message for an empty entry, then a new one.
		const form = page.getByRole('form', { name: 'Adicionar conhecimento' })
		const code = `SELA${Date.now()}`
		await form.getByLabel('Título').fill('Produtos para cavalos')
		await form.getByLabel('Conteúdo / instrução').fill(`Não vendemos produtos para cavalos, só para cães e gatos. Código ${code}.`)
		await form.getByRole('button', { name: 'Adicionar' }).click()
		await admin.shell.toast('Conhecimento adicionado!')
		await page.getByTestId('conhecimento').filter({ hasText: code }).waitFor()
		expect(await form.getByLabel('Título').inputValue()).toBe('')

		// Tab 'Testar': the new knowledge answers the question.
		await page.getByRole('navigation', { name: 'Seções da Aria' }).getByRole('link', { name: 'Testar' }).click()
		await page.getByLabel('Pergunta do cliente').fill('vocês vendem coisas para cavalo?')
		await page.getByRole('button', { name: 'Perguntar' }).click()
		const answer = page.getByTestId('resposta-teste')
		await answer.getByText(code, { exact: false }).waitFor()
		await answer.getByText('Respondida').waitFor()
		// The answer shows while the loaders revalidate; the button comes back (its opacity fading in)
		// only after: measured half-faded, its colours failed axe's contrast check on a loaded machine.
		await expect.poll(() => page.getByRole('button', { name: 'Perguntar' }).isEnabled()).toBe(true)
		await expectAccessible(page, '/admin/aria testar')

		// Tab 'Produtos': sync, then one product switched off.
		await page.getByRole('navigation', { name: 'Seções da Aria' }).getByRole('link', { name: 'Produtos' }).click()
		await page.getByRole('button', { name: 'Sincronizar com a loja' }).click()
		await page
			.locator('[data-sonner-toast]')
			.filter({ hasText: /\d+ produtos sincronizados!/ })
			.first()
			.waitFor({ timeout: 20_000 })
		// Known by its title: the list may still be re-rendering after the sync, so 'the first row'
		// can be another product by the time the switch is read again.
		const first = page.getByTestId('produto-aria').first().getByRole('button', { pressed: true })
		const title = ((await first.getAttribute('aria-label')) ?? '').replace(/: Ativo$/, '')
		expect(title).not.toBe('')
		// The click goes to that product's switch, found by its name: 'the first row's' could be
		// another product by the time of the click (seen once on CI: the toast came, for another row).
		await page.getByRole('button', { name: `${title}: Ativo`, exact: true }).first().click()
		await admin.shell.toast('Produto atualizado!')
		await page.getByRole('button', { name: `${title}: Inativo`, exact: true }).first().waitFor()

		// Tab 'Conversas': the shopper's question is there, unanswered.
		await page.getByRole('navigation', { name: 'Seções da Aria' }).getByRole('link', { name: 'Conversas' }).click()
		await page.getByTestId('perguntas-sem-resposta').getByText(question).waitFor()
		expectNoPageErrors(page)

		// And the shopper now gets the owner's answer.
		await shopper.ask('vocês vendem coisas para cavalo?')
		expect(await shopper.lastReply()).toContain(code)
		expectNoPageErrors(shopperPage)
	})
})
