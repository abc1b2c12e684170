import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AdminPages } from './pages/admin-pages'
import { AuthPage } from './pages/auth-page'
import { CheckoutPage, VALID_CUSTOMER } from './pages/checkout-page'
import { Shell } from './pages/shell'
import { newCustomer } from './support/accounts'
import { DESKTOP, MOBILE, expectAccessible, expectNoPageErrors, setupBrowser, trackErrors } from './support/browser'
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
		expect(text).toMatch(/Brinde a partir de:\s*R\$ 150,00\s*→\s*R\$ 100,00/)
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
		await admin.changeStatus('Marcar como pago')
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
] as const

describe('back-office: temas e larguras', () => {
	for (const [theme, viewport] of [
		['escuro', MOBILE],
		['escuro', DESKTOP],
		['claro', MOBILE],
	] as const) {
		test(`every admin page is accessible and fits the screen (${theme}, ${viewport.width}px)`, async () => {
			const context = await browser.newContext(viewport)
			if (theme === 'escuro') await context.addCookies([{ name: 'theme', value: 'dark', url: browser.baseUrl() }])
			const page = trackErrors(await context.newPage())
			await new AdminPages(page).signIn()
			for (const url of EVERY_ADMIN_PAGE) {
				const response = await page.goto(url)
				expect(response?.status(), url).toBe(200)
				await page.getByRole('heading', { level: 1 }).waitFor()
				// Nothing wider than the screen at 375 px (tables scroll inside their own box).
				const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
				expect(overflow, `${url} mais largo que a tela`).toBeLessThanOrEqual(0)
				await expectAccessible(page, `${url} ${theme} ${viewport.width}`)
			}
			expectNoPageErrors(page)
		}, 300_000)
	}
})
