import { data } from 'react-router'
import { getOptionalUser } from '~/server/auth/guards.server'
import { isProductId } from '~/server/product-id.server'
import { consumeRateLimit } from '~/server/rate-limit.server'
import { readForm } from '~/server/read-form.server'
import { createReview } from '~/server/reviews.server'
import { reviewFieldErrors, reviewFormSchema } from '~/utils/review-form-schema'
import { type ReviewActionResult, reviewMessages } from '~/utils/review-messages'
import type { Route } from './+types/reviews'
import { clientAddressGroup } from '~/server/address-group.server'

/**
 * POST /resources/reviews — a shopper's review (document 000 §4-§6). Anyone may review;
 * the server decides the reviewer's name and e-mail and the product's name, and stores the
 * review pending approval. Answers JSON ReviewActionResult, with Portuguese messages.
 */

/** Reviews per client address per hour: enough for a family reviewing an order, not for spam. */
export const REVIEW_RATE_LIMIT = { limit: 10, windowSeconds: 60 * 60 } as const

const NO_STORE = { 'Cache-Control': 'no-store' }

function reply(result: ReviewActionResult, status = 200, headers: Record<string, string> = {}) {
	return data(result, { status, headers: { ...NO_STORE, ...headers } })
}

export async function action({ request, context }: Route.ActionArgs) {
	if (request.method !== 'POST') return reply({ ok: false, message: 'Método não permitido.' }, 405, { Allow: 'POST' })
	// Counted before validation: invalid spam costs the same as valid spam.
	const limit = await consumeRateLimit({ key: `review:${clientAddressGroup(context.clientIp)}`, ...REVIEW_RATE_LIMIT })
	if (!limit.allowed) {
		return reply({ ok: false, message: reviewMessages.rateLimited }, 429, { 'Retry-After': String(limit.retryAfterSeconds) })
	}
	const reading = await readForm(request)
	if (!reading.ok) return reply({ ok: false, message: reading.message }, 400)
	const form = reading.form

	const parsed = reviewFormSchema.safeParse({
		productId: form.get('productId') ?? undefined,
		rating: form.get('rating') ?? undefined,
		comment: form.get('comment') ?? undefined,
		name: form.get('name') ?? undefined,
	})
	if (!parsed.success) {
		const fieldErrors = reviewFieldErrors(parsed.error)
		return reply({ ok: false, message: parsed.error.issues[0]?.message ?? reviewMessages.errorDescription, fieldErrors }, 400)
	}

	// A well-formed id of the other provider (a gid on the built-in catalogue…) is as malformed here.
	if (!isProductId(parsed.data.productId)) {
		return reply({ ok: false, message: reviewMessages.productInvalid, fieldErrors: { productId: reviewMessages.productInvalid } }, 400)
	}

	const user = await getOptionalUser(request)
	const result = await createReview(parsed.data, user)
	if (!result.ok) {
		return reply({ ok: false, message: reviewMessages.productInvalid, fieldErrors: { productId: reviewMessages.productInvalid } }, 404)
	}
	return reply({ ok: true }, 201)
}

// Nothing to read here: approved reviews come with the product page's own loader.
export function loader() {
	return data({ ok: false, message: 'Método não permitido.' } satisfies ReviewActionResult, {
		status: 405,
		headers: { ...NO_STORE, Allow: 'POST' },
	})
}
