import { useEffect, useLayoutEffect, useRef, useState } from 'react'

/*
 * Drawers and dialogs (Radix Dialog with its focus trap and scroll lock) are closed when a
 * page loads, so their code is not in the page's first load (decision 016): each overlay's
 * markup lives in its own module, loaded with React.lazy the first time it opens (or when the
 * browser is idle), while the button that opens it is ordinary, always-hydrated markup.
 */

/** true from the first time `open` is true: the overlay then stays mounted, to animate out. */
export function useOpenedOnce(open: boolean): boolean {
	const [opened, setOpened] = useState(open)
	if (open && !opened) setOpened(true)
	return opened
}

/** Starts loading an overlay's module once the page is idle, so its first opening need not wait. */
export function usePrefetchWhenIdle(load: () => Promise<unknown>) {
	useEffect(() => {
		const run = () => void load().catch(() => undefined)
		if (typeof window.requestIdleCallback === 'function') {
			const id = window.requestIdleCallback(run, { timeout: 3000 })
			return () => window.cancelIdleCallback(id)
		}
		const timer = setTimeout(run, 1500)
		return () => clearTimeout(timer)
	}, [load])
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
