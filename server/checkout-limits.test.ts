import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createScratchPostgresDatabase } from '#tests/setup/scratch-postgres'
import { type RunningServer, ensureBuilt, startAppServer } from '#tests/support/app-server'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct } from '~/commerce/builtin/test-factories.server'
import { hashToken } from '~/server/auth/session.server'
import { awardPointsOnce } from '~/server/loyalty/points.server'
import { type Connection, db, migrateConnection, openConnection, queryRows, setConnection } from '~/server/db.server'
import { CHECKOUT_WINDOW_SECONDS } from '~/server/orders/checkout-rate-limit.server'
import { formatDateTime } from '~/utils/format'

/**
 * Issue 8 §4 through HTTP against the production server (node build/server-entry): order
 * placement is rate-limited per client address (429, Retry-After, nothing typed lost, no
 * order made), the order page shows the PIX deadline, and the expiry job started with the
 * server cancels an unpaid order whose window has passed. PGlite in a temporary directory, or
 * a scratch PostgreSQL database when TEST_DATABASE_URL is set.
 */

/** The shipped defaults (startAppServer raises them for other tests' bursts of orders). */
const CHECKOUT_LIMITS = { address: { limit: 10, windowSeconds: CHECKOUT_WINDOW_SECONDS } }
const STOCK = 50
const HOUR = 60 * 60 * 1000

let server: RunningServer
let databaseUrl: string
let cleanup: () => Promise<void> = async () => {}
let variantId: string
let staleOrder: { reference: string; buyerToken: string }
let serverStartedAt = 0
/** Rows the purge jobs must delete (old) or keep (fresh), written before the server starts. */
const purgeable = { abandonedCart: '', freshCart: '', expiredSession: '', liveSession: '' }
/** A customer's paid order with its purchase points, which the admin cancels (decision 20). */
const paidOrder = { id: '', userId: '' }

/** Opens the test's database in this process (PGlite allows one process at a time: only while the server is down). */
async function withDatabase<T>(work: () => Promise<T>): Promise<T> {
	const connection: Connection = await openConnection(databaseUrl, '/nonexistent')
	setConnection(connection)
	try {
		await migrateConnection(connection)
		return await work()
	} finally {
		setConnection(undefined)
		await connection.close()
	}
}

