import { collectSitemapEntries, renderSitemap } from '~/server/sitemap.server'

/**
 * /sitemap.xml (resource route, Hydrogen style): home, collections and every product on sale.
 * Cached an hour by browsers and CDNs, and served stale for a day while revalidating, so a
 * crawler burst does not walk the whole catalogue on every request.
 */
export async function loader() {
	const body = renderSitemap(await collectSitemapEntries())
	return new Response(body, {
		headers: {
			'Content-Type': 'application/xml; charset=utf-8',
			'Cache-Control': 'public, max-age=3600, stale-while-revalidate=86400',
		},
	})
}
