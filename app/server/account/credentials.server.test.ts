import { randomUUID } from 'node:crypto'
import { and, desc, eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { mailOutbox, sessions, users } from '~/db/schema'
import { hashPassword, verifyPassword } from '~/server/auth/password.server'
import { createSession } from '~/server/auth/session.server'
import { db } from '~/server/db.server'
import { CREDENTIAL_MESSAGES, changePassword, confirmEmailChange, requestEmailChange } from './credentials.server'

withTestDatabase()

beforeEach(async () => {
	await db.execute(sql`truncate rate_limits`)
})

const PASSWORD = 'senha-atual-123'

async function customer() {
	const email = `troca.${randomUUID()}@exemplo.test`
	const [user] = await db
		.insert(users)
		.values({ email, passwordHash: await hashPassword(PASSWORD) })
		.returning({ id: users.id })
	if (!user) throw new Error('usuário não criado')
	// Two devices: this one (whose cookie the request carries) and another.
	const here = (await createSession(user.id, new Request('http://loja.test/'))).split(';')[0] ?? ''
	await createSession(user.id, new Request('http://loja.test/'))
	return { id: user.id, email, request: new Request('http://loja.test/user/profile', { headers: { cookie: here } }) }
}

const sessionCount = async (userId: string) => (await db.select().from(sessions).where(eq(sessions.userId, userId))).length
const lastMailTo = async (to: string) =>
	(await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)))[0]

describe('changing the password', () => {
	test('needs the current password; ends the other sessions, keeps this one', async () => {
		const me = await customer()
		const wrong = await changePassword(me.id, me.request, {
			currentPassword: 'errada-123',
			newPassword: 'nova-senha-456',
			confirmPassword: 'nova-senha-456',
		})
		expect(wrong).toEqual({ ok: false, errors: { currentPassword: CREDENTIAL_MESSAGES.wrongPassword } })
		const differ = await changePassword(me.id, me.request, {
			currentPassword: PASSWORD,
			newPassword: 'nova-senha-456',
			confirmPassword: 'outra-789',
		})
		expect(differ).toEqual({ ok: false, errors: { confirmPassword: CREDENTIAL_MESSAGES.passwordsDiffer } })
		const short = await changePassword(me.id, me.request, { currentPassword: PASSWORD, newPassword: 'curta', confirmPassword: 'curta' })
		expect(short.ok).toBe(false)
		expect(await sessionCount(me.id)).toBe(2)

		expect(
			await changePassword(me.id, me.request, {
				currentPassword: PASSWORD,
				newPassword: 'nova-senha-456',
				confirmPassword: 'nova-senha-456',
			}),
		).toEqual({
			ok: true,
			message: CREDENTIAL_MESSAGES.passwordChanged,
		})
		const [stored] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, me.id))
		expect(await verifyPassword('nova-senha-456', stored!.hash)).toBe(true)
		expect(await sessionCount(me.id)).toBe(1)
	})

	test('guessing the current password through the form is limited', async () => {
		const me = await customer()
		const attempts = []
		for (let i = 0; i < 11; i++) {
			attempts.push(
				await changePassword(me.id, me.request, {
					currentPassword: `chute-${i}`,
					newPassword: 'nova-senha-456',
					confirmPassword: 'nova-senha-456',
				}),
			)
		}
		expect(attempts.at(-1)).toEqual({ ok: false, errors: { currentPassword: CREDENTIAL_MESSAGES.tooManyAttempts } })
	})
})

describe('changing the e-mail', () => {
	test('a link goes to the new address, the old one is told; opening it swaps the address and ends the other sessions', async () => {
		const me = await customer()
		const newEmail = `nova.${randomUUID()}@exemplo.test`
		expect(await requestEmailChange(me.id, { newEmail: 'nao-e-email', currentPassword: PASSWORD })).toMatchObject({
			ok: false,
			errors: { newEmail: expect.any(String) },
		})
		expect(await requestEmailChange(me.id, { newEmail, currentPassword: 'errada' })).toEqual({
			ok: false,
			errors: { currentPassword: CREDENTIAL_MESSAGES.wrongPassword },
		})
		expect(await requestEmailChange(me.id, { newEmail: me.email.toUpperCase(), currentPassword: PASSWORD })).toEqual({
			ok: false,
			errors: { newEmail: CREDENTIAL_MESSAGES.sameEmail },
		})

		expect(await requestEmailChange(me.id, { newEmail: ` ${newEmail.toUpperCase()} `, currentPassword: PASSWORD })).toEqual({
			ok: true,
			message: CREDENTIAL_MESSAGES.emailChangeSent(newEmail),
		})
		// Nothing changes until the link is opened.
		expect((await db.select({ email: users.email }).from(users).where(eq(users.id, me.id)))[0]?.email).toBe(me.email)
		const notice = await lastMailTo(me.email)
		expect(notice?.subject).toBe('Pedido de troca do e-mail da sua conta')
		const link = await lastMailTo(newEmail)
		const token = /\/auth\/novo-email\?token=([A-Za-z0-9_-]+)/.exec(link?.text ?? '')?.[1] ?? ''
		expect(token).not.toBe('')

		const elsewhere = new Request('http://loja.test/auth/novo-email', { method: 'POST' })
		expect(await confirmEmailChange(token, elsewhere)).toEqual({ ok: true, userId: me.id })
		const [after] = await db.select().from(users).where(eq(users.id, me.id))
		expect(after?.email).toBe(newEmail)
		expect(after?.emailVerifiedAt).not.toBeNull()
		// Opened in a browser without this account's session: every session ended.
		expect(await sessionCount(me.id)).toBe(0)
		// Once only.
		expect(await confirmEmailChange(token, elsewhere)).toMatchObject({ ok: false })
	})

	test("another account's address gets no link and the same answer; taken after the link was sent, the swap is refused", async () => {
		const me = await customer()
		const other = await customer()
		expect(await requestEmailChange(me.id, { newEmail: other.email, currentPassword: PASSWORD })).toEqual({
			ok: true,
			message: CREDENTIAL_MESSAGES.emailChangeSent(other.email),
		})
		const toOther = await db
			.select()
			.from(mailOutbox)
			.where(and(eq(mailOutbox.to, other.email), eq(mailOutbox.subject, 'Confirme seu novo e-mail')))
		expect(toOther).toHaveLength(0)

		const free = `livre.${randomUUID()}@exemplo.test`
		await requestEmailChange(me.id, { newEmail: free, currentPassword: PASSWORD })
		const token = /token=([A-Za-z0-9_-]+)/.exec((await lastMailTo(free))?.text ?? '')?.[1] ?? ''
		await db.update(users).set({ email: free }).where(eq(users.id, other.id))
		expect(await confirmEmailChange(token, me.request)).toEqual({ ok: false, message: CREDENTIAL_MESSAGES.emailTaken })
		expect((await db.select({ email: users.email }).from(users).where(eq(users.id, me.id)))[0]?.email).toBe(me.email)
	})
})
