import { data } from 'react-router'
import { clientAddressGroup } from '~/server/address-group.server'
import { getOptionalUser } from '~/server/auth/guards.server'
import { resolveCartId } from '~/server/cart/cart.server'
import { authorizeChannels } from '~/server/event-channels.server'
import { eventStreamResponse } from '~/server/event-stream.server'
import { orderIdForViewer } from '~/server/orders/order-view.server'
import { acquireEventStreamSlot } from '~/server/event-stream-limits.server'
import type { Route } from './+types/events'

/**
 * GET /resources/events?channels=favorites,admin:orders — a server-sent-events stream of
 * (…&pedido=REF[&acesso=…] with the 'order' channel: that order's status, issue 29)
 * the live updates this person may see (useEventSource in app/utils/use-event-source.ts).
 * The stream ends when the browser leaves (request.signal) or the server shuts down.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const user = await getOptionalUser(request)
	// The 'cart' channel is the cart this browser may use (cookie checked against the user).
	const cartId = await resolveCartId(request, user?.id ?? null)
	// The 'order' channel (issue 29): the order page's own order, for whoever may open that page.
	const wantsOrder = (url.searchParams.get('channels') ?? '').split(',').some((name) => name.trim() === 'order')
	const orderId = wantsOrder ? await orderIdForViewer(request, url.searchParams.get('pedido')) : null
	const decision = authorizeChannels(url.searchParams.get('channels'), user, { cartId, orderId })
	if (!decision.ok) {
		return data({ error: decision.message }, { status: decision.status, headers: { 'Cache-Control': 'no-store' } })
	}
	// Who the stream is for: the person, else the cart this browser holds, else its address;
	// and the address (group) it comes from, which every cart minted there shares.
	const address = clientAddressGroup(context.clientIp)
	const clientKey = user ? `user:${user.id}` : cartId ? `cart:${cartId}` : `address:${address}`
	const slot = acquireEventStreamSlot({ client: clientKey, address })
	if (!slot.ok) {
		return data(
			{ error: 'Muitas conexões de atualização ao vivo abertas. Feche algumas abas e tente novamente em instantes.' },
			{ status: 429, headers: { 'Cache-Control': 'no-store', 'Retry-After': String(STREAM_RETRY_AFTER_SECONDS) } },
		)
	}
	return eventStreamResponse({ subscriptions: decision.subscriptions, signal: request.signal, onClose: slot.release })
}

/** After a refusal; the browser's useEventSource backs off on its own too (1 s doubling to 30 s). */
const STREAM_RETRY_AFTER_SECONDS = 30
