import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, describe, expect, test } from 'vitest'
import { DESKTOP, MOBILE, expectAccessible, expectNoPageErrors, setupBrowser, waitForHydration } from './support/browser'
import { AdminPages } from './pages/admin-pages'
import { Shell } from './pages/shell'
import { e2eServer } from './support/e2e-server'
import { holdModule } from './support/hold-module'

const browser = setupBrowser()

// The e2e server's PostgreSQL (null on PGlite): the test reads what was stored there.
const databaseUrl = e2eServer().databaseUrl
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 2 }) : null
afterAll(async () => {
	await pool?.end()
})

describe('avaliações', () => {
	test('a star clicked and a comment typed before the form’s code arrives are kept; nothing can be sent until then', async () => {
		const page = await browser.newPage(MOBILE)
		// The reviews section's module (with the form; not the form's schema), held until released (decision 146).
		const held = await holdModule(page, 'product-reviews')
		await page.goto('/produto/bandana-preta')
		await waitForHydration(page)
		const form = page.getByRole('form', { name: /^Avaliar / })
		const fourStars = form.getByRole('radio', { name: '4 estrelas' })
		const commentBox = form.getByRole('textbox', { name: 'Comentário' })
		const submit = form.getByRole('button', { name: 'Enviar Avaliação' })
		const comment = 'Escrito antes do código do formulário'
		// The server's form, as the shopper meets it while the code is on its way: the browser keeps the choice.
		await fourStars.locator('xpath=..').click()
		await commentBox.fill(comment)
		expect(await fourStars.isChecked()).toBe(true)
		expect(await submit.isDisabled()).toBe(true)
		await form.getByText('0/500').waitFor()

		held.release()
		// The form's own code has drawn it with what was chosen and typed: its counter counts the comment.
		await form.getByText(`${comment.length}/500`).waitFor()
		expect(await fourStars.isChecked()).toBe(true)
		expect(await commentBox.inputValue()).toBe(comment)
		await expect.poll(() => submit.isDisabled()).toBe(false)
		expectNoPageErrors(page)
	})

	test.skipIf(!pool)('a review is sent from the product page, stays hidden, and shows once approved', async () => {
		const page = await browser.newPage()
		const shell = new Shell(page)
		// A real product: the first card of a category.
		await page.goto('/categoria/bandanas')
		const href = await page.getByRole('main').getByRole('article').first().getByRole('heading').getByRole('link').getAttribute('href')
		expect(href).toMatch(/^\/produto\/[a-z0-9-]+$/)
		const response = await page.goto(href!)
		expect(response?.status()).toBe(200)

		const form = page.getByRole('form', { name: /^Avaliar / })
		await form.waitFor()
		const submit = form.getByRole('button', { name: 'Enviar Avaliação' })
		// No star chosen yet: the button waits (document 000 §4).
		expect(await submit.isDisabled()).toBe(true)
		// A shopper clicks the fourth star (the radio itself is visually hidden inside it).
		const fourStars = form.getByRole('radio', { name: '4 estrelas' })
		await fourStars.locator('xpath=..').click()
		expect(await fourStars.isChecked()).toBe(true)
		// The form's code loads as the form comes near (decision 138): the button follows the star once it is there.
		await expect.poll(() => submit.isDisabled()).toBe(false)

		// Too short: the schema's message as a toast; nothing typed is lost.
		const commentBox = form.getByRole('textbox', { name: 'Comentário' })
		await commentBox.fill('curto')
		await submit.click()
		await shell.toast('O comentário deve ter pelo menos 10 caracteres')
		expect(await commentBox.inputValue()).toBe('curto')

		const comment = `Bandana linda, veio certinho! ${randomUUID().slice(0, 8)}`
		await commentBox.fill(comment)
		await form.getByText(`${comment.length}/500`).waitFor()
		await form.getByRole('textbox', { name: 'Seu nome (opcional)' }).fill('Teresa E2E')
		await submit.click()
		await shell.toast('Avaliação enviada com sucesso!')
		await page.getByText('Sua avaliação será publicada após aprovação.').waitFor()
		// The form is cleared for a next review, and the pending one is not shown.
		expect(await commentBox.inputValue()).toBe('')
		expect(await page.getByText(comment).count()).toBe(0)
		await expectAccessible(page, 'produto com formulário de avaliação')

		const { rows } = await pool!.query<{ customer_name: string; customer_email: string; rating: number; is_approved: boolean }>(
			'select customer_name, customer_email, rating, is_approved from reviews where comment = $1',
			[comment],
		)
		expect(rows).toEqual([{ customer_name: 'Teresa E2E', customer_email: 'anonimo@avaliacoes.invalid', rating: 4, is_approved: false }])

		// The owner approves it on /admin/avaliacoes (Pendentes), after reading it in the dialog.
		const adminPage = await browser.newPage(DESKTOP)
		const admin = new AdminPages(adminPage)
		await admin.signIn()
		await adminPage.goto('/admin/avaliacoes?filtro=pendentes')
		const row = adminPage.getByTestId('linha-avaliacao').filter({ hasText: 'Teresa E2E' }).first()
		await row.getByRole('button', { name: 'Ver a avaliação de Teresa E2E' }).click()
		await adminPage.getByRole('dialog').getByText(comment).waitFor()
		await expectAccessible(adminPage, '/admin/avaliacoes com o detalhe aberto')
		await adminPage.keyboard.press('Escape')
		await row.getByRole('button', { name: 'Aprovar' }).click()
		await admin.shell.toast('Avaliação aprovada!')
		const approved = await pool!.query<{ is_approved: boolean }>('select is_approved from reviews where comment = $1', [comment])
		expect(approved.rows).toEqual([{ is_approved: true }])

		await page.reload()
		await page.getByText(comment).waitFor()
		const item = page.getByRole('listitem').filter({ hasText: comment })
		await item.getByText('Teresa E2E').waitFor()
		await item.getByRole('img', { name: '4 de 5 estrelas' }).waitFor()
		// pt-BR date, e.g. 22/11/2026.
		expect(await item.locator('time').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/)
		expectNoPageErrors(page)
	})

	test('on a phone (375 px) each review on /admin/avaliacoes is a card headed by its reviewer, approved in one tap (issue 30)', async () => {
		// A shopper sends a review (on any database: nothing here reads it behind the pages).
		const page = await browser.newPage(MOBILE)
		const shell = new Shell(page)
		await page.goto('/categoria/bandanas')
		const href = await page.getByRole('main').getByRole('article').first().getByRole('heading').getByRole('link').getAttribute('href')
		await page.goto(href!)
		const form = page.getByRole('form', { name: /^Avaliar / })
		await form.getByRole('radio', { name: '5 estrelas' }).locator('xpath=..').click()
		const reviewer = `Rosa Celular ${randomUUID().slice(0, 6)}`
		await form.getByRole('textbox', { name: 'Comentário' }).fill('Chegou rápido e serviu direitinho no meu vira-lata.')
		await form.getByRole('textbox', { name: 'Seu nome (opcional)' }).fill(reviewer)
		await form.getByRole('button', { name: 'Enviar Avaliação' }).click()
		await shell.toast('Avaliação enviada com sucesso!')

		const adminPage = await browser.newPage(MOBILE)
		const admin = new AdminPages(adminPage)
		await admin.signIn()
		await adminPage.goto('/admin/avaliacoes?filtro=pendentes')
		// 'Aprovar' is a fetcher button: a tap before hydration does nothing.
		await adminPage.waitForFunction(() => Object.keys(document.querySelector('main h1') ?? {}).some((k) => k.startsWith('__reactFiber')))
		// The card is found by its heading's accessible name, as a screen reader's heading list shows it.
		const heading = adminPage.getByRole('heading', { level: 2, name: `Avaliação de ${reviewer}`, exact: true })
		await heading.waitFor()
		expect(await heading.count()).toBe(1)
		const card = adminPage.getByTestId('linha-avaliacao').filter({ has: heading })
		// Every card has one heading of its own, named after its reviewer.
		const cards = adminPage.getByTestId('linha-avaliacao')
		for (let i = 0; i < (await cards.count()); i += 1) {
			const own = cards.nth(i).getByRole('heading', { level: 2 })
			expect(await own.count()).toBe(1)
			expect(await own.textContent()).toMatch(/^Avaliação de \S/)
		}
		// A card, not a table row: it fits the screen, with its status and its one-tap approval.
		const box = await card.boundingBox()
		expect(box).not.toBeNull()
		expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(MOBILE.width)
		await card.getByText('Pendente').waitFor()
		await expectAccessible(adminPage, '/admin/avaliacoes a 375 px')
		await card.getByRole('button', { name: 'Aprovar' }).click()
		await admin.shell.toast('Avaliação aprovada!')
		await adminPage.goto('/admin/avaliacoes?filtro=aprovadas')
		await adminPage.getByRole('heading', { level: 2, name: `Avaliação de ${reviewer}`, exact: true }).waitFor()
		expectNoPageErrors(adminPage)
	}, 120_000)

	test('POST /resources/reviews refuses invalid input in Portuguese, over HTTP', async () => {
		const response = await fetch(new URL('/resources/reviews', browser.baseUrl()), {
			method: 'POST',
			body: new URLSearchParams({ productId: randomUUID(), rating: '', comment: 'oi' }),
		})
		expect(response.status).toBe(400)
		expect(await response.json()).toMatchObject({ ok: false, message: 'Selecione uma avaliação' })
	})
})

