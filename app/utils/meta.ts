import type { MetaDescriptor } from 'react-router'

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>

/** The store name from the root loader's data among `matches`, or null (root error). */
function storeNameOf(matches: Matches): string | null {
	const root = matches.find((match) => match?.id === 'root')?.loaderData as { settings?: { storeName?: string } } | undefined
	return root?.settings?.storeName || null
}

/**
 * '<page> | <store name>' for a route's <title>. React Router does not merge meta between
 * routes, so each page builds its own title; the store name comes from the root loader's
 * data among `matches` (settings are editable, so it is never hard-coded).
 */
export function pageTitle(title: string, matches: Matches): string {
	const storeName = storeNameOf(matches)
	return storeName ? `${title} | ${storeName}` : title
}

/** The shop speaks Brazilian Portuguese (Open Graph's form of pt-BR). */
export const OG_LOCALE = 'pt_BR'

export type ShareMetaInput = {
	/** The full <title> (usually from pageTitle). */
	title: string
	description: string
	/** Absolute canonical URL of the page. */
	url: string
	type?: 'website' | 'product'
	/** Absolute URL of the page's main image, if it has one. */
	imageUrl?: string | null
	imageAlt?: string
}

/**
 * A public page's description, canonical link, Open Graph and Twitter tags, built in one place
 * so every page shares them alike: og:site_name is the store name (an editable setting) and
 * og:locale is pt_BR. Page-specific extras (product price…) are added by the page.
 */
export function shareMeta(input: ShareMetaInput, matches: Matches): MetaDescriptor[] {
	const { title, description, url, type = 'website', imageUrl, imageAlt } = input
	const storeName = storeNameOf(matches)
	return [
		{ name: 'description', content: description },
		{ tagName: 'link', rel: 'canonical', href: url },
		{ property: 'og:type', content: type },
		{ property: 'og:title', content: title },
		{ property: 'og:description', content: description },
		{ property: 'og:url', content: url },
		...(storeName ? [{ property: 'og:site_name', content: storeName }] : []),
		{ property: 'og:locale', content: OG_LOCALE },
		...(imageUrl ? [{ property: 'og:image', content: imageUrl }] : []),
		...(imageUrl && imageAlt ? [{ property: 'og:image:alt', content: imageAlt }] : []),
		{ name: 'twitter:card', content: imageUrl ? 'summary_large_image' : 'summary' },
		{ name: 'twitter:title', content: title },
		{ name: 'twitter:description', content: description },
		...(imageUrl ? [{ name: 'twitter:image', content: imageUrl }] : []),
	]
}
