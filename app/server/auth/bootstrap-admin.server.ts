import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { userProfiles, userRoles, users } from '~/db/schema'
import { hashPassword, verifyPassword } from '~/server/auth/password.server'
import { db } from '~/server/db.server'
import type { Env } from '~/server/env.server'
import { logger } from '~/server/logger.server'

export const DEFAULT_ADMIN_EMAIL = 'admin@loja.local'

/**
 * Makes sure the shop has an administrator, at every start (idempotent).
 *
 * - ADMIN_EMAIL + ADMIN_PASSWORD set: that account exists, has that password and the
 *   'admin' role (the operator's way to recover access: change the env, restart).
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

async function grantAdmin(userId: string, executor: Pick<typeof db, 'insert'> = db) {
	await executor.insert(userProfiles).values({ userId }).onConflictDoNothing()
	await executor.insert(userRoles).values({ userId, role: 'admin' }).onConflictDoNothing()
}

async function ensureConfiguredAdmin(email: string, password: string) {
	const [existing] = await db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.email, email)).limit(1)
	if (existing) {
		// Re-hash only when the password changed: no write (and no new salt) at every start.
		if (!(await verifyPassword(password, existing.passwordHash))) {
			await db.update(users).set({ passwordHash: await hashPassword(password), updatedAt: new Date() }).where(eq(users.id, existing.id))
			logger.info({ email }, 'senha do administrador atualizada a partir de ADMIN_PASSWORD')
		}
		await grantAdmin(existing.id)
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
	await grantAdmin(created.id)
	logger.info({ email }, 'administrador garantido a partir de ADMIN_EMAIL')
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
		await grantAdmin(created.id, tx)
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
