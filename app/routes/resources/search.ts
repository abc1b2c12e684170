import { data } from 'react-router'
import { z } from 'zod'
import { type ProductSummary, CommerceError } from '~/commerce'
import { getCommerce } from '~/commerce/index.server'
import { logger } from '~/server/logger.server'
import { searchSuggestionCache } from '~/server/search-suggestions.server'
import type { Route } from './+types/search'
import { userText } from '~/utils/text-schema'
import { listPrice } from '~/commerce/rules/list-price'

/**
 * GET /resources/search?q=… — the header's search panel (document 000 §2 'Search bar'):
 * at most 8 products, best first, from the whole catalogue on the server (the documents'
 * client-side filter of 100 products is what the hosted storefront allowed).
 *
 * Not rate-limited: a search costs a few indexed queries (words and prefixes at p95 15–24 ms
 * over 50,000 products, decision 047), the panel debounces typing, answers are reused for a few
 * seconds, and counting every keystroke in the database would cost more than the search itself.
 */

/** document 000 §9: the panel shows 8. */
export const SEARCH_RESULT_LIMIT = 8
/** document 000 §5: shorter trimmed queries clear the results without asking the server. */
export const SEARCH_MIN_LENGTH = 2
export const SEARCH_MAX_LENGTH = 100
/** Enough for one line of the panel at any width; the rest would only travel. */
const DESCRIPTION_LENGTH = 140

export const searchMessages = {
	tooLong: `A busca pode ter no máximo ${SEARCH_MAX_LENGTH} caracteres.`,
	failed: 'Não foi possível buscar produtos agora. Tente novamente.',
} as const

const querySchema = z.object({
	q: userText().trim().max(SEARCH_MAX_LENGTH, searchMessages.tooLong),
})

export type SearchResult = {
	handle: string
	title: string
	/** Plain text on one line, cut at a word near DESCRIPTION_LENGTH characters. */
	description: string
	minPriceCents: number
	/** The variants do not all cost the same: the panel says 'a partir de'. */
	priceVaries: boolean
	image: {
		url: string
		alt: string
		width: number | null
		height: number | null
	} | null
}

export type SearchResponse = {
	query: string
	results: SearchResult[]
	error?: string
}

/** One line of plain text, cut on a word boundary with an ellipsis. */
export function oneLine(text: string, max = DESCRIPTION_LENGTH): string {
	const line = text.replace(/\s+/g, ' ').trim()
	if (line.length <= max) return line
	const cut = line.slice(0, max - 1)
	const lastSpace = cut.lastIndexOf(' ')
	return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, '')}…`
}

export function toSearchResult(product: ProductSummary): SearchResult {
	const image = product.images[0]
	const price = listPrice(product)
	return {
		handle: product.handle,
		title: product.title,
		description: oneLine(product.description),
		minPriceCents: price.minCents,
		priceVaries: price.varies,
		image: image
			? {
					url: image.url,
					alt: image.altText ?? product.title,
					width: image.width,
					height: image.height,
				}
			: null,
	}
}

function reply(body: SearchResponse, status = 200) {
	return data(body, {
		status,
		headers: {
			// The same for everyone, but the catalogue changes: a short private cache lets the
			// browser reuse a query typed again (backspace) without pinning stale prices.
			'Cache-Control': status === 200 ? 'private, max-age=30' : 'no-store',
			'X-Robots-Tag': 'noindex',
		},
	})
}

export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const parsed = querySchema.safeParse({ q: url.searchParams.get('q') ?? '' })
	if (!parsed.success) {
		return reply(
			{
				query: '',
				results: [],
				error: parsed.error.issues[0]?.message ?? searchMessages.tooLong,
			},
			400,
		)
	}
	const query = parsed.data.q
	if (query.length < SEARCH_MIN_LENGTH) return reply({ query, results: [] })
	try {
		// A few seconds per query, emptied by store events (decision 047).
		const results = await searchSuggestionCache<SearchResult[]>().get(query, async () =>
			(await getCommerce().searchProducts(query, { first: SEARCH_RESULT_LIMIT })).map(toSearchResult),
		)
		return reply({ query, results })
	} catch (error) {
		// document 000 §8: a failed search empties the results quietly; it is logged.
		logger.error({ err: error, query }, 'falha na busca de produtos')
		if (error instanceof CommerceError) return reply({ query, results: [], error: error.userMessage }, error.status)
		return reply({ query, results: [], error: searchMessages.failed }, 503)
	}
}
