import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AdminPages } from './pages/admin-pages'
import { AuthPage } from './pages/auth-page'
import { CheckoutPage, VALID_CUSTOMER } from './pages/checkout-page'
import { Shell } from './pages/shell'
import { newCustomer } from './support/accounts'
import { DESKTOP, MOBILE, expectAccessible, expectAccessibleInBothThemes, expectNoPageErrors, setupBrowser, trackErrors } from './support/browser'
import { e2eServer } from './support/e2e-server'

const browser = setupBrowser()
const databaseUrl = e2eServer().databaseUrl
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 2 }) : null

afterAll(async () => {
	await pool?.end()
})

describe('back-office: cupons', () => {
	test('the admin creates a coupon; bad input gets a Portuguese message beside the field', async () => {
		const page = await browser.newPage(DESKTOP)
		const admin = new AdminPages(page)
		await admin.signIn()
		await admin.createCoupon({ code: 'caro', kind: 'Porcentagem', value: '150' })
		await page.getByText('A porcentagem deve ser um número inteiro de 1 a 100.').waitFor()
		// What was typed is still there.
		expect(await page.getByRole('form', { name: 'Novo cupom' }).getByLabel('Código').inputValue()).toBe('caro')

		await admin.createCoupon({ code: 'primeiracompra', kind: 'Porcentagem', value: '10', usageLimit: '100' })
		await admin.shell.toast('Cupom criado!')
		const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'PRIMEIRACOMPRA' }) })
		await row.getByText('10%').waitFor()
		await row.getByText('0 / 100').waitFor()
		await expectAccessible(page, 'cupons')

		// Deactivate and reactivate.
		await row.getByRole('button', { name: 'Desativar PRIMEIRACOMPRA' }).click()
		await admin.shell.toast('Cupom desativado!')
		await row.getByText('Inativo').waitFor()
		await row.getByRole('button', { name: 'Ativar PRIMEIRACOMPRA' }).click()
		await admin.shell.toast('Cupom ativado!')

		// The same code again is refused.
		await admin.createCoupon({ code: 'PrimeiraCompra', kind: 'Frete grátis' })
		await page.getByText('Já existe um cupom com este código.').waitFor()
		expectNoPageErrors(page)
	})

	test('imports the legacy CSV after a check step that writes nothing', async () => {
		const page = await browser.newPage(MOBILE)
		const admin = new AdminPages(page)
		await admin.signIn()
		await admin.checkCouponFile(path.resolve('tests/fixtures/legacy-coupons.csv'))
		expect(await admin.summaryCount('Serão importados')).toBe(5)
		expect(await admin.summaryCount('Repetidos no arquivo')).toBe(1)
		expect(await admin.summaryCount('Já existem na loja')).toBe(1)
		expect(await admin.summaryCount('Inválidos')).toBe(5)
		await page.getByText('Linha 6: BEMVINDO10 — repetido no arquivo (já aparece na linha 2).').waitFor()
		await page.getByText('Linha 7: PRIMEIRACOMPRA — já existe na loja.').waitFor()
		await page.getByText(/Linha 8 \(MEGA\): A porcentagem deve ser um número inteiro de 1 a 100\./).waitFor()
		await expectAccessible(page, 'importar cupons: verificação')

		// Nothing written yet.
		await page.goto('/admin/cupons?q=BEMVINDO10')
		await page.getByText('Nenhum cupom ainda.').waitFor()

		await admin.checkCouponFile(path.resolve('tests/fixtures/legacy-coupons.csv'))
		await page.getByRole('button', { name: 'Importar 5 cupons' }).click()
		await admin.shell.toast('5 cupons importados!')
		await page.waitForURL((url) => url.pathname === '/admin/cupons')
		for (const code of ['BEMVINDO10', 'FRETEGRATIS', 'DESCONTO15', 'NATAL25', 'VIP-2026']) {
			await page.getByRole('rowheader', { name: code }).waitFor()
		}
		expectNoPageErrors(page)
	}, 120_000)
})