beforeAll(async () => {
	ensureBuilt()
	if (process.env.TEST_DATABASE_URL) {
		const database = await createScratchPostgresDatabase(
			process.env.TEST_DATABASE_URL,
			`limits_${process.pid}_${Math.random().toString(36).slice(2, 8)}`,
		)
		databaseUrl = database.url
		cleanup = database.drop
	} else {
		const dir = mkdtempSync(path.join(tmpdir(), 'loja-limites-'))
		databaseUrl = `pglite://${dir}`
		cleanup = async () => rmSync(dir, { recursive: true, force: true })
	}
	// The catalogue, and a PIX order placed 25 h ago (its unit already taken from the stock)
	// that nobody paid: the expiry job must cancel it once the server runs.
	await withDatabase(async () => {
		const { variant } = await createProduct({ title: 'Bandana Xadrez', variants: [{ stock: STOCK, priceCents: 4990 }] })
		variantId = variant.id
		const buyerToken = randomBytes(32).toString('base64url')
		const reference = 'PET-VENCID'
		const [order] = await queryRows<{ id: string }>(sql`
			insert into orders (reference, session_token_hash, idempotency_key, customer_name, email, cpf, phone, cep, street,
				number, district, city, uf, shipping_cents, subtotal_cents, discount_cents, total_cents, payment_method, created_at)
			values (${reference}, ${hashToken(buyerToken)}, ${randomUUID()}, 'Joana Prado', 'joana@example.com', '52998224725',
				'11912345678', '01310100', 'Avenida Paulista', '1000', 'Bela Vista', 'São Paulo', 'SP', 1990, 4990, 0, 6980, 'pix',
				${new Date(Date.now() - 25 * HOUR).toISOString()})
			returning id`)
		await queryRows(sql`insert into order_lines (order_id, variant_id, product_handle, product_title, variant_title,
			unit_price_cents, quantity, line_total_cents)
			values (${order?.id}::uuid, ${variantId}::uuid, 'bandana-xadrez', 'Bandana Xadrez', 'Único', 4990, 1, 4990)`)
		await queryRows(sql`update product_variants set stock = stock - 1 where id = ${variantId}::uuid`)
		staleOrder = { reference, buyerToken }

		const daysAgo = (days: number) => new Date(Date.now() - days * 24 * HOUR).toISOString()
		const newCart = async (ageDays: number) =>
			(await queryRows<{ id: string }>(sql`insert into carts (created_at, updated_at) values (${daysAgo(ageDays)}, ${daysAgo(ageDays)}) returning id`))[0]?.id ?? ''
		purgeable.abandonedCart = await newCart(45)
		purgeable.freshCart = await newCart(2)
		const [user] = await queryRows<{ id: string }>(sql`insert into users (email, password_hash) values ('antiga@example.com', 'x') returning id`)
		const newSession = async (expiresAt: string) =>
			(await queryRows<{ id: string }>(sql`insert into sessions (token_hash, user_id, expires_at) values (${randomUUID()}, ${user?.id}::uuid, ${expiresAt}) returning id`))[0]?.id ?? ''
		purgeable.expiredSession = await newSession(daysAgo(3))
		purgeable.liveSession = await newSession(daysAgo(-20))
		await queryRows(sql`insert into rate_limits (key, window_start, count) values ('signin:ip:velho', ${daysAgo(3)}, 9)`)

		const [customer] = await queryRows<{ id: string }>(sql`insert into users (email, password_hash) values ('fiel@example.com', 'x') returning id`)
		const [paid] = await queryRows<{ id: string }>(sql`
			insert into orders (reference, user_id, idempotency_key, status, paid_at, customer_name, email, cpf, phone, cep, street,
				number, district, city, uf, shipping_cents, subtotal_cents, discount_cents, total_cents, payment_method)
			values ('PET-PAGO22', ${customer?.id}::uuid, ${randomUUID()}, 'pago', now(), 'Fiel Cliente', 'fiel@example.com',
				'52998224725', '11912345678', '01310100', 'Rua B', '2', 'Centro', 'São Paulo', 'SP', 0, 12000, 0, 12000, 'pix')
			returning id`)
		paidOrder.id = paid?.id ?? ''
		paidOrder.userId = customer?.id ?? ''
		await awardPointsOnce(db, {
			userId: paidOrder.userId,
			actionType: 'purchase',
			description: 'Compra #PET-PAGO22',
			points: 1200,
			eventKey: `purchase:${paidOrder.id}`,
		})
	})
	serverStartedAt = Date.now()
	server = await startAppServer({
		SEED_DEMO: 'false',
		ADMIN_EMAIL: 'dona@loja.test',
		ADMIN_PASSWORD: 'senha-forte-da-dona-123',
		DATABASE_URL: databaseUrl,
		CHECKOUT_ORDERS_PER_HOUR_PER_ADDRESS: '10',
		CHECKOUT_ORDERS_PER_HOUR_PER_EMAIL: '5',
	})
}, 240_000)

afterAll(async () => {
	await server?.stop()
	await cleanup()
})

/** A browser without JavaScript: keeps cookies, follows no redirects, sends its own origin. */
class Shopper {
	private readonly cookies = new Map<string, string>()

