import { z } from 'zod'

/**
 * The visitor's colour-scheme preference. 'light' is the default (document 000 §1);
 * 'system' follows the operating system. Shared by the server (cookie) and the browser (toggle).
 */
export const themeSchema = z.enum(['light', 'dark', 'system'])
export type Theme = z.infer<typeof themeSchema>
/** What is actually painted: a 'system' preference resolves to one of these. */
export type ResolvedTheme = Exclude<Theme, 'system'>

export const DEFAULT_THEME: Theme = 'light'
export const THEME_COOKIE_NAME = 'theme'

/** The theme the toggle switches to: always the opposite of what is on screen. */
export function nextTheme(current: ResolvedTheme): ResolvedTheme {
	return current === 'dark' ? 'light' : 'dark'
}
