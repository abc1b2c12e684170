import { and, eq } from 'drizzle-orm'
import { userProfiles, userRoles, users } from '~/db/schema'
import { destroyAllSessionsForUser } from '~/server/auth/session.server'
import { db, type Executor } from '~/server/db.server'
import { logger } from '~/server/logger.server'

/**
 * The one door for role changes (decision 021). Whatever promotes or demotes an account —
 * the ADMIN_EMAIL bootstrap today, a back-office screen tomorrow — calls `setUserRole`, so
 * that two rules cannot be forgotten:
 *
 * - a role change ends every session of the account: a session opened as a customer must
 *   not wake up as an admin (nor an admin's stolen cookie survive a demotion);
 * - only an account with a confirmed e-mail can be made admin: otherwise whoever registered
 *   the address first (with a password of their choosing) would receive the back-office.
 *
 * Every account keeps its 'customer' row; 'admin' is the extra row that grants /admin.
 */
export type UserRole = 'admin' | 'customer'

export class UnconfirmedAdminError extends Error {
	constructor(userId: string) {
		super(`a conta ${userId} não confirmou o e-mail e não pode ser administradora`)
		this.name = 'UnconfirmedAdminError'
	}
}

/**
 * Makes `role` the account's role. Returns true when something changed (then its sessions
 * were revoked in the same transaction), false when it already had that role.
 * Throws UnconfirmedAdminError when asked to make an unconfirmed account admin.
 */
export async function setUserRole(userId: string, role: UserRole, executor: Executor = db): Promise<boolean> {
	return executor.transaction(async (tx) => {
		await tx.insert(userProfiles).values({ userId }).onConflictDoNothing()
		await tx.insert(userRoles).values({ userId, role: 'customer' }).onConflictDoNothing()
		let changed: boolean
		if (role === 'admin') {
			const [account] = await tx.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).limit(1)
			if (!account?.verifiedAt) throw new UnconfirmedAdminError(userId)
			const inserted = await tx.insert(userRoles).values({ userId, role: 'admin' }).onConflictDoNothing().returning({ userId: userRoles.userId })
			changed = inserted.length > 0
		} else {
			const removed = await tx
				.delete(userRoles)
				.where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')))
				.returning({ userId: userRoles.userId })
			changed = removed.length > 0
		}
		if (changed) {
			await destroyAllSessionsForUser(userId, tx)
			logger.info({ userId, role }, 'papel da conta alterado; sessões encerradas')
		}
		return changed
	})
}
