/**
 * How many live-update streams (/resources/events) may be open at once. Each one holds a
 * socket, a request and bus subscriptions for as long as the tab stays open, so without a
 * cap one client could exhaust the process's file descriptors and memory.
 *
 * Three budgets, all released when the stream ends (client gone, server shutting down):
 * - per client: the signed-in person, else the cart this browser holds, else (no session
 *   at all) its address. A person with a few tabs needs one stream per tab, and browsers
 *   allow 6 HTTP/1.1 connections per host anyway;
 * - per address (its group: an IPv6 /64 counts as one, decision 071): carts cost nothing to
 *   make, so without it one address minting carts took 8 streams per cart (~250 carts filled
 *   the process). Larger than the per-client budget, because shoppers behind one NAT (an
 *   office, a carrier's CGNAT) share it;
 * - per process: the ceiling whatever the clients, which also bounds many addresses.
 */
export type EventStreamLimits = { perClient: number; perAddress: number; perProcess: number }
export const EVENT_STREAM_LIMITS: Readonly<EventStreamLimits> = { perClient: 8, perAddress: 32, perProcess: 2000 }

/** Who asks: the client key (person, cart or address) and the address group it comes from. */
export type EventStreamClient = { client: string; address: string }

export type EventStreamSlot = { ok: true; release: () => void } | { ok: false; scope: 'client' | 'address' | 'process' }

const byClient = new Map<string, number>()
const byAddress = new Map<string, number>()
let total = 0

function take(counts: Map<string, number>, key: string) {
	counts.set(key, (counts.get(key) ?? 0) + 1)
}

function give(counts: Map<string, number>, key: string) {
	const next = (counts.get(key) ?? 1) - 1
	// Forget keys with no open stream: the maps hold only live ones.
	if (next <= 0) counts.delete(key)
	else counts.set(key, next)
}

/** Takes one stream slot for this client at this address, or says which budget is spent. */
export function acquireEventStreamSlot(who: EventStreamClient, limits: EventStreamLimits = EVENT_STREAM_LIMITS): EventStreamSlot {
	if (total >= limits.perProcess) return { ok: false, scope: 'process' }
	if ((byAddress.get(who.address) ?? 0) >= limits.perAddress) return { ok: false, scope: 'address' }
	if ((byClient.get(who.client) ?? 0) >= limits.perClient) return { ok: false, scope: 'client' }
	total++
	take(byClient, who.client)
	take(byAddress, who.address)
	let released = false
	return {
		ok: true,
		release() {
			// Idempotent: abort, cancel and shutdown may all end the same stream.
			if (released) return
			released = true
			total--
			give(byClient, who.client)
			give(byAddress, who.address)
		},
	}
}

/** Open streams right now (diagnostics, tests). */
export function openEventStreamCount(): number {
	return total
}
