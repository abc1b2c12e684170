import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { CheckoutPage, VALID_CUSTOMER, recordRequests } from './pages/checkout-page'
import { DESKTOP, MOBILE, expectAccessible, expectNoPageErrors, setupBrowser } from './support/browser'
import { e2eServer } from './support/e2e-server'

const browser = setupBrowser()

/** URL-decoded text, or the text itself when it is not valid percent-encoding (a binary body). */
function decodedOrRaw(text: string): string {
	try {
		return decodeURIComponent(text)
	} catch {
		return text
	}
}
const databaseUrl = e2eServer().databaseUrl
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 2 }) : null
let variantId = ''

beforeAll(async () => {
	if (!pool) return
	// A product of the demo catalogue that anyone may buy, in stock, below the free-shipping
	// threshold, and not the gift product.
	const { rows } = await pool.query<{ id: string }>(`
		select v.id from product_variants v join products p on p.id = v.product_id
		where p.status = 'active' and v.available and (v.stock is null or v.stock >= 20)
			and v.price_cents between 1000 and 9000 and p.handle <> 'brinde-lacinho-pet'
			and not ('uso-interno' = any(p.tags))
			and not exists (select 1 from collection_products cp join collections c on c.id = cp.collection_id
				where cp.product_id = p.id and c.handle = 'assinatura')
		order by p.handle, v.position limit 1`)
	variantId = rows[0]?.id ?? ''
})

afterAll(async () => {
	await pool?.end()
})

