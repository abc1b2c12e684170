import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { userRoles, users } from '~/db/schema'
import { hashPassword, verifyPassword } from '~/server/auth/password.server'
import { setUserRole } from '~/server/auth/roles.server'
import { destroyAllSessionsForUser } from '~/server/auth/session.server'
import { revokeVerificationTokens } from '~/server/auth/tokens.server'
import { recordActivity } from '~/server/activity/record.server'
import { db } from '~/server/db.server'
import type { Env } from '~/server/env.server'
import { logger } from '~/server/logger.server'

export const DEFAULT_ADMIN_EMAIL = 'admin@loja.local'

/**
 * Makes sure the shop has an administrator, at every start (idempotent).
 *
 * - ADMIN_EMAIL + ADMIN_PASSWORD set: that account exists, has that password, a confirmed
 *   address and the 'admin' role (the operator's way to recover access: change the env,
 *   restart). A changed password or a promotion ends the account's sessions; an unconfirmed
 *   account someone else registered with that address is taken over, never promoted as is.
 * - Unset, and no admin yet: creates admin@loja.local with a generated password and prints
 *   it once. It is never printed again: later starts find the admin and do nothing.
 *
 * Several app servers may start at once on PostgreSQL: every write is an insert that the
 * unique keys turn into "do nothing" for the loser, and only the winner prints.
 */
export async function ensureAdmin(env: Pick<Env, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>): Promise<void> {
	if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
		await ensureConfiguredAdmin(env.ADMIN_EMAIL.trim().toLowerCase(), env.ADMIN_PASSWORD)
		return
	}
	if (env.ADMIN_EMAIL || env.ADMIN_PASSWORD) {
		logger.warn('ADMIN_EMAIL e ADMIN_PASSWORD devem ser definidos juntos; ignorando os dois')
	}
	await ensureGeneratedAdmin()
}

async function ensureConfiguredAdmin(email: string, password: string) {
	const [existing] = await db
		.select({ id: users.id, passwordHash: users.passwordHash, verifiedAt: users.emailVerifiedAt })
		.from(users)
		.where(eq(users.email, email))
		.limit(1)
	if (existing) {
		if (!existing.verifiedAt) {
			// Someone signed up with the owner's address and never confirmed it (only the owner
			// can): their password must not become the admin's. The operator, who configured the
			// address, takes the account over: ADMIN_PASSWORD replaces the password, the address
			// counts as confirmed, and whoever was signed in is signed out (decision 021).
			await takeOverUnconfirmedAccount(existing.id, email, password)
		} else if (!(await verifyPassword(password, existing.passwordHash))) {
			// Re-hash only when the password changed: no write (and no new salt) at every start.
			const passwordHash = await hashPassword(password)
			await db.transaction(async (tx) => {
				await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, existing.id))
				// A new password ends every session, as a password reset does.
				await destroyAllSessionsForUser(existing.id, tx)
			})
			logger.info({ email }, 'senha do administrador atualizada a partir de ADMIN_PASSWORD; sessões encerradas')
		}
		if (await promoteFromAdminEmail(existing.id, 'customer')) logger.info({ email }, 'conta promovida a administrador a partir de ADMIN_EMAIL')
		return
	}
	const passwordHash = await hashPassword(password)
	await db
		.insert(users)
		.values({ email, passwordHash, emailVerifiedAt: new Date() })
		.onConflictDoNothing({ target: users.email })
	// Whether we or a sibling server inserted it, the row exists now.
	const [created] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)
	if (!created) throw new Error(`não foi possível criar o administrador ${email}`)
	await promoteFromAdminEmail(created.id, null)
	logger.info({ email }, 'administrador garantido a partir de ADMIN_EMAIL')
}

/**
 * Issue 30: the promotion by ADMIN_EMAIL is in the activity log like one made in the back-office,
 * by 'Sistema' (no person, no address), in the role change's transaction. `before`: 'customer' for
 * an existing account, null for the account created here. Only the server that made the change
 * (siblings starting at once find it done) writes the entry.
 */
async function promoteFromAdminEmail(userId: string, before: 'customer' | null): Promise<boolean> {
	return db.transaction(async (tx) => {
		const changed = await setUserRole(userId, 'admin', tx)
		if (changed) {
			await recordActivity(tx, {
				actorId: null,
				ip: null,
				kind: 'role',
				subject: { type: 'user', id: userId, label: 'Papel da conta (ADMIN_EMAIL)', userId },
				before: before === null ? null : { role: before },
				after: { role: 'admin' },
			})
		}
		return changed
	})
}

async function takeOverUnconfirmedAccount(userId: string, email: string, password: string) {
	const passwordHash = await hashPassword(password)
	await db.transaction(async (tx) => {
		await tx.update(users).set({ passwordHash, emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId))
		await destroyAllSessionsForUser(userId, tx)
		await revokeVerificationTokens(userId, 'confirm_email', tx)
		await revokeVerificationTokens(userId, 'reset_password', tx)
	})
	logger.warn(
		{ email },
		'ADMIN_EMAIL pertencia a uma conta com e-mail não confirmado (cadastrada por outra pessoa?): a senha foi trocada por ADMIN_PASSWORD, ' +
			'as sessões dessa conta foram encerradas e o e-mail passa a contar como confirmado. Confira o perfil e os pedidos dessa conta.',
	)
}

async function ensureGeneratedAdmin() {
	const [anyAdmin] = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin')).limit(1)
	if (anyAdmin) return
	const password = randomBytes(18).toString('base64url')
	const passwordHash = await hashPassword(password)
	// One transaction: the user never exists without its admin role, so a crash between the
	// two statements cannot leave an account whose password nobody saw.
	const createdId = await db.transaction(async (tx) => {
		const [created] = await tx
			.insert(users)
			.values({ email: DEFAULT_ADMIN_EMAIL, passwordHash, emailVerifiedAt: new Date() })
			.onConflictDoNothing({ target: users.email })
			.returning({ id: users.id })
		if (!created) return null
		await setUserRole(created.id, 'admin', tx)
		return created.id
	})
	if (!createdId) {
		// Another server created it a moment ago (and printed the password), or the account
		// exists without the admin role: then only the env variables can restore access.
		const [adminNow] = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin')).limit(1)
		if (!adminNow) {
			logger.warn(
				{ email: DEFAULT_ADMIN_EMAIL },
				'nenhum administrador: a conta padrão existe sem o papel admin; defina ADMIN_EMAIL e ADMIN_PASSWORD e reinicie',
			)
		}
		return
	}
	// Printed with console.log on purpose (not the JSON logger): the operator must see it in
	// the terminal, once. It is not stored anywhere in clear text.
	console.log(
		`\n[loja] Administrador criado: e-mail ${DEFAULT_ADMIN_EMAIL} — senha ${password}\n` +
			'[loja] Guarde esta senha agora: ela não será exibida novamente. Para trocá-la, defina ADMIN_EMAIL e ADMIN_PASSWORD.\n',
	)
}
