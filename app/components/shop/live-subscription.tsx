import { useEffect, useRef } from 'react'
import { useFetchers, useNavigation } from 'react-router'
import { useEventSource } from '~/utils/use-event-source'
import { useSerialRevalidate } from '~/utils/use-serial-revalidate'
import { isOwnFavoriteEcho } from './live-updates'

/** The tab's one live connection (live-updates.tsx says which channels); loaded after hydration. */
export function LiveSubscription({ channels, params }: { channels: string[]; params: Record<string, string> }) {
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
