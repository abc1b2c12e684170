import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { checkoutValues } from '#tests/fixtures/checkout-values'
import { withTestDatabase } from '#tests/setup/with-database'
import { pointsHistory, userProfiles, users } from '~/db/schema'
import { signUp } from '~/server/auth/accounts.server'
import { db, queryRows } from '~/server/db.server'
import { changeOrderStatus } from '~/server/orders/status.server'
import { clearStoreSettingsCache, updateStoreSettings } from '~/server/settings.server'
import { DEFAULT_LOYALTY_POINTS } from './point-values'
import { maskEmail, parseReferralCode, referralCodeOf } from './referrals.server'

withTestDatabase()

beforeEach(async () => {
	await db.execute(
		sql`truncate orders, order_status_history, points_history, user_gamification, badges, user_badges, store_settings cascade`,
	)
	clearStoreSettingsCache()
})

async function newCustomer(): Promise<{ id: string; email: string }> {
	const email = `indica.${randomUUID()}@exemplo.test`
	const [user] = await db.insert(users).values({ email, passwordHash: 'x' }).returning({ id: users.id })
	if (!user) throw new Error('usuário não criado')
	await db.insert(userProfiles).values({ userId: user.id })
	return { id: user.id, email }
}

async function paidOrderOf(userId: string): Promise<string> {
	const c = checkoutValues({ name: 'Ana', email: 'ana@example.com', paymentMethod: 'pix' })
	const [order] = await queryRows<{ id: string }>(sql`
		insert into orders (reference, user_id, idempotency_key, customer_name, email, cpf, phone, cep, street, number,
			district, city, uf, shipping_cents, subtotal_cents, discount_cents, total_cents, payment_method)
		values (${`PET-R${randomUUID().slice(0, 5).toUpperCase()}`}, ${userId}, ${c.idempotencyKey}, ${c.name}, ${c.email}, ${c.cpf},
			${c.phone}, ${c.cep}, ${c.street}, ${c.number}, ${c.district}, ${c.city}, ${c.uf}, 0, 5000, 0, 5000, ${c.paymentMethod})
		returning id`)
	if (!order) throw new Error('pedido não criado')
	const paid = await changeOrderStatus({ orderId: order.id, to: 'pago', actorUserId: null })
	expect(paid).toEqual({ ok: true })
	return order.id
}

const ledgerOf = (userId: string) => db.select().from(pointsHistory).where(eq(pointsHistory.userId, userId))

describe('referral codes', () => {
	test('made once per customer, stable, in the unambiguous alphabet', async () => {
		const { id } = await newCustomer()
		const [a, b] = await Promise.all([referralCodeOf(id), referralCodeOf(id)])
		expect(a).toBe(b)
		expect(a).toMatch(/^[A-HJ-NP-Z2-9]{8}$/)
		expect(await referralCodeOf(id)).toBe(a)
	})

	test('parseReferralCode accepts what a link carries, nothing else', () => {
		expect(parseReferralCode(' abcd2345 ')).toBe('ABCD2345')
		expect(parseReferralCode('ABCD0345')).toBeNull()
		expect(parseReferralCode("x' or 1=1")).toBeNull()
		expect(parseReferralCode(undefined)).toBeNull()
		expect(maskEmail('maria.silva@gmail.com')).toBe('ma***@gmail.com')
	})
})

describe('a referred friend', () => {
	test('signs up with the code; their first paid order gives the referrer the referral points once', async () => {
		const referrer = await newCustomer()
		const code = await referralCodeOf(referrer.id)
		const friendEmail = `amigo.${randomUUID()}@exemplo.test`
		const signed = await signUp({ email: friendEmail, password: 'senha-do-amigo-123', referralCode: code })
		expect(signed).toMatchObject({ ok: true, created: true })
		if (!signed.ok) return
		const [profile] = await db.select().from(userProfiles).where(eq(userProfiles.userId, signed.userId))
		expect(profile?.referredByUserId).toBe(referrer.id)

		await paidOrderOf(signed.userId)
		await paidOrderOf(signed.userId)
		const referrals = (await ledgerOf(referrer.id)).filter((row) => row.actionType === 'referral')
		expect(referrals).toHaveLength(1)
		expect(referrals[0]).toMatchObject({
			points: DEFAULT_LOYALTY_POINTS.referral,
			description: expect.stringContaining('am***@exemplo.test'),
		})
	})

	test('an unknown code refers nobody; without a referrer a paid order gives no referral points', async () => {
		const signed = await signUp({ email: `sem.${randomUUID()}@exemplo.test`, password: 'senha-do-amigo-123', referralCode: 'ZZZZ2222' })
		if (!signed.ok) throw new Error('cadastro recusado')
		const [profile] = await db.select().from(userProfiles).where(eq(userProfiles.userId, signed.userId))
		expect(profile?.referredByUserId).toBeNull()
		await paidOrderOf(signed.userId)
		expect(await db.select().from(pointsHistory).where(eq(pointsHistory.actionType, 'referral'))).toHaveLength(0)
	})

	test("the owner's values apply: referral points and a sign-up bonus", async () => {
		await updateStoreSettings({ loyaltyPoints: { ...DEFAULT_LOYALTY_POINTS, referral: 250, signupBonus: 15 } })
		const referrer = await newCustomer()
		const signed = await signUp({
			email: `bonus.${randomUUID()}@exemplo.test`,
			password: 'senha-do-amigo-123',
			referralCode: await referralCodeOf(referrer.id),
		})
		if (!signed.ok) throw new Error('cadastro recusado')
		expect((await ledgerOf(signed.userId)).map((r) => [r.actionType, r.points])).toEqual([['signup', 15]])
		await paidOrderOf(signed.userId)
		expect((await ledgerOf(referrer.id)).map((r) => [r.actionType, r.points])).toEqual([['referral', 250]])
	})
})
