import { z } from 'zod'
import { cookieInHeader, readCookie } from '~/server/cookies.server'
import { DEFAULT_THEME, THEME_COOKIE_NAME, THEMES, type Theme } from '~/utils/theme'

export const themeSchema = z.enum(THEMES)

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365

/** The theme preference from the `theme` cookie; anything missing or unknown is the default (light). */
export function getTheme(request: Request): Theme {
	return validTheme(readCookie(request, THEME_COOKIE_NAME))
}

/**
 * The theme a page is rendered with for this Cookie header: what the page cache keys a page by
 * (server/page-cache.ts). The same reading and validation as getTheme, so a malformed cookie
 * ('theme=dark-x', a second 'theme') keys the light page it renders, never the dark one.
 */
export function themeOfCookieHeader(header: string | null | undefined): Theme {
	return validTheme(cookieInHeader(header, THEME_COOKIE_NAME))
}

function validTheme(value: string | null): Theme {
	const parsed = themeSchema.safeParse(value)
	return parsed.success ? parsed.data : DEFAULT_THEME
}

/**
 * Set-Cookie value storing the preference for a year. HttpOnly: only the server reads it
 * (the root loader renders <html class="dark"> so the page never flashes light first).
 */
export function serializeThemeCookie(theme: Theme): string {
	const parts = [`${THEME_COOKIE_NAME}=${theme}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${ONE_YEAR_SECONDS}`]
	if (process.env.NODE_ENV === 'production') parts.push('Secure')
	return parts.join('; ')
}
