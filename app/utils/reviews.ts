/**
 * Product reviews: the shape the storefront shows and how it writes ratings (document 000 §5,
 * §8, §9). The form's limits and copy are in review-messages.ts and its zod schema in
 * review-form-schema.ts, so that pages showing stars load neither (decision 146).
 */
import { formatDecimal } from '~/utils/format'

/** An approved review as the storefront shows it: never the reviewer's e-mail. */
export type PublicReview = {
	id: string
	customerName: string
	rating: number
	comment: string | null
	/** ISO 8601 */
	createdAt: string
	/**
	 * '05/03/2026', written by the server: formatting a date in the browser would create its first
	 * Intl object during hydration, ~300 ms of a phone's CPU (decision 063).
	 */
	dateLabel: string
}

export type ReviewSummary = { average: number | null; count: number }

/** The average with one decimal, pt-BR: 4.46 → '4,5' (document 000 §9). */
export function formatRatingAverage(average: number): string {
	return formatDecimal(average, 1, { fixed: true })
}

/** '1 avaliação' / '3 avaliações' / '0 avaliações'. */
export function reviewCountLabel(count: number): string {
	return `${count} ${count === 1 ? 'avaliação' : 'avaliações'}`
}

/** The accessible name of a star display: '4,5 de 5 estrelas', '1 de 5 estrelas'. */
export function starsLabel(value: number): string {
	const rounded = Math.round(value * 10) / 10
	return `${Number.isInteger(rounded) ? String(rounded) : formatRatingAverage(rounded)} de 5 estrelas`
}
