/**
 * How many live-update streams (/resources/events) may be open at once. Each one holds a
 * socket, a request and bus subscriptions for as long as the tab stays open, so without a
 * cap one client could exhaust the process's file descriptors and memory.
 *
 * Three budgets, all released when the stream ends (client gone, server shutting down):
 * - per client (signed-in person, else the cart, else the address): a person with a few
 *   tabs needs one stream per tab; browsers allow 6 HTTP/1.1 connections per host anyway;
 * - per address: a client minting carts still shares its address (offices and carrier NAT
 *   share one too, hence the larger number);
 * - per process: the ceiling whatever the addresses.
 */
export type EventStreamLimits = { perClient: number; perAddress: number; perProcess: number }
export const EVENT_STREAM_LIMITS: Readonly<EventStreamLimits> = { perClient: 8, perAddress: 32, perProcess: 2000 }

export type EventStreamSlot =
	| { ok: true; release: () => void }
	| { ok: false; scope: 'client' | 'address' | 'process' }

const byClient = new Map<string, number>()
const byAddress = new Map<string, number>()
let total = 0

function increment(counts: Map<string, number>, key: string) {
	counts.set(key, (counts.get(key) ?? 0) + 1)
}

function decrement(counts: Map<string, number>, key: string) {
	const next = (counts.get(key) ?? 1) - 1
	// Forget keys with no open stream: the maps hold only live clients.
	if (next <= 0) counts.delete(key)
	else counts.set(key, next)
}

/** Takes one stream slot for `clientKey` at `address`, or says which budget is spent. */
export function acquireEventStreamSlot(clientKey: string, address: string, limits: EventStreamLimits = EVENT_STREAM_LIMITS): EventStreamSlot {
	if (total >= limits.perProcess) return { ok: false, scope: 'process' }
	if ((byAddress.get(address) ?? 0) >= limits.perAddress) return { ok: false, scope: 'address' }
	if ((byClient.get(clientKey) ?? 0) >= limits.perClient) return { ok: false, scope: 'client' }
	total++
	increment(byAddress, address)
	increment(byClient, clientKey)
	let released = false
	return {
		ok: true,
		release() {
			// Idempotent: abort, cancel and shutdown may all end the same stream.
			if (released) return
			released = true
			total--
			decrement(byAddress, address)
			decrement(byClient, clientKey)
		},
	}
}

/** Open streams right now (diagnostics, tests). */
export function openEventStreamCount(): number {
	return total
}
