import pg from 'pg'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningServer, startAppServer } from '#tests/support/app-server'
import { type FakeMelhorEnvio, startFakeMelhorEnvio } from '#tests/support/fake-melhor-envio/server'
import { createScratchPostgresDatabase } from '#tests/setup/scratch-postgres'
import { AuthPage } from './pages/auth-page'
import { ADMIN } from './support/accounts'
import { expectAccessible, expectNoPageErrors, trackErrors } from './support/browser'
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium'

/**
 * Issue 32's labels and tracking in Chromium (decision 115), against the Melhor Envio fake: the
 * owner clicks 'Gerar etiqueta' on a paid order shipped by PAC, the order goes 'Enviado' and the
 * shopper's e-mail carries the tracking link; the carrier delivers, 'Atualizar rastreio' brings
 * 'Entregue' and the shopper's order page (opened from the e-mail's link) shows the timeline.
 *
 * Lean on purpose: the order is written straight into the database (the checkout's carrier options
 * have their own tests), one admin page, one shopper page. Its own server (the Melhor Envio token is
 * process-wide configuration), on PostgreSQL only (TEST_DATABASE_URL): the test reads the outbox.
 */
const base = process.env.TEST_DATABASE_URL

describe.skipIf(!base)('Etiquetas e rastreio pelo Melhor Envio (issue 32)', () => {
	let fake: FakeMelhorEnvio
	let server: RunningServer
	let browser: Browser
	let pool: pg.Pool
	let dropDatabase: () => Promise<unknown> = async () => {}
	let admin: Page
	let shopper: Page

	beforeAll(async () => {
		fake = await startFakeMelhorEnvio()
		const scratch = await createScratchPostgresDatabase(base ?? '', `labels_e2e_${Date.now()}_${process.pid}`)
		dropDatabase = scratch.drop
		pool = new pg.Pool({ connectionString: scratch.url, max: 2 })
		// The teardown's forced drop may end a connection the pool is still closing: not a failure.
		pool.on('error', () => {})
		server = await startAppServer({
			DATABASE_URL: scratch.url,
			ADMIN_EMAIL: ADMIN.email,
			ADMIN_PASSWORD: ADMIN.password,
			MELHOR_ENVIO_TOKEN: fake.token,
			MELHOR_ENVIO_API_URL: fake.apiUrl,
		})
		browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
		const contextOptions = { baseURL: server.url, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 1280, height: 900 } }
		admin = trackErrors(await (await browser.newContext(contextOptions)).newPage())
		shopper = trackErrors(await (await browser.newContext(contextOptions)).newPage())
	})

	afterAll(async () => {
		await browser?.close()
		await server?.stop()
		await pool?.end()
		await dropDatabase()
		await fake?.stop()
	})

	test('Gerar etiqueta → Enviado with the tracking e-mail → delivered → Entregue and the timeline', async () => {
		// A paid order, shipped by Correios PAC (Melhor Envio service 1), as the checkout leaves it.
		const reference = `PET-E${Date.now().toString(36).slice(-5).toUpperCase()}`
		const { rows } = await pool.query<{ id: string }>(
			`insert into orders (reference, idempotency_key, status, customer_name, email, cpf, phone, cep, street, number, district, city, uf,
				shipping_cents, subtotal_cents, total_cents, payment_method, paid_at, shipping_service_id, shipping_carrier, shipping_service)
			values ($1, $2, 'pago', 'Maria da Silva', 'maria.etiqueta@example.com', '52998224725', '11912345678', '01310100', 'Avenida Paulista',
				'1000', 'Bela Vista', 'São Paulo', 'SP', 2190, 4990, 7180, 'pix', now(), 1, 'Correios', 'PAC')
			returning id`,
			[reference, `e2e-${reference}`],
		)
		const orderId = rows[0]?.id ?? ''
		await pool.query(
			`insert into order_lines (order_id, product_handle, product_title, variant_title, unit_price_cents, quantity, line_total_cents)
			values ($1, 'bandana-xadrez', 'Bandana Xadrez', 'P', 4990, 1, 4990)`,
			[orderId],
		)

		await new AuthPage(admin).goto()
		await new AuthPage(admin).signIn(ADMIN.email, ADMIN.password)
		await admin.waitForURL((url) => !url.pathname.startsWith('/auth'))
		await admin.goto(`/admin/pedidos/${orderId}`)
		await admin.getByRole('button', { name: 'Gerar etiqueta' }).click()
		await admin.locator('[data-sonner-toast]').filter({ hasText: 'Etiqueta gerada!' }).first().waitFor()
		const print = admin.getByRole('link', { name: 'Imprimir etiqueta (PDF)' })
		expect(await print.getAttribute('href')).toMatch(new RegExp(`^${fake.apiUrl}/imprimir/.+\\.pdf$`))
		const [shipment] = [...fake.shipments.values()]
		expect(shipment?.paid).toBe(1)
		const code = shipment?.tracking ?? ''
		expect(code).toMatch(/^QB\d{9}BR$/)
		await admin.getByText(`Rastreio: ${code}`, { exact: true }).waitFor()

		// The shopper's e-mail: the code, the tracking link and the order's own link.
		const mail = await pool.query<{ text: string }>(`select text from mail_outbox where subject = $1`, [`Pedido enviado: ${reference}`])
		const text = mail.rows[0]?.text ?? ''
		expect(text).toContain(`https://www.melhorrastreio.com.br/rastreio/${code}`)
		const orderUrl = /https?:\/\/\S+\/pedido\/\S+/.exec(text)?.[0] ?? ''
		expect(orderUrl).not.toBe('')

		// The carrier posts and delivers; the owner asks now instead of waiting for the job.
		fake.advance(shipment?.id ?? '', 'delivered')
		await admin.getByRole('button', { name: 'Atualizar rastreio' }).click()
		await admin.locator('[data-sonner-toast]').filter({ hasText: 'Rastreio atualizado' }).first().waitFor()
		await admin.getByRole('region', { name: 'Entrega' }).getByText('Entregue').waitFor()
		await expect.poll(async () => (await pool.query(`select status from orders where id = $1`, [orderId])).rows[0]?.status).toBe('entregue')
		await expectAccessible(admin, 'pedido com etiqueta e rastreio')
		const delivered = await pool.query(`select 1 from mail_outbox where subject = $1`, [`Pedido entregue: ${reference}`])
		expect(delivered.rowCount).toBe(1)

		// The shopper, from the e-mail's link: 'Entregue' and the parcel's way.
		await shopper.goto(new URL(orderUrl).pathname + new URL(orderUrl).search)
		await shopper.getByTestId('tracking-code').getByText(code).waitFor()
		const timeline = shopper.getByRole('region', { name: 'Entrega' })
		expect(await timeline.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-event')))).toEqual(['paid', 'generated', 'posted', 'delivered'])
		expect(await shopper.getByRole('link', { name: 'Rastrear entrega' }).getAttribute('href')).toBe(`https://www.melhorrastreio.com.br/rastreio/${code}`)
		await expectAccessible(shopper, 'pedido entregue com a linha do tempo')
		expect(fake.violations).toEqual([])
		expectNoPageErrors(admin)
		expectNoPageErrors(shopper)
	})
})
