import { mkdirSync } from 'node:fs'
import pg from 'pg'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AdminPages } from './pages/admin-pages'
import { AuthPage } from './pages/auth-page'
import { CheckoutPage, VALID_CUSTOMER } from './pages/checkout-page'
import { Shell } from './pages/shell'
import { newCustomer } from './support/accounts'
import { DESKTOP, MOBILE, expectAccessible, expectNoPageErrors, setupBrowser, waitForHydration } from './support/browser'
import { e2eServer } from './support/e2e-server'

/*
 * Issue 31 (decision 117): a delivered order → the shopper withdraws from the order page → the
 * owner approves it in the admin (static PIX: refunded by hand) → the order is cancelled and the
 * shopper sees the refund. Screenshots (375 and 1280, light and dark) go to SCREENSHOTS_DIR when set.
 */
const browser = setupBrowser()
const databaseUrl = e2eServer().databaseUrl
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 2 }) : null
const screenshots = process.env.SCREENSHOTS_DIR ?? null

afterAll(async () => {
	await pool?.end()
})

async function shoot(page: Page, name: string) {
	if (!screenshots) return
	mkdirSync(screenshots, { recursive: true })
	await page.screenshot({ path: `${screenshots}/${name}.png`, fullPage: true })
}

/** The page in both themes at its width: axe clean in each (and a screenshot when asked). */
async function checkThemes(page: Page, name: string) {
	for (const theme of ['light', 'dark'] as const) {
		await page.context().addCookies([{ name: 'theme', value: theme, url: browser.baseUrl() }])
		await page.reload()
		await waitForHydration(page)
		await expectAccessible(page, `${name} (${theme})`)
		await shoot(page, `${name}-${page.viewportSize()?.width}-${theme}`)
	}
}