describe('back-office: configurações', () => {
	test('the admin changes the gift threshold and sees it saved (then puts it back)', async () => {
		const page = await browser.newPage(DESKTOP)
		const admin = new AdminPages(page)
		await admin.signIn()
		await page.goto('/admin/configuracoes')
		await expectAccessible(page, 'configurações')
		const field = page.getByLabel('Brinde a partir de (R$)')
		expect(await field.inputValue()).toBe('100,00')

		await field.fill('abc')
		await page.getByLabel('Cidade do recebedor').fill('SAO JOSE DOS CAMPOS')
		await page.getByRole('button', { name: 'Salvar configurações' }).click()
		await page.getByText('O valor para ganhar o brinde: use o formato 100,00.').waitFor()
		await page.getByText('A cidade do recebedor PIX pode ter no máximo 15 caracteres (sem acentos).').waitFor()
		expect(await page.getByLabel('Cidade do recebedor').inputValue()).toBe('SAO JOSE DOS CAMPOS')

		await page.getByLabel('Cidade do recebedor').fill('SAO PAULO')
		await page.getByLabel('Brinde a partir de (R$)').fill('150,00')
		await page.getByRole('button', { name: 'Salvar configurações' }).click()
		await admin.shell.toast('Configurações salvas!')
		await page.reload()
		expect(await page.getByLabel('Brinde a partir de (R$)').inputValue()).toBe('150,00')

		// Other e2e files share this server: leave the documented default behind.
		await page.getByLabel('Brinde a partir de (R$)').fill('100,00')
		await page.getByRole('button', { name: 'Salvar configurações' }).click()
		await admin.shell.toast('Configurações salvas!')
		expectNoPageErrors(page)
	})

	test('issue 30: the change is on /admin/atividade, a card at 375 px with before → after, who and the address', async () => {
		const context = await browser.newContext(MOBILE)
		const page = trackErrors(await context.newPage())
		await new AdminPages(page).signIn()
		await page.goto('/admin/atividade?tipo=settings')
		expect(await page.getByLabel('Tipo').inputValue()).toBe('settings')
		const card = page.getByTestId('atividade-cartao').filter({ hasText: 'Brinde a partir de' }).first()
		await card.waitFor()
		const text = await card.innerText()
		expect(text).toContain('Configurações')
		// The arrow is read as " para " by screen readers (a visually hidden word).
		expect(text).toMatch(/Brinde a partir de:\s*R\$ 150,00\s*→\s*(para\s*)?R\$ 100,00/)
		expect(text).toMatch(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/)
		expect(text).toMatch(/Por \S+@\S+ · (127\.0\.0\.1|::1)/)
		expectNoPageErrors(page)
		await context.close()
	})
})

