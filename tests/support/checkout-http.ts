import type pg from 'pg'
import { HttpSession } from '#tests/e2e/support/http-session'

/**
 * Checkouts through HTTP for the server tests that race and crash them (decision 019):
 * catalogue rows written straight into the server's PostgreSQL database, carts and orders
 * only through the shop's own routes, as a browser would.
 */
export const CUSTOMER = {
	name: 'Ana Souza',
	email: 'ana.souza@example.com',
	cpf: '529.982.247-25',
	phone: '(11) 91234-5678',
	cep: '01310-100',
	street: 'Avenida Paulista',
	number: '1578',
	district: 'Bela Vista',
	city: 'São Paulo',
	uf: 'SP',
}

export const APPROVED_CARD_TOKEN = 'tok_test_approved'

let productCount = 0

/** An active product with one variant; stock null = not tracked. Returns the variant id. */
export async function createVariant(pool: pg.Pool, options: { stock: number | null; priceCents?: number }): Promise<string> {
	productCount += 1
	const handle = `produto-corrida-${process.pid}-${productCount}`
	const { rows } = await pool.query<{ id: string }>(
		`with p as (insert into products (handle, title) values ($1, $2) returning id)
		insert into product_variants (product_id, title, price_cents, stock) select id, 'Único', $3, $4 from p returning id`,
		[handle, `Produto da corrida ${productCount}`, options.priceCents ?? 5000, options.stock],
	)
	return rows[0]!.id
}

/** A new visitor (own cookies) with `quantity` of the variant in its cart. */
export async function shopperWith(baseUrl: string, variantId: string, quantity = 1): Promise<HttpSession> {
	const session = new HttpSession(baseUrl)
	const response = await session.post('/cart', { intent: 'add', lines: JSON.stringify([{ variantId, quantity }]) })
	if (response.status !== 200) throw new Error(`/cart add respondeu ${response.status}: ${await response.text()}`)
	return session
}

/** One rendering of /checkout, as a tab would load it: the idempotency key it carries. */
export async function renderCheckout(session: HttpSession): Promise<string> {
	const response = await session.get('/checkout')
	const html = await response.text()
	const key = /<input[^>]*name="idempotencyKey"[^>]*value="([^"]+)"/.exec(html)?.[1]
	if (response.status !== 200 || !key) throw new Error(`/checkout sem chave de tentativa (${response.status})`)
	return key
}

export type Submission = { idempotencyKey: string; paymentMethod: 'pix' | 'card'; couponCode?: string }

export function checkoutForm(submission: Submission): Record<string, string> {
	return {
		...CUSTOMER,
		intent: 'place-order',
		idempotencyKey: submission.idempotencyKey,
		paymentMethod: submission.paymentMethod,
		installments: '1',
		...(submission.paymentMethod === 'card' ? { cardToken: APPROVED_CARD_TOKEN } : {}),
		...(submission.couponCode ? { couponCode: submission.couponCode } : {}),
	}
}

/** 'Finalizar Pedido': the status and, for a placed order, its reference (from the redirect). */
export async function submitCheckout(
	session: HttpSession,
	submission: Submission,
): Promise<{ status: number; reference: string | null; body: string }> {
	const response = await session.post('/checkout', checkoutForm(submission))
	const location = response.headers.get('location') ?? ''
	return {
		status: response.status,
		reference: /^\/pedido\/(PET-[A-Z0-9]{6})$/.exec(location)?.[1] ?? null,
		body: response.status === 302 ? '' : await response.text(),
	}
}
