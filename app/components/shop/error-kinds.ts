import { isRouteErrorResponse } from 'react-router'

/** A route error that means "come back later" (503), whichever boundary catches it. */
export function isUnavailableError(error: unknown): boolean {
	return isRouteErrorResponse(error) && error.status === 503
}

/** Browser only: the server already logged the real error through pino (entry.server.tsx handleError). */
export function logBoundaryErrorInBrowser(error: unknown) {
	if (typeof document !== 'undefined' && !isRouteErrorResponse(error)) console.error(error)
}

/**
 * On the `<main>` of each error page the server draws: the client entry sees it and loads the
 * error pages' module before hydrating, so the boundary draws the same page at once (decision 144).
 */
export const ERROR_PAGE_MARK = { 'data-error-page': '' } as const
export const ERROR_PAGE_SELECTOR = '[data-error-page]'
