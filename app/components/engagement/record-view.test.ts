import { afterEach, describe, expect, test, vi } from 'vitest'
import { RECORD_VIEW_DELAY_MS, scheduleProductView, viewedStorageKey } from './record-view'

function memoryStorage() {
	const items = new Map<string, string>()
	return {
		getItem: (key: string) => items.get(key) ?? null,
		setItem: (key: string, value: string) => void items.set(key, value),
		items,
	}
}

afterEach(() => {
	vi.useRealTimers()
})

describe('scheduleProductView (document 000 §4: 2 s after shown, once per product per session)', () => {
	test('sends after 2 seconds, then never again in the same session', () => {
		vi.useFakeTimers()
		const storage = memoryStorage()
		const send = vi.fn()
		scheduleProductView('p1', { storage, send })
		vi.advanceTimersByTime(RECORD_VIEW_DELAY_MS - 1)
		expect(send).not.toHaveBeenCalled()
		vi.advanceTimersByTime(1)
		expect(send).toHaveBeenCalledExactlyOnceWith('p1')
		expect(storage.items.get(viewedStorageKey('p1'))).toBe('1')

		scheduleProductView('p1', { storage, send })
		vi.advanceTimersByTime(RECORD_VIEW_DELAY_MS * 2)
		expect(send).toHaveBeenCalledTimes(1)

		// Another product is its own view.
		scheduleProductView('p2', { storage, send })
		vi.advanceTimersByTime(RECORD_VIEW_DELAY_MS)
		expect(send).toHaveBeenLastCalledWith('p2')
	})

	test('leaving before 2 seconds records nothing (and the product can still be recorded later)', () => {
		vi.useFakeTimers()
		const storage = memoryStorage()
		const send = vi.fn()
		const cancel = scheduleProductView('p1', { storage, send })
		vi.advanceTimersByTime(1500)
		cancel()
		vi.advanceTimersByTime(5000)
		expect(send).not.toHaveBeenCalled()
		expect(storage.items.size).toBe(0)
		scheduleProductView('p1', { storage, send })
		vi.advanceTimersByTime(RECORD_VIEW_DELAY_MS)
		expect(send).toHaveBeenCalledOnce()
	})

	test('without storage (blocked) it still records; a throwing storage does not break the page', () => {
		vi.useFakeTimers()
		const send = vi.fn()
		scheduleProductView('p1', { storage: null, send })
		const throwing = {
			getItem: () => {
				throw new Error('SecurityError')
			},
			setItem: () => {
				throw new Error('QuotaExceededError')
			},
		}
		scheduleProductView('p2', { storage: throwing, send })
		vi.advanceTimersByTime(RECORD_VIEW_DELAY_MS)
		expect(send.mock.calls).toEqual([['p1'], ['p2']])
	})
})
