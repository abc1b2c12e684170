import type { Visitor } from '~/server/visitor/visitor.server'

export type { Visitor }

/** The last answer, kept for when a later request fails (a badge must not drop to 0 on a network blip). */
let lastVisitor: Visitor | null = null

/**
 * The per-visitor part of the page (decision 049) from `GET /resources/visitor`. Pages are
 * rendered for everyone alike and cached; this fills in the person, cart and favourites.
 * A failure keeps what was known (or nothing): the page itself still works.
 */
export async function fetchVisitor(): Promise<Visitor | null> {
	try {
		const response = await fetch('/resources/visitor', { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
		if (!response.ok) return lastVisitor
		lastVisitor = (await response.json()) as Visitor
		return lastVisitor
	} catch {
		return lastVisitor
	}
}
