import { mkdirSync } from 'node:fs'
import pg from 'pg'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AuthPage } from './pages/auth-page'
import { CartDrawer } from './pages/cart-drawer'
import { CheckoutPage, VALID_CUSTOMER } from './pages/checkout-page'
import { Shell } from './pages/shell'
import { newCustomer } from './support/accounts'
import { DESKTOP, MOBILE, expectAccessible, expectNoPageErrors, setupBrowser, waitForHydration } from './support/browser'
import { e2eServer } from './support/e2e-server'

/*
 * Issue 31 (decision 121): the abandoned-cart reminder. Opt in in the settings → a cart → the job
 * (called here with a `now` three hours on, on the server's database) → the e-mail in the outbox →
 * its link, in a fresh browser, restores the cart in the drawer → its other link stops the reminders.
 * On PostgreSQL only (TEST_DATABASE_URL): the job runs in this process against the server's database.
 */
const browser = setupBrowser()
const databaseUrl = e2eServer().databaseUrl
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 2 }) : null
const screenshots = process.env.SCREENSHOTS_DIR ?? null

afterAll(async () => {
	await pool?.end()
	if (jobConnected) {
		const { getConnection, setConnection } = await import('~/server/db.server')
		const connection = getConnection()
		setConnection(undefined)
		await connection.close()
	}
})

let jobConnected = false

/** The reminder job, as the server's runner calls it, at a chosen time. */
async function runReminderJob(now: Date): Promise<number> {
	const { connectDatabase } = await import('~/server/db.server')
	await connectDatabase(databaseUrl ?? undefined, '/nonexistent')
	jobConnected = true
	const { sendCartReminders } = await import('~/server/cart-reminders/send.server')
	return sendCartReminders({ now })
}

/** The page in both themes at 375 and 1280: axe clean in each, and a screenshot when asked. */
async function checkLayouts(page: Page, name: string) {
	for (const viewport of [MOBILE, DESKTOP]) {
		await page.setViewportSize(viewport)
		for (const theme of ['light', 'dark'] as const) {
			await page.context().addCookies([{ name: 'theme', value: theme, url: browser.baseUrl() }])
			await page.reload()
			await waitForHydration(page)
			await expectAccessible(page, `${name} ${viewport.width} (${theme})`)
			if (screenshots) {
				mkdirSync(screenshots, { recursive: true })
				await page.screenshot({ path: `${screenshots}/${name}-${viewport.width}-${theme}.png`, fullPage: true })
			}
		}
	}
}

