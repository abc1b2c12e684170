import { lazy, Suspense } from 'react'
import { useLocation, useMatches } from 'react-router'
import { useVisitor } from '~/components/shop/use-root-data'
import type { LiveEventMessage } from '~/utils/use-event-source'
import { useHydrated } from '~/utils/use-hydrated'

/*
 * The connection itself (live-subscription.tsx: the EventSource, its reconnection and the
 * revalidations) draws nothing, so it loads after hydration, not in every page's first JavaScript
 * (issue 34, decision 137); the server and hydration draw nothing here either way.
 */
const LiveSubscription = lazy(() => import('./live-subscription').then((module) => ({ default: module.LiveSubscription })))

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
	const hydrated = useHydrated()
	if (channels.length === 0 || !hydrated) return null
	const paramsKey = new URLSearchParams(params).toString()
	return (
		<Suspense fallback={null}>
			<LiveSubscription key={`${cartKey ?? ''}|${signedIn ? 'in' : 'out'}|${pageChannels.join(',')}|${paramsKey}`} channels={channels} params={params} />
		</Suspense>
	)
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

// Favourite changes this tab made itself, by product id: their echo needs no second
// revalidation, the heart button already revalidated. Module state: one tab, one map.
const ECHO_WINDOW_MS = 5000
const localFavoriteChanges = new Map<string, number>()

/** Called by the heart button when this tab changes a favourite. */
export function noteLocalFavoriteChange(productId: string) {
	localFavoriteChanges.set(productId, Date.now())
}

/** An event echoing a favourite change this tab made (live-subscription.tsx skips it). */
export function isOwnFavoriteEcho(event: LiveEventMessage): boolean {
	if (event.channel !== 'favorites' || event.type !== 'changed' || typeof event.id !== 'string') return false
	const at = localFavoriteChanges.get(event.id)
	if (at === undefined) return false
	localFavoriteChanges.delete(event.id)
	return Date.now() - at < ECHO_WINDOW_MS
}
