import { describe, expect, test } from 'vitest'
import { formatTimeLeft, uploadPercent, uploadProgressLabel, uploadSecondsLeft } from './upload-progress'

describe('upload progress (issue 28)', () => {
	test('the percent of bytes sent, whole, never 100 before the server has answered', () => {
		expect(uploadPercent(0, 20 * 1024 * 1024)).toBe(0)
		expect(uploadPercent(42, 100)).toBe(42)
		expect(uploadPercent(4_299, 10_000)).toBe(42)
		expect(uploadPercent(9_999, 10_000)).toBe(99)
		expect(uploadPercent(10_000, 10_000)).toBe(99)
		// Browsers that do not know the total (or say 0) give no percent.
		expect(uploadPercent(500, 0)).toBe(0)
		expect(uploadPercent(Number.NaN, 100)).toBe(0)
	})

	test('time left at the rate so far, once a second of data says something', () => {
		expect(uploadSecondsLeft(1_000, 10_000, 0.5)).toBeNull()
		expect(uploadSecondsLeft(0, 10_000, 3)).toBeNull()
		// 1,000 bytes a second, 9,000 to go.
		expect(uploadSecondsLeft(2_000, 11_000, 2)).toBe(9)
		expect(uploadSecondsLeft(10_000, 10_000, 4)).toBe(0)
		expect(formatTimeLeft(9)).toBe('9 s restantes')
		expect(formatTimeLeft(61)).toBe('2 min restantes')
	})

	test("the bar's Portuguese label", () => {
		expect(uploadProgressLabel(0, null)).toBe('Enviando arquivo… 0%')
		expect(uploadProgressLabel(42, null)).toBe('Enviando arquivo… 42%')
		expect(uploadProgressLabel(42, 75)).toBe('Enviando arquivo… 42% · 2 min restantes')
	})
})