describe.skipIf(!databaseUrl)('back-office: pedido do checkout à entrega', () => {
	let variantId = ''
	beforeAll(async () => {
		const { rows } = await (pool as pg.Pool).query<{ id: string }>(`
			select v.id from product_variants v join products p on p.id = v.product_id
			where p.status = 'active' and v.available and (v.stock is null or v.stock >= 20)
				and v.price_cents between 1000 and 9000 and p.handle <> 'brinde-lacinho-pet'
				and not ('uso-interno' = any(p.tags))
				and not exists (select 1 from collection_products cp join collections c on c.id = cp.collection_id
					where cp.product_id = p.id and c.handle = 'assinatura')
			order by p.handle, v.position limit 1`)
		variantId = rows[0]?.id ?? ''
	})

	test('a customer pays with PIX; the admin marks it paid (points, e-mail), produces, ships and delivers it', async () => {
		expect(variantId).not.toBe('')
		// The customer, signed in, places a PIX order.
		const shopper = await browser.newPage(DESKTOP)
		const customer = newCustomer()
		const auth = new AuthPage(shopper)
		await auth.goto()
		await auth.signUp(customer.email, customer.password)
		await new Shell(shopper).toast('Conta criada com sucesso!')
		// Signed in at once by the sign-up (issue 31).
		await shopper.waitForURL('**/user/dashboard')
		const checkout = new CheckoutPage(shopper)
		await checkout.addToCart(variantId, 2)
		await checkout.goto()
		await checkout.fillCustomer({ ...VALID_CUSTOMER, email: customer.email })
		await checkout.choosePix()
		await checkout.submit()
		await shopper.waitForURL(/\/pedido\/PET-[A-Z0-9]{6}$/)
		const reference = new URL(shopper.url()).pathname.split('/').pop() as string

		const db = pool as pg.Pool
		const { rows: orderRows } = await db.query<{ id: string; total_cents: number; user_id: string }>(
			'select id, total_cents, user_id from orders where reference = $1',
			[reference],
		)
		const order = orderRows[0]
		expect(order?.user_id).toBeTruthy()
		const pointsOf = async () =>
			(await db.query<{ total_points: number }>('select total_points from user_gamification where user_id = $1', [order?.user_id])).rows[0]
				?.total_points ?? 0
		const pointsBefore = await pointsOf()

		// The admin finds it by reference and marks it paid.
		const page = await browser.newPage(DESKTOP)
		const admin = new AdminPages(page)
		await admin.signIn()
		await page.goto('/admin/pedidos')
		await page.getByRole('link', { name: reference }).waitFor()
		await expectAccessible(page, 'lista de pedidos')
		await admin.openOrder(reference)
		await page.getByText('Aguardando pagamento').first().waitFor()
		await expectAccessible(page, 'pedido aguardando pagamento')
		// Only the allowed actions are offered.
		expect(await page.getByRole('button', { name: 'Marcar como enviado' }).count()).toBe(0)

		// Issue 30: on a phone the order is a card (reference, customer, status, total on screen) and
		// its next step is one tap: the owner marks it paid from the list.
		const phone = await browser.newPage(MOBILE)
		await new AdminPages(phone).signIn()
		await phone.goto(`/admin/pedidos?q=${reference}`)
		const card = phone.getByTestId('pedido').filter({ hasText: reference })
		for (const part of [card.getByRole('link', { name: reference }), card.getByText('Aguardando pagamento'), card.getByText(/^R\$/)]) {
			const box = await part.boundingBox()
			expect(box, 'visível no cartão').not.toBeNull()
			expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(MOBILE.width)
		}
		expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
		// A screen reader goes card by card: each card's reference is a heading named for the order.
		await card.getByRole('heading', { level: 2, name: `Pedido ${reference}` }).waitFor()
		await expectAccessible(phone, 'pedidos no celular')
		await card.getByRole('button', { name: `Marcar como pago: pedido ${reference}` }).click()
		await new Shell(phone).toast('Status atualizado!')
		await card.getByText('Pago', { exact: true }).waitFor()
		await card.getByRole('button', { name: `Iniciar produção: pedido ${reference}` }).waitFor()
		expectNoPageErrors(phone)

		await page.reload()
		await page.getByRole('list', { name: 'Histórico de status' }).getByText('Aguardando pagamento → Pago').waitFor()

		// 10 points per R$ 1 paid, in the ledger; a first paid order also earns the seeded
		// 'Primeira Compra' badge and its reward (issue 10), which the total includes.
		const { rows: ledger } = await db.query<{ action_type: string; points: number; description: string }>(
			"select action_type, points, description from points_history where user_id = $1 and created_at > now() - interval '5 minutes' order by created_at",
			[order?.user_id],
		)
		const purchase = Math.floor((order?.total_cents ?? 0) / 100) * 10
		expect(ledger.filter((row) => row.action_type === 'purchase')).toEqual([
			{ action_type: 'purchase', points: purchase, description: `Compra #${reference}` },
		])
		const badgeRewards = ledger.filter((row) => row.action_type === 'badge').reduce((sum, row) => sum + row.points, 0)
		expect(ledger.some((row) => row.description === 'Conquista: Primeira Compra')).toBe(true)
		expect(await pointsOf()).toBe(pointsBefore + purchase + badgeRewards)

		// The e-mail is in the outbox.
		await page.goto('/admin/emails')
		await page.getByText(`Pagamento confirmado: ${reference}`).waitFor()
		await expectAccessible(page, 'e-mails')

		await admin.openOrder(reference)
		await admin.changeStatus('Iniciar produção')
		// Shipping without a tracking code is refused by the browser and by the server.
		await page.getByLabel('Código de rastreio').waitFor()
		await admin.changeStatus('Marcar como enviado', 'BR123456789BR')
		await page.getByText('BR123456789BR').first().waitFor()
		await admin.changeStatus('Marcar como entregue')
		await page.getByText('Este pedido está finalizado.').waitFor()
		const history = page.getByRole('list', { name: 'Histórico de status' })
		for (const step of ['Pago → Em produção', 'Em produção → Enviado', 'Enviado → Entregue']) await history.getByText(step).waitFor()
		await expectAccessible(page, 'pedido entregue')

		await page.goto('/admin/emails')
		await page.getByText(`Pedido enviado: ${reference}`).waitFor()

		// The customer sees the new status.
		await shopper.goto(`/pedido/${reference}`)
		await shopper.getByTestId('order-status').getByText('Entregue').waitFor()

		// The CSV export carries the order.
		const csv = await page.evaluate(async (ref) => {
			const response = await fetch(`/admin/pedidos/exportar.csv?q=${ref}`)
			const bytes = new Uint8Array(await response.arrayBuffer())
			return { type: response.headers.get('content-type'), bom: [...bytes.slice(0, 3)], text: new TextDecoder().decode(bytes) }
		}, reference)
		expect(csv.type).toContain('text/csv')
		expect(csv.bom).toEqual([0xef, 0xbb, 0xbf])
		expect(csv.text).toContain(`${reference};`)
		expect(csv.text).toContain(';Entregue;')
		expectNoPageErrors(page)
		expectNoPageErrors(shopper)
	}, 240_000)
})

