import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { checkoutValues } from '#tests/fixtures/checkout-values'
import { withTestDatabase } from '#tests/setup/with-database'
import { clearCommerceTables, createProduct } from '~/commerce/builtin/test-factories.server'
import { users } from '~/db/schema'
import { db, queryRows } from '~/server/db.server'
import { JobRunner } from '~/server/jobs/runner.server'
import { clearStoreSettingsCache, updateStoreSettings } from '~/server/settings.server'
import { ABANDONED_CARD_HISTORY_NOTE, EXPIRY_HISTORY_NOTE, expireUnpaidOrders, pixPaymentDeadline } from './expiry.server'
import { changeOrderStatus } from './status.server'

withTestDatabase()

const HOUR = 60 * 60 * 1000

beforeEach(async () => {
	await db.execute(sql`truncate orders, coupons, coupon_redemptions, order_lines, order_status_history, mail_outbox cascade`)
	await db.execute(sql`truncate points_history, user_gamification cascade`)
	await clearCommerceTables()
	await db.execute(sql`delete from store_settings`)
	clearStoreSettingsCache()
})

/**
 * A PIX order as the checkout leaves it, placed `ageHours` ago: its units already taken from
 * the variant's stock and, with a coupon, one use counted and redeemed.
 */
async function placedOrder(options: {
	ageHours: number
	variantId: string
	quantity: number
	couponId?: string
	paymentMethod?: 'pix' | 'card'
	userId?: string
}) {
	const reference = `PET-X${randomUUID().slice(0, 5).toUpperCase()}`
	const createdAt = new Date(Date.now() - options.ageHours * HOUR).toISOString()
	const c = checkoutValues({ paymentMethod: options.paymentMethod ?? 'pix' })
	const [order] = await queryRows<{ id: string }>(sql`
		insert into orders (reference, user_id, idempotency_key, customer_name, email, cpf, phone, cep, street, number,
			district, city, uf, shipping_cents, subtotal_cents, discount_cents, total_cents, payment_method, coupon_code, created_at)
		values (${reference}, ${options.userId ?? null}, ${c.idempotencyKey}, ${c.name}, ${c.email}, ${c.cpf},
			${c.phone}, ${c.cep}, ${c.street}, ${c.number}, ${c.district}, ${c.city}, ${c.uf}, 0, 5000, 0, 5000,
			${c.paymentMethod}, ${options.couponId ? 'UMAVEZ' : null}, ${createdAt})
		returning id`)
	if (!order) throw new Error('pedido não criado')
	await db.execute(sql`insert into order_lines (order_id, variant_id, product_handle, product_title, variant_title,
		unit_price_cents, quantity, line_total_cents)
		values (${order.id}::uuid, ${options.variantId}::uuid, 'bandana', 'Bandana', 'Único', 100, ${options.quantity}, ${100 * options.quantity})`)
	await db.execute(sql`update product_variants set stock = stock - ${options.quantity} where id = ${options.variantId}::uuid`)
	if (options.couponId) {
		await db.execute(sql`update coupons set used_count = used_count + 1 where id = ${options.couponId}::uuid`)
		await db.execute(sql`insert into coupon_redemptions (coupon_id, order_id) values (${options.couponId}::uuid, ${order.id}::uuid)`)
	}
	return { id: order.id, reference }
}

async function singleUseCoupon() {
	const [coupon] = await queryRows<{ id: string }>(
		sql`insert into coupons (code, kind, value, usage_limit, used_count) values ('UMAVEZ', 'percentage', 10, 1, 0) returning id`,
	)
	if (!coupon) throw new Error('cupom não criado')
	return coupon.id
}

const stockOf = async (variantId: string) =>
	(await queryRows<{ stock: number }>(sql`select stock from product_variants where id = ${variantId}::uuid`))[0]?.stock
const couponUses = async () =>
	(await queryRows<{ used_count: number }>(sql`select used_count from coupons where code = 'UMAVEZ'`))[0]?.used_count
