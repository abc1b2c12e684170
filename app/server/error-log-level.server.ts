import { isRouteErrorResponse } from 'react-router'

/**
 * The level an error React Router hands to handleError is logged at. A client's mistake (a POST
 * to a page with no action: 405; an unknown address: 404) is not the shop's fault, and anyone can
 * send as many as they like: at error level they would flood the log the owner reads for real
 * faults. The access log already records each such request (status included) at info, so the
 * detail goes to debug. Everything else (5xx, a thrown Error) stays at error.
 */
export function handleErrorLogLevel(error: unknown): 'error' | 'debug' {
	return isRouteErrorResponse(error) && error.status >= 400 && error.status < 500 ? 'debug' : 'error'
}
