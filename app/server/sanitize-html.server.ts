import sanitizeHtml from 'sanitize-html'

/*
 * Product descriptions are HTML written in the back-office or by a hosted storefront, and are
 * rendered with dangerouslySetInnerHTML: they are cleaned on the server, once, before they
 * reach the page. An allow-list (never a block-list): text formatting, lists, headings,
 * tables, links and images; no scripts, styles, event handlers, iframes or forms.
 */

const OPTIONS: sanitizeHtml.IOptions = {
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

/** Safe HTML for a product description; '' for empty or whitespace-only input. */
export function sanitizeProductHtml(html: string): string {
	const clean = sanitizeHtml(html, OPTIONS).trim()
	return clean.replace(/<p>\s*<\/p>/g, '').trim()
}