describe.skipIf(!databaseUrl)('checkout', () => {
	test('an empty cart shows the empty state instead of a form', async () => {
		const page = await browser.newPage(MOBILE)
		await page.goto('/checkout')
		await page.getByRole('heading', { level: 1, name: 'Seu carrinho está vazio' }).waitFor()
		expect(await page.getByRole('button', { name: 'Finalizar Pedido' }).count()).toBe(0)
		expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
		expectNoPageErrors(page)
	})

	test('field errors in Portuguese beside the fields; nothing typed is lost', async () => {
		expect(variantId).not.toBe('')
		const page = await browser.newPage(DESKTOP)
		const checkout = new CheckoutPage(page)
		await page.goto('/')
		await checkout.addToCart(variantId)
		await checkout.goto()
		await checkout.fillCustomer({ ...VALID_CUSTOMER, cpf: '529.982.247-26', cep: '0131' })
		await checkout.submit()
		await page.getByText('CPF inválido. Confira os números.').waitFor()
		await page.getByText('CEP inválido. Use 8 números, ex.: 01310-100.').waitFor()
		expect(await page.getByLabel('Rua').inputValue()).toBe(VALID_CUSTOMER.street)
		expect(await page.getByLabel('CPF').getAttribute('aria-invalid')).toBe('true')
		await expectAccessible(page, 'checkout com erros')
		expectNoPageErrors(page)
	})

	test('PIX: the order page shows Aguardando pagamento, the QR code and the copia e cola payload', async () => {
		const page = await browser.newPage(DESKTOP)
		const checkout = new CheckoutPage(page)
		await page.goto('/')
		await checkout.addToCart(variantId)
		await checkout.goto()
		await page.getByText('Resumo do pedido').waitFor()
		await expectAccessible(page, 'checkout')
		await checkout.fillCustomer()
		await checkout.choosePix()
		await checkout.submit()
		await page.waitForURL(/\/pedido\/PET-[A-Z0-9]{6}$/)
		await page.getByTestId('order-status').getByText('Aguardando pagamento').waitFor()
		const qr = page.getByRole('img', { name: 'QR Code PIX para pagamento do pedido' })
		await qr.waitFor()
		expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
		const payload = await page.getByTestId('pix-payload').inputValue()
		expect(payload.startsWith('000201')).toBe(true)
		expect(payload).toContain('br.gov.bcb.pix')
		await page.getByRole('button', { name: 'Copiar código' }).waitFor()
		await expectAccessible(page, 'pedido PIX')

		// Name, address and the PIX payload: no cache may keep the page (issue 8 defect 11).
		const reloaded = await page.reload()
		expect(reloaded?.status()).toBe(200)
		expect(reloaded?.headers()['cache-control']).toBe('private, no-store')

		// Another browser cannot open it.
		const stranger = await browser.newPage(DESKTOP)
		const response = await stranger.goto(new URL(page.url()).pathname)
		expect(response?.status()).toBe(404)

		// The cart is empty after the order.
		await page.goto('/checkout')
		await page.getByRole('heading', { level: 1, name: 'Seu carrinho está vazio' }).waitFor()
		expectNoPageErrors(page)
	})

	test('test card approved → Pago, marked Teste; no card number, CVV or expiry in any request; the guest remembered on request', async () => {
		const page = await browser.newPage(DESKTOP)
		const checkout = new CheckoutPage(page)
		const sent = recordRequests(page)
		await page.goto('/')
		await checkout.addToCart(variantId)
		await checkout.goto()
		// Issue 31: a minimal footer (policies, contact, who sells), not the shop's ~40 links.
		const footer = page.getByRole('contentinfo')
		await footer.getByRole('link', { name: 'Política de privacidade' }).waitFor()
		expect(await footer.getByRole('link', { name: 'Bandanas' }).count()).toBe(0)
		expect(await footer.getByRole('heading', { name: 'Categorias' }).count()).toBe(0)
		await checkout.fillCustomer()
		// Issue 31: remembering is the guest's choice, off until she ticks it.
		const remember = page.getByRole('checkbox', { name: 'Lembrar meus dados neste dispositivo' })
		expect(await remember.isChecked()).toBe(false)
		await remember.check()
		await page.getByRole('radio', { name: /Cartão de crédito/ }).check()
		await checkout.submit()
		await page.getByText('Preencha os dados do cartão.').waitFor()
		await checkout.payWithCard('4242 4242 4242 4242', 3, { expiry: '11/37', cvc: '7391' })
		expect(await page.getByText('Preencha os dados do cartão.').count()).toBe(0)
		await checkout.submit()
		await page.waitForURL(/\/pedido\/PET-[A-Z0-9]{6}$/)
		await page.getByTestId('order-status').getByText('Pago').waitFor()
		await page.getByText('Cartão de crédito em 3x sem juros').waitFor()
		await page.getByTestId('test-payment-badge').waitFor()
		expect(await page.getByTestId('pix-payload').count()).toBe(0)
		expectNoPageErrors(page)

		// The card fields never leave the browser: only the provider's token is submitted.
		const checkoutPosts = sent.filter((r) => new URL(r.url).pathname.startsWith('/checkout') && r.body)
		expect(checkoutPosts.some((r) => r.body.includes('tok_test_approved'))).toBe(true)
		for (const { url, body } of sent) {
			// The build's own files carry content hashes ('manifest-986e7391.js'): only what the page sends counts.
			if (new URL(url).pathname.startsWith('/assets/') && !body) continue
			const text = decodedOrRaw(`${url}\n${body}`.replace(/\+/g, ' '))
			expect(text.replace(/[\s.-]/g, ''), url).not.toContain('4242424242424242')
			expect(text, url).not.toMatch(/11\s*\/\s*37/)
			expect(text, url).not.toContain('7391')
		}

		// The device kept her contact and address, and nothing of the card.
		const stored = (await page.evaluate(() => JSON.stringify({ ...localStorage }))).replace(/[\s.-]/g, '')
		expect(stored).toContain('AnaSouza')
		for (const secret of ['4242424242424242', '1137', '7391', 'tok_test', 'ANASOUZA']) expect(stored).not.toContain(secret)
		// Next time the form comes filled, the option ticked, and 'Esquecer meus dados' empties both.
		await checkout.addToCart(variantId)
		await checkout.goto()
		await expect.poll(() => page.getByLabel('Nome completo').inputValue()).toBe(VALID_CUSTOMER.name)
		expect(await page.getByLabel('CPF').inputValue()).toBe(VALID_CUSTOMER.cpf)
		expect(await page.getByLabel('Estado (UF)').inputValue()).toBe(VALID_CUSTOMER.uf)
		expect(await remember.isChecked()).toBe(true)
		await page.getByTestId('prazo-entrega').or(page.getByTestId('opcoes-frete')).getByText(/Entrega/).first().waitFor()
		await page.getByRole('button', { name: 'Esquecer meus dados' }).click()
		await page.getByText('Seus dados foram apagados deste dispositivo.').waitFor()
		expect(await page.getByLabel('Nome completo').inputValue()).toBe('')
		expect(await remember.isChecked()).toBe(false)
		expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('checkout:')))).toEqual([])
		expectNoPageErrors(page)
	})

	test('test card declined → message beside the card, everything typed kept, then approved', async () => {
		const page = await browser.newPage(MOBILE)
		const checkout = new CheckoutPage(page)
		await page.goto('/')
		await checkout.addToCart(variantId)
		await checkout.goto()
		await checkout.fillCustomer()
		await checkout.payWithCard('4000 0000 0000 0002')
		await checkout.submit()
		await page
			.getByText(/^Pagamento recusado pelo emissor do cartão/)
			.first()
			.waitFor()
		expect(page.url()).toMatch(/\/checkout$/)
		// Beside the card number field (its aria-describedby), not only in the toast.
		const describedBy = (await page.getByLabel('Número do cartão').getAttribute('aria-describedby')) ?? ''
		expect(await page.locator(`[id="${describedBy}"]`).textContent()).toMatch(/^Pagamento recusado pelo emissor do cartão/)
		expect(await page.getByLabel('Nome completo').inputValue()).toBe(VALID_CUSTOMER.name)
		expect(await page.getByLabel('Número do cartão').inputValue()).toBe('4000 0000 0000 0002')
		// The page revalidates after the answer; measure colours once the button is enabled again.
		// (Not 'networkidle': the cart's live-updates connection stays open on this page.)
		await page.waitForFunction(() => !document.querySelector('button[value="place-order"]')?.hasAttribute('disabled'))
		await expectAccessible(page, 'checkout cartão recusado')
		await page.getByLabel('Número do cartão').fill('4242 4242 4242 4242')
		await checkout.submit()
		await page.waitForURL(/\/pedido\/PET-[A-Z0-9]{6}$/)
		await page.getByTestId('order-status').getByText('Pago').waitFor()
		expectNoPageErrors(page)
	})

	test('a card order whose charge never started (decision 059): the page says so, "Tentar pagar de novo" charges that same order', async () => {
		if (!pool) return
		const page = await browser.newPage(DESKTOP)
		const checkout = new CheckoutPage(page)
		const customer = { ...VALID_CUSTOMER, email: 'cartao.nao.cobrado@example.com' }
		// A variant whose stock is counted (the file's variant may be made to order), so the test sees it taken once.
		const tracked = await pool.query<{ id: string }>(`
			select v.id from product_variants v join products p on p.id = v.product_id
			where p.status = 'active' and v.available and v.stock >= 20 and v.price_cents between 1000 and 9000
				and p.handle <> 'brinde-lacinho-pet' and not ('uso-interno' = any(p.tags))
				and not exists (select 1 from collection_products cp join collections c on c.id = cp.collection_id
					where cp.product_id = p.id and c.handle = 'assinatura')
			order by p.handle, v.position limit 1`)
		const trackedId = tracked.rows[0]?.id ?? ''
		expect(trackedId).not.toBe('')
		const stockOf = async () =>
			(await pool.query<{ stock: number | null }>('select stock from product_variants where id = $1', [trackedId])).rows[0]?.stock
		const stockBefore = await stockOf()
		await page.goto('/')
		await checkout.addToCart(trackedId)
		await checkout.goto()
		await checkout.fillCustomer(customer)
		await checkout.payWithCard('4242 4242 4242 4242')
		await checkout.submit()
		await page.waitForURL(/\/pedido\/PET-[A-Z0-9]{6}$/)
		await page.getByTestId('order-status').getByText('Pago').waitFor()
		const reference = new URL(page.url()).pathname.split('/').pop() ?? ''

		// Leave it as a claim failing past the retry bound leaves it: the order committed (stock
		// taken), never claimed nor charged, and the cart still full (it empties on approval).
		const { rows } = await pool.query<{ id: string; cart_id: string }>(
			`update orders set status = 'aguardando_pagamento', payment_provider = null, payment_mode = null, payment_reference = null,
				paid_at = null, updated_at = now() where reference = $1 returning id, cart_id`,
			[reference],
		)
		const [order] = rows
		if (!order) throw new Error(`pedido ${reference} não encontrado`)
		await pool.query(`delete from order_status_history where order_id = $1 and to_status = 'pago'`, [order.id])
		await checkout.addToCart(trackedId)

		await page.goto(`/pedido/${reference}`)
		const notice = page.getByTestId('card-not-charged')
		await notice.waitFor()
		expect(await notice.textContent()).toContain(
			'O pagamento com cartão não foi concluído e nada foi cobrado. Seus itens continuam reservados no carrinho: finalize a compra de novo para pagar este pedido.',
		)
		await page.getByTestId('order-status').getByText('Aguardando pagamento').waitFor()
		await expectAccessible(page, 'pedido com cartão não cobrado')

		await notice.getByRole('link', { name: 'Tentar pagar de novo' }).click()
		await page.waitForURL(/\/checkout$/)
		await page.getByRole('heading', { level: 1, name: 'Finalizar compra' }).waitFor()
		await checkout.fillCustomer(customer)
		await checkout.payWithCard('4242 4242 4242 4242')
		await checkout.submit()
		await page.waitForURL(new RegExp(`/pedido/${reference}$`))
		await page.getByTestId('order-status').getByText('Pago').waitFor()
		expect(await page.getByTestId('card-not-charged').count()).toBe(0)
		expectNoPageErrors(page)

		// One order for the cart, paid once, and the stock taken once.
		const orders = await pool.query<{ reference: string; status: string; charged: boolean }>(
			'select reference, status, payment_reference is not null as charged from orders where cart_id = $1',
			[order.cart_id],
		)
		expect(orders.rows).toEqual([{ reference, status: 'pago', charged: true }])
		expect(await stockOf()).toBe((stockBefore ?? 0) - 1)
	})
})