describe.skipIf(!databaseUrl)('lembrete de carrinho', () => {
	let variant = { id: '', title: '' }
	beforeAll(async () => {
		const { rows } = await (pool as pg.Pool).query<{ id: string; title: string }>(`
			select v.id, p.title from product_variants v join products p on p.id = v.product_id
			where p.status = 'active' and v.available and (v.stock is null or v.stock >= 5)
				and v.price_cents between 1000 and 9000 and p.handle <> 'brinde-lacinho-pet'
				and not ('uso-interno' = any(p.tags))
				and not exists (select 1 from collection_products cp join collections c on c.id = cp.collection_id
					where cp.product_id = p.id and c.handle = 'assinatura')
			order by p.handle, v.position limit 1`)
		variant = rows[0] ?? variant
	})

	test('opt in → the reminder e-mail → its link restores the cart on another device → its other link stops them', async () => {
		expect(variant.id).not.toBe('')
		const shopper = await browser.newPage(MOBILE)
		const customer = newCustomer()
		const auth = new AuthPage(shopper)
		await auth.goto()
		await auth.signUp(customer.email, customer.password, 'Bia')
		await shopper.waitForURL('**/user/dashboard')

		// Off by default; she ticks it and saves.
		await shopper.goto('/user/settings')
		await waitForHydration(shopper)
		const block = shopper.getByTestId('lembrete-carrinho')
		const consent = block.getByLabel('Quero receber um lembrete se eu esquecer itens no carrinho')
		expect(await consent.isChecked()).toBe(false)
		await consent.check()
		await block.getByRole('button', { name: 'Salvar preferência' }).click()
		await new Shell(shopper).toast('Lembrete de carrinho ativado')
		await block.getByText(/^Ativado em \d{2}\/\d{2}\/\d{4}\.$/).waitFor()
		await checkLayouts(shopper, 'configuracoes-lembrete')

		await new CheckoutPage(shopper).addToCart(variant.id, 2)

		// Three hours on, the job sends one e-mail, and only one.
		const later = new Date(Date.now() + 3 * 60 * 60 * 1000 + 60_000)
		expect(await runReminderJob(later)).toBeGreaterThanOrEqual(1)
		await runReminderJob(later)
		const { rows: mails } = await (pool as pg.Pool).query<{ subject: string; text: string }>(`select subject, text from mail_outbox where "to" = $1`, [
			customer.email,
		])
		const reminder = mails.filter((m) => m.subject === 'Você esqueceu itens no carrinho')
		expect(reminder).toHaveLength(1)
		const text = reminder[0]?.text ?? ''
		expect(text).toContain(`2 × ${variant.title}`)
		const restorePath = /\/carrinho\/voltar\/[A-Za-z0-9_-]{43}/.exec(text)?.[0] ?? ''
		const unsubscribePath = /\/lembretes\/cancelar\/[A-Za-z0-9_-]{43}/.exec(text)?.[0] ?? ''
		expect(restorePath).not.toBe('')

		// Another device, nobody signed in: the link fills this browser's cart and opens the drawer.
		const phone = await browser.newPage(MOBILE)
		await phone.goto(restorePath)
		await phone.waitForURL((url) => url.pathname === '/')
		const drawer = new CartDrawer(phone)
		await drawer.dialog().waitFor()
		await drawer.line(variant.title).getByTestId('cart-line-quantity').filter({ hasText: '2' }).waitFor()
		await expect.poll(() => new URL(phone.url()).search).toBe('')
		expect((await phone.context().cookies()).map((c) => c.name)).not.toContain('loja_session')

		// The way out, without signing in; the page says so in Portuguese.
		const inbox = await browser.newPage(DESKTOP)
		await inbox.goto(unsubscribePath)
		await inbox.getByRole('heading', { level: 1, name: 'Lembretes cancelados' }).waitFor()
		await checkLayouts(inbox, 'lembretes-cancelados')
		const { rows: consents } = await (pool as pg.Pool).query<{ withdrawn_via: string | null }>(
			`select k.withdrawn_via from cart_reminder_consents k join users u on u.id = k.user_id where u.email = $1`,
			[customer.email],
		)
		expect(consents).toEqual([{ withdrawn_via: 'email' }])
		await shopper.goto('/user/settings')
		expect(await shopper.getByTestId('lembrete-carrinho').getByRole('checkbox').isChecked()).toBe(false)

		for (const page of [shopper, phone, inbox]) expectNoPageErrors(page)
	})

	test('the same opt-in at sign-up and, for a signed-in shopper who has not said yes, at checkout', async () => {
		const sourcesOf = async (email: string) =>
			(
				await (pool as pg.Pool).query<{ source: string; granted_ip: string | null }>(
					`select k.source, k.granted_ip from cart_reminder_consents k join users u on u.id = k.user_id where u.email = $1`,
					[email],
				)
			).rows
		const text = 'Quero receber um lembrete se eu esquecer itens no carrinho'

		// Sign-up: unticked; ticked, it is recorded as the settings record it, and the settings show it on.
		const ticking = await browser.newPage(DESKTOP)
		const tickingCustomer = newCustomer()
		await new AuthPage(ticking).goto()
		const atSignUp = ticking.getByRole('checkbox', { name: new RegExp(`^${text}`) })
		expect(await atSignUp.isChecked()).toBe(false)
		await atSignUp.check()
		await new AuthPage(ticking).signUp(tickingCustomer.email, tickingCustomer.password, 'Lia')
		await ticking.waitForURL('**/user/dashboard')
		expect(await sourcesOf(tickingCustomer.email)).toEqual([{ source: 'cadastro', granted_ip: expect.stringMatching(/\S/) }])
		await ticking.goto('/user/settings')
		expect(await ticking.getByTestId('lembrete-carrinho').getByRole('checkbox').isChecked()).toBe(true)

		// Signed up without it: the checkout offers it, unticked; ticked, the order records it; then it is not asked again.
		const shopper = await browser.newPage(MOBILE)
		const customer = newCustomer()
		await new AuthPage(shopper).goto()
		await new AuthPage(shopper).signUp(customer.email, customer.password, 'Rita')
		await shopper.waitForURL('**/user/dashboard')
		expect(await sourcesOf(customer.email)).toEqual([])
		const checkout = new CheckoutPage(shopper)
		await checkout.addToCart(variant.id)
		await checkout.goto()
		await waitForHydration(shopper)
		const atCheckout = shopper.getByTestId('lembrete-carrinho').getByRole('checkbox')
		expect(await atCheckout.isChecked()).toBe(false)
		// A signed-in shopper's data lives in her account: the device option is for guests.
		expect(await shopper.getByRole('checkbox', { name: 'Lembrar meus dados neste dispositivo' }).count()).toBe(0)
		await expectAccessible(shopper, 'checkout com lembrete')
		// Ticked before the address: the CEP's shipping quote then moves the form on a phone, and a
		// click during that shift can land beside the box. The tick must survive that re-render (below).
		await atCheckout.check()
		await checkout.fillCustomer({ ...VALID_CUSTOMER, email: customer.email })
		expect(await atCheckout.isChecked()).toBe(true)
		await checkout.choosePix()
		await checkout.submit()
		await shopper.waitForURL(/\/pedido\/PET-[A-Z0-9]{6}$/)
		expect(await sourcesOf(customer.email)).toEqual([{ source: 'checkout', granted_ip: expect.stringMatching(/\S/) }])
		await checkout.addToCart(variant.id)
		await checkout.goto()
		await shopper.getByLabel('Nome completo').waitFor()
		expect(await shopper.getByTestId('lembrete-carrinho').count()).toBe(0)
		for (const page of [ticking, shopper]) expectNoPageErrors(page)
	})
})
