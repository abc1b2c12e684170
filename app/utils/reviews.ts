/**
 * Product reviews: the shape the storefront shows and the form's copy (document 000 §5,
 * §8, §9). Shared by the review form (client bundle) and the /resources/reviews action,
 * which is why it lives outside *.server.ts. The form's zod schema is in
 * review-form-schema.ts, so that pages showing stars do not load zod.
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

export const REVIEW_COMMENT_MIN = 10
export const REVIEW_COMMENT_MAX = 500
export const REVIEW_NAME_MAX = 50

export const reviewMessages = {
	ratingRequired: 'Selecione uma avaliação',
	ratingMax: 'A avaliação vai de 1 a 5 estrelas',
	commentMin: 'O comentário deve ter pelo menos 10 caracteres',
	commentMax: 'O comentário deve ter no máximo 500 caracteres',
	nameMax: 'O nome deve ter no máximo 50 caracteres',
	productInvalid: 'Produto não encontrado',
	successTitle: 'Avaliação enviada com sucesso!',
	successDescription: 'Sua avaliação será publicada após aprovação.',
	errorTitle: 'Erro ao enviar avaliação',
	errorDescription: 'Tente novamente mais tarde.',
	rateLimited: 'Muitas avaliações enviadas. Tente novamente mais tarde.',
} as const

/** Field errors as the action returns them: the first message per field. */
export type ReviewFieldErrors = Partial<Record<'rating' | 'comment' | 'name' | 'productId', string>>

/** What POST /resources/reviews answers (JSON). */
export type ReviewActionResult = { ok: true } | { ok: false; message: string; fieldErrors?: ReviewFieldErrors }

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
