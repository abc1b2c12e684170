import type pg from 'pg'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningServer, startAppServer } from '#tests/support/app-server'
import {
	FAKE_ACCESS_TOKEN,
	FAKE_PUBLIC_KEY,
	FAKE_WEBHOOK_SECRET,
	type FakeMercadoPago,
	startFakeMercadoPago,
	TEST_CARDS,
} from '#tests/support/fake-mercadopago/server'
import { createScratchPostgresDatabase, scratchPool } from '#tests/setup/scratch-postgres'
import { MP_DECLINED_MESSAGES } from '~/server/payments/mercadopago/status'
import { AuthPage } from './pages/auth-page'
import { CheckoutPage, recordRequests } from './pages/checkout-page'
import { ADMIN, newCustomer } from './support/accounts'
import { expectAccessible, expectNoPageErrors, trackErrors } from './support/browser'
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium'

/**
 * Issue 29's card journeys in Chromium on PAYMENT_MODE=live with Mercado Pago (decision 079): the
 * checkout loads the fake MercadoPago.js (tests/support/fake-mercadopago), whose secure fields send
 * the card's digits to the fake only; the shop's server sees a card token. A declined card keeps
 * the form and another card pays ('Pago'); a pending payment turns 'Pago' on the open order page
 * when the fake sends its signed notification; the owner refunds part of a payment from the admin
 * order page and the timeline shows it. Every request the pages send to our server is watched:
 * no card number, CVV or expiry.
 *
 * Its own server (decision 074's exception, as pix-api.e2e): the card provider is process-wide
 * configuration and the shared e2e server runs the demo's test provider. On PostgreSQL only
 * (TEST_DATABASE_URL): the test reads the database the server writes.
 */
const base = process.env.TEST_DATABASE_URL
const CVV = '4729'
const EXPIRY = '11/30'

