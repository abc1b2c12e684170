import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm'
import { verificationTokens } from '~/db/schema'
import { hashToken } from '~/server/auth/session.server'
import { db, type Executor } from '~/server/db.server'

/**
 * One-time tokens sent by e-mail. Only the SHA-256 is stored; a token is spent by one
 * atomic UPDATE … WHERE used_at IS NULL AND expires_at > now, so two clicks on the same
 * link (or two app servers) can never both succeed.
 */
export type TokenPurpose = 'confirm_email' | 'reset_password' | 'change_email'

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
	confirm_email: 24 * 60 * 60 * 1000,
	reset_password: 60 * 60 * 1000,
	change_email: 24 * 60 * 60 * 1000,
}

export async function createVerificationToken(
	userId: string,
	purpose: TokenPurpose,
	executor: Executor = db,
	/** For 'change_email': the address the link confirms. */
	newEmail: string | null = null,
): Promise<string> {
	const token = randomBytes(32).toString('base64url')
	const now = new Date()
	await executor.insert(verificationTokens).values({
		userId,
		purpose,
		tokenHash: hashToken(token),
		newEmail,
		expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
	})
	// Clean-up in passing: this user's spent or expired tokens are of no further use.
	await executor
		.delete(verificationTokens)
		.where(and(eq(verificationTokens.userId, userId), or(lt(verificationTokens.expiresAt, now), isNotNull(verificationTokens.usedAt))))
	return token
}

function validTokenCondition(token: string, purpose: TokenPurpose) {
	return and(
		eq(verificationTokens.tokenHash, hashToken(token)),
		eq(verificationTokens.purpose, purpose),
		isNull(verificationTokens.usedAt),
		gt(verificationTokens.expiresAt, new Date()),
	)
}

/** The user id if the token is valid and unused, without spending it (to show a form). */
export async function peekVerificationToken(token: string, purpose: TokenPurpose): Promise<string | null> {
	if (!token) return null
	const [row] = await db
		.select({ userId: verificationTokens.userId })
		.from(verificationTokens)
		.where(validTokenCondition(token, purpose))
		.limit(1)
	return row?.userId ?? null
}

/** Spends the token: its user id the first time, null ever after (or when expired/unknown). */
export async function consumeVerificationToken(token: string, purpose: TokenPurpose, executor: Executor = db): Promise<string | null> {
	if (!token) return null
	const [row] = await executor
		.update(verificationTokens)
		.set({ usedAt: new Date() })
		.where(validTokenCondition(token, purpose))
		.returning({ userId: verificationTokens.userId })
	return row?.userId ?? null
}

/** Spends a 'change_email' token: its user and the new address, once. */
export async function consumeEmailChangeToken(token: string, executor: Executor = db): Promise<{ userId: string; newEmail: string } | null> {
	if (!token) return null
	const [row] = await executor
		.update(verificationTokens)
		.set({ usedAt: new Date() })
		.where(validTokenCondition(token, 'change_email'))
		.returning({ userId: verificationTokens.userId, newEmail: verificationTokens.newEmail })
	return row?.newEmail ? { userId: row.userId, newEmail: row.newEmail } : null
}

/** Voids every outstanding token of one purpose for a user (e.g. the other reset links). */
export async function revokeVerificationTokens(userId: string, purpose: TokenPurpose, executor: Executor = db): Promise<void> {
	await executor
		.delete(verificationTokens)
		.where(and(eq(verificationTokens.userId, userId), eq(verificationTokens.purpose, purpose), isNull(verificationTokens.usedAt)))
}
