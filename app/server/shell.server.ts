import { EMPTY_CART_VIEW } from '~/components/cart/cart-view'
import type { SessionUser } from '~/server/auth/guards.server'
import { getCartView } from '~/server/cart/cart.server'
import { rethrowIfDatabaseUnavailable } from '~/server/database-errors.server'
import { listFavoriteProductIds } from '~/server/favorites.server'
import { logger } from '~/server/logger.server'

/**
 * The header's badges: items in the visitor's cart (with the cart itself, for the drawer) and
 * the signed-in customer's favourites (with their product ids, for the cards' hearts). A
 * failure here must not take the page down: the badge shows 0 and the error is logged.
 */
export async function getShellCounts(request: Request, user: SessionUser | null) {
	const [cart, favoriteProductIds] = await Promise.all([
		// The drawer's cart comes with the badge: one read, and both revalidate after every action.
		getCartView(request, user?.id ?? null).catch((error: unknown) => {
			rethrowIfDatabaseUnavailable(error) // an unreachable database is a 503 page, not an empty badge
			logger.error({ error: String(error) }, 'erro ao carregar o carrinho')
			return EMPTY_CART_VIEW
		}),
		// The hearts on product cards need the ids; the badge is their number (one indexed read).
		user
			? listFavoriteProductIds(user.id).catch((error: unknown) => {
					rethrowIfDatabaseUnavailable(error)
					logger.error({ error: String(error) }, 'erro ao carregar os favoritos')
					return [] as string[]
				})
			: ([] as string[]),
	])
	// Gift lines count: the gift is an item in the cart (document 000 §4 adds it like any line).
	return { cartCount: cart.itemCount, favoritesCount: favoriteProductIds.length, favoriteProductIds, cart }
}
