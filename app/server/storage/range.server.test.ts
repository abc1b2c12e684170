import { describe, expect, test } from 'vitest'
import { parseRange } from './range.server'

describe('parseRange', () => {
	test.each([
		['bytes=0-99', { start: 0, end: 99 }],
		['bytes=100-', { start: 100, end: 999 }],
		['bytes=-100', { start: 900, end: 999 }],
		['bytes=-5000', { start: 0, end: 999 }],
		['bytes=990-5000', { start: 990, end: 999 }],
		['bytes=0-0', { start: 0, end: 0 }],
	])('%s of 1000 bytes', (header, expected) => {
		expect(parseRange(header, 1000)).toEqual(expected)
	})

	test.each(['bytes=1000-', 'bytes=1000-1001', 'bytes=50-10', 'bytes=-0'])('%s is unsatisfiable', (header) => {
		expect(parseRange(header, 1000)).toBe('unsatisfiable')
	})

	test.each([null, '', 'items=0-1', 'bytes=0-1,5-9', 'bytes=-', 'bytes=a-b'])('%j is ignored', (header) => {
		expect(parseRange(header, 1000)).toBeNull()
	})
})
