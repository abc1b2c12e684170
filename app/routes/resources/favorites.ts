import { data } from 'react-router'
import { z } from 'zod'
import { getOptionalUser } from '~/server/auth/guards.server'
import { addFavorite, listFavoriteProductIds, removeFavorite } from '~/server/favorites.server'
import { productIdSchema } from '~/server/product-id.server'
import { readForm } from '~/server/read-form.server'
import { consumeRateLimit } from '~/server/rate-limit.server'
import { type FavoriteActionResult, favoriteMessages } from '~/components/engagement/favorite-messages'
import type { Route } from './+types/favorites'

/**
 * POST /resources/favorites (intent=add|remove, productId) — the signed-in person's
 * favourites (document 000 §4, §5, §7). Signed out: 401 with the login message the heart
 * shows. Answers JSON FavoriteActionResult; the browser shows the toasts.
 * GET answers the person's favourite product ids.
 */

/** Toggles per person per minute: fast clicking is fine, a script is not. */
export const FAVORITE_RATE_LIMIT = { limit: 60, windowSeconds: 60 } as const

const NO_STORE = { 'Cache-Control': 'no-store' }

/** The product id is the running provider's (decision 051): a uuid, or the store's Product gid. */
function favoriteFormSchema() {
	return z.object({
		intent: z.enum(['add', 'remove'], favoriteMessages.errorDescription),
		productId: productIdSchema(favoriteMessages.productNotFound),
	})
}

function reply(result: FavoriteActionResult, status = 200, headers: Record<string, string> = {}) {
	return data(result, { status, headers: { ...NO_STORE, ...headers } })
}

export async function action({ request }: Route.ActionArgs) {
	if (request.method !== 'POST') {
		return reply({ ok: false, title: favoriteMessages.errorTitle, message: 'Método não permitido.' }, 405, { Allow: 'POST' })
	}
	const user = await getOptionalUser(request)
	if (!user) {
		return reply({ ok: false, title: favoriteMessages.loginTitle, message: favoriteMessages.loginDescription }, 401)
	}
	const limit = await consumeRateLimit({ key: `favorite:${user.id}`, ...FAVORITE_RATE_LIMIT })
	if (!limit.allowed) {
		return reply({ ok: false, title: favoriteMessages.errorTitle, message: favoriteMessages.rateLimited }, 429, {
			'Retry-After': String(limit.retryAfterSeconds),
		})
	}
	const reading = await readForm(request)
	if (!reading.ok) return reply({ ok: false, title: favoriteMessages.errorTitle, message: reading.message }, 400)
	const parsed = favoriteFormSchema().safeParse({ intent: reading.form.get('intent'), productId: reading.form.get('productId') })
	if (!parsed.success) {
		return reply(
			{ ok: false, title: favoriteMessages.errorTitle, message: parsed.error.issues[0]?.message ?? favoriteMessages.errorDescription },
			400,
		)
	}
	const { intent, productId } = parsed.data
	const result = intent === 'add' ? await addFavorite(user.id, productId) : await removeFavorite(user.id, productId)
	if (!result.ok) {
		return reply({ ok: false, title: favoriteMessages.errorTitle, message: favoriteMessages.productNotFound }, 404)
	}
	return reply({ ok: true, productId, favorite: result.favorite, productTitle: result.productTitle, pointsAwarded: result.pointsAwarded })
}

export async function loader({ request }: Route.LoaderArgs) {
	const user = await getOptionalUser(request)
	if (!user) {
		return data({ ok: false as const, message: favoriteMessages.loginDescription }, { status: 401, headers: NO_STORE })
	}
	return data({ ok: true as const, productIds: await listFavoriteProductIds(user.id) }, { headers: NO_STORE })
}
