import { z } from 'zod'
import { readCookie } from '~/server/cookies.server'
import { DEFAULT_THEME, THEME_COOKIE_NAME, THEMES, type Theme } from '~/utils/theme'

export const themeSchema = z.enum(THEMES)

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365

/** The theme preference from the `theme` cookie; anything missing or unknown is the default (light). */
export function getTheme(request: Request): Theme {
	const parsed = themeSchema.safeParse(readCookie(request, THEME_COOKIE_NAME))
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
