import { describe, expect, test } from 'vitest'
import {
	easterSunday,
	formatDateRange,
	formatPromise,
	isBusinessDate,
	nonWorkingDays,
	promisedDeliveryRange,
	promisedRangeOfTotals,
} from './delivery-date'

/** An instant given in São Paulo's time (UTC−3). */
const sp = (iso: string, hour: number, minute = 0) => Date.parse(`${iso}T00:00:00Z`) + ((hour + 3) * 60 + minute) * 60_000
const noonCutoff = { cutoffHour: 12 }

describe('holidays', () => {
	test('Easter is computed, not listed', () => {
		expect(easterSunday(2026)).toEqual({ month: 4, day: 5 })
		expect(easterSunday(2027)).toEqual({ month: 3, day: 28 })
		expect(easterSunday(2028)).toEqual({ month: 4, day: 16 })
		expect(easterSunday(2019)).toEqual({ month: 4, day: 21 })
		expect(easterSunday(2038)).toEqual({ month: 4, day: 25 })
	})

	test.each([
		[2026, ['2026-02-16', '2026-02-17', '2026-04-03', '2026-06-04']],
		[2027, ['2027-02-08', '2027-02-09', '2027-03-26', '2027-05-27']],
		[2028, ['2028-02-28', '2028-02-29', '2028-04-14', '2028-06-15']],
	])('%i: Carnival, Good Friday and Corpus Christi move with Easter', (year, movable) => {
		const dates = nonWorkingDays(year).map((d) => d.date)
		expect(dates).toEqual(expect.arrayContaining(movable))
		const fixed = ['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25'].map((d) => `${year}-${d}`)
		expect(dates).toEqual(expect.arrayContaining(fixed))
		expect(dates).toHaveLength(13)
		expect([...dates].sort()).toEqual(dates)
		for (const date of dates) expect(isBusinessDate(date), date).toBe(false)
	})

	test('weekends are not business days; an ordinary weekday is', () => {
		expect(isBusinessDate('2026-11-28')).toBe(false) // Saturday
		expect(isBusinessDate('2026-11-29')).toBe(false) // Sunday
		expect(isBusinessDate('2026-11-30')).toBe(true)
		expect(isBusinessDate('2027-02-10')).toBe(true) // Ash Wednesday: carriers work
	})
})

describe('promisedDeliveryRange', () => {
	const days = { productionDays: 4, transitMinDays: 2, transitMaxDays: 5 }

	test('before the cut-off the day counts: Tuesday morning → 8 to 11 December', () => {
		const range = promisedDeliveryRange(sp('2026-12-01', 10), days, noonCutoff)
		expect(range).toEqual({ earliest: '2026-12-08', latest: '2026-12-11', minDays: 6, maxDays: 9 })
		expect(formatPromise(range)).toBe('Chega entre 8 e 11 de dezembro')
	})

	test('at or after the cut-off the count starts on the next business day', () => {
		expect(promisedDeliveryRange(sp('2026-12-01', 12), days, noonCutoff)).toMatchObject({ earliest: '2026-12-09', latest: '2026-12-14' })
		expect(promisedDeliveryRange(sp('2026-12-01', 11, 59), days, noonCutoff)).toMatchObject({ earliest: '2026-12-08' })
		// The same instant with a later cut-off counts the day.
		expect(promisedDeliveryRange(sp('2026-12-01', 15), days, { cutoffHour: 16 })).toMatchObject({ earliest: '2026-12-08' })
	})

	test('the cut-off is São Paulo’s hour, whatever the server’s zone: 01:00 UTC is still the evening before', () => {
		// 2026-12-02T01:00Z is 22:00 on 1 December in São Paulo: after the cut-off, so Wednesday is the first day.
		expect(promisedDeliveryRange(Date.parse('2026-12-02T01:00:00Z'), days, noonCutoff)).toMatchObject({ earliest: '2026-12-09' })
	})

	test('a weekend start counts from Monday, whatever the hour', () => {
		const saturday = promisedDeliveryRange(sp('2026-11-28', 9), days, noonCutoff)
		const sunday = promisedDeliveryRange(sp('2026-11-29', 20), days, noonCutoff)
		const monday = promisedDeliveryRange(sp('2026-11-30', 9), days, noonCutoff)
		expect(saturday).toEqual(monday)
		expect(sunday).toEqual(monday)
		expect(monday).toMatchObject({ earliest: '2026-12-07', latest: '2026-12-10' })
	})

	test('a holiday is skipped at the start and inside the count', () => {
		// Thursday 19 November 2026 after the cut-off; Friday 20 is Consciência Negra: Monday 23 is day 1.
		expect(promisedDeliveryRange(sp('2026-11-19', 18), { productionDays: 1, transitMinDays: 0, transitMaxDays: 1 }, noonCutoff)).toMatchObject({
			earliest: '2026-11-23',
			latest: '2026-11-24',
		})
		// Friday 5 February 2027: Carnival Monday and Tuesday do not count.
		const carnival = promisedDeliveryRange(sp('2027-02-05', 9), { productionDays: 1, transitMinDays: 0, transitMaxDays: 1 }, noonCutoff)
		expect(carnival).toMatchObject({ earliest: '2027-02-05', latest: '2027-02-10' })
		expect(formatPromise(carnival)).toBe('Chega entre 5 e 10 de fevereiro')
		// Corpus Christi 2028 (Thursday 15 June) and Good Friday 2028 (14 April).
		expect(promisedRangeOfTotals(sp('2028-06-14', 9), 2, 2, noonCutoff)).toMatchObject({ earliest: '2028-06-16' })
		expect(promisedRangeOfTotals(sp('2028-04-13', 9), 2, 2, noonCutoff)).toMatchObject({ earliest: '2028-04-17' })
	})

	test('month and year boundaries, with Christmas and New Year', () => {
		const range = promisedDeliveryRange(sp('2026-12-22', 10), days, noonCutoff)
		expect(range).toMatchObject({ earliest: '2026-12-30', latest: '2027-01-05' })
		expect(formatPromise(range)).toBe('Chega entre 30 de dezembro de 2026 e 5 de janeiro de 2027')
		const november = promisedDeliveryRange(sp('2026-11-23', 10), days, noonCutoff)
		expect(november).toMatchObject({ earliest: '2026-11-30', latest: '2026-12-03' })
		expect(formatPromise(november)).toBe('Chega entre 30 de novembro e 3 de dezembro')
		// Carnival 2028 ends on 29 February (a leap year).
		expect(promisedRangeOfTotals(sp('2028-02-25', 10), 2, 2, noonCutoff)).toMatchObject({ earliest: '2028-03-01' })
	})

	test('zero days is the first counted day; a max below the min is the min', () => {
		expect(promisedRangeOfTotals(sp('2026-12-01', 10), 0, 0, noonCutoff)).toMatchObject({ earliest: '2026-12-01', latest: '2026-12-01' })
		expect(promisedRangeOfTotals(sp('2026-12-01', 10), 3, 1, noonCutoff)).toMatchObject({ earliest: '2026-12-03', latest: '2026-12-03', maxDays: 3 })
	})
})

test('formatDateRange and formatPromise', () => {
	expect(formatDateRange({ earliest: '2026-12-08', latest: '2026-12-08' })).toBe('8 de dezembro')
	expect(formatPromise({ earliest: '2026-12-08', latest: '2026-12-08' })).toBe('Chega em 8 de dezembro')
	expect(formatDateRange({ earliest: '2027-03-01', latest: '2027-03-05' })).toBe('1 e 5 de março')
})
