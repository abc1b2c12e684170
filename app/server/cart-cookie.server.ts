import { z } from 'zod'
import { readCookie } from '~/server/cookies.server'

/**
 * The cart id lives in an httpOnly cookie (spec README decision 3); the cart itself is on
 * the server, behind the commerce provider.
 */
export const CART_COOKIE_NAME = 'loja_cart'
const CART_MAX_AGE_SECONDS = 60 * 60 * 24 * 60

const cartIdSchema = z.uuid()

/** The cart id from the request's cookie, or null when absent or not a valid id. */
export function getCartId(request: Request): string | null {
	const parsed = cartIdSchema.safeParse(readCookie(request, CART_COOKIE_NAME))
	return parsed.success ? parsed.data : null
}

export function cartCookieHeader(cartId: string): string {
	const parts = [`${CART_COOKIE_NAME}=${cartId}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${CART_MAX_AGE_SECONDS}`]
	if (process.env.NODE_ENV === 'production') parts.push('Secure')
	return parts.join('; ')
}

/** With the same attributes as the cookie it clears (Secure in production, like every cookie). */
export function clearCartCookieHeader(): string {
	const parts = [`${CART_COOKIE_NAME}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0']
	if (process.env.NODE_ENV === 'production') parts.push('Secure')
	return parts.join('; ')
}