/** Every back-office page without a parameter (issue 11: axe clean on every admin page, both themes). */
const EVERY_ADMIN_PAGE = [
	'/admin',
	// Issue 30: the dashboard's old address lands on it.
	'/admin/dashboard',
	'/admin/pedidos',
	'/admin/cupons',
	'/admin/cupons/importar',
	'/admin/produtos',
	'/admin/produtos/novo',
	'/admin/produtos/importar',
	'/admin/estoque',
	'/admin/colecoes',
	'/admin/personalizacao/bandanas',
	'/admin/personalizacao/colares',
	'/admin/pedidos-personalizados',
	'/admin/pedidos-personalizados?visao=nao-pagos',
	'/admin/pedidos-personalizados?visao=abandonados',
	'/admin/atacado',
	'/admin/users',
	'/admin/avaliacoes',
	'/admin/fotos',
	'/admin/fidelidade',
	'/admin/banner',
	'/admin/subscription-cta-video',
	'/admin/personalization-video',
	'/admin/aria',
	'/admin/aria?aba=produtos',
	'/admin/aria?aba=racas',
	'/admin/aria?aba=testar',
	'/admin/aria?aba=conversas',
	'/admin/configuracoes',
	'/admin/emails',
	'/admin/atividade',
	'/admin/pagamentos',
] as const

