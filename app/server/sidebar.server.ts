import { readCookie } from '~/server/cookies.server'
import { SIDEBAR_COOKIE_NAME } from '~/utils/sidebar'

/** Whether the desktop sidebar starts expanded: open unless the cookie says exactly 'false'. */
export function getSidebarOpen(request: Request): boolean {
	return readCookie(request, SIDEBAR_COOKIE_NAME) !== 'false'
}