describe('visualizações de produto', () => {
	test('the product page records a view 2 s after it is shown, once per browser session', async () => {
		const context = await browser.newContext()
		const page = await context.newPage()
		await page.goto('/categoria/bandanas')
		const href = await page.getByRole('main').getByRole('article').first().getByRole('heading').getByRole('link').getAttribute('href')
		const views: string[] = []
		page.on('request', (request) => {
			if (request.method() === 'POST' && new URL(request.url()).pathname === '/resources/views') views.push(request.postData() ?? '')
		})
		const shownAt = Date.now()
		const recorded = page.waitForResponse((response) => new URL(response.url()).pathname === '/resources/views', { timeout: 10_000 })
		await page.goto(href!)
		const response = await recorded
		expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2000)
		expect(response.status()).toBe(200)
		expect(views).toHaveLength(1)
		expect(views[0]).toMatch(/^productId=[0-9a-f-]{36}$/)

		// Same session: coming back to the product sends nothing more.
		await page.goto('/categoria/bandanas')
		await page.goto(href!)
		await page.waitForTimeout(3000)
		expect(views).toHaveLength(1)

		if (pool) {
			const visitor = (await context.cookies()).find((cookie) => cookie.name === 'loja_visita')
			expect(visitor?.value).toMatch(/^[0-9a-f-]{36}$/)
			const { rows } = await pool.query<{ product_handle: string; user_id: string | null }>(
				'select product_handle, user_id from user_views where session_id = $1',
				[visitor!.value],
			)
			expect(rows).toEqual([{ product_handle: href!.replace('/produto/', ''), user_id: null }])
		}
	})
})
