import { publicUrl } from '~/server/env.server'

/**
 * Absolute URLs for canonical links and Open Graph tags. Crawlers and WhatsApp/Instagram
 * link previews ignore relative URLs there, so every such URL is made absolute against the
 * configured public origin (PUBLIC_URL, or the request's origin when it is not set).
 */
export function absoluteUrl(request: Request, pathOrUrl: string): string {
	if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl
	const path = pathOrUrl.startsWith('/') ? pathOrUrl : `/${pathOrUrl}`
	return `${publicUrl(request)}${path}`
}
