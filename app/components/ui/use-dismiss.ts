import { useEffect } from 'react'

export type DismissReason = 'outside' | 'escape'

/**
 * While `enabled`, a pointer pressed outside what `contains` accepts, or Escape (unless
 * something already handled it), calls `onDismiss` with the reason: for panels that are not
 * Radix dialogs (the search panel, the account disclosure).
 */
export function useDismiss({
	enabled = true,
	contains,
	onDismiss,
}: {
	enabled?: boolean
	contains: (target: Node) => boolean
	onDismiss: (reason: DismissReason) => void
}) {
	useEffect(() => {
		if (!enabled) return
		function onPointerDown(event: PointerEvent) {
			if (event.target instanceof Node && !contains(event.target)) onDismiss('outside')
		}
		function onKeyDown(event: KeyboardEvent) {
			if (event.key === 'Escape' && !event.defaultPrevented) onDismiss('escape')
		}
		document.addEventListener('pointerdown', onPointerDown)
		document.addEventListener('keydown', onKeyDown)
		return () => {
			document.removeEventListener('pointerdown', onPointerDown)
			document.removeEventListener('keydown', onKeyDown)
		}
	}, [enabled, contains, onDismiss])
}
