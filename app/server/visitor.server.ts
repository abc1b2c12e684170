import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { readCookie } from '~/server/cookies.server'

/**
 * An anonymous browser-session id (document 000: views are tracked "by session id" when
 * nobody is signed in). A session cookie (no Max-Age): it ends when the browser session does,
 * as the documents' sessionStorage id did. httpOnly: only the server reads it.
 */
export const VISITOR_COOKIE_NAME = 'loja_visita'

const visitorIdSchema = z.uuid()

export function getVisitorId(request: Request): string | null {
	const parsed = visitorIdSchema.safeParse(readCookie(request, VISITOR_COOKIE_NAME))
	return parsed.success ? parsed.data : null
}

/** The request's visitor id, or a new one with the Set-Cookie header that stores it. */
export function ensureVisitorId(request: Request): { visitorId: string; setCookie: string | null } {
	const existing = getVisitorId(request)
	if (existing) return { visitorId: existing, setCookie: null }
	const visitorId = randomUUID()
	const parts = [`${VISITOR_COOKIE_NAME}=${visitorId}`, 'Path=/', 'HttpOnly', 'SameSite=Lax']
	if (process.env.NODE_ENV === 'production') parts.push('Secure')
	return { visitorId, setCookie: parts.join('; ') }
}
