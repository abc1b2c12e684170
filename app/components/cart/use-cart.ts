import { useFetcher, useNavigation } from 'react-router'
import type { CartLineFormInput } from '~/utils/cart-form'

/**
 * What pages use to change the cart: one shared fetcher (key 'cart') posting to the `/cart`
 * action. The cart feature owns the action, the drawer and the toasts; pages only call these.
 * After a change the root loader revalidates, so the header badge updates.
 */
export function useCart() {
	const fetcher = useFetcher({ key: 'cart' })
	// After 'Comprar Agora' the page itself navigates to the checkout (cart-drawer.tsx): the
	// buttons stay busy until it is there.
	const toCheckout = useNavigation().location?.pathname === '/checkout'
	return {
		busy: fetcher.state !== 'idle' || toCheckout,
		/** Adds the lines; with `checkout`, goes to checkout afterwards ('Comprar Agora', 'Assinar'). */
		add(lines: CartLineFormInput[], options: { checkout?: boolean } = {}) {
			const form: Record<string, string> = { intent: 'add', lines: JSON.stringify(lines) }
			if (options.checkout) form.checkout = '1'
			void fetcher.submit(form, { method: 'post', action: '/cart' })
		},
		update(lineId: string, quantity: number) {
			void fetcher.submit({ intent: 'update', lineId, quantity: String(quantity) }, { method: 'post', action: '/cart' })
		},
		remove(lineId: string) {
			void fetcher.submit({ intent: 'remove', lineId }, { method: 'post', action: '/cart' })
		},
		data: fetcher.data as unknown,
	}
}
