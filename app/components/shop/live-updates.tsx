import { useEffect, useRef } from 'react'
import { useFetchers, useNavigation } from 'react-router'
import { useRootData } from '~/components/shop/use-root-data'
import { type LiveEventMessage, useEventSource } from '~/utils/use-event-source'
import { useSerialRevalidate } from '~/utils/use-serial-revalidate'

/**
 * The shopper's live updates, one EventSource per tab: the cart this browser holds (so two
 * tabs stay consistent) and, when signed in, their favourites (document 000 §4: 'the list
 * refreshes on any change to the favourites table'). Any event revalidates the page, which
 * refreshes the header badges, the drawer and the hearts. One connection, not one per
 * feature: browsers allow six HTTP/1.1 connections per host, shared by all of its tabs.
 *
 * Mounted once, in the root. The subscription is keyed by the cart's live key and the
 * sign-in state, so a new cart (sign-in, sign-out, first add) opens a new connection, which
 * the server authorises for that cart.
 */
export function LiveUpdates() {
	const root = useRootData()
	const signedIn = Boolean(root?.user)
	const cartKey = root?.cart?.liveKey ?? null
	const channels = [...(cartKey ? ['cart'] : []), ...(signedIn ? ['favorites'] : [])]
	if (channels.length === 0) return null
	return <LiveSubscription key={`${cartKey ?? ''}|${signedIn ? 'in' : 'out'}`} channels={channels} />
}

function LiveSubscription({ channels }: { channels: string[] }) {
	const revalidate = useSerialRevalidate()
	// An event heard while this tab navigates or submits waits until it is idle: what runs
	// loads fresh data anyway, and a revalidation started meanwhile aborts it or, for a
	// fetcher's redirect, makes React Router drop the redirect. The one deferred
	// revalidation then catches changes made by others meanwhile.
	const navigation = useNavigation()
	const fetchers = useFetchers()
	const busy = navigation.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle')
	const pending = useRef(false)

	useEventSource(channels, (event) => {
		if (isOwnFavoriteEcho(event)) return
		// The handler is an effect event (useEventSource): it sees this render's `busy`.
		if (busy) {
			pending.current = true
			return
		}
		void revalidate()
	})
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
