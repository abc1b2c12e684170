import { noteCookieRead } from '~/server/render-record.server'

/**
 * Reads one cookie from a request's Cookie header (raw value: ours are base64url, no decoding).
 * The one place the app reads cookies: it notes the read for the page cache's guard (a render
 * that read who is asking is never shared; render-record.server.ts).
 */
export function readCookie(request: Request, name: string): string | null {
	noteCookieRead(name)
	return cookieInHeader(request.headers.get('cookie'), name)
}

/**
 * The first cookie called `name` in a Cookie header, as readCookie reads it. The page cache keys
 * pages by the theme with this same reading, so its key and the render never disagree.
 */
export function cookieInHeader(header: string | null | undefined, name: string): string | null {
	if (!header) return null
	for (const pair of header.split(';')) {
		const index = pair.indexOf('=')
		if (index === -1) continue
		if (pair.slice(0, index).trim() === name) return pair.slice(index + 1).trim()
	}
	return null
}
