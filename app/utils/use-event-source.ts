import { useEffect, useEffectEvent } from 'react'

/**
 * Live updates in the browser: subscribes to /resources/events for the given public
 * channel names ('favorites', 'admin:orders') and calls `onEvent` for each event.
 *
 * Events are signals to refetch (e.g. `revalidator.revalidate()`), not data. The browser's
 * EventSource reconnects by itself after a dropped connection; when the server refused
 * or closed for good (sign-out, deploy) we reconnect with backoff. After any reconnect
 * `onEvent` gets a `resync` event, because events sent while disconnected are lost.
 */
export type LiveEventMessage = {
	channel: string
	type: string
	id?: string | number
	data?: Record<string, unknown>
	truncated?: boolean
}

const MIN_RETRY_MS = 1_000
const MAX_RETRY_MS = 30_000

export function useEventSource(
	channels: readonly string[],
	onEvent: (message: LiveEventMessage) => void,
	options: { enabled?: boolean; params?: Record<string, string> } = {},
) {
	const enabled = options.enabled ?? true
	const key = [...new Set(channels)].sort().join(',')
	// Extra query parameters a channel needs (the 'order' channel's ?pedido=, issue 29), sorted for a stable key.
	const extra = new URLSearchParams(Object.entries(options.params ?? {}).sort(([a], [b]) => a.localeCompare(b))).toString()
	const handle = useEffectEvent(onEvent)

	useEffect(() => {
		if (!enabled || key === '' || typeof EventSource === 'undefined') return
		const names = key.split(',')
		let source: EventSource | null = null
		let retryTimer: ReturnType<typeof setTimeout> | undefined
		let failures = 0
		let opened = false
		let stopped = false

		const connect = () => {
			source = new EventSource(`/resources/events?channels=${encodeURIComponent(key)}${extra ? `&${extra}` : ''}`)
			source.onopen = () => {
				failures = 0
				if (opened) for (const channel of names) handle({ channel, type: 'resync' })
				opened = true
			}
			for (const channel of names) {
				source.addEventListener(channel, (message: MessageEvent<string>) => {
					try {
						const event = JSON.parse(message.data) as Omit<LiveEventMessage, 'channel'>
						handle({ ...event, channel })
					} catch {
						// a malformed event is skipped; the next one will do
					}
				})
			}
			source.onerror = () => {
				// CONNECTING: the browser is already retrying. CLOSED: it gave up; we do not.
				if (source?.readyState !== EventSource.CLOSED || stopped) return
				source.close()
				const delay = Math.min(MAX_RETRY_MS, MIN_RETRY_MS * 2 ** failures) * (0.75 + Math.random() / 2)
				failures++
				retryTimer = setTimeout(connect, delay)
			}
		}
		connect()

		return () => {
			stopped = true
			clearTimeout(retryTimer)
			source?.close()
		}
	}, [enabled, key, extra])
}
