import { toast } from '~/components/ui/toast'
import { isCartActionResult } from './cart-view'

/** document 000 §4/§9: the gift toast, shown for 5 seconds. */
export const GIFT_TOAST = { title: '🎁 Brinde adicionado!', description: 'Parabéns! Você ganhou um brinde grátis', duration: 5000 } as const

/**
 * Tells the shopper what a /cart answer means: the gift toast when the server added the gift,
 * the Portuguese error otherwise. Returns the result when it was a success.
 */
export function announceCartResult(data: unknown) {
	if (!isCartActionResult(data)) return null
	if (!data.ok) {
		if (data.notice) toast.error(data.notice.title, { description: data.notice.description })
		// document 000 §8: the store's error itself ('Payment required', 'No checkout URL returned from Shopify').
		if (data.detail) console.warn(data.detail)
		if (data.title) toast.error(data.title, { description: data.error })
		else toast.error(data.error)
		return null
	}
	if (data.giftAdded) toast.success(GIFT_TOAST.title, { description: GIFT_TOAST.description, duration: GIFT_TOAST.duration })
	return data
}
