import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createSuggestionRotation, type RotationStep } from './suggestion-rotation'

describe('suggestion rotation timing (document 000 §4)', () => {
	beforeEach(() => {
		vi.useFakeTimers()
	})
	afterEach(() => {
		vi.useRealTimers()
	})

	function start(paused = false) {
		const steps: { step: RotationStep; at: number }[] = []
		const t0 = Date.now()
		const rotation = createSuggestionRotation({ paused, onStep: (step) => steps.push({ step, at: Date.now() - t0 }) })
		return { rotation, steps }
	}

	test('switches to suggestion mode at 10 s, then reshuffles every 15 s', () => {
		const { rotation, steps } = start()
		vi.advanceTimersByTime(9_999)
		expect(steps).toEqual([])
		expect(rotation.switched).toBe(false)
		vi.advanceTimersByTime(1)
		expect(steps).toEqual([{ step: 'switch', at: 10_000 }])
		expect(rotation.switched).toBe(true)
		vi.advanceTimersByTime(14_999)
		expect(steps).toHaveLength(1)
		vi.advanceTimersByTime(1)
		vi.advanceTimersByTime(30_000)
		expect(steps).toEqual([
			{ step: 'switch', at: 10_000 },
			{ step: 'reshuffle', at: 25_000 },
			{ step: 'reshuffle', at: 40_000 },
			{ step: 'reshuffle', at: 55_000 },
		])
		rotation.dispose()
	})

	test('paused before the switch, nothing changes; resuming waits the whole 10 s', () => {
		const { rotation, steps } = start()
		vi.advanceTimersByTime(6_000)
		rotation.pause()
		vi.advanceTimersByTime(60_000)
		expect(steps).toEqual([])
		rotation.resume()
		vi.advanceTimersByTime(9_999)
		expect(steps).toEqual([])
		vi.advanceTimersByTime(1)
		expect(steps.map((s) => s.step)).toEqual(['switch'])
		rotation.dispose()
	})

	test('paused in suggestion mode, reshuffles stop; resuming waits a whole 15 s', () => {
		const { rotation, steps } = start()
		vi.advanceTimersByTime(20_000)
		rotation.pause()
		vi.advanceTimersByTime(100_000)
		expect(steps.map((s) => s.step)).toEqual(['switch'])
		rotation.resume()
		rotation.resume() // twice changes nothing: still one clock
		vi.advanceTimersByTime(15_000)
		expect(steps.map((s) => s.step)).toEqual(['switch', 'reshuffle'])
		rotation.dispose()
	})

	test('started paused (reduced motion) it waits for the shopper', () => {
		const { rotation, steps } = start(true)
		vi.advanceTimersByTime(120_000)
		expect(steps).toEqual([])
		rotation.resume()
		vi.advanceTimersByTime(10_000)
		expect(steps.map((s) => s.step)).toEqual(['switch'])
		rotation.dispose()
	})

	test('disposed (the page left), no step runs and resume does nothing', () => {
		const { rotation, steps } = start()
		rotation.dispose()
		rotation.resume()
		vi.advanceTimersByTime(120_000)
		expect(steps).toEqual([])
		expect(vi.getTimerCount()).toBe(0)
	})

	test('a pause from inside a step stops the next one', () => {
		const steps: RotationStep[] = []
		const rotation = createSuggestionRotation({
			onStep: (step) => {
				steps.push(step)
				rotation.pause()
			},
		})
		vi.advanceTimersByTime(60_000)
		expect(steps).toEqual(['switch'])
		expect(vi.getTimerCount()).toBe(0)
	})
})
