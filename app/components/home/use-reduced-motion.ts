import { useSyncExternalStore } from 'react'

const QUERY = '(prefers-reduced-motion: reduce)'

function subscribe(onChange: () => void) {
	const media = window.matchMedia(QUERY)
	media.addEventListener('change', onChange)
	return () => media.removeEventListener('change', onChange)
}

/**
 * Whether the shopper asked for less motion. The server (and hydration) assume yes, so
 * videos and automatic changes start only in the browser, after hydration, and only when
 * motion is welcome.
 */
export function usePrefersReducedMotion(): boolean {
	return useSyncExternalStore(
		subscribe,
		() => window.matchMedia(QUERY).matches,
		() => true,
	)
}
