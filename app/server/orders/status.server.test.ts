import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { checkoutValues } from '#tests/fixtures/checkout-values'
import { withTestDatabase } from '#tests/setup/with-database'
import { clearCommerceTables, createProduct } from '~/commerce/builtin/test-factories.server'
import { users } from '~/db/schema'
import { db, queryRows } from '~/server/db.server'
import { clearStoreSettingsCache } from '~/server/settings.server'
import { ORDER_STATUS_MESSAGES, ORDER_TRANSITIONS, changeOrderStatus, purchasePoints } from './status.server'

withTestDatabase()

beforeEach(async () => {
	await db.execute(sql`truncate orders, coupons, coupon_redemptions, order_lines, order_status_history, mail_outbox cascade`)
	await db.execute(sql`truncate points_history, user_gamification cascade`)
	await clearCommerceTables()
	await db.execute(sql`delete from store_settings`)
	clearStoreSettingsCache()
})

async function createUser() {
	const [user] = await db
		.insert(users)
		.values({ email: `cliente.${randomUUID()}@exemplo.test`, passwordHash: 'nao-usado' })
		.returning({ id: users.id })
	if (!user) throw new Error('usuário não criado')
	return user.id
}

/** An order as the checkout leaves it: lines whose stock was already reserved. */
async function insertOrder(options: {
	userId?: string | null
	totalCents?: number
	lines?: { variantId: string; quantity: number }[]
	couponId?: string
}) {
	const reference = `PET-T${randomUUID().slice(0, 5).toUpperCase()}`
	const total = options.totalCents ?? 12345
	const c = checkoutValues({ paymentMethod: 'pix' })
	const [order] = await queryRows<{ id: string }>(sql`
		insert into orders (reference, user_id, idempotency_key, customer_name, email, cpf, phone, cep, street, number,
			district, city, uf, shipping_cents, subtotal_cents, discount_cents, total_cents, payment_method, coupon_code)
		values (${reference}, ${options.userId ?? null}, ${c.idempotencyKey}, ${c.name}, ${c.email}, ${c.cpf},
			${c.phone}, ${c.cep}, ${c.street}, ${c.number}, ${c.district}, ${c.city}, ${c.uf}, 0, ${total}, 0, ${total}, ${c.paymentMethod},
			${options.couponId ? 'CUPOM' : null})
		returning id`)
	if (!order) throw new Error('pedido não criado')
	for (const line of options.lines ?? []) {
		await db.execute(sql`insert into order_lines (order_id, variant_id, product_handle, product_title, variant_title,
			unit_price_cents, quantity, line_total_cents)
			values (${order.id}::uuid, ${line.variantId}::uuid, 'produto', 'Produto', 'Único', 100, ${line.quantity}, ${100 * line.quantity})`)
	}
	if (options.couponId) {
		await db.execute(sql`insert into coupon_redemptions (coupon_id, order_id) values (${options.couponId}::uuid, ${order.id}::uuid)`)
	}
	return { id: order.id, reference }
}

async function statusOf(orderId: string) {
	const [row] = await queryRows<{ status: string; tracking_code: string | null; paid_at: unknown }>(
		sql`select status, tracking_code, paid_at from orders where id = ${orderId}::uuid`,
	)
	return row
}

async function pointsOf(userId: string) {
	const [row] = await queryRows<{ total_points: number }>(sql`select total_points from user_gamification where user_id = ${userId}::uuid`)
	return row?.total_points ?? 0
}

describe('purchasePoints', () => {
	test('10 points per whole real paid', () => {
		expect(purchasePoints(12345)).toBe(1230)
		expect(purchasePoints(99)).toBe(0)
		expect(purchasePoints(100)).toBe(10)
		expect(purchasePoints(0)).toBe(0)
	})
})

