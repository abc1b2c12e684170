import { describe, expect, test, vi } from 'vitest'
import { retryTransient } from './retry-transient.server'

/** What drizzle throws when the pool had no connection to give within connectionTimeoutMillis. */
const poolTimeout = () =>
	Object.assign(new Error('Failed query: update orders …'), { cause: new Error('timeout exceeded when trying to connect') })

/** A fake clock: each pause moves it forward, and each try costs `tryMs` (a pool wait). */
function fakeTime(tryMs = 0) {
	let clock = 0
	const pauses: number[] = []
	return {
		pauses,
		now: () => clock,
		sleep: async (ms: number) => {
			pauses.push(ms)
			clock += ms
		},
		tick: () => {
			clock += tryMs
		},
	}
}

describe('retryTransient', () => {
	test('retries while the database is unavailable, with growing pauses, and returns the first success', async () => {
		const time = fakeTime()
		const operation = vi
			.fn<() => Promise<string>>()
			.mockRejectedValueOnce(poolTimeout())
			.mockRejectedValueOnce(poolTimeout())
			.mockRejectedValueOnce(poolTimeout())
			.mockResolvedValueOnce('feito')
		await expect(retryTransient(operation, { label: 'teste', now: time.now, sleep: time.sleep })).resolves.toBe('feito')
		expect(operation).toHaveBeenCalledTimes(4)
		expect(time.pauses).toEqual([100, 200, 400])
	})

	test('any other error is thrown at once, without a retry', async () => {
		const time = fakeTime()
		const refused = Object.assign(new Error('duplicate key'), { code: '23505' })
		const operation = vi.fn<() => Promise<void>>().mockRejectedValue(refused)
		await expect(retryTransient(operation, { label: 'teste', now: time.now, sleep: time.sleep })).rejects.toBe(refused)
		expect(operation).toHaveBeenCalledTimes(1)
		expect(time.pauses).toEqual([])
	})

	test('gives up within the budget, counting the time each try waited for the pool, and throws the last error', async () => {
		const time = fakeTime(5_000)
		let last: Error | undefined
		const operation = vi.fn(async () => {
			time.tick()
			last = poolTimeout()
			throw last
		})
		const failure = await retryTransient(operation, { label: 'teste', budgetMs: 20_000, now: time.now, sleep: time.sleep }).catch(
			(error: unknown) => error,
		)
		expect(failure).toBe(last)
		// 5 s per try: the fourth try ends at 20.7 s of 20 s, so no fifth.
		expect(operation).toHaveBeenCalledTimes(4)
		expect(time.pauses).toEqual([100, 200, 400])
		expect(time.now()).toBeLessThanOrEqual(20_000 + 5_000)
	})

	test('pauses are capped, so a long budget keeps trying every couple of seconds', async () => {
		const time = fakeTime()
		const operation = vi.fn<() => Promise<void>>().mockRejectedValue(poolTimeout())
		await expect(retryTransient(operation, { label: 'teste', budgetMs: 10_000, now: time.now, sleep: time.sleep })).rejects.toThrow()
		expect(time.pauses).toEqual([100, 200, 400, 800, 1600, 2000, 2000, 2000])
		expect(time.pauses.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(10_000)
	})

	test('a budget of zero is a single try', async () => {
		const time = fakeTime()
		const operation = vi.fn<() => Promise<void>>().mockRejectedValue(poolTimeout())
		await expect(retryTransient(operation, { label: 'teste', budgetMs: 0, now: time.now, sleep: time.sleep })).rejects.toThrow()
		expect(operation).toHaveBeenCalledTimes(1)
	})
})
