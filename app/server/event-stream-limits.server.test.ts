import { describe, expect, test } from 'vitest'
import { acquireEventStreamSlot, openEventStreamCount } from '~/server/event-stream-limits.server'

const limits = { perClient: 2, perProcess: 3 }

describe('event stream slots', () => {
	test('per client and per process budgets, each slot released once', () => {
		const a1 = acquireEventStreamSlot('cart:a', limits)
		const a2 = acquireEventStreamSlot('cart:a', limits)
		expect(acquireEventStreamSlot('cart:a', limits)).toEqual({ ok: false, scope: 'client' })
		const b1 = acquireEventStreamSlot('user:b', limits)
		expect(acquireEventStreamSlot('address:198.51.100.1', limits)).toEqual({ ok: false, scope: 'process' })
		expect(openEventStreamCount()).toBe(3)

		for (const slot of [a1, a2, b1]) {
			if (!slot.ok) throw new Error('deveria ter vaga')
			slot.release()
			slot.release() // a second release changes nothing
		}
		expect(openEventStreamCount()).toBe(0)
		expect(acquireEventStreamSlot('cart:a', limits).ok).toBe(true)
	})
})
