import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { afterFirstInput } from '~/utils/after-first-input'

/*
 * Drawers and dialogs (Radix Dialog with its focus trap and scroll lock) are closed when a
 * page loads, so their code is not in the page's first load (decision 016): each overlay's
 * markup lives in its own module, loaded with React.lazy the first time it opens (or once the
 * page has been used, when the browser is idle: utils/after-first-input.ts), while the button
 * that opens it is ordinary, always-hydrated markup.
 */

/** true from the first time `open` is true: the overlay then stays mounted, to animate out. */
export function useOpenedOnce(open: boolean): boolean {
	const [opened, setOpened] = useState(open)
	if (open && !opened) setOpened(true)
	return opened
}

/** Starts loading an overlay's module once the page has been used and is idle, so its first opening need not wait. */
export function usePrefetchAfterFirstInput(load: () => Promise<unknown>) {
	useEffect(() => afterFirstInput(() => void load().catch(() => undefined)), [load])
}

/**
 * Focus goes back where it was when the overlay opened (the button that opened it, or 'Adicionar
 * ao Carrinho' for the cart drawer). Radix returns it to its own Trigger only, and these
 * overlays are opened from elsewhere. The element is read in a layout effect, before Radix
 * moves focus into the overlay in its passive effects. Pass the result as onCloseAutoFocus.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
	const returnTo = useRef<HTMLElement | null>(null)
	useLayoutEffect(() => {
		if (open) returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
	}, [open])
	return (event: Event) => {
		event.preventDefault()
		if (returnTo.current?.isConnected) returnTo.current.focus()
	}
}
