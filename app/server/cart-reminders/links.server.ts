import { OPEN_CART_PARAM } from '~/components/cart/cart-view'

/**
 * The reminder's two addresses (decision 121). Static first segments, so they win over the
 * storefront's '/:handle'; the token is the last segment.
 */
export const RESTORE_PATH = '/carrinho/voltar'
export const UNSUBSCRIBE_PATH = '/lembretes/cancelar'

export function restoreUrl(baseUrl: string, token: string): string {
	return `${baseUrl}${RESTORE_PATH}/${token}`
}

export function unsubscribeUrl(baseUrl: string, token: string): string {
	return `${baseUrl}${UNSUBSCRIBE_PATH}/${token}`
}

/** Where the restore link lands: the shop's home with the cart drawer open (cart-drawer.tsx). */
export const OPEN_CART_PATH = `/?${OPEN_CART_PARAM}=abrir`
