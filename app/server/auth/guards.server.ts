import { and, eq, gt, sql } from 'drizzle-orm'
import { redirect } from 'react-router'
import { sessions, userProfiles, userRoles, users } from '~/db/schema'
import { hashToken, SESSION_COOKIE_NAME } from '~/server/auth/session.server'
import { readCookie } from '~/server/cookies.server'
import { db } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import { noteCookieRead } from '~/server/render-record.server'
import { redirectWithToast } from '~/server/toast.server'

/**
 * Route guards. Every loader and action that needs a person calls one of these; the server
 * is where permissions are enforced (spec decision 15), whatever the UI hides.
 */
export type SessionUser = { id: string; email: string; isAdmin: boolean; fullName: string | null }

// The root loader, a layout loader and the page loader all ask "who is this?" for the same
// Request; one query answers them all.
const userByRequest = new WeakMap<Request, Promise<SessionUser | null>>()

async function loadSessionUser(request: Request): Promise<SessionUser | null> {
	const token = readCookie(request, SESSION_COOKIE_NAME)
	if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null
	const [row] = await db
		.select({
			id: users.id,
			email: users.email,
			fullName: userProfiles.fullName,
			// Admin only with a confirmed address (decision 021): a role row alone is not enough.
			isAdmin: sql<boolean>`${users.emailVerifiedAt} is not null and exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.role} = 'admin')`,
		})
		.from(sessions)
		.innerJoin(users, eq(users.id, sessions.userId))
		.leftJoin(userProfiles, eq(userProfiles.userId, users.id))
		.where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())))
		.limit(1)
	if (!row) return null
	return { id: row.id, email: row.email, fullName: row.fullName ?? null, isAdmin: row.isAdmin === true }
}

/** The signed-in user, or null. Cached per Request. */
export function getOptionalUser(request: Request): Promise<SessionUser | null> {
	// A render that asks who is looking is personal, even when the answer is memoised (decision 055).
	noteCookieRead(SESSION_COOKIE_NAME)
	let pending = userByRequest.get(request)
	if (!pending) {
		pending = loadSessionUser(request)
		userByRequest.set(request, pending)
		// A failed lookup must not be cached as a permanent failure for this request.
		pending.catch(() => userByRequest.delete(request))
	}
	return pending
}

/** Forget the cached user of a request (after signing in or out within the same request). */
export function forgetCachedUser(request: Request) {
	userByRequest.delete(request)
}

/** Where a user lands after signing in, or when they open /auth already signed in. */
export function homePathFor(user: Pick<SessionUser, 'isAdmin'>): string {
	return user.isAdmin ? '/admin' : '/user/dashboard'
}

/**
 * A redirect target from the query string or a form, only if it stays on this site:
 * a path starting with one '/', not '//' or '/\' (which browsers treat as another host).
 */
export function safeRedirectPath(target: unknown, fallback: string | null = null): string | null {
	if (typeof target !== 'string' || target.length === 0 || target.length > 2000) return fallback
	if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback
	// Control characters (a tab or newline inside '/\t/evil.com') are stripped by browsers.
	if ([...target].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return fallback
	return target
}

function authRedirect(request: Request): Response {
	const url = new URL(request.url)
	const path = `${url.pathname}${url.search}`
	return redirect(`/auth?${new URLSearchParams({ redirectTo: path }).toString()}`)
}

/** Signed-in user, or throws a redirect to /auth?redirectTo=<this page>. */
export async function requireUser(request: Request): Promise<SessionUser> {
	const user = await getOptionalUser(request)
	if (!user) throw authRedirect(request)
	return user
}

/**
 * An admin, or a thrown redirect: to /auth without a session; to / with the toast
 * 'Acesso negado' for a signed-in non-admin (document 001 §6). Per §6, any error during the
 * check also sends the visitor to /auth.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
	let user: SessionUser | null
	try {
		user = await getOptionalUser(request)
	} catch (error) {
		logger.error({ error: String(error) }, 'erro ao verificar permissão de administrador')
		throw redirect('/auth')
	}
	if (!user) throw authRedirect(request)
	if (!user.isAdmin) {
		throw redirectWithToast('/', {
			type: 'error',
			title: 'Acesso negado',
			description: 'Você não tem permissão para acessar esta área.',
		})
	}
	return user
}

/** For /auth and friends: a signed-in visitor goes to their area instead (document 001 /auth). */
export async function requireAnonymous(request: Request): Promise<void> {
	const user = await getOptionalUser(request)
	if (user) throw redirect(homePathFor(user))
}
