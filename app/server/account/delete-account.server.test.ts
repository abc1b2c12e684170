import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { fileFrom, pngOfSize } from '#tests/fixtures/media'
import { withDataDir } from '#tests/setup/with-data-dir'
import { checkoutValues } from '#tests/fixtures/checkout-values'
import { withTestDatabase } from '#tests/setup/with-database'
import { pointsHistory, sessions, userPhotos, userProfiles, userRoles, users } from '~/db/schema'
import { hashPassword } from '~/server/auth/password.server'
import { createSession } from '~/server/auth/session.server'
import { db, queryRows } from '~/server/db.server'
import { awardPointsOnce } from '~/server/loyalty/points.server'
import { getBucketStorage, parseUploadUrl, saveUpload } from '~/server/storage.server'
import { DELETE_ACCOUNT_MESSAGES, deleteAccount } from './delete-account.server'

withTestDatabase()
withDataDir()

const PASSWORD = 'senha-de-quem-sai-1'

async function customerWithData() {
	const email = `sai.${randomUUID()}@exemplo.test`
	const [user] = await db
		.insert(users)
		.values({ email, passwordHash: await hashPassword(PASSWORD) })
		.returning({ id: users.id })
	if (!user) throw new Error('usuário não criado')
	await db.insert(userProfiles).values({ userId: user.id, fullName: 'Maria Saída', phone: '11912345678', cpf: '52998224725' })
	await createSession(user.id, new Request('http://loja.test/'))
	await awardPointsOnce(db, { userId: user.id, actionType: 'review', description: 'Avaliação', points: 50, eventKey: `r:${user.id}` })
	const saved = await saveUpload({
		file: fileFrom(pngOfSize(2048), 'thor.png', 'image/png'),
		kind: 'image',
		bucket: 'user-photos',
		userId: user.id,
	})
	if (!saved.ok) throw new Error('foto não gravada')
	await db.insert(userPhotos).values({ userId: user.id, photoUrl: saved.upload.url })
	const c = checkoutValues({ name: 'Maria Saída', email, complement: 'apto 12', paymentMethod: 'pix' })
	const [order] = await queryRows<{ id: string }>(sql`
		insert into orders (reference, user_id, idempotency_key, customer_name, email, cpf, phone, cep, street, number, complement,
			district, city, uf, shipping_cents, subtotal_cents, discount_cents, total_cents, payment_method)
		values (${`PET-D${randomUUID().slice(0, 5).toUpperCase()}`}, ${user.id}, ${c.idempotencyKey}, ${c.name}, ${c.email}, ${c.cpf},
			${c.phone}, ${c.cep}, ${c.street}, ${c.number}, ${c.complement}, ${c.district}, ${c.city}, ${c.uf}, 0, 5000, 0, 5000,
			${c.paymentMethod})
		returning id`)
	await db.execute(sql`insert into reviews (product_id, product_name, customer_name, customer_email, user_id, rating, comment, is_approved)
		select id, title, 'Maria Saída', ${email}, ${user.id}::uuid, 5, 'Produto muito bom, recomendo.', true from products limit 1`)
	return { id: user.id, email, orderId: order!.id, photoUrl: saved.upload.url }
}

describe('Excluir minha conta', () => {
	test('a wrong password or no confirmation deletes nothing', async () => {
		const me = await customerWithData()
		expect(await deleteAccount(me.id, { password: 'errada-123', confirm: 'on' })).toEqual({
			ok: false,
			errors: { password: DELETE_ACCOUNT_MESSAGES.wrongPassword },
		})
		expect(await deleteAccount(me.id, { password: PASSWORD, confirm: '' })).toEqual({
			ok: false,
			errors: { confirm: DELETE_ACCOUNT_MESSAGES.confirmRequired },
		})
		expect(await db.select().from(users).where(eq(users.id, me.id))).toHaveLength(1)
		expect(await db.select().from(sessions).where(eq(sessions.userId, me.id))).toHaveLength(1)
	})

	test('the account and its personal rows go; the order stays, anonymised; the photo file is deleted', async () => {
		const me = await customerWithData()
		const bystander = await customerWithData()
		const location = parseUploadUrl(me.photoUrl)!
		expect(await getBucketStorage(location.bucket).exists(location.key)).toBe(true)

		expect(await deleteAccount(me.id, { password: PASSWORD, confirm: 'on' })).toEqual({ ok: true })

		expect(await db.select().from(users).where(eq(users.id, me.id))).toHaveLength(0)
		for (const table of [sessions, userProfiles, pointsHistory, userPhotos] as const) {
			expect(await db.select().from(table).where(eq(table.userId, me.id))).toHaveLength(0)
		}
		const [order] = await queryRows<Record<string, unknown>>(sql`select * from orders where id = ${me.orderId}::uuid`)
		expect(order).toMatchObject({
			user_id: null,
			customer_name: 'Cliente removido',
			email: 'cliente-removido@anonimo.invalid',
			cpf: '00000000000',
			phone: '',
			street: '',
			complement: null,
			city: 'São Paulo',
			uf: 'SP',
			total_cents: 5000,
		})
		const reviews = await queryRows<{ customer_name: string; customer_email: string }>(
			sql`select customer_name, customer_email from reviews where comment = 'Produto muito bom, recomendo.' and user_id is null`,
		)
		expect(reviews.every((r) => r.customer_name === 'Cliente' && r.customer_email !== me.email)).toBe(true)
		expect(await getBucketStorage(location.bucket).exists(location.key)).toBe(false)

		// Nobody else's data moved.
		expect(await db.select().from(users).where(eq(users.id, bystander.id))).toHaveLength(1)
		const [theirs] = await queryRows<{ email: string }>(sql`select email from orders where id = ${bystander.orderId}::uuid`)
		expect(theirs?.email).toBe(bystander.email)
		const other = parseUploadUrl(bystander.photoUrl)!
		expect(await getBucketStorage(other.bucket).exists(other.key)).toBe(true)
	})

	test('an admin account cannot delete itself here', async () => {
		const me = await customerWithData()
		await db.insert(userRoles).values({ userId: me.id, role: 'admin' })
		expect(await deleteAccount(me.id, { password: PASSWORD, confirm: 'on' })).toEqual({
			ok: false,
			errors: { password: DELETE_ACCOUNT_MESSAGES.admin },
		})
		expect(await db.select().from(users).where(eq(users.id, me.id))).toHaveLength(1)
	})
})
