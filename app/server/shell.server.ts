import { count, eq } from 'drizzle-orm'
import { getCommerce } from '~/commerce/index.server'
import { userFavorites } from '~/db/schema'
import type { SessionUser } from '~/server/auth/guards.server'
import { getCartId } from '~/server/cart-cookie.server'
import { db } from '~/server/db.server'
import { logger } from '~/server/logger.server'

/**
 * The header's badges: items in the visitor's cart (through the commerce provider) and
 * the signed-in customer's favourites. A failure here must not take the page down: the
 * badge shows 0 and the error is logged.
 */
export async function getShellCounts(request: Request, user: SessionUser | null) {
	const cartId = getCartId(request)
	const [cartCount, favoritesCount] = await Promise.all([
		cartId
			? getCommerce()
					.getCart(cartId)
					.then((cart) => cart?.totalQuantity ?? 0)
					.catch((error: unknown) => {
						logger.error({ error, cartId }, 'erro ao contar itens do carrinho')
						return 0
					})
			: 0,
		user
			? db
					.select({ value: count() })
					.from(userFavorites)
					.where(eq(userFavorites.userId, user.id))
					.then(([row]) => row?.value ?? 0)
			: 0,
	])
	return { cartCount, favoritesCount }
}
