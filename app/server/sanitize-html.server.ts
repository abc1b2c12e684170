import sanitizeHtml from 'sanitize-html'

/*
 * Product descriptions are HTML written in the back-office or by a hosted storefront, and are
 * rendered with dangerouslySetInnerHTML: they are cleaned on the server, once, before they
 * reach the page. An allow-list (never a block-list): text formatting, lists, headings,
 * tables, links and images; no scripts, styles, event handlers, iframes or forms.
 */

const OPTIONS: sanitizeHtml.IOptions = {
	// prettier-ignore
	allowedTags: [
		'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark', 'span', 'div',
		'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'a', 'img', 'figure', 'figcaption',
		'table', 'thead', 'tbody', 'tr', 'th', 'td',
	],
	// target/rel/loading/decoding are set by transformTags below, which runs before this filter.
	allowedAttributes: {
		a: ['href', 'title', 'target', 'rel'],
		img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
		th: ['colspan', 'rowspan', 'scope'],
		td: ['colspan', 'rowspan'],
	},
	allowedSchemes: ['http', 'https', 'mailto', 'tel'],
	allowedSchemesByTag: { img: ['http', 'https'] },
	allowProtocolRelative: false,
	// The page already has its <h1> (the product title): a description's h1 becomes an h2.
	transformTags: {
		h1: 'h2',
		a: (tagName, attribs) => {
			const external = /^https?:\/\//i.test(attribs.href ?? '')
			return {
				tagName,
				attribs: external ? { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } : attribs,
			}
		},
		img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
	},
	disallowedTagsMode: 'discard',
}

/**
 * Descriptions already made safe, by their text: every product page render sanitizes its
 * description (the provider's HTML may change at any time), and parsing it was ~2 % of an
 * uncached product page's CPU (decision 058). A pure function of its input, so a kept answer is
 * never stale; bounded, oldest out first.
 */
const sanitized = new Map<string, string>()
const SANITIZED_KEPT = 1_000

/** Safe HTML for a product description; '' for empty or whitespace-only input. */
export function sanitizeProductHtml(html: string): string {
	const kept = sanitized.get(html)
	if (kept !== undefined) return kept
	const clean = sanitizeHtml(html, OPTIONS)
		.trim()
		.replace(/<p>\s*<\/p>/g, '')
		.trim()
	if (sanitized.size >= SANITIZED_KEPT) sanitized.delete(sanitized.keys().next().value as string)
	sanitized.set(html, clean)
	return clean
}
