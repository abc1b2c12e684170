import { asc, desc, eq } from 'drizzle-orm'
import { orders, pets } from '~/db/schema'
import { getOptionalUser } from '~/server/auth/guards.server'
import { getCartView } from '~/server/cart/cart.server'
import { db } from '~/server/db.server'
import type { AriaContext } from './engine'

/** A customer's first pets are enough to size for; the rest would only lengthen a prompt. */
const CONTEXT_PETS = 5

/**
 * What the assistant knows of the shopper asking (issue 12): the product page the chat is on
 * (from the page path the panel sends: only a product handle is taken from it), the cart this
 * browser may use, and a signed-in customer's pets.
 */
export async function ariaChatContext(request: Request, page: string | null): Promise<AriaContext> {
	const productHandle = /^\/produto\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/.exec(page ?? '')?.[1] ?? null
	const user = await getOptionalUser(request)
	const [cart, petRows, lastOrder] = await Promise.all([
		getCartView(request, user?.id ?? null),
		user
			? db
					.select({ name: pets.name, breed: pets.breed, neckMm: pets.neckMm })
					.from(pets)
					.where(eq(pets.userId, user.id))
					.orderBy(asc(pets.createdAt))
					.limit(CONTEXT_PETS)
			: [],
		// Where she received her last order: delivery questions are answered for that region.
		user
			? db
					.select({ cep: orders.cep, uf: orders.uf })
					.from(orders)
					.where(eq(orders.userId, user.id))
					.orderBy(desc(orders.createdAt))
					.limit(1)
			: [],
	])
	return {
		productHandle,
		cart: cart.itemCount > 0 ? { subtotalCents: cart.subtotalCents, itemCount: cart.itemCount } : null,
		pets: petRows,
		address: lastOrder[0] ?? null,
	}
}
