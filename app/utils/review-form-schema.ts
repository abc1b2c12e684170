import { z } from 'zod'
import { anyProductIdSchema } from '~/commerce/product-id'
import { REVIEW_COMMENT_MAX, REVIEW_COMMENT_MIN, REVIEW_NAME_MAX, type ReviewFieldErrors, reviewMessages } from './review-messages'
import { userText } from './text-schema'

/**
 * The review form's validation, applied by the /resources/reviews action and, before
 * sending, by the form itself — which imports this module only when the shopper submits,
 * so zod is not part of the product page's first load.
 */

/** Form values arrive as strings; a missing or blank rating means no star was chosen. */
const ratingSchema = z.preprocess(
	(value) => (value === undefined || value === null || value === '' ? 0 : Number(value)),
	z
		.number({ error: reviewMessages.ratingRequired })
		.int(reviewMessages.ratingRequired)
		.min(1, reviewMessages.ratingRequired)
		.max(5, reviewMessages.ratingMax),
)

/**
 * The review form (field order = the order messages are reported in, so the first one is
 * what the toast shows). The reviewer's name is only typed by anonymous visitors; the
 * server ignores it for signed-in people (document 000 §6).
 */
export const reviewFormSchema = z.object({
	// Either provider's id (the browser does not know which runs); the action checks it is this one's.
	productId: anyProductIdSchema(reviewMessages.productInvalid),
	rating: ratingSchema,
	comment: userText({ error: reviewMessages.commentMin })
		.trim()
		.min(REVIEW_COMMENT_MIN, reviewMessages.commentMin)
		.max(REVIEW_COMMENT_MAX, reviewMessages.commentMax),
	name: userText()
		.trim()
		.max(REVIEW_NAME_MAX, reviewMessages.nameMax)
		.optional()
		.transform((name) => (name ? name : undefined)),
})
export type ReviewFormInput = z.infer<typeof reviewFormSchema>

export function reviewFieldErrors(error: z.ZodError): ReviewFieldErrors {
	const errors: ReviewFieldErrors = {}
	for (const issue of error.issues) {
		const field = issue.path[0]
		if ((field === 'rating' || field === 'comment' || field === 'name' || field === 'productId') && !errors[field]) {
			errors[field] = issue.message
		}
	}
	return errors
}
