import { isCommerceError } from '~/commerce/errors'
import { StorefrontError } from '~/commerce/storefront/client.server'
import type { SessionUser } from '~/server/auth/guards.server'
import { getCartBackend } from '~/server/cart/backend.server'
import { CART_ERRORS, resolveCartId } from '~/server/cart/cart.server'
import { getEnv } from '~/server/env.server'
import { logger } from '~/server/logger.server'

/**
 * /checkout when the catalogue is a hosted store (COMMERCE_PROVIDER=storefront, decision 052):
 * the store's hosted checkout takes the payment, so our checkout page never places an order.
 * A shopper who opens /checkout (a bookmark, the back button, a typed address) is sent to the
 * store's checkout made from the same server cart the drawer's 'Finalizar Compra' sends
 * (`CartBackend.createCheckout`: cartCreate with the lines our server priced), in the same tab.
 */

export function checkoutIsHosted(): boolean {
	return getEnv().COMMERCE_PROVIDER !== 'builtin'
}

/** What the page shows when the store could not make the checkout (document 000 §8's texts). */
export type HostedCheckoutFailure = {
	title: string
	message: string
	/** §8's toast for HTTP 402 ('Shopify: Pagamento necessário'), shown above the message. */
	notice: { title: string; description: string } | null
	/** §8's error as written ('Payment required', 'Cart creation failed: …'), for the console. */
	detail: string | null
}

export type HostedCheckout =
	{ kind: 'empty' } | { kind: 'redirect'; checkoutUrl: string } | { kind: 'failed'; failure: HostedCheckoutFailure }

export async function hostedCheckout(request: Request, user: SessionUser | null): Promise<HostedCheckout> {
	const backend = getCartBackend()
	const cartId = await resolveCartId(request, user?.id ?? null, backend)
	if (!cartId) return { kind: 'empty' }
	try {
		// createCheckout reads the cart itself and refuses one with nothing to buy ('cart_empty').
		const { checkoutUrl } = await backend.createCheckout(cartId)
		return { kind: 'redirect', checkoutUrl }
	} catch (error) {
		if (!isCommerceError(error)) throw error
		if (error.code === 'cart_empty' || error.code === 'cart_not_found') return { kind: 'empty' }
		logger.error({ error: String(error), cartId }, 'erro ao criar checkout')
		const store = error instanceof StorefrontError ? error : null
		return {
			kind: 'failed',
			failure: {
				title: CART_ERRORS.checkoutTitle,
				message: CART_ERRORS.checkoutFailed,
				notice: store?.toast ?? null,
				detail: store ? store.message : null,
			},
		}
	}
}

/**
 * Where a customer follows her orders when a hosted store takes the payment: the store's own
 * account pages (https://{STOREFRONT_DOMAIN}/account), or no link when only STOREFRONT_API_URL
 * names the store (a test or staging endpoint). Null with the built-in checkout.
 */
export function storeOrdersLink(): { url: string | null } | null {
	if (!checkoutIsHosted()) return null
	const domain = getEnv().STOREFRONT_DOMAIN
	return { url: domain ? `https://${domain}/account` : null }
}