	async request(method: string, url: string, form?: Record<string, string>) {
		const response = await fetch(new URL(url, server.url), {
			method,
			redirect: 'manual',
			headers: {
				cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
				origin: server.url,
				...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
			},
			body: form ? new URLSearchParams(form).toString() : undefined,
		})
		for (const header of response.headers.getSetCookie()) {
			const [pair = ''] = header.split(';')
			const index = pair.indexOf('=')
			this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim())
		}
		return response
	}

	setCookie(name: string, value: string) {
		this.cookies.set(name, value)
	}

	async addToCart() {
		const response = await this.request('POST', '/cart', {
			intent: 'add',
			lines: JSON.stringify([{ variantId, quantity: 1 }]),
		})
		expect(response.status).toBe(200)
	}

	placePixOrder(email: string) {
		return this.request('POST', '/checkout', {
			intent: 'place-order',
			idempotencyKey: randomBytes(24).toString('base64url'),
			name: 'Cliente Apressado',
			email,
			cpf: '529.982.247-25',
			phone: '(11) 91234-5678',
			cep: '01310-100',
			street: 'Rua dos Testes Rápidos',
			number: '42',
			district: 'Bela Vista',
			city: 'São Paulo',
			uf: 'SP',
			paymentMethod: 'pix',
		})
	}
}

