/**
 * The review form's limits and copy (document 000 §5, §8), shared by the form (loaded when the
 * reviews come near, decision 146), its schema and the /resources/reviews action, which is why it
 * lives outside *.server.ts; apart from utils/reviews.ts, which the pages showing stars load.
 */

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
