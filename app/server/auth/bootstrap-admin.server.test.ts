import { eq } from 'drizzle-orm'
import { describe, expect, test, vi } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { activityLog, sessions, userRoles, users } from '~/db/schema'
import { logger } from '~/server/logger.server'
import { db } from '~/server/db.server'
import { ensureAdmin } from './bootstrap-admin.server'
import { hashPassword, verifyPassword } from './password.server'
import { createSession } from './session.server'

withTestDatabase()

const noEnv = { ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined }

async function adminEmails() {
	const rows = await db
		.select({ email: users.email })
		.from(userRoles)
		.innerJoin(users, eq(users.id, userRoles.userId))
		.where(eq(userRoles.role, 'admin'))
	return rows.map((r) => r.email).sort()
}

describe('ensureAdmin', () => {
	test('without env: creates admin@loja.local once, prints its password once, and it works', async () => {
		const log = vi.spyOn(console, 'log').mockImplementation(() => {})
		// Two app servers starting at the same moment.
		await Promise.all([ensureAdmin(noEnv), ensureAdmin(noEnv)])
		await ensureAdmin(noEnv)
		expect(await adminEmails()).toEqual(['admin@loja.local'])
		expect(log).toHaveBeenCalledTimes(1)
		const printed = String(log.mock.calls[0]?.[0])
		expect(printed).toContain('admin@loja.local')
		expect(printed).toContain('não será exibida novamente')
		const password = /senha (\S+)/.exec(printed)?.[1]
		expect(password?.length).toBeGreaterThanOrEqual(20)
		const [user] = await db.select().from(users).where(eq(users.email, 'admin@loja.local'))
		expect(await verifyPassword(password!, user!.passwordHash)).toBe(true)
	})

	test('with env: creates the configured admin, then updates its password, idempotently', async () => {
		const log = vi.spyOn(console, 'log').mockImplementation(() => {})
		await Promise.all([
			ensureAdmin({ ADMIN_EMAIL: 'Dona@Loja.com', ADMIN_PASSWORD: 'primeira-senha' }),
			ensureAdmin({ ADMIN_EMAIL: 'Dona@Loja.com', ADMIN_PASSWORD: 'primeira-senha' }),
		])
		expect(await adminEmails()).toEqual(['admin@loja.local', 'dona@loja.com'])
		const [first] = await db.select().from(users).where(eq(users.email, 'dona@loja.com'))
		// Two servers starting at once: the account created as admin is one entry, not two.
		expect(
			(await db.select().from(activityLog).where(eq(activityLog.subjectId, first!.id))).map((e) => [e.kind, e.actorId, e.before, e.after]),
		).toEqual([['role', null, null, { role: 'admin' }]])
		expect(await verifyPassword('primeira-senha', first!.passwordHash)).toBe(true)

		// Same password again: nothing is rewritten.
		await ensureAdmin({ ADMIN_EMAIL: 'dona@loja.com', ADMIN_PASSWORD: 'primeira-senha' })
		const [same] = await db.select().from(users).where(eq(users.email, 'dona@loja.com'))
		expect(same!.passwordHash).toBe(first!.passwordHash)

		await ensureAdmin({ ADMIN_EMAIL: 'dona@loja.com', ADMIN_PASSWORD: 'segunda-senha' })
		const [changed] = await db.select().from(users).where(eq(users.email, 'dona@loja.com'))
		expect(await verifyPassword('segunda-senha', changed!.passwordHash)).toBe(true)
		expect(await verifyPassword('primeira-senha', changed!.passwordHash)).toBe(false)
		expect(log).not.toHaveBeenCalled()
	})

	test('with env: an existing confirmed customer is promoted, and its old sessions end', async () => {
		const [customer] = await db.insert(users).values({ email: 'cliente@loja.com', passwordHash: 'x', emailVerifiedAt: new Date() }).returning()
		await db.insert(userRoles).values({ userId: customer!.id, role: 'customer' })
		await createSession(customer!.id, new Request('http://loja.test/'))
		await ensureAdmin({ ADMIN_EMAIL: 'cliente@loja.com', ADMIN_PASSWORD: 'senha-de-admin' })
		const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, customer!.id))
		expect(roles.map((r) => r.role).sort()).toEqual(['admin', 'customer'])
		expect(await db.select().from(sessions).where(eq(sessions.userId, customer!.id))).toHaveLength(0)
		// Issue 30: the promotion is in the activity log, by the shop itself ('Sistema'), once.
		await ensureAdmin({ ADMIN_EMAIL: 'cliente@loja.com', ADMIN_PASSWORD: 'senha-de-admin' })
		const entries = await db.select().from(activityLog).where(eq(activityLog.subjectId, customer!.id))
		expect(entries).toEqual([
			expect.objectContaining({
				kind: 'role',
				actorId: null,
				actorEmail: null,
				ip: null,
				subjectType: 'user',
				subjectLabel: 'Papel da conta (ADMIN_EMAIL)',
				subjectUserId: customer!.id,
				before: { role: 'customer' },
				after: { role: 'admin' },
			}),
		])
	})

	test('with env: a changed ADMIN_PASSWORD ends the admin sessions; an unchanged one keeps them', async () => {
		await ensureAdmin({ ADMIN_EMAIL: 'chefe@loja.com', ADMIN_PASSWORD: 'senha-chefe-1' })
		const [admin] = await db.select().from(users).where(eq(users.email, 'chefe@loja.com'))
		await createSession(admin!.id, new Request('http://loja.test/'))
		await ensureAdmin({ ADMIN_EMAIL: 'chefe@loja.com', ADMIN_PASSWORD: 'senha-chefe-1' })
		expect(await db.select().from(sessions).where(eq(sessions.userId, admin!.id))).toHaveLength(1)
		await ensureAdmin({ ADMIN_EMAIL: 'chefe@loja.com', ADMIN_PASSWORD: 'senha-chefe-2' })
		expect(await db.select().from(sessions).where(eq(sessions.userId, admin!.id))).toHaveLength(0)
	})

	test("with env: an unconfirmed account someone else registered is taken over, not promoted with the stranger's password", async () => {
		const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {})
		const [stranger] = await db
			.insert(users)
			.values({ email: 'owner@shop.test', passwordHash: await hashPassword('senha-do-estranho') })
			.returning()
		await db.insert(userRoles).values({ userId: stranger!.id, role: 'customer' })
		await createSession(stranger!.id, new Request('http://loja.test/'))

		await ensureAdmin({ ADMIN_EMAIL: 'owner@shop.test', ADMIN_PASSWORD: 'senha-da-dona-de-verdade' })
		const [account] = await db.select().from(users).where(eq(users.id, stranger!.id))
		expect(await verifyPassword('senha-do-estranho', account!.passwordHash)).toBe(false)
		expect(await verifyPassword('senha-da-dona-de-verdade', account!.passwordHash)).toBe(true)
		expect(account!.emailVerifiedAt).toBeInstanceOf(Date)
		expect(await db.select().from(sessions).where(eq(sessions.userId, stranger!.id))).toHaveLength(0)
		expect(await adminEmails()).toContain('owner@shop.test')
		expect(warn).toHaveBeenCalledWith({ email: 'owner@shop.test' }, expect.stringContaining('não confirmado'))
	})
})
