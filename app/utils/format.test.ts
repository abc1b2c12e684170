import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatDecimal, formatLongDate, formatMoney, formatPercent } from './format'

/** What Intl writes, the reference the hand-written formatters must match (decision 063). */
const intlMoney = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
const intlDecimal = (digits: number, fixed: boolean) =>
	new Intl.NumberFormat('pt-BR', { minimumFractionDigits: fixed ? digits : 0, maximumFractionDigits: digits })

/**
 * 0, the edges of each grouping, and a spread of values up to R$ 100 billion, both signs. (Past
 * ~2^53 / 100 cents, Intl's input `cents / 100` is no longer the exact amount: integers are.)
 */
function sampleCents(): number[] {
	const values = new Set<number>([0, 1, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 100_001, 99_999_999, 100_000_000, 1e13])
	for (let cents = 0; cents < 300_000; cents += 7) values.add(cents)
	let cents = 1
	while (cents < 1e13) {
		values.add(cents)
		values.add(cents - 1)
		cents = Math.floor(cents * 3.7) + 13
	}
	return [...values].flatMap((v) => [v, -v]).filter((v) => !Object.is(v, -0))
}

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

	it('writes exactly what Intl writes (no-break space aside), without creating an Intl object', () => {
		const values = sampleCents()
		expect(values.length).toBeGreaterThan(80_000)
		const differing = values.filter((cents) => formatMoney(cents) !== intlMoney.format(cents / 100).replace(/\u00a0/g, ' '))
		expect(differing).toEqual([])
		// A fraction of a cent is not money the shop handles; Intl rounds it.
		expect(formatMoney(1234.5)).toBe(intlMoney.format(12.345).replace(/\u00a0/g, ' '))
	})
})

describe('formatDecimal and formatPercent', () => {
	it('write what Intl writes for pt-BR, ties and trailing zeros included', () => {
		const values = [
			0, -0, 0.05, 0.15, 0.25, 1.005, 2.45, 4.449, 4.45, 4.46, 4.95, 4.96, 5, 7.5, 7.25, 7.05, 12.5, 99.95, 999.94, 999.96, 1000, 1234.56,
			-3.25, -0.04,
		]
		for (let i = 0; i <= 5000; i += 1) values.push(i / 1000, i / 100 + 0.005, -i / 37)
		for (const digits of [1, 2]) {
			for (const fixed of [false, true]) {
				const reference = intlDecimal(digits, fixed)
				const differing = values.filter((value) => formatDecimal(value, digits, { fixed }) !== reference.format(value))
				expect(differing, `${digits} casas, fixas: ${fixed}`).toEqual([])
			}
		}
	})

	it('writes the PIX discount and the rating average as the pages show them', () => {
		expect(formatPercent(5)).toBe('5%')
		expect(formatPercent(7.5)).toBe('7,5%')
		expect(formatDecimal(4.46, 1, { fixed: true })).toBe('4,5')
		expect(formatDecimal(5, 1, { fixed: true })).toBe('5,0')
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
