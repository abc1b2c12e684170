import { randomBytes } from 'node:crypto'
import { hashToken } from '~/server/auth/session.server'
import { readCookie } from '~/server/cookies.server'

/**
 * Who may open /pedido/{reference} without an account: the browser that placed the order.
 * It holds a random token in an httpOnly cookie; orders keep only its SHA-256
 * (orders.session_token_hash), so the table cannot be turned back into cookies. One token per
 * browser, reused for every order it places, for a year — or until someone signs out on that
 * browser: sign-out clears it (clearBuyerCookieHeader), so a shared computer does not keep
 * the last buyer's orders open to whoever comes next.
 */
export const BUYER_COOKIE_NAME = 'loja_comprador'
const MAX_AGE_SECONDS = 60 * 60 * 24 * 365

export function readBuyerToken(request: Request): string | null {
	const value = readCookie(request, BUYER_COOKIE_NAME)
	return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null
}

export function buyerTokenHash(request: Request): string | null {
	const token = readBuyerToken(request)
	return token ? hashToken(token) : null
}

/** The request's token, or a new one with the Set-Cookie header that stores it. */
export function ensureBuyerToken(request: Request): {
	tokenHash: string
	setCookie: string | null
} {
	const existing = readBuyerToken(request)
	if (existing) return { tokenHash: hashToken(existing), setCookie: null }
	const token = randomBytes(32).toString('base64url')
	return { tokenHash: hashToken(token), setCookie: buyerCookieHeader(token, MAX_AGE_SECONDS) }
}

/** Expires the buyer cookie (sign-out): the orders it opened need their account or are gone. */
export function clearBuyerCookieHeader(): string {
	return buyerCookieHeader('', 0)
}

function buyerCookieHeader(value: string, maxAge: number): string {
	const parts = [`${BUYER_COOKIE_NAME}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAge}`]
	if (process.env.NODE_ENV === 'production') parts.push('Secure')
	return parts.join('; ')
}