const statusOf = async (orderId: string) =>
	(await queryRows<{ status: string }>(sql`select status from orders where id = ${orderId}::uuid`))[0]?.status
const historyOf = (orderId: string) =>
	queryRows<{ from_status: string; to_status: string; note: string | null; changed_by_user_id: string | null }>(
		sql`select from_status, to_status, note, changed_by_user_id from order_status_history where order_id = ${orderId}::uuid`,
	)
const outbox = () => queryRows<{ to: string; subject: string; text: string }>(sql`select "to", subject, text from mail_outbox`)

describe('pixPaymentDeadline', () => {
	test('is the order time plus the window', () => {
		expect(pixPaymentDeadline('2026-03-10T12:00:00Z', 24).toISOString()).toBe('2026-03-11T12:00:00.000Z')
		expect(pixPaymentDeadline(new Date('2026-03-10T23:30:00Z'), 1).toISOString()).toBe('2026-03-11T00:30:00.000Z')
	})
})

describe('expireUnpaidOrders', () => {
	test('cancels a PIX order past its window: stock and coupon use back, history row, e-mail to the buyer', async () => {
		const { variant } = await createProduct({ variants: [{ stock: 3 }] })
		const couponId = await singleUseCoupon()
		const order = await placedOrder({ ageHours: 25, variantId: variant.id, quantity: 2, couponId })
		expect(await stockOf(variant.id)).toBe(1)
		expect(await couponUses()).toBe(1)

		expect(await expireUnpaidOrders()).toBe(1)

		expect(await statusOf(order.id)).toBe('cancelado')
		expect(await stockOf(variant.id)).toBe(3)
		expect(await couponUses()).toBe(0)
		expect(await historyOf(order.id)).toEqual([
			{ from_status: 'aguardando_pagamento', to_status: 'cancelado', note: EXPIRY_HISTORY_NOTE, changed_by_user_id: null },
		])
		const mails = await outbox()
		expect(mails).toHaveLength(1)
		expect(mails[0]).toMatchObject({ to: 'maria@example.com', subject: `Pedido cancelado: ${order.reference}` })
		expect(mails[0]?.text).toContain('Não recebemos o pagamento PIX')
		expect(mails[0]?.text).toContain(`/pedido/${order.reference}`)

		// A second run finds nothing left to do: nothing is given back twice.
		expect(await expireUnpaidOrders()).toBe(0)
		expect(await stockOf(variant.id)).toBe(3)
		expect(await couponUses()).toBe(0)
		expect(await outbox()).toHaveLength(1)
	})

	test('leaves orders inside their window, paid orders and card orders being charged alone', async () => {
		const { variant } = await createProduct({ variants: [{ stock: 10 }] })
		const recent = await placedOrder({ ageHours: 23, variantId: variant.id, quantity: 1 })
		const paid = await placedOrder({ ageHours: 30, variantId: variant.id, quantity: 1 })
		await changeOrderStatus({ orderId: paid.id, to: 'pago', actorUserId: null })
		const card = await placedOrder({ ageHours: 30, variantId: variant.id, quantity: 1, paymentMethod: 'card' })
		// A charge claimed just now touches updated_at: the order is being paid, not abandoned.
		await db.execute(sql`update orders set updated_at = now() - interval '5 minutes' where id = ${card.id}::uuid`)

		expect(await expireUnpaidOrders()).toBe(0)
		expect(await statusOf(recent.id)).toBe('aguardando_pagamento')
		expect(await statusOf(paid.id)).toBe('pago')
		expect(await statusOf(card.id)).toBe('aguardando_pagamento')
		expect(await stockOf(variant.id)).toBe(7)
	})

	test('cancels a card order abandoned mid-charge, without the PIX e-mail', async () => {
		const { variant } = await createProduct({ variants: [{ stock: 4 }] })
		const couponId = await singleUseCoupon()
		const card = await placedOrder({ ageHours: 2, variantId: variant.id, quantity: 1, paymentMethod: 'card', couponId })
		await db.execute(sql`update orders set updated_at = now() - interval '61 minutes' where id = ${card.id}::uuid`)

		expect(await expireUnpaidOrders()).toBe(1)
		expect(await statusOf(card.id)).toBe('cancelado')
		expect(await stockOf(variant.id)).toBe(4)
		expect(await couponUses()).toBe(0)
		expect((await historyOf(card.id)).map((h) => h.note)).toContain(ABANDONED_CARD_HISTORY_NOTE)
		expect(await outbox()).toHaveLength(0)
		expect(await expireUnpaidOrders()).toBe(0)
	})

	test('never cancels a card order that was charged and only missed its change to pago (decision 059)', async () => {
		const { variant } = await createProduct({ variants: [{ stock: 4 }] })
		const card = await placedOrder({ ageHours: 2, variantId: variant.id, quantity: 1, paymentMethod: 'card' })
		await db.execute(sql`update orders set payment_reference = 'test_cobrado', updated_at = now() - interval '61 minutes'
			where id = ${card.id}::uuid`)

		expect(await expireUnpaidOrders()).toBe(0)
		expect(await statusOf(card.id)).toBe('aguardando_pagamento')
		expect(await stockOf(variant.id)).toBe(3)
	})

	test('follows the store setting for the window', async () => {
		const { variant } = await createProduct({ variants: [{ stock: 5 }] })
		const order = await placedOrder({ ageHours: 3, variantId: variant.id, quantity: 1 })
		expect(await expireUnpaidOrders()).toBe(0)
		await updateStoreSettings({ pixPaymentWindowHours: 2 })
		expect(await expireUnpaidOrders()).toBe(1)
		expect(await statusOf(order.id)).toBe('cancelado')
	})

	test('an admin marking the order paid at the same moment: exactly one of the two applies', async () => {
		const { variant } = await createProduct({ variants: [{ stock: 5 }] })
		const couponId = await singleUseCoupon()
		for (let round = 0; round < 4; round++) {
			await db.execute(sql`delete from mail_outbox`)
			const order = await placedOrder({ ageHours: 48, variantId: variant.id, quantity: 1, couponId })
			const [expired, paid] = await Promise.all([
				expireUnpaidOrders(),
				changeOrderStatus({ orderId: order.id, to: 'pago', actorUserId: null }),
			])
			const status = await statusOf(order.id)
			if (status === 'pago') {
				// The admin won: the order keeps its units and its coupon use.
				expect(expired).toBe(0)
				expect(await stockOf(variant.id)).toBe(4)
				expect(await couponUses()).toBe(1)
			} else {
				expect(status).toBe('cancelado')
				expect(expired).toBe(1)
				expect(paid.ok).toBe(false)
				expect(await stockOf(variant.id)).toBe(5)
				expect(await couponUses()).toBe(0)
			}
			expect(await historyOf(order.id)).toHaveLength(1)
			// Reset for the next round.
			await db.execute(sql`truncate orders, coupon_redemptions, order_lines, order_status_history cascade`)
			await db.execute(sql`update product_variants set stock = 5 where id = ${variant.id}::uuid`)
			await db.execute(sql`update coupons set used_count = 0`)
		}
	})
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('expiry on PostgreSQL, two runners racing', () => {
	test('every expired order is cancelled exactly once: stock, coupon, history and e-mail once', async () => {
		const { variant } = await createProduct({ variants: [{ stock: 40 }] })
		const couponId = await singleUseCoupon()
		await db.execute(sql`update coupons set usage_limit = null`)
		const orders = []
		for (let i = 0; i < 12; i++) orders.push(await placedOrder({ ageHours: 30, variantId: variant.id, quantity: 2, couponId }))
		expect(await stockOf(variant.id)).toBe(16)
		expect(await couponUses()).toBe(12)

		// Two "servers": two runners, each with the job, plus the job function called bare
		// (no advisory lock) twice at the same time: the row lock alone must keep it exact.
		const runners = [new JobRunner(), new JobRunner()]
		for (const runner of runners) runner.register({ name: 'expirar-teste', intervalMs: 60_000, run: () => expireUnpaidOrders() })
		const outcomes = await Promise.all([...runners.map((r) => r.runNow('expirar-teste')), expireUnpaidOrders(), expireUnpaidOrders()])
		expect(outcomes.slice(0, 2).every((o) => o === 'ran' || o === 'skipped')).toBe(true)
		expect(outcomes.slice(2).reduce<number>((sum, n) => sum + Number(n), 0)).toBeLessThanOrEqual(12)

		expect(await stockOf(variant.id)).toBe(40)
		expect(await couponUses()).toBe(0)
		const history = await queryRows<{ n: number }>(sql`select count(*)::int as n from order_status_history where to_status = 'cancelado'`)
		expect(history[0]?.n).toBe(12)
		const mails = await outbox()
		expect(mails).toHaveLength(12)
		expect(new Set(mails.map((m) => m.subject)).size).toBe(12)
		for (const order of orders) expect(await statusOf(order.id)).toBe('cancelado')
	})

	test('the advisory lock lets one runner run a job while the other skips it', async () => {
		let release!: () => void
		const gate = new Promise<void>((resolve) => {
			release = resolve
		})
		let runs = 0
		const job = {
			name: 'tarefa-bloqueada',
			intervalMs: 60_000,
			run: async () => {
				runs += 1
				await gate
			},
		}
		const first = new JobRunner()
		const second = new JobRunner()
		first.register(job)
		second.register(job)
		const running = first.runNow(job.name)
		// Wait until the first holds the lock (its job has started).
		while (runs === 0) await new Promise((r) => setTimeout(r, 10))
		expect(await second.runNow(job.name)).toBe('skipped')
		release()
		expect(await running).toBe('ran')
		expect(await second.runNow(job.name)).toBe('ran')
		expect(runs).toBe(2)
	})
})

describe('points of a cancelled paid order (decision 20)', () => {
	test('are taken back once, as a negative ledger entry', async () => {
		const [user] = await db
			.insert(users)
			.values({ email: `cliente.${randomUUID()}@exemplo.test`, passwordHash: 'nao-usado' })
			.returning({ id: users.id })
		if (!user) throw new Error('usuário não criado')
		const { variant } = await createProduct({ variants: [{ stock: 5 }] })
		const order = await placedOrder({ ageHours: 1, variantId: variant.id, quantity: 1, userId: user.id })
		await changeOrderStatus({ orderId: order.id, to: 'pago', actorUserId: null })
		const total = async () =>
			(await queryRows<{ total_points: number }>(sql`select total_points from user_gamification where user_id = ${user.id}::uuid`))[0]
				?.total_points
		expect(await total()).toBe(500)

		expect(await changeOrderStatus({ orderId: order.id, to: 'cancelado', actorUserId: null })).toEqual({ ok: true })
		expect(await total()).toBe(0)
		const ledger = await queryRows<{ action_type: string; points: number; event_key: string }>(
			sql`select action_type, points, event_key from points_history where user_id = ${user.id}::uuid order by points desc`,
		)
		expect(ledger).toEqual([
			{ action_type: 'purchase', points: 500, event_key: `purchase:${order.id}` },
			{ action_type: 'purchase_reversal', points: -500, event_key: `purchase_reversal:${order.id}` },
		])
		// An expired (never paid) order had no points: nothing is written for it.
		const unpaid = await placedOrder({ ageHours: 30, variantId: variant.id, quantity: 1, userId: user.id })
		expect(await expireUnpaidOrders()).toBe(1)
		expect(await statusOf(unpaid.id)).toBe('cancelado')
		expect(await queryRows(sql`select 1 from points_history where user_id = ${user.id}::uuid`)).toHaveLength(2)
	})
})
