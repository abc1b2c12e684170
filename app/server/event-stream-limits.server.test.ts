import { describe, expect, test } from 'vitest'
import { acquireEventStreamSlot, openEventStreamCount } from '~/server/event-stream-limits.server'

const limits = { perClient: 2, perAddress: 3, perProcess: 4 }

describe('event stream slots', () => {
	test('per client, per address and per process budgets, each released once', () => {
		const a1 = acquireEventStreamSlot('cart:a', '198.51.100.1', limits)
		const a2 = acquireEventStreamSlot('cart:a', '198.51.100.1', limits)
		expect(acquireEventStreamSlot('cart:a', '198.51.100.1', limits)).toEqual({ ok: false, scope: 'client' })
		// Another cart from the same address: the address budget still binds.
		const b1 = acquireEventStreamSlot('cart:b', '198.51.100.1', limits)
		expect(acquireEventStreamSlot('cart:c', '198.51.100.1', limits)).toEqual({ ok: false, scope: 'address' })
		const c1 = acquireEventStreamSlot('cart:c', '198.51.100.2', limits)
		expect(acquireEventStreamSlot('cart:d', '198.51.100.3', limits)).toEqual({ ok: false, scope: 'process' })
		expect(openEventStreamCount()).toBe(4)

		for (const slot of [a1, a2, b1, c1]) {
			if (!slot.ok) throw new Error('deveria ter vaga')
			slot.release()
			slot.release() // a second release changes nothing
		}
		expect(openEventStreamCount()).toBe(0)
		expect(acquireEventStreamSlot('cart:a', '198.51.100.1', limits).ok).toBe(true)
	})
})