describe('back-office: temas e larguras', () => {
	// Drawn dark at each width; at 375 px each page's light colours are scanned too, on the same load
	// (expectAccessibleInBothThemes: the theme is only a class, so a light pass would load and scan
	// every page again for the same markup).
	for (const [theme, viewport] of [
		['escuro', MOBILE],
		['escuro', DESKTOP],
	] as const) {
		test(`every admin page is accessible and fits the screen (${theme}${viewport === MOBILE ? ' e claro' : ''}, ${viewport.width}px)`, async () => {
			const context = await browser.newContext(viewport)
			if (theme === 'escuro') await context.addCookies([{ name: 'theme', value: 'dark', url: browser.baseUrl() }])
			const page = trackErrors(await context.newPage())
			await new AdminPages(page).signIn()
			// Issue 30: the pages with a parameter too, each reached from its list's first link (an
			// order only when one exists on this server).
			const detailPages: string[] = []
			for (const [list, pattern] of [
				['/admin/produtos', /^\/admin\/produtos\/[0-9a-f-]{36}$/],
				['/admin/colecoes', /^\/admin\/colecoes\/[0-9a-f-]{36}$/],
				['/admin/users', /^\/admin\/users\/[0-9a-f-]{36}$/],
				['/admin/pedidos', /^\/admin\/pedidos\/[0-9a-f-]{36}$/],
			] as const) {
				await page.goto(list)
				const hrefs = await page.locator('main a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
				const first = hrefs.find((href) => pattern.test(href))
				if (first) detailPages.push(first)
			}
			expect(detailPages.length, 'produto, coleção e usuário').toBeGreaterThanOrEqual(3)
			for (const url of [...EVERY_ADMIN_PAGE, ...detailPages]) {
				const response = await page.goto(url)
				expect(response?.status(), url).toBe(200)
				await page.getByRole('heading', { level: 1 }).waitFor()
				// Nothing wider than the screen (issue 30: at 375 px in both themes, lists become cards).
				const overflow = await page.evaluate(() => {
					const { scrollWidth, clientWidth } = document.documentElement
					// The innermost elements that stick out, named in the failure: where to look.
					const wide = [...document.querySelectorAll('body *')]
						.filter((el) => el.getBoundingClientRect().right > clientWidth + 0.5 && el.children.length === 0)
						.slice(0, 3)
						.map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${(el.textContent ?? '').slice(0, 40)}`)
					return { by: scrollWidth - clientWidth, wide }
				})
				expect(overflow.by, `${url} mais largo que a tela: ${overflow.wide.join(' | ')}`).toBeLessThanOrEqual(0)
				if (url === '/admin/dashboard') expect(new URL(page.url()).pathname).toBe('/admin')
				if (viewport === MOBILE) await expectAccessibleInBothThemes(page, `${url} ${viewport.width}`)
				else await expectAccessible(page, `${url} ${theme} ${viewport.width}`)
			}
			expectNoPageErrors(page)
		}, 300_000)
	}
})

describe('back-office: menu e configuração (issue 30)', () => {
	test('at 1280×800 every section of the menu is in sight, the current page’s group open', async () => {
		const page = await browser.newPage({ width: 1280, height: 800 })
		const admin = new AdminPages(page)
		await admin.signIn()
		await page.goto('/admin/fotos')
		const nav = page.getByRole('navigation', { name: 'Menu Admin' })
		const groups = ['Vendas', 'Catálogo', 'Personalização', 'Clientes', 'Conteúdo', 'Loja']
		for (const group of groups) {
			const summary = nav.locator('summary', { hasText: group })
			const box = await summary.boundingBox()
			expect(box, group).not.toBeNull()
			expect((box?.y ?? 0) + (box?.height ?? 0), `${group} visível sem rolar`).toBeLessThanOrEqual(800)
		}
		// The sidebar's list does not scroll, and only the current page's group is open.
		const content = nav.locator('[data-slot="sidebar-content"]')
		expect(await content.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(0)
		const open = await nav.locator('details[open] summary').allTextContents()
		expect(open.map((text) => text.trim())).toEqual(['Clientes'])
		await nav.getByRole('link', { name: 'Fotos', exact: true }).waitFor()
		expect(await nav.getByRole('link', { name: 'Configurações', exact: true }).isVisible()).toBe(false)
		await expectAccessible(page, 'menu com grupos')

		// A folded group opens with one click; its page then has its group open.
		await admin.openFromSidebar('Loja', 'Configurações')
		await page.getByRole('heading', { level: 1, name: 'Configurações da loja' }).waitFor()
		expect((await nav.locator('details[open] summary').allTextContents()).map((text) => text.trim())).toEqual(['Loja'])
		expectNoPageErrors(page)
	})

	test('the dashboard asks whether the shop is ready to sell; settings name the PIX key’s kind and pick the gift by name', async () => {
		const page = await browser.newPage(DESKTOP)
		const admin = new AdminPages(page)
		await admin.signIn()
		const checklist = page.getByTestId('pronta-para-vender')
		await checklist.getByRole('heading', { name: 'Sua loja está pronta para vender?' }).waitFor()
		// The e2e shop is the demo: its PIX key, policies and pictures are still the demo's.
		const items = checklist.getByTestId('item-pronta')
		expect(await items.count()).toBe(10)
		for (const title of ['Chave PIX da loja', 'Políticas da loja', 'Fotos dos produtos', 'E-mails saindo para os clientes']) {
			expect(await items.filter({ hasText: title }).getAttribute('data-pronto'), title).toBe('false')
		}
		await checklist.getByRole('link', { name: 'Informar a chave PIX: Chave PIX da loja' }).click()
		await page.getByRole('heading', { level: 1, name: 'Configurações da loja' }).waitFor()
		expect(new URL(page.url()).hash).toBe('#pixKey')

		const key = page.getByRole('textbox', { name: 'Chave PIX' })
		const feedback = page.getByTestId('pix-key-feedback')
		for (const [typed, said] of [
			['529.982.247-25', 'Chave reconhecida: CPF.'],
			['11.222.333/0001-81', 'Chave reconhecida: CNPJ.'],
			['(11) 98765-4321', 'Chave reconhecida: telefone.'],
			['loja@exemplo.com.br', 'Chave reconhecida: e-mail.'],
			['123e4567-e89b-12d3-a456-426614174000', 'Chave reconhecida: chave aleatória.'],
			['529.982.247-26', 'Chave PIX inválida: CPF com dígitos verificadores incorretos. Confira os 11 números.'],
		] as const) {
			await key.fill(typed)
			await expect.poll(() => feedback.textContent()).toBe(said)
		}
		// The gift product: a list of the products on sale by name, the stored handle selected.
		const gift = page.getByLabel('Produto brinde')
		expect(await gift.evaluate((el) => el.tagName)).toBe('SELECT')
		expect(await gift.inputValue()).toBe('brinde-lacinho-pet')
		expect(await gift.locator('option').first().textContent()).toBe('Sem brinde')
		await expectAccessible(page, 'configurações: chave PIX digitada')
		expectNoPageErrors(page)
	})
})