// The order is moved to 'delivered' in the e2e server's database: a run on the embedded database
// (no TEST_DATABASE_URL) cannot reach it from here, so the journey runs on PostgreSQL only.
describe.skipIf(!pool)('direito de arrependimento', () => {
	let variantId = ''
	beforeAll(async () => {
		const { rows } = await (pool as pg.Pool).query<{ id: string }>(`
			select v.id from product_variants v join products p on p.id = v.product_id
			where p.status = 'active' and v.available and (v.stock is null or v.stock >= 5)
				and v.price_cents between 1000 and 9000 and p.handle <> 'brinde-lacinho-pet'
				and not ('uso-interno' = any(p.tags))
				and not exists (select 1 from collection_products cp join collections c on c.id = cp.collection_id
					where cp.product_id = p.id and c.handle = 'assinatura')
			order by p.handle, v.position limit 1`)
		variantId = rows[0]?.id ?? ''
	})

	test('a delivered order: the shopper asks, the owner approves, the refund is recorded and she sees it', async () => {
		expect(variantId).not.toBe('')
		const shopper = await browser.newPage(MOBILE)
		const customer = newCustomer()
		const auth = new AuthPage(shopper)
		await auth.goto()
		await auth.signUp(customer.email, customer.password, 'Bia')
		await shopper.waitForURL('**/user/dashboard')
		const checkout = new CheckoutPage(shopper)
		await checkout.addToCart(variantId, 1)
		await checkout.goto()
		await checkout.fillCustomer({ ...VALID_CUSTOMER, email: customer.email })
		await checkout.choosePix()
		await checkout.submit()
		await shopper.waitForURL(/\/pedido\/PET-[A-Z0-9]{6}$/)
		const reference = new URL(shopper.url()).pathname.split('/').pop() as string

		// Delivered yesterday: paid, shipped and delivered are the admin journey's (admin.e2e.ts); here only the fact.
		const db = pool as pg.Pool
		const { rows } = await db.query<{ id: string; total_cents: number }>(
			`update orders set status = 'entregue', paid_at = now() - interval '5 days' where reference = $1 returning id, total_cents`,
			[reference],
		)
		const order = rows[0] as { id: string; total_cents: number }
		await db.query(
			`insert into order_status_history (order_id, from_status, to_status, created_at) values ($1, 'enviado', 'entregue', now() - interval '1 day')`,
			[order.id],
		)

		// /user/orders offers it too, on the order's card.
		await shopper.goto('/user/orders')
		const card = shopper.getByTestId('pedido-cliente').filter({ hasText: reference })
		await card.getByText(/Você pode desistir da compra até \d{2}\/\d{2}\/\d{4}/).waitFor()
		await checkThemes(shopper, 'user-orders')

		// The order page: the form, the policy's link.
		await shopper.goto(`/pedido/${reference}`)
		await waitForHydration(shopper)
		const panel = shopper.getByTestId('desistencia')
		expect(await panel.getByRole('link', { name: 'Política de trocas e devoluções' }).first().getAttribute('href')).toBe('/trocas-e-devolucoes')
		await panel.getByText('Quero desistir da compra').click()
		await panel.getByLabel('Motivo (opcional)').selectOption({ label: 'O tamanho não serviu' })
		await panel.getByLabel('Quer contar mais? (opcional)').fill('Ficou apertada.')
		await checkThemes(shopper, 'pedido-formulario')
		await panel.getByText('Quero desistir da compra').click()
		await panel.getByLabel('Motivo (opcional)').selectOption({ label: 'O tamanho não serviu' })
		await panel.getByRole('button', { name: 'Pedir desistência' }).click()
		await panel.getByTestId('desistencia-status').getByText('Pedido de desistência enviado').waitFor()

		// The owner: the list, the order's panel, approve (no provider here: refunded by hand).
		const owner = await browser.newPage(DESKTOP)
		const admin = new AdminPages(owner)
		await admin.signIn()
		await owner.goto('/admin/desistencias')
		await owner.getByTestId('desistencia-admin').filter({ hasText: reference }).getByText('O tamanho não serviu').waitFor()
		await checkThemes(owner, 'admin-desistencias')
		await owner.getByRole('link', { name: reference }).click()
		const adminPanel = owner.getByTestId('desistencia-admin-painel')
		await adminPanel.getByText('Aguardando resposta').waitFor()
		await waitForHydration(owner)
		await checkThemes(owner, 'admin-pedido-desistencia')
		await adminPanel.getByTestId('devolvido-a-mao').check()
		await adminPanel.getByLabel('Mensagem ao cliente (opcional)').fill('Devolvemos por PIX para a sua chave.')
		await adminPanel.getByRole('button', { name: 'Aprovar e marcar como devolvido' }).click()
		await new Shell(owner).toast('Desistência aprovada')
		await adminPanel.getByTestId('desistencia-admin-status').getByText('Aprovada').waitFor()
		await owner.getByRole('list', { name: 'Histórico de status' }).getByText('Entregue → Cancelado').waitFor()

		const { rows: stored } = await db.query<{ status: string; refund_method: string; refund_cents: number }>(
			'select status, refund_method, refund_cents from return_requests where order_id = $1',
			[order.id],
		)
		expect(stored).toEqual([{ status: 'aprovado', refund_method: 'manual', refund_cents: order.total_cents }])
		const { rows: outbox } = await db.query<{ subject: string }>(`select subject from mail_outbox where "to" = $1 order by created_at`, [customer.email])
		expect(outbox.map((m) => m.subject)).toEqual(
			expect.arrayContaining([`Recebemos seu pedido de desistência: ${reference}`, `Desistência aprovada: ${reference}`]),
		)

		// The owner's pages on a phone, after the decision.
		await owner.setViewportSize(MOBILE)
		await checkThemes(owner, 'admin-pedido-aprovado')
		await owner.goto('/admin/desistencias?status=todos')
		await owner.getByTestId('desistencia-admin-cartao').filter({ hasText: reference }).getByText('Aprovada').waitFor()
		expect(await owner.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
		await checkThemes(owner, 'admin-desistencias')

		// The shopper sees it.
		await shopper.goto(`/pedido/${reference}`)
		const approved = shopper.getByTestId('desistencia-status')
		await approved.getByText('Desistência aprovada').waitFor()
		await approved.getByText(/Reembolso de R\$\s?[\d.,]+ feito pela loja\./).waitFor()
		await approved.getByText('Mensagem da loja: Devolvemos por PIX para a sua chave.').waitFor()
		await checkThemes(shopper, 'pedido-aprovado')
		await shopper.setViewportSize(DESKTOP)
		await checkThemes(shopper, 'pedido-aprovado')

		// The policy says how, at both widths.
		await shopper.goto('/trocas-e-devolucoes')
		await shopper.getByRole('heading', { name: 'Como desistir de uma compra' }).waitFor()
		await checkThemes(shopper, 'politica')
		await shopper.setViewportSize(MOBILE)
		await checkThemes(shopper, 'politica')
		expectNoPageErrors(shopper)
		expectNoPageErrors(owner)
	}, 240_000)
})