describe('changeOrderStatus', () => {
	test('walks the whole happy path and records every change with who made it', async () => {
		const adminId = await createUser()
		const order = await insertOrder({})
		expect(await changeOrderStatus({ orderId: order.id, to: 'pago', actorUserId: adminId })).toEqual({ ok: true })
		expect((await statusOf(order.id))?.paid_at).not.toBeNull()
		expect(await changeOrderStatus({ orderId: order.id, to: 'em_producao', actorUserId: adminId })).toEqual({ ok: true })
		expect(await changeOrderStatus({ orderId: order.id, to: 'enviado', actorUserId: adminId, trackingCode: '  BR123456789BR ' })).toEqual({
			ok: true,
		})
		expect(await statusOf(order.id)).toMatchObject({ status: 'enviado', tracking_code: 'BR123456789BR' })
		expect(await changeOrderStatus({ orderId: order.id, to: 'entregue', actorUserId: adminId })).toEqual({ ok: true })

		const history = await queryRows<{ from_status: string; to_status: string; changed_by_user_id: string; note: string | null }>(
			sql`select from_status, to_status, changed_by_user_id, note from order_status_history
				where order_id = ${order.id}::uuid order by created_at, to_status`,
		)
		expect(history.map((h) => `${h.from_status}→${h.to_status}`)).toEqual([
			'aguardando_pagamento→pago',
			'pago→em_producao',
			'em_producao→enviado',
			'enviado→entregue',
		])
		expect(history.every((h) => h.changed_by_user_id === adminId)).toBe(true)
		expect(history[2]?.note).toBe('Rastreio: BR123456789BR')
	})

	test('refuses invalid transitions with a Portuguese message and changes nothing', async () => {
		const order = await insertOrder({})
		expect(await changeOrderStatus({ orderId: order.id, to: 'enviado', actorUserId: null, trackingCode: 'X1' })).toEqual({
			ok: false,
			message: 'Não é possível mudar o pedido de "Aguardando pagamento" para "Enviado".',
		})
		expect(await changeOrderStatus({ orderId: order.id, to: 'aguardando_pagamento', actorUserId: null })).toEqual({
			ok: false,
			message: 'O pedido já está "Aguardando pagamento".',
		})
		expect(await changeOrderStatus({ orderId: randomUUID(), to: 'pago', actorUserId: null })).toEqual({
			ok: false,
			message: ORDER_STATUS_MESSAGES.notFound,
		})
		expect(await changeOrderStatus({ orderId: 'nao-e-uuid', to: 'pago', actorUserId: null })).toEqual({
			ok: false,
			message: ORDER_STATUS_MESSAGES.notFound,
		})
		expect((await statusOf(order.id))?.status).toBe('aguardando_pagamento')
		const [count] = await queryRows<{ n: number }>(sql`select count(*)::int as n from order_status_history`)
		expect(count?.n).toBe(0)
	})

	test('requires a tracking code to ship', async () => {
		const order = await insertOrder({})
		await changeOrderStatus({ orderId: order.id, to: 'pago', actorUserId: null })
		await changeOrderStatus({ orderId: order.id, to: 'em_producao', actorUserId: null })
		expect(await changeOrderStatus({ orderId: order.id, to: 'enviado', actorUserId: null, trackingCode: '   ' })).toEqual({
			ok: false,
			message: ORDER_STATUS_MESSAGES.trackingRequired,
		})
		expect((await statusOf(order.id))?.status).toBe('em_producao')
	})

	test('final states go nowhere', async () => {
		expect(ORDER_TRANSITIONS.entregue).toEqual([])
		expect(ORDER_TRANSITIONS.cancelado).toEqual([])
		const order = await insertOrder({})
		await changeOrderStatus({ orderId: order.id, to: 'cancelado', actorUserId: null, actorLabel: 'Cliente desistiu' })
		const result = await changeOrderStatus({ orderId: order.id, to: 'pago', actorUserId: null })
		expect(result.ok).toBe(false)
	})

	test("awards purchase points once even when 'pago' is applied twice at the same time, and mails the buyer", async () => {
		const userId = await createUser()
		const order = await insertOrder({ userId, totalCents: 15990 })
		const results = await Promise.all([
			changeOrderStatus({ orderId: order.id, to: 'pago', actorUserId: null, actorLabel: 'Pagamento aprovado' }),
			changeOrderStatus({ orderId: order.id, to: 'pago', actorUserId: null, actorLabel: 'Pagamento aprovado' }),
		])
		expect(results.filter((r) => r.ok)).toHaveLength(1)
		expect(results.find((r) => !r.ok)).toEqual({ ok: false, message: 'O pedido já está "Pago".' })
		expect(await pointsOf(userId)).toBe(1590)
		const history = await queryRows<{ action_type: string; description: string; points: number }>(
			sql`select action_type, description, points from points_history where user_id = ${userId}::uuid`,
		)
		expect(history).toEqual([{ action_type: 'purchase', description: `Compra #${order.reference}`, points: 1590 }])
		const [statusRows] = await queryRows<{ n: number }>(
			sql`select count(*)::int as n from order_status_history where order_id = ${order.id}::uuid and to_status = 'pago'`,
		)
		expect(statusRows?.n).toBe(1)
		const mails = await queryRows<{ to: string; subject: string; text: string }>(sql`select "to", subject, text from mail_outbox`)
		expect(mails).toHaveLength(1)
		expect(mails[0]).toMatchObject({ to: 'maria@example.com', subject: `Pagamento confirmado: ${order.reference}` })
		expect(mails[0]?.text).toContain('Pet Estilo')
	})

	test('an order without a user is paid without points', async () => {
		const order = await insertOrder({ userId: null })
		expect(await changeOrderStatus({ orderId: order.id, to: 'pago', actorUserId: null })).toEqual({ ok: true })
		const [row] = await queryRows<{ n: number }>(sql`select count(*)::int as n from points_history`)
		expect(row?.n).toBe(0)
	})

	test('shipping mails the tracking code', async () => {
		const order = await insertOrder({})
		await changeOrderStatus({ orderId: order.id, to: 'pago', actorUserId: null })
		await changeOrderStatus({ orderId: order.id, to: 'em_producao', actorUserId: null })
		await changeOrderStatus({ orderId: order.id, to: 'enviado', actorUserId: null, trackingCode: 'QB987654321BR' })
		const mails = await queryRows<{ subject: string; text: string }>(
			sql`select subject, text from mail_outbox where subject like 'Pedido enviado%'`,
		)
		expect(mails).toHaveLength(1)
		expect(mails[0]?.text).toContain('Código de rastreio: QB987654321BR')
	})

	test('cancelling returns stock to tracked variants and the coupon use', async () => {
		const { variants } = await createProduct({ variants: [{ stock: 3 }, { stock: null }] })
		const [tracked, untracked] = variants as [(typeof variants)[number], (typeof variants)[number]]
		const [coupon] = await queryRows<{ id: string }>(
			sql`insert into coupons (code, kind, value, usage_limit, used_count) values ('UMAVEZ', 'percentage', 10, 1, 1) returning id`,
		)
		const order = await insertOrder({
			lines: [
				{ variantId: tracked.id, quantity: 2 },
				{ variantId: untracked.id, quantity: 1 },
			],
			couponId: coupon?.id,
		})
		await changeOrderStatus({ orderId: order.id, to: 'pago', actorUserId: null })
		expect(await changeOrderStatus({ orderId: order.id, to: 'cancelado', actorUserId: null })).toEqual({ ok: true })
		const stock = await queryRows<{ id: string; stock: number | null }>(
			sql`select id, stock from product_variants where id in (${tracked.id}::uuid, ${untracked.id}::uuid)`,
		)
		expect(stock.find((s) => s.id === tracked.id)?.stock).toBe(5)
		expect(stock.find((s) => s.id === untracked.id)?.stock).toBeNull()
		const [couponRow] = await queryRows<{ used_count: number }>(sql`select used_count from coupons where code = 'UMAVEZ'`)
		expect(couponRow?.used_count).toBe(0)
		// A second cancel is refused, so the stock cannot be returned twice.
		expect((await changeOrderStatus({ orderId: order.id, to: 'cancelado', actorUserId: null })).ok).toBe(false)
		const [again] = await queryRows<{ stock: number }>(sql`select stock from product_variants where id = ${tracked.id}::uuid`)
		expect(again?.stock).toBe(5)
	})

	test('concurrent cancellations return the stock once', async () => {
		const { variant } = await createProduct({ variants: [{ stock: 0 }] })
		const order = await insertOrder({ lines: [{ variantId: variant.id, quantity: 1 }] })
		const results = await Promise.all(
			Array.from({ length: 5 }, () => changeOrderStatus({ orderId: order.id, to: 'cancelado', actorUserId: null })),
		)
		expect(results.filter((r) => r.ok)).toHaveLength(1)
		const [row] = await queryRows<{ stock: number }>(sql`select stock from product_variants where id = ${variant.id}::uuid`)
		expect(row?.stock).toBe(1)
	})
})
