import { createHash, randomBytes } from 'node:crypto'
import { and, eq, lt, ne } from 'drizzle-orm'
import { sessions } from '~/db/schema'
import { readCookie } from '~/server/cookies.server'
import { db, type Executor } from '~/server/db.server'

/**
 * Database sessions. The browser holds a random 32-byte token in an httpOnly cookie; the
 * `sessions` table holds only its SHA-256, so a leaked copy of the table cannot be turned
 * back into cookies. Signing out deletes the row, which makes the old cookie worthless.
 */
export const SESSION_COOKIE_NAME = 'loja_session'
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60

export function hashToken(token: string): string {
	return createHash('sha256').update(token).digest('hex')
}

function isProduction() {
	return process.env.NODE_ENV === 'production'
}

function serializeSessionCookie(value: string, maxAgeSeconds: number): string {
	const parts = [
		`${SESSION_COOKIE_NAME}=${value}`,
		'Path=/',
		'HttpOnly',
		'SameSite=Lax',
		`Max-Age=${maxAgeSeconds}`,
		`Expires=${new Date(Date.now() + maxAgeSeconds * 1000).toUTCString()}`,
	]
	if (isProduction()) parts.push('Secure')
	return parts.join('; ')
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

function readSessionToken(request: Request): string | null {
	const token = readCookie(request, SESSION_COOKIE_NAME)
	// Anything that is not a token we could have issued is ignored without a query.
	return token && TOKEN_PATTERN.test(token) ? token : null
}

/**
 * Starts a session for `userId` with a brand-new token (never reuses one, so a token planted
 * before sign-in is useless afterwards) and returns the Set-Cookie header value.
 */
export async function createSession(userId: string, request: Request, options: { ip?: string } = {}): Promise<string> {
	const token = randomBytes(32).toString('base64url')
	const now = new Date()
	await db.insert(sessions).values({
		tokenHash: hashToken(token),
		userId,
		expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000),
		userAgent: request.headers.get('user-agent')?.slice(0, 500) ?? null,
		ip: options.ip ?? null,
	})
	// Opportunistic clean-up: this user's expired sessions go when they sign in again.
	await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)))
	return serializeSessionCookie(token, SESSION_MAX_AGE_SECONDS)
}

/** The signed-in user's id, or null (no cookie, unknown token, or expired session). */
export async function getSessionUserId(request: Request): Promise<string | null> {
	const token = readSessionToken(request)
	if (!token) return null
	const [row] = await db
		.select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
		.from(sessions)
		.where(eq(sessions.tokenHash, hashToken(token)))
		.limit(1)
	if (!row) return null
	if (row.expiresAt.getTime() <= Date.now()) {
		await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)))
		return null
	}
	return row.userId
}

/** The Set-Cookie value that removes the session cookie from the browser. */
export function clearSessionCookie(): string {
	return serializeSessionCookie('', 0).replace(/Expires=[^;]+/, 'Expires=Thu, 01 Jan 1970 00:00:00 GMT')
}

/** Deletes this request's session row and returns the Set-Cookie value that clears the cookie. */
export async function destroySession(request: Request): Promise<string> {
	const token = readSessionToken(request)
	if (token) await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)))
	return clearSessionCookie()
}

/** Signs a user out everywhere (after a password reset). */
export async function destroyAllSessionsForUser(userId: string, executor: Executor = db): Promise<void> {
	await executor.delete(sessions).where(eq(sessions.userId, userId))
}

/**
 * Signs a user out of every other device: the session of `request` (when it is theirs) stays.
 * After a password or e-mail change, whoever held the old credentials loses access.
 */
export async function destroyOtherSessions(userId: string, request: Request, executor: Executor = db): Promise<void> {
	const token = readSessionToken(request)
	await executor
		.delete(sessions)
		.where(token ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(token))) : eq(sessions.userId, userId))
}

/** Deletes every expired session (for a periodic job; sign-in already cleans per user). */
export async function purgeExpiredSessions(now = new Date()): Promise<void> {
	await db.delete(sessions).where(lt(sessions.expiresAt, now))
}
