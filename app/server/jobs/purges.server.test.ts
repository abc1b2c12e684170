import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { clearCommerceTables, createProduct } from '~/commerce/builtin/test-factories.server'
import { users } from '~/db/schema'
import { db, queryRows } from '~/server/db.server'
import { ABANDONED_CART_DAYS, purgeAbandonedCarts, purgeExpiredSessions, purgeOldPaymentNotifications, purgeStaleRateLimits } from './purges.server'

withTestDatabase()

const DAY = 24 * 60 * 60 * 1000
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString()

beforeEach(async () => {
	await db.execute(sql`truncate orders, order_lines, order_status_history, sessions, rate_limits cascade`)
	await clearCommerceTables()
})

async function createUser() {
	const [user] = await db
		.insert(users)
		.values({ email: `cliente.${randomUUID()}@exemplo.test`, passwordHash: 'nao-usado' })
		.returning({ id: users.id })
	if (!user) throw new Error('usuário não criado')
	return user.id
}

async function cart(options: { ageDays: number; userId?: string; withLine?: string }) {
	const [row] = await queryRows<{ id: string }>(
		sql`insert into carts (user_id, created_at, updated_at) values (${options.userId ?? null}, ${daysAgo(options.ageDays)}, ${daysAgo(options.ageDays)}) returning id`,
	)
	if (!row) throw new Error('carrinho não criado')
	if (options.withLine) {
		await db.execute(sql`insert into cart_lines (cart_id, variant_id, quantity) values (${row.id}::uuid, ${options.withLine}::uuid, 1)`)
	}
	return row.id
}

async function orderFor(cartId: string, status: string) {
	const [row] = await queryRows<{ id: string }>(sql`
		insert into orders (reference, cart_id, idempotency_key, status, customer_name, email, cpf, phone, cep, street, number,
			district, city, uf, shipping_cents, subtotal_cents, discount_cents, total_cents, payment_method)
		values (${`PET-P${randomUUID().slice(0, 5).toUpperCase()}`}, ${cartId}::uuid, ${randomUUID()}, ${status}, 'Maria', 'maria@example.com',
			'52998224725', '11912345678', '01310100', 'Rua A', '1', 'Centro', 'São Paulo', 'SP', 0, 100, 0, 100, 'pix')
		returning id`)
	return row?.id as string
}

const cartIds = async () => new Set((await queryRows<{ id: string }>(sql`select id from carts`)).map((r) => r.id))

describe('purgeAbandonedCarts', () => {
	test(`deletes anonymous carts untouched for ${ABANDONED_CART_DAYS} days, with their lines, and nothing else`, async () => {
		const { variant } = await createProduct()
		const abandoned = await cart({ ageDays: ABANDONED_CART_DAYS + 1, withLine: variant.id })
		const abandonedEmpty = await cart({ ageDays: 90 })
		const recent = await cart({ ageDays: ABANDONED_CART_DAYS - 1, withLine: variant.id })
		const customers = await cart({ ageDays: 400, userId: await createUser(), withLine: variant.id })
		const waitingOrder = await cart({ ageDays: 60 })
		const waitingOrderId = await orderFor(waitingOrder, 'aguardando_pagamento')
		const inProduction = await cart({ ageDays: 60 })
		await orderFor(inProduction, 'em_producao')
		const delivered = await cart({ ageDays: 60 })
		const deliveredOrderId = await orderFor(delivered, 'entregue')

		expect(await purgeAbandonedCarts()).toBe(3)

		const left = await cartIds()
		expect(left.has(abandoned)).toBe(false)
		expect(left.has(abandonedEmpty)).toBe(false)
		expect(left.has(delivered)).toBe(false)
		for (const kept of [recent, customers, waitingOrder, inProduction]) expect(left.has(kept)).toBe(true)
		// Lines of the deleted cart are gone with it; the others' stay.
		const lines = await queryRows<{ cart_id: string }>(sql`select cart_id from cart_lines`)
		expect(lines.map((l) => l.cart_id).sort()).toEqual([recent, customers].sort())
		// The finished order stays, only unlinked from the deleted cart; the waiting one keeps its cart.
		const orders = await queryRows<{ id: string; cart_id: string | null }>(sql`select id, cart_id from orders`)
		expect(orders.find((o) => o.id === deliveredOrderId)?.cart_id).toBeNull()
		expect(orders.find((o) => o.id === waitingOrderId)?.cart_id).toBe(waitingOrder)
		expect(await purgeAbandonedCarts()).toBe(0)
	})
})

describe('purgeExpiredSessions', () => {
	test('deletes only sessions past their expiry', async () => {
		const userId = await createUser()
		const insert = (expiresAt: string) =>
			queryRows<{ id: string }>(
				sql`insert into sessions (token_hash, user_id, expires_at) values (${randomUUID()}, ${userId}::uuid, ${expiresAt}) returning id`,
			)
		await insert(daysAgo(1))
		await insert(daysAgo(40))
		const [live] = await insert(daysAgo(-10))
		expect(await purgeExpiredSessions()).toBe(2)
		expect(await queryRows<{ id: string }>(sql`select id from sessions`)).toEqual([{ id: live?.id }])
	})
})

describe('purgeStaleRateLimits', () => {
	test('deletes windows older than a day and keeps the current ones', async () => {
		await db.execute(sql`insert into rate_limits (key, window_start, count) values
			('signin:ip:1', ${daysAgo(2)}, 5), ('checkout:ip:1', ${daysAgo(1.5)}, 3),
			('checkout:ip:1', ${new Date(Date.now() - 60_000).toISOString()}, 1)`)
		await purgeStaleRateLimits()
		expect(await queryRows<{ key: string }>(sql`select key from rate_limits`)).toEqual([{ key: 'checkout:ip:1' }])
	})
})

describe('purgeOldPaymentNotifications (decision 119)', () => {
	test('drops notifications processed over a month ago and failed ones after three; keeps recent and waiting ones', async () => {
		await db.execute(sql`delete from payment_inbox`)
		await db.execute(sql`insert into payment_inbox (provider, payload, received_at, processed_at) values
			('api-pix', '{"n":"old-done"}'::jsonb, ${daysAgo(40)}, ${daysAgo(40)}),
			('mercadopago', '{"n":"recent-done"}'::jsonb, ${daysAgo(10)}, ${daysAgo(10)}),
			('api-pix', '{"n":"old-failed"}'::jsonb, ${daysAgo(100)}, null),
			('mercadopago', '{"n":"failing"}'::jsonb, ${daysAgo(40)}, null)`)
		expect(await purgeOldPaymentNotifications()).toBe(2)
		const left = await queryRows<{ n: string }>(sql`select payload->>'n' as n from payment_inbox order by n`)
		expect(left.map((row) => row.n)).toEqual(['failing', 'recent-done'])
	})
})
