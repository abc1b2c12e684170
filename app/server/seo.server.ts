import { publicUrl } from '~/server/env.server'

/**
 * Absolute URLs for canonical links and Open Graph tags. Crawlers and WhatsApp/Instagram
 * link previews ignore relative URLs there, so every such URL is made absolute against the
 * configured public origin (PUBLIC_URL), never the request's Host.
 */
export function absoluteUrl(pathOrUrl: string): string {
	if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl
	const path = pathOrUrl.startsWith('/') ? pathOrUrl : `/${pathOrUrl}`
	return `${publicUrl()}${path}`
}
