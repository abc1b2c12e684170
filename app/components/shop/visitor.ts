import { useSyncExternalStore } from 'react'
import type { Visitor } from '~/server/visitor/visitor.server'

export type { Visitor }

/**
 * Who is looking (decision 049): the signed-in person, cart, favourites, flash toast, new
 * badges and theme, from `GET /resources/visitor`. Pages are rendered for everyone alike (and
 * cached); the browser asks for this once the page has hydrated (the root's effect) and after
 * every change (the root's clientLoader, which runs on every revalidation).
 *
 * Kept here, outside the router's loader data, on purpose: a clientLoader that also ran on
 * hydration would make the first load a navigation, and React Router scrolls to the top when a
 * navigation completes: a shopper who scrolled before the answer came was sent back up.
 */
let current: Visitor | null = null
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
	listeners.add(listener)
	return () => listeners.delete(listener)
}

/** Replaces what is known (also for component tests). */
export function setVisitor(visitor: Visitor | null) {
	current = visitor
	for (const listener of listeners) listener()
}

/**
 * Asks the server again. A failure keeps what was known (a badge must not drop to 0 on a
 * network blip); the page itself still works without it.
 */
export async function refreshVisitor(): Promise<Visitor | null> {
	try {
		const response = await fetch('/resources/visitor', { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
		if (response.ok) setVisitor((await response.json()) as Visitor)
	} catch {
		// Offline or aborted: keep the last answer.
	}
	return current
}

const readCurrent = () => current

/** null while the page is server-rendered and until the first answer. */
export function useVisitorData(): Visitor | null {
	// The server snapshot is `current` too: on the server it is never set (always null, the
	// same HTML for everyone), and in the browser nothing sets it before hydration is done.
	return useSyncExternalStore(subscribe, readCurrent, readCurrent)
}
