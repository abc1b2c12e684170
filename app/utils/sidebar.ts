// The collapsible sidebar of /user and /admin (document 001 §2, §4, §9). Shared by the server
// (reads the cookie to render the right state without a flash) and the browser (writes it).

export const SIDEBAR_COOKIE_NAME = 'sidebar_state'
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7
export const SIDEBAR_WIDTH = '16rem'
export const SIDEBAR_WIDTH_MOBILE = '18rem'
export const SIDEBAR_WIDTH_ICON = '3rem'
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b'

/** Cookie text for the browser to store the expanded/collapsed state for 7 days. */
export function sidebarCookie(open: boolean): string {
	return `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; samesite=lax`
}