describe.skipIf(!base)('Cartões pelo Mercado Pago (issue 29)', () => {
	let fake: FakeMercadoPago
	let server: RunningServer
	let browser: Browser
	let pool: pg.Pool
	let dropDatabase: () => Promise<unknown> = async () => {}
	let admin: Page
	let shopperContext: BrowserContext
	let shopper: Page
	let variantId = ''
	let paidReference = ''

	beforeAll(async () => {
		fake = await startFakeMercadoPago()
		const scratch = await createScratchPostgresDatabase(base ?? '', `mp_e2e_${Date.now()}_${process.pid}`)
		dropDatabase = scratch.drop
		pool = scratchPool(scratch.url, 2)
		server = await startAppServer({
			DATABASE_URL: scratch.url,
			ADMIN_EMAIL: ADMIN.email,
			ADMIN_PASSWORD: ADMIN.password,
			PAYMENT_MODE: 'live',
			MERCADOPAGO_ACCESS_TOKEN: FAKE_ACCESS_TOKEN,
			MERCADOPAGO_PUBLIC_KEY: FAKE_PUBLIC_KEY,
			MERCADOPAGO_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
			MERCADOPAGO_API_URL: fake.apiUrl,
			MERCADOPAGO_SDK_URL: fake.sdkUrl,
		})
		browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
		const contextOptions = { baseURL: server.url, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 1280, height: 900 } }
		admin = trackErrors(await (await browser.newContext(contextOptions)).newPage())
		shopperContext = await browser.newContext(contextOptions)
		shopper = trackErrors(await shopperContext.newPage())
		const { rows } = await pool.query<{ id: string }>(`
			select v.id from product_variants v join products p on p.id = v.product_id
			where p.status = 'active' and v.available and (v.stock is null or v.stock >= 5)
				and v.price_cents between 1000 and 9000 and p.handle <> 'brinde-lacinho-pet' and not ('uso-interno' = any(p.tags))
				and not exists (select 1 from collection_products cp join collections c on c.id = cp.collection_id
					where cp.product_id = p.id and c.handle = 'assinatura')
			order by p.handle, v.position limit 1`)
		variantId = rows[0]?.id ?? ''
	})

	afterAll(async () => {
		await browser?.close()
		await server?.stop()
		await pool?.end()
		await dropDatabase()
		await fake?.stop()
	})

	/** The fake SDK's secure fields (in the real SDK, Mercado Pago's frames). */
	const secure = (page: Page, type: 'cardNumber' | 'expirationDate' | 'securityCode') => page.locator(`[data-mp-container="${type}"] input`)

	async function cardCheckout(page: Page, card: { number: string }, holder: string) {
		const checkout = new CheckoutPage(page)
		await checkout.addToCart(variantId)
		await checkout.goto()
		await checkout.fillCustomer()
		await page.getByRole('radio', { name: /Cartão de crédito/ }).check()
		await page.getByTestId('mercadopago-card').waitFor()
		expect(await page.getByText('Ambiente de teste').count()).toBe(0)
		await secure(page, 'cardNumber').fill(card.number)
		await page.getByLabel('Nome impresso no cartão').fill(holder)
		await secure(page, 'expirationDate').fill(EXPIRY)
		await secure(page, 'securityCode').fill(CVV)
		return checkout
	}

	const options = (page: Page) => page.getByLabel('Parcelas').locator('option').allTextContents()

	test('the owner: cards through Mercado Pago on the settings page (no secret), 3x sem juros', async () => {
		expect(variantId).not.toBe('')
		await new AuthPage(admin).goto()
		await new AuthPage(admin).signIn(ADMIN.email, ADMIN.password)
		await admin.waitForURL((url) => !url.pathname.startsWith('/auth'))
		await admin.goto('/admin/configuracoes')
		const card = admin.getByTestId('card-provider')
		await card.getByText('Mercado Pago', { exact: true }).waitFor()
		const text = (await card.textContent()) ?? ''
		expect(text).toContain(new URL(fake.apiUrl).host)
		expect(text).not.toContain(FAKE_ACCESS_TOKEN)
		expect(text).not.toContain(FAKE_WEBHOOK_SECRET)
		expect(text).not.toContain(FAKE_PUBLIC_KEY)
		await admin.getByLabel('Parcelas sem juros (até)').fill('3')
		await admin.getByRole('button', { name: 'Salvar configurações' }).click()
		await admin.locator('[data-sonner-toast]').filter({ hasText: 'Configurações salvas!' }).first().waitFor()
		fake.interestFreeUpTo = 3
	})

	test('declined: the message in Portuguese beside the card, nothing lost; another card pays; no card data reaches our server', async () => {
		const sent = recordRequests(shopper)
		const customer = newCustomer()
		await new AuthPage(shopper).signUpAndSignIn(customer.email, customer.password)
		await cardCheckout(shopper, { number: TEST_CARDS.master.number.replace(/(\d{4})(?=\d)/g, '$1 ') }, 'OTHE ANA SOUZA')
		// Mercado Pago's quote for the BIN under the shop's rule: 1–3 sem juros, 4–6 with its interest.
		await expect.poll(() => options(shopper)).toHaveLength(6)
		const labels = await options(shopper)
		expect(labels.slice(0, 3).every((l) => l.endsWith('sem juros'))).toBe(true)
		expect(labels.slice(3).every((l) => /\(total R\$\s[\d.,]+, com juros\)$/.test(l))).toBe(true)
		await shopper.getByLabel('Parcelas').selectOption('2')
		await new CheckoutPage(shopper).submit()
		await shopper.getByTestId('card-error').getByText(MP_DECLINED_MESSAGES.generic).waitFor()
		expect(new URL(shopper.url()).pathname).toBe('/checkout')
		expect(await shopper.getByLabel('Nome completo').inputValue()).toBe('Ana Souza')
		expect(await shopper.getByLabel('Nome impresso no cartão').inputValue()).toBe('OTHE ANA SOUZA')
		expect(await secure(shopper, 'cardNumber').inputValue()).not.toBe('')
		await shopper.waitForFunction(() => !document.querySelector('button[value="place-order"]')?.hasAttribute('disabled'))
		await expectAccessible(shopper, 'checkout Mercado Pago, cartão recusado')

		// Another card, same page: a fresh token, the same count.
		await secure(shopper, 'cardNumber').fill(TEST_CARDS.visa.number)
		await shopper.getByLabel('Nome impresso no cartão').fill('APRO ANA SOUZA')
		await expect.poll(async () => (await options(shopper)).length).toBe(6)
		await shopper.waitForFunction(() => !document.querySelector('button[value="place-order"]')?.hasAttribute('disabled'))
		await new CheckoutPage(shopper).submit()
		await shopper.waitForURL(/\/pedido\/PET-[A-Z0-9]{6}$/)
		paidReference = new URL(shopper.url()).pathname.split('/').pop() ?? ''
		await shopper.getByTestId('order-status').getByText('Pago', { exact: true }).waitFor()

		const payments = [...fake.payments.values()]
		expect(payments.map((p) => [p.status, p.payment_method_id, p.installments])).toEqual([
			['rejected', 'master', 2],
			['approved', 'visa', 2],
		])
		expect(payments[1]?.external_reference).toBe(paidReference)

		const ours = sent.filter((r) => new URL(r.url).origin === server.url)
		const posts = ours.filter((r) => new URL(r.url).pathname.startsWith('/checkout') && r.body.includes('place-order'))
		expect(posts.length).toBeGreaterThanOrEqual(1)
		for (const post of posts) {
			expect(post.body).toMatch(/cardToken=[0-9a-f]{32}/)
			expect(post.body).toMatch(/cardPaymentMethodId=(master|visa)/)
		}
		for (const { url, body } of ours) {
			let text = `${url}\n${body}`.replace(/\+/g, ' ')
			try {
				text = decodeURIComponent(text)
			} catch {
				// a body that is not URL-encoded is read as it is
			}
			const digits = text.replace(/[\s.-]/g, '')
			expect(digits, url).not.toContain(TEST_CARDS.master.number)
			expect(digits, url).not.toContain(TEST_CARDS.visa.number)
			expect(text, url).not.toMatch(/11\s*\/\s*30/)
			expect(text, url).not.toContain(CVV)
		}
		// The card's digits went to Mercado Pago (the fake) from the browser, as with the real SDK.
		expect(sent.some((r) => r.url.startsWith(fake.apiUrl) && r.body.includes(TEST_CARDS.visa.number))).toBe(true)
		expect(fake.violations).toEqual([])
		expectNoPageErrors(shopper)
	})

	test('pending, then approved by a signed notification: the open order page turns Pago without a reload', async () => {
		await cardCheckout(shopper, TEST_CARDS.master, 'CONT ANA SOUZA')
		await expect.poll(async () => (await options(shopper)).length).toBe(6)
		// 5x is above the shop's 3 'sem juros': the shopper pays Mercado Pago's interest, and her order says so.
		await shopper.getByLabel('Parcelas').selectOption('5')
		await new CheckoutPage(shopper).submit()
		await shopper.waitForURL(/\/pedido\/PET-[A-Z0-9]{6}$/)
		const reference = new URL(shopper.url()).pathname.split('/').pop() ?? ''
		await shopper.getByTestId('card-in-review').waitFor()
		await shopper.getByText(/^Cartão de crédito em 5x com juros \(total no cartão R\$\s[\d.]+,\d{2}\)$/).waitFor()
		await shopper.getByTestId('order-status').getByText('Aguardando pagamento').waitFor()
		const payment = [...fake.payments.values()].find((p) => p.external_reference === reference)
		expect(payment?.status).toBe('in_process')

		// Approved at Mercado Pago, but announced by forged or replayed notifications through HTTP to
		// the real server: refused (401), nothing stored, the order still waits.
		const webhook = `${server.url}/webhooks/mercadopago`
		await fake.setStatus(payment?.id ?? 0, 'approved', 'accredited', false)
		expect(await fake.notify(payment?.id ?? 0, { forged: true, url: webhook })).toEqual([401])
		expect(await fake.notify(payment?.id ?? 0, { ts: Date.now() - 10 * 60_000, url: webhook })).toEqual([401])
		expect((await pool.query("select 1 from payment_inbox where provider = 'mercadopago'")).rowCount).toBe(0)
		expect((await pool.query<{ status: string }>('select status from orders where reference = $1', [reference])).rows[0]?.status).toBe('aguardando_pagamento')

		await shopper.evaluate(() => Object.assign(window, { __semRecarregar: true }))
		expect(await fake.notify(payment?.id ?? 0, { url: webhook })).toEqual([200])
		await shopper.getByTestId('order-status').getByText('Pago', { exact: true }).waitFor({ timeout: 20_000 })
		expect(await shopper.evaluate(() => (window as unknown as { __semRecarregar?: boolean }).__semRecarregar)).toBe(true)
		const events = await pool.query<{ kind: string }>(
			'select kind from payment_events where order_id = (select id from orders where reference = $1) order by created_at',
			[reference],
		)
		expect(events.rows.map((e) => e.kind)).toEqual(['charge_created', 'notification_received', 'confirmed'])
		expect(fake.violations).toEqual([])
		expectNoPageErrors(shopper)
	})

	test('the owner refunds part of a card payment from the order page; the timeline shows it', async () => {
		const [order] = (await pool.query<{ id: string }>('select id from orders where reference = $1', [paidReference])).rows
		await admin.goto(`/admin/pedidos/${order?.id ?? ''}`)
		const form = admin.getByRole('form', { name: 'Devolver pagamento no cartão' })
		await form.getByLabel('Valor a devolver (R$)').fill('10,00')
		// Submitted twice at once (an impatient double tap): one refund is made, whether the page sends one
		// request (React Router drops the first navigation) or two (the server's idempotency: mercadopago.server.test.ts).
		const button = form.getByRole('button', { name: 'Devolver no cartão' })
		const posts: string[] = []
		admin.on('request', (request) => {
			if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/admin/pedidos/')) posts.push(request.url())
		})
		await button.evaluate((submitter: HTMLButtonElement) => {
			submitter.form?.requestSubmit(submitter)
			submitter.form?.requestSubmit(submitter)
		})
		const timeline = admin.getByTestId('payment-timeline')
		await timeline.locator('li[data-kind="Devolução concluída"]').waitFor()
		await admin.reload()
		await timeline.locator('li[data-kind="Devolução concluída"]').waitFor()
		expect(await timeline.locator('li[data-kind="Devolução pedida"]').allTextContents()).toEqual([expect.stringContaining('R$ 10,00')])
		expect(await timeline.locator('li[data-kind="Devolução concluída"]').count()).toBe(1)
		expect(posts.length).toBeGreaterThanOrEqual(1)
		const payment = [...fake.payments.values()].find((p) => p.external_reference === paidReference)
		expect(payment?.refunds.map((r) => r.amount)).toEqual([10])
		expect(fake.violations).toEqual([])
		expectNoPageErrors(admin)
	})
})
