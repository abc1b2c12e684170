import { useEffect, useRef } from 'react'
import { useFetchers, useLocation, useMatches, useNavigation } from 'react-router'
import { useVisitor } from '~/components/shop/use-root-data'
import { type LiveEventMessage, useEventSource } from '~/utils/use-event-source'
import { useSerialRevalidate } from '~/utils/use-serial-revalidate'

/**
 * The shopper's live updates, one EventSource per tab: the cart this browser holds (so two
 * tabs stay consistent) and, when signed in, their favourites (document 000 §4: 'the list
 * refreshes on any change to the favourites table') and their account (points, a new badge,
 * which the root loader then announces: issue 10). Any event revalidates the page, which
 * refreshes the header badges, the drawer and the hearts. One connection, not one per
 * feature: browsers allow six HTTP/1.1 connections per host, shared by all of its tabs.
 *
 * Mounted once, in the root. The subscription is keyed by the cart's live key and the
 * sign-in state, so a new cart (sign-in, sign-out, first add) opens a new connection, which
 * the server authorises for that cart.
 */
export function LiveUpdates() {
	const visitor = useVisitor()
	const signedIn = Boolean(visitor?.user)
	const cartKey = visitor?.cart.liveKey ?? null
	const pageChannels = useRouteLiveChannels()
	const params = useRouteLiveParams()
	const channels = [...(cartKey ? ['cart'] : []), ...(signedIn ? ['favorites', 'account'] : []), ...pageChannels]
	if (channels.length === 0) return null
	const paramsKey = new URLSearchParams(params).toString()
	return <LiveSubscription key={`${cartKey ?? ''}|${signedIn ? 'in' : 'out'}|${pageChannels.join(',')}|${paramsKey}`} channels={channels} params={params} />
}

/**
 * Channels a page asks for in its route `handle` (`{ liveChannels: ['store'] }`): the
 * personalization and wholesale pages follow the admin's colour, price and tier changes over
 * this same connection rather than opening a second one.
 */
export type LiveChannelsHandle = {
	liveChannels?: readonly string[]
	/**
	 * Query parameters the page's channels need, from its loader data and address (issue 29: the
	 * order page's 'order' channel names its order, and carries the e-mail link's ?acesso=).
	 */
	liveParams?: (data: unknown, search: URLSearchParams) => Record<string, string>
}

function useRouteLiveChannels(): string[] {
	const matches = useMatches()
	const channels = new Set<string>()
	for (const match of matches) {
		const handle = match.handle as LiveChannelsHandle | undefined
		for (const channel of handle?.liveChannels ?? []) channels.add(channel)
	}
	return [...channels].sort()
}

function useRouteLiveParams(): Record<string, string> {
	const matches = useMatches()
	const location = useLocation()
	const params: Record<string, string> = {}
	for (const match of matches) {
		const handle = match.handle as LiveChannelsHandle | undefined
		if (handle?.liveParams) Object.assign(params, handle.liveParams(match.loaderData, new URLSearchParams(location.search)))
	}
	return params
}

function LiveSubscription({ channels, params }: { channels: string[]; params: Record<string, string> }) {
	const revalidate = useSerialRevalidate()
	// An event heard while this tab navigates or submits waits until it is idle: what runs
	// loads fresh data anyway, and a revalidation started meanwhile aborts it or, for a
	// fetcher's redirect, makes React Router drop the redirect. The one deferred
	// revalidation then catches changes made by others meanwhile.
	const navigation = useNavigation()
	const fetchers = useFetchers()
	const busy = navigation.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle')
	const pending = useRef(false)

	useEventSource(
		channels,
		(event) => {
			if (isOwnFavoriteEcho(event)) return
			// The handler is an effect event (useEventSource): it sees this render's `busy`.
			if (busy) {
				pending.current = true
				return
			}
			void revalidate()
		},
		{ params },
	)
	useEffect(() => {
		if (busy || !pending.current) return
		pending.current = false
		void revalidate()
	}, [busy, revalidate])
	return null
}

// Favourite changes this tab made itself, by product id: their echo needs no second
// revalidation, the heart button already revalidated. Module state: one tab, one map.
const ECHO_WINDOW_MS = 5000
const localFavoriteChanges = new Map<string, number>()

/** Called by the heart button when this tab changes a favourite. */
export function noteLocalFavoriteChange(productId: string) {
	localFavoriteChanges.set(productId, Date.now())
}

function isOwnFavoriteEcho(event: LiveEventMessage): boolean {
	if (event.channel !== 'favorites' || event.type !== 'changed' || typeof event.id !== 'string') return false
	const at = localFavoriteChanges.get(event.id)
	if (at === undefined) return false
	localFavoriteChanges.delete(event.id)
	return Date.now() - at < ECHO_WINDOW_MS
}
