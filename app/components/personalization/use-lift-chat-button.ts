import { useEffect } from 'react'

/**
 * These pages keep the total and 'Adicionar ao Carrinho' in a bar stuck to the bottom of a
 * phone's screen: while one is shown, <html data-buy-bar> lifts the floating assistant button
 * above it (as the product page's sticky bar does), so it never covers the button.
 */
export function useLiftChatButton() {
	useEffect(() => {
		document.documentElement.dataset.buyBar = 'on'
		return () => {
			delete document.documentElement.dataset.buyBar
		}
	}, [])
}
