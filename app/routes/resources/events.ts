import { data } from 'react-router'
import { getOptionalUser } from '~/server/auth/guards.server'
import { resolveCartId } from '~/server/cart/cart.server'
import { authorizeChannels } from '~/server/event-channels.server'
import { eventStreamResponse } from '~/server/event-stream.server'
import type { Route } from './+types/events'

/**
 * GET /resources/events?channels=favorites,admin:orders — a server-sent-events stream of
 * the live updates this person may see (useEventSource in app/utils/use-event-source.ts).
 * The stream ends when the browser leaves (request.signal) or the server shuts down.
 */
export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const user = await getOptionalUser(request)
	// The 'cart' channel is the cart this browser may use (cookie checked against the user).
	const cartId = await resolveCartId(request, user?.id ?? null)
	const decision = authorizeChannels(url.searchParams.get('channels'), user, { cartId })
	if (!decision.ok) {
		return data({ error: decision.message }, { status: decision.status, headers: { 'Cache-Control': 'no-store' } })
	}
	return eventStreamResponse({ subscriptions: decision.subscriptions, signal: request.signal })
}
