import { getCommerce } from '~/commerce/index.server'
import { absoluteUrl } from '~/server/seo.server'

/** The Storefront API's largest page: fewest round-trips when walking the whole catalogue. */
export const SITEMAP_PAGE_SIZE = 250

/**
 * Public pages without a handle that belong in the sitemap. Each must be a route in
 * app/routes.ts (sitemap.test.ts fails otherwise); add pages here as their routes land.
 */
export const STATIC_SITEMAP_PATHS = ['/', '/assinaturas', '/em-breve', '/personalize', '/personalize-colares', '/atacado'] as const

/** Collections sold through a page of their own (its /categoria address redirects there). */
const COLLECTIONS_WITH_OWN_PAGE = new Set(['atacado'])

export type SitemapEntry = { path: string; lastmod?: string }

/** XML text and attribute escaping: handles and titles come from the shop owner. */
export function escapeXml(value: string): string {
	return value
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&apos;')
}

/** A handle as one URL path segment (a hand-edited handle could hold spaces or '/'). */
function segment(handle: string): string {
	return encodeURIComponent(handle)
}

/**
 * Every URL the shop wants indexed, read only through the commerce provider so it works the
 * same on the built-in catalogue and the hosted Storefront API. Products are paged by cursor
 * (the provider returns only products on sale, never drafts).
 */
export async function collectSitemapEntries(): Promise<SitemapEntry[]> {
	const commerce = getCommerce()
	const entries: SitemapEntry[] = STATIC_SITEMAP_PATHS.map((path) => ({ path }))

	// Collections at their canonical address (decision 19), not the '/:handle' short form.
	for (const collection of await commerce.listCollections()) {
		if (COLLECTIONS_WITH_OWN_PAGE.has(collection.handle)) continue
		entries.push({ path: `/categoria/${segment(collection.handle)}` })
	}

	let after: string | null = null
	for (;;) {
		const page = await commerce.listProducts({ first: SITEMAP_PAGE_SIZE, after })
		for (const product of page.nodes) {
			entries.push({
				path: `/produto/${segment(product.handle)}`,
				...(product.updatedAt ? { lastmod: product.updatedAt.slice(0, 10) } : {}),
			})
		}
		// A provider that claims another page without a cursor would loop forever: stop.
		if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) break
		after = page.pageInfo.endCursor
	}
	return entries
}

/**
 * The sitemap document. The protocol allows 50,000 URLs per file; past that (far beyond this
 * shop's catalogue) this must become a sitemap index pointing at numbered sitemap files.
 */
export function renderSitemap(entries: SitemapEntry[]): string {
	const urls = entries.map((entry) => {
		const loc = `<loc>${escapeXml(absoluteUrl(entry.path))}</loc>`
		const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : ''
		return `  <url>${loc}${lastmod}</url>`
	})
	return [
		'<?xml version="1.0" encoding="UTF-8"?>',
		'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
		...urls,
		'</urlset>',
		'',
	].join('\n')
}

/** Paths crawlers should skip: private areas, checkout steps, machinery and customers' files. */
export const ROBOTS_DISALLOWED_PATHS = [
	'/admin',
	'/user',
	'/auth',
	'/checkout',
	'/pedido',
	'/resources',
	'/uploads/personalizacao-arquivos',
] as const

export function renderRobots(): string {
	return [
		'User-agent: *',
		'Allow: /',
		...ROBOTS_DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
		'',
		`Sitemap: ${absoluteUrl('/sitemap.xml')}`,
		'',
	].join('\n')
}
