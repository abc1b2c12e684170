import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatLongDate, formatMoney } from './format'

describe('formatMoney', () => {
	it('formats integer cents as reais with a comma and two decimals', () => {
		expect(formatMoney(2990)).toBe('R$ 29,90')
		expect(formatMoney(0)).toBe('R$ 0,00')
		expect(formatMoney(5)).toBe('R$ 0,05')
		expect(formatMoney(1299)).toBe('R$ 12,99')
	})

	it('groups thousands with a dot', () => {
		expect(formatMoney(123456789)).toBe('R$ 1.234.567,89')
	})

	it('uses a plain space, not a no-break space', () => {
		expect(formatMoney(1000)).not.toContain('\u00a0')
	})

	it('shows negative amounts', () => {
		expect(formatMoney(-500)).toBe('-R$ 5,00')
	})

	it('rejects non-finite numbers instead of printing NaN', () => {
		expect(() => formatMoney(Number.NaN)).toThrow(RangeError)
	})
})

describe('dates', () => {
	// 02:30 UTC on 1 March is still 28 February in São Paulo (UTC-3, no DST since 2019).
	const lateNight = new Date('2025-03-01T02:30:00Z')

	it('formats a short date in São Paulo time', () => {
		expect(formatDate(lateNight)).toBe('28/02/2025')
		expect(formatDate('2025-12-25T15:00:00Z')).toBe('25/12/2025')
	})

	it('formats date and time in São Paulo time', () => {
		expect(formatDateTime(lateNight)).toBe('28/02/2025, 23:30')
	})

	it('formats a long date in Portuguese', () => {
		expect(formatLongDate('2025-03-05T12:00:00Z')).toBe('5 de março de 2025')
		expect(formatLongDate(lateNight)).toBe('28 de fevereiro de 2025')
	})

	it('accepts epoch milliseconds', () => {
		expect(formatDate(Date.UTC(2024, 0, 10, 12))).toBe('10/01/2024')
	})

	it('rejects invalid dates', () => {
		expect(() => formatDate('not a date')).toThrow(RangeError)
	})
})
