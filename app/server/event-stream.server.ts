import { type LiveEvent, registerEventStream, subscribe } from '~/server/events.server'

/**
 * A server-sent-events response for a set of already-authorised channels. Each bus
 * event is written as `event: <public name>` + `data: <json>` the moment it happens;
 * a comment every 25 s keeps proxies from closing an idle connection.
 */
export type StreamSubscription = {
	/** What the browser sees as the SSE event name, e.g. 'favorites'. */
	name: string
	/** The bus channel behind it, e.g. 'favorites:<userId>'. Never sent to the browser. */
	channel: string
}

export const HEARTBEAT_MS = 25_000
/** How long an EventSource waits before reconnecting after the stream ends. */
const RETRY_MS = 3_000

export const EVENT_STREAM_HEADERS = {
	'Content-Type': 'text/event-stream; charset=utf-8',
	// no-transform: compression middleware and proxies must pass chunks straight through.
	'Cache-Control': 'no-cache, no-transform',
	// nginx: do not buffer this response.
	'X-Accel-Buffering': 'no',
	Connection: 'keep-alive',
} as const

export function eventStreamResponse(options: {
	subscriptions: StreamSubscription[]
	signal: AbortSignal
	heartbeatMs?: number
	/** Called once when the stream ends, however it ends (e.g. to release its slot). */
	onClose?: () => void
}): Response {
	const encoder = new TextEncoder()
	let cleanup = () => {}

	const body = new ReadableStream<Uint8Array>({
		start(controller) {
			let open = true
			const write = (text: string) => {
				if (!open) return
				try {
					controller.enqueue(encoder.encode(text))
				} catch {
					cleanup()
				}
			}
			const unsubscribes = options.subscriptions.map(({ name, channel }) =>
				subscribe(channel, (event: LiveEvent) => write(`event: ${name}\ndata: ${JSON.stringify(event)}\n\n`)),
			)
			const heartbeat = setInterval(() => write(': ping\n\n'), options.heartbeatMs ?? HEARTBEAT_MS)
			const registration = registerEventStream(() => cleanup())

			cleanup = () => {
				if (!open) return
				open = false
				clearInterval(heartbeat)
				for (const unsubscribe of unsubscribes) unsubscribe()
				registration.unregister()
				options.signal.removeEventListener('abort', cleanup)
				options.onClose?.()
				try {
					controller.close()
				} catch {
					// already closed or errored by the consumer
				}
			}

			// The first bytes go out at once, so the browser (and our tests) see the stream open.
			write(`retry: ${RETRY_MS}\n: conectado\n\n`)
			if (!registration.registered || options.signal.aborted) {
				cleanup() // shutting down, or the client already left
				return
			}
			options.signal.addEventListener('abort', cleanup)
		},
		cancel() {
			cleanup()
		},
	})

	return new Response(body, { headers: EVENT_STREAM_HEADERS })
}