describe('order placement limits, PIX deadline, expiry and purge jobs in the production server', () => {
	test(`the ${CHECKOUT_LIMITS.address.limit + 1}th rapid anonymous PIX order gets 429 with Retry-After, keeps the form and the cart, and makes no order`, async () => {
		const shopper = new Shopper()
		const references: string[] = []
		for (let i = 0; i < CHECKOUT_LIMITS.address.limit; i++) {
			await shopper.addToCart()
			// A different mailbox each time, as in the report: the per-address budget is what stops it.
			const response = await shopper.placePixOrder(`vitima${i}@example.com`)
			expect(response.status).toBe(302)
			const location = response.headers.get('location') ?? ''
			expect(location).toMatch(/^\/pedido\/PET-/)
			references.push(location.slice('/pedido/'.length))
		}

		await shopper.addToCart()
		const refused = await shopper.placePixOrder('mais-uma@example.com')
		expect(refused.status).toBe(429)
		expect(refused.headers.get('location')).toBeNull()
		const html = await refused.text()
		expect(html).toContain('Muitos pedidos em pouco tempo. Aguarde')
		// Retry-After reaches the response (the route's headers export) and agrees with the data.
		const retryAfter = Number(refused.headers.get('retry-after'))
		expect(retryAfter).toBeGreaterThan(0)
		expect(retryAfter).toBeLessThanOrEqual(CHECKOUT_LIMITS.address.windowSeconds)
		expect(Number(/\\?"retryAfterSeconds\\?",(\d+)/.exec(html)?.[1])).toBe(retryAfter)
		// Nothing typed is lost: the form comes back filled in.
		expect(html).toContain('Rua dos Testes Rápidos')
		expect(html).toContain('mais-uma@example.com')
		// The cart still holds the bandana for a later try.
		const cart = (await (await shopper.request('GET', '/cart')).json()) as { cart: { lines: unknown[] } }
		expect(cart.cart.lines).toHaveLength(1)

		// The order page of a placed one shows the PIX deadline (default window: 24 h).
		const before = Date.now()
		const page = await shopper.request('GET', `/pedido/${references[0]}`)
		expect(page.status).toBe(200)
		const payBy = /Pague até <strong>([^<]+)<\/strong>/.exec(await page.text())?.[1]
		const candidates = [-2, -1, 0].map((m) => formatDateTime(new Date(before + 24 * HOUR + m * 60_000)))
		expect(candidates).toContain(payBy)
	}, 120_000)

	test('the expiry job runs in the server: the unpaid order past its window is cancelled and its unit is back', async () => {
		const buyer = new Shopper()
		buyer.setCookie('loja_comprador', staleOrder.buyerToken)
		// The first run comes within seconds of start-up.
		const deadline = Date.now() + 60_000
		let html = ''
		for (;;) {
			html = await (await buyer.request('GET', `/pedido/${staleOrder.reference}`)).text()
			if (html.includes('Cancelado') || Date.now() > deadline) break
			await new Promise((r) => setTimeout(r, 500))
		}
		expect(html).toContain('Cancelado')
		expect(html).not.toContain('Pague até')
	}, 90_000)

	test('the admin cancels a paid order: 302, and (below) its purchase points are taken back', async () => {
		const admin = new Shopper()
		const signIn = await admin.request('POST', '/auth', { intent: 'signin', email: 'dona@loja.test', password: 'senha-forte-da-dona-123' })
		expect(signIn.status).toBe(302)
		const cancel = await admin.request('POST', `/admin/pedidos/${paidOrder.id}`, { to: 'cancelado' })
		expect(cancel.status).toBe(302)
		expect(cancel.headers.get('location')).toBe(`/admin/pedidos/${paidOrder.id}`)
	}, 60_000)

	test('what is stored: exactly the allowed orders, their units taken, the expired one given back, its e-mail sent; purges done', async () => {
		// The purge jobs' first runs come within 10 s of start-up.
		await new Promise((r) => setTimeout(r, Math.max(0, serverStartedAt + 15_000 - Date.now())))
		await server.stop()
		await withDatabase(async () => {
			const orders = await queryRows<{ status: string; email: string }>(sql`select status, email from orders order by created_at`)
			expect(orders.filter((o) => o.status === 'aguardando_pagamento')).toHaveLength(CHECKOUT_LIMITS.address.limit)
			expect(orders.some((o) => o.email === 'mais-uma@example.com')).toBe(false)
			expect(orders.find((o) => o.email === 'joana@example.com')?.status).toBe('cancelado')
			const [variant] = await queryRows<{ stock: number }>(sql`select stock from product_variants where id = ${variantId}::uuid`)
			expect(variant?.stock).toBe(STOCK - CHECKOUT_LIMITS.address.limit)
			const history = await queryRows<{ note: string }>(sql`select h.note from order_status_history h
				join orders o on o.id = h.order_id where o.reference = ${staleOrder.reference} and h.to_status = 'cancelado'`)
			expect(history).toHaveLength(1)
			const mails = await queryRows<{ to: string }>(
				sql`select "to" from mail_outbox where subject = ${`Pedido cancelado: ${staleOrder.reference}`}`,
			)
			expect(mails).toEqual([{ to: 'joana@example.com' }])

			const carts = new Set((await queryRows<{ id: string }>(sql`select id from carts`)).map((r) => r.id))
			expect(carts.has(purgeable.abandonedCart)).toBe(false)
			expect(carts.has(purgeable.freshCart)).toBe(true)
			const sessions = new Set((await queryRows<{ id: string }>(sql`select id from sessions`)).map((r) => r.id))
			expect(sessions.has(purgeable.expiredSession)).toBe(false)
			expect(sessions.has(purgeable.liveSession)).toBe(true)
			expect(await queryRows(sql`select 1 from rate_limits where key = 'signin:ip:velho'`)).toHaveLength(0)
			// Decision 20: the award stays, a negative entry takes it back, the total is back to 0.
			const ledger = await queryRows<{ action_type: string; points: number }>(
				sql`select action_type, points from points_history where user_id = ${paidOrder.userId}::uuid order by points desc`,
			)
			expect(ledger).toEqual([
				{ action_type: 'purchase', points: 1200 },
				{ action_type: 'purchase_reversal', points: -1200 },
			])
			const [summary] = await queryRows<{ total_points: number }>(
				sql`select total_points from user_gamification where user_id = ${paidOrder.userId}::uuid`,
			)
			expect(summary?.total_points).toBe(0)
			// This hour's checkout budget is still counted.
			expect(await queryRows(sql`select 1 from rate_limits where key like 'checkout:ip:%'`)).not.toHaveLength(0)
		})
	}, 60_000)
})
