import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False in the server's HTML and during hydration, true once the page is interactive: for what
 * only works with JavaScript (a pause button, an editor replacing a textarea). Read through
 * useSyncExternalStore, so no effect sets state and hydration never mismatches.
 */
export function useHydrated(): boolean {
	return useSyncExternalStore(
		noSubscription,
		() => true,
		() => false,
	)
}
