import { describe, expect, test } from 'vitest'
import { acquireEventStreamSlot, openEventStreamCount } from '~/server/event-stream-limits.server'

const limits = { perClient: 2, perAddress: 3, perProcess: 4 }
const here = '2001:db8:1:2::/64'

function mustOpen(slot: ReturnType<typeof acquireEventStreamSlot>) {
	if (!slot.ok) throw new Error(`deveria ter vaga (${slot.scope})`)
	return slot
}

describe('event stream slots', () => {
	test('per client, per address and per process budgets, each slot released once', () => {
		const a1 = mustOpen(acquireEventStreamSlot({ client: 'cart:a', address: here }, limits))
		const a2 = mustOpen(acquireEventStreamSlot({ client: 'cart:a', address: here }, limits))
		expect(acquireEventStreamSlot({ client: 'cart:a', address: here }, limits)).toEqual({ ok: false, scope: 'client' })
		// A fresh cart from the same address: its own client budget, but the address's is shared.
		const b1 = mustOpen(acquireEventStreamSlot({ client: 'cart:b', address: here }, limits))
		expect(acquireEventStreamSlot({ client: 'cart:c', address: here }, limits)).toEqual({ ok: false, scope: 'address' })
		// Another address still gets in, up to the process's ceiling.
		const c1 = mustOpen(acquireEventStreamSlot({ client: 'user:c', address: '198.51.100.1' }, limits))
		expect(acquireEventStreamSlot({ client: 'address:198.51.100.2', address: '198.51.100.2' }, limits)).toEqual({
			ok: false,
			scope: 'process',
		})
		expect(openEventStreamCount()).toBe(4)

		for (const slot of [a1, a2, b1, c1]) {
			slot.release()
			slot.release() // a second release changes nothing
		}
		expect(openEventStreamCount()).toBe(0)
		const again = [0, 1, 2].map((i) => acquireEventStreamSlot({ client: `cart:${i}`, address: here }, limits))
		expect(again.map((slot) => slot.ok)).toEqual([true, true, true])
		for (const slot of again) if (slot.ok) slot.release()
	})
})
