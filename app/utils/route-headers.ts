import type { HeadersFunction } from 'react-router'

/**
 * React Router sends a page's HTTP headers from the route modules' `headers` exports only:
 * what a loader or action passes in `data(…, { headers })` (Cache-Control: no-store on
 * checkout, Retry-After on a 429) is dropped unless the route exports `headers` — except
 * Set-Cookie, which React Router merges itself. Routes without the export inherit their
 * parent's, so a layout's export covers its children.
 *
 * `routeHeaders(fixed)` is that export: the parent's headers, then the loader's, action's and
 * error's (a thrown 429), then `fixed`, which wins so a loader cannot loosen it.
 */
export function routeHeaders(fixed: Record<string, string> = {}): HeadersFunction {
	return ({ parentHeaders, loaderHeaders, actionHeaders, errorHeaders }) => {
		const headers = new Headers()
		for (const source of [parentHeaders, loaderHeaders, actionHeaders, errorHeaders]) {
			source?.forEach((value, name) => {
				if (name !== 'set-cookie') headers.set(name, value)
			})
		}
		for (const [name, value] of Object.entries(fixed)) headers.set(name, value)
		return headers
	}
}

/** Pages with personal data or secrets in the URL: no shared cache, no copy on disk. */
export const PRIVATE_NO_STORE = { 'Cache-Control': 'private, no-store' } as const
