// Runs on both databases (decision 130): its subject is counters kept atomic by the database.
import { beforeEach, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { setClockForTests } from './clock.server'
import { consumeRateLimit, peekRateLimit, resetRateLimit, resetRateLimitsWithPrefix } from './rate-limit.server'

withTestDatabase()

describe('consumeRateLimit', () => {
	// The app clock, not the global Date (which the embedded database reads too; see clock.server.ts).
	// The test setup gives the real time back after each test.
	beforeEach(() => {
		setClockForTests(new Date('2026-03-10T12:00:30Z'))
	})

	test('allows up to the limit, blocks after, and opens again in the next window', async () => {
		const options = { key: 'teste:a', limit: 3, windowSeconds: 60 }
		const results = []
		for (let i = 0; i < 4; i++) results.push(await consumeRateLimit(options))
		expect(results.map((r) => r.allowed)).toEqual([true, true, true, false])
		expect(results[3]?.retryAfterSeconds).toBe(30)
		// Another key has its own budget.
		expect((await consumeRateLimit({ ...options, key: 'teste:b' })).allowed).toBe(true)

		setClockForTests(new Date('2026-03-10T12:01:01Z'))
		expect(await consumeRateLimit(options)).toEqual({ allowed: true, retryAfterSeconds: 59 })
	})

	test('concurrent attempts are counted exactly (atomic upsert)', async () => {
		const options = { key: 'teste:paralelo', limit: 10, windowSeconds: 60 }
		const results = await Promise.all(Array.from({ length: 25 }, () => consumeRateLimit(options)))
		expect(results.filter((r) => r.allowed)).toHaveLength(10)
	})

	test('resetRateLimit clears a key', async () => {
		const options = { key: 'teste:reset', limit: 1, windowSeconds: 60 }
		await consumeRateLimit(options)
		expect((await consumeRateLimit(options)).allowed).toBe(false)
		await resetRateLimit('teste:reset')
		expect((await consumeRateLimit(options)).allowed).toBe(true)
	})
})

describe('peekRateLimit and resetRateLimitsWithPrefix', () => {
	// Mid-window, so the test never straddles a window boundary.
	beforeEach(() => {
		setClockForTests(new Date('2026-03-10T12:05:00Z'))
	})

	test('peek counts without spending; a prefix reset takes only its keys, wildcards literal', async () => {
		const window = { windowSeconds: 900 }
		for (let i = 0; i < 2; i++) await consumeRateLimit({ key: 'conta:a_b@x.test:1.1.1.1', limit: 5, ...window })
		await consumeRateLimit({ key: 'conta:a_b@x.test:2.2.2.2', limit: 5, ...window })
		// '_' would match any character in LIKE: 'aXb' must survive a reset of 'a_b'.
		await consumeRateLimit({ key: 'conta:aXb@x.test:1.1.1.1', limit: 5, ...window })
		expect(await peekRateLimit({ key: 'conta:a_b@x.test:1.1.1.1', ...window })).toBe(2)
		expect(await peekRateLimit({ key: 'conta:a_b@x.test:1.1.1.1', ...window })).toBe(2)
		expect(await peekRateLimit({ key: 'conta:nunca', ...window })).toBe(0)

		await resetRateLimitsWithPrefix('conta:a_b@x.test:')
		expect(await peekRateLimit({ key: 'conta:a_b@x.test:1.1.1.1', ...window })).toBe(0)
		expect(await peekRateLimit({ key: 'conta:a_b@x.test:2.2.2.2', ...window })).toBe(0)
		expect(await peekRateLimit({ key: 'conta:aXb@x.test:1.1.1.1', ...window })).toBe(1)
	})
})
