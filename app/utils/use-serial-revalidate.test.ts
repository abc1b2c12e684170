import { describe, expect, test } from 'vitest'
import { serialRevalidate } from './use-serial-revalidate'

describe('serialRevalidate', () => {
	test('never starts a revalidation while one runs; the calls made meanwhile share one more run', async () => {
		const runs: Array<() => void> = []
		let active = 0
		let overlapped = false
		const revalidate = () =>
			new Promise<void>((resolve) => {
				active++
				if (active > 1) overlapped = true
				runs.push(() => {
					active--
					resolve()
				})
			})

		const first = serialRevalidate(revalidate)
		const second = serialRevalidate(revalidate)
		const third = serialRevalidate(revalidate)
		expect(runs).toHaveLength(1)
		expect(second).toBe(third)

		runs[0]?.()
		await first
		await new Promise((resolve) => setTimeout(resolve, 0))
		expect(runs).toHaveLength(2)
		runs[1]?.()
		await Promise.all([second, third])
		expect(overlapped).toBe(false)
		expect(runs).toHaveLength(2)
	})
})
