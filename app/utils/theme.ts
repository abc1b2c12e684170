/**
 * The visitor's colour-scheme preference. 'light' is the default (document 000 §1);
 * 'system' follows the operating system. Shared by the server (cookie) and the browser
 * (toggle). No zod here: every page loads this module, and the browser needs only a guard
 * (the server's schema is in app/server/theme.server.ts).
 */
export const THEMES = ['light', 'dark', 'system'] as const
export type Theme = (typeof THEMES)[number]

export function isTheme(value: unknown): value is Theme {
	return typeof value === 'string' && (THEMES as readonly string[]).includes(value)
}
/** What is actually painted: a 'system' preference resolves to one of these. */
export type ResolvedTheme = Exclude<Theme, 'system'>

export const DEFAULT_THEME: Theme = 'light'
export const THEME_COOKIE_NAME = 'theme'

/** The theme the toggle switches to: always the opposite of what is on screen. */
export function nextTheme(current: ResolvedTheme): ResolvedTheme {
	return current === 'dark' ? 'light' : 'dark'
}
