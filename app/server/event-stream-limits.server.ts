/**
 * How many live-update streams (/resources/events) may be open at once. Each one holds a
 * socket, a request and bus subscriptions for as long as the tab stays open, so without a
 * cap one client could exhaust the process's file descriptors and memory.
 *
 * Two budgets, both released when the stream ends (client gone, server shutting down):
 * - per client: the signed-in person, else the cart this browser holds, else (no session
 *   at all) its address. A person with a few tabs needs one stream per tab, and browsers
 *   allow 6 HTTP/1.1 connections per host anyway. Not per address for everyone: shoppers
 *   behind one NAT, or every shopper when the proxy address is all the server sees, would
 *   share one small budget;
 * - per process: the ceiling whatever the clients, which also bounds a client that mints
 *   carts to get more budgets.
 */
export type EventStreamLimits = { perClient: number; perProcess: number }
export const EVENT_STREAM_LIMITS: Readonly<EventStreamLimits> = { perClient: 8, perProcess: 2000 }

export type EventStreamSlot = { ok: true; release: () => void } | { ok: false; scope: 'client' | 'process' }

const byClient = new Map<string, number>()
let total = 0

/** Takes one stream slot for `clientKey`, or says which budget is spent. */
export function acquireEventStreamSlot(clientKey: string, limits: EventStreamLimits = EVENT_STREAM_LIMITS): EventStreamSlot {
	if (total >= limits.perProcess) return { ok: false, scope: 'process' }
	const open = byClient.get(clientKey) ?? 0
	if (open >= limits.perClient) return { ok: false, scope: 'client' }
	total++
	byClient.set(clientKey, open + 1)
	let released = false
	return {
		ok: true,
		release() {
			// Idempotent: abort, cancel and shutdown may all end the same stream.
			if (released) return
			released = true
			total--
			const next = (byClient.get(clientKey) ?? 1) - 1
			// Forget clients with no open stream: the map holds only live ones.
			if (next <= 0) byClient.delete(clientKey)
			else byClient.set(clientKey, next)
		},
	}
}

/** Open streams right now (diagnostics, tests). */
export function openEventStreamCount(): number {
	return total
}
