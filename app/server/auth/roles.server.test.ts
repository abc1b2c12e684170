import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { sessions, userRoles, users } from '~/db/schema'
import { db } from '~/server/db.server'
import { setUserRole, UnconfirmedAdminError } from './roles.server'
import { createSession } from './session.server'

withTestDatabase()

async function account(email: string, confirmed: boolean) {
	const [user] = await db
		.insert(users)
		.values({ email, passwordHash: 'nao-usado', emailVerifiedAt: confirmed ? new Date() : null })
		.returning({ id: users.id })
	await db.insert(userRoles).values({ userId: user!.id, role: 'customer' })
	await createSession(user!.id, new Request('http://loja.test/'))
	await createSession(user!.id, new Request('http://loja.test/'))
	return user!.id
}

const rolesOf = async (userId: string) =>
	(await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role).sort()
const sessionCount = async (userId: string) => (await db.select().from(sessions).where(eq(sessions.userId, userId))).length

describe('setUserRole', () => {
	test('promotion and demotion end every session of the account; a no-op keeps them', async () => {
		const userId = await account('promovida@example.com', true)
		expect(await setUserRole(userId, 'customer')).toBe(false)
		expect(await sessionCount(userId)).toBe(2)

		expect(await setUserRole(userId, 'admin')).toBe(true)
		expect(await rolesOf(userId)).toEqual(['admin', 'customer'])
		expect(await sessionCount(userId)).toBe(0)

		await createSession(userId, new Request('http://loja.test/'))
		expect(await setUserRole(userId, 'admin')).toBe(false)
		expect(await sessionCount(userId)).toBe(1)

		expect(await setUserRole(userId, 'customer')).toBe(true)
		expect(await rolesOf(userId)).toEqual(['customer'])
		expect(await sessionCount(userId)).toBe(0)
	})

	test('an unconfirmed account cannot be made admin', async () => {
		const userId = await account('nao-confirmada@example.com', false)
		await expect(setUserRole(userId, 'admin')).rejects.toBeInstanceOf(UnconfirmedAdminError)
		expect(await rolesOf(userId)).toEqual(['customer'])
		expect(await sessionCount(userId)).toBe(2)
	})
})
