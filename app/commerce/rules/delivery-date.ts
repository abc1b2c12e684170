/**
 * The one promised delivery date (issue 32, decision 085): production days plus the carrier's
 * transit days, counted in business days from the payment's confirmation (or from now for a
 * quote), shown as a pt-BR date range ('Chega entre 8 e 11 de dezembro'). The server (checkout,
 * order page, e-mails, the assistant) and the browser (announcement bar, checkout) call the same
 * functions, so every page says the same dates.
 *
 * Pure and without `Intl` (decision 063: no Intl in the browser while a page loads): the shop's
 * calendar is São Paulo's, UTC−3 all year (Brazil has had no daylight saving time since 2019,
 * Decreto 9.772/2019), so a day is the UTC day of the instant shifted by three hours.
 */

/** São Paulo's offset from UTC, in milliseconds (no daylight saving time since 2019). */
const SHOP_UTC_OFFSET_MS = -3 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

/** A calendar day of the shop's time zone: days since 1970-01-01. */
type Day = number

/** Business days of the promise: production (the shop's setting) and the carrier's transit window. */
export type PromiseDays = { productionDays: number; transitMinDays: number; transitMaxDays: number }

/** The shop's calendar settings; the cut-off is an hour of São Paulo's day (0–23). */
export type PromiseCalendar = { cutoffHour: number }

export const DEFAULT_CUTOFF_HOUR = 12

export type PromisedRange = {
	/** ISO dates (YYYY-MM-DD) of the shop's calendar. */
	earliest: string
	latest: string
	/** Total business days from the start (production + transit). */
	minDays: number
	maxDays: number
}

function dayOfInstant(ms: number): Day {
	return Math.floor((ms + SHOP_UTC_OFFSET_MS) / DAY_MS)
}

function hourOfInstant(ms: number): number {
	return new Date(ms + SHOP_UTC_OFFSET_MS).getUTCHours()
}

function dayOf(year: number, month: number, date: number): Day {
	return Math.floor(Date.UTC(year, month - 1, date) / DAY_MS)
}

function isoOf(day: Day): string {
	return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

/** Easter Sunday (Gregorian calendar; the anonymous algorithm of Meeus/Jones/Butcher). */
export function easterSunday(year: number): { month: number; day: number } {
	const a = year % 19
	const b = Math.floor(year / 100)
	const c = year % 100
	const d = Math.floor(b / 4)
	const e = b % 4
	const f = Math.floor((b + 8) / 25)
	const g = Math.floor((b - f + 1) / 3)
	const h = (19 * a + b - d - g + 15) % 30
	const i = Math.floor(c / 4)
	const k = c % 4
	const l = (32 + 2 * e + 2 * i - h - k) % 7
	const m = Math.floor((a + 11 * h + 22 * l) / 451)
	const month = Math.floor((h + l - 7 * m + 114) / 31)
	const day = ((h + l - 7 * m + 114) % 31) + 1
	return { month, day }
}

/**
 * The days nobody ships nor delivers in Brazil, besides weekends: the national holidays (Lei
 * 662/1949 with its amendments, Lei 6.802/1980, Lei 14.759/2023 for 20 November) and the days
 * the Correios and the carriers do not work though they are not national holidays (Carnival
 * Monday and Tuesday, Corpus Christi), which move with Easter like Good Friday.
 */
export function nonWorkingDays(year: number): Array<{ date: string; name: string }> {
	const easter = easterSunday(year)
	const easterDay = dayOf(year, easter.month, easter.day)
	const fixed: Array<[number, number, string]> = [
		[1, 1, 'Confraternização Universal'],
		[4, 21, 'Tiradentes'],
		[5, 1, 'Dia do Trabalho'],
		[9, 7, 'Independência do Brasil'],
		[10, 12, 'Nossa Senhora Aparecida'],
		[11, 2, 'Finados'],
		[11, 15, 'Proclamação da República'],
		[11, 20, 'Dia Nacional de Zumbi e da Consciência Negra'],
		[12, 25, 'Natal'],
	]
	const days = [
		...fixed.map(([month, date, name]) => ({ day: dayOf(year, month, date), name })),
		{ day: easterDay - 48, name: 'Carnaval (segunda-feira)' },
		{ day: easterDay - 47, name: 'Carnaval (terça-feira)' },
		{ day: easterDay - 2, name: 'Sexta-feira Santa' },
		{ day: easterDay + 60, name: 'Corpus Christi' },
	]
	return days.sort((x, y) => x.day - y.day).map(({ day, name }) => ({ date: isoOf(day), name }))
}

const holidayCache = new Map<number, Set<Day>>()

function holidaysOf(year: number): Set<Day> {
	let set = holidayCache.get(year)
	if (!set) {
		set = new Set(nonWorkingDays(year).map(({ date }) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS)))
		holidayCache.set(year, set)
	}
	return set
}

function isBusinessDay(day: Day): boolean {
	const date = new Date(day * DAY_MS)
	const weekday = date.getUTCDay()
	if (weekday === 0 || weekday === 6) return false
	return !holidaysOf(date.getUTCFullYear()).has(day)
}

/** Whether an ISO date (YYYY-MM-DD) is a business day for the shop and the carriers. */
export function isBusinessDate(iso: string): boolean {
	return isBusinessDay(Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS))
}

/**
 * The first business day that counts: the start's own day when it is a business day and the
 * start is before the cut-off hour, otherwise the next business day.
 */
function firstCountedDay(startMs: number, calendar: PromiseCalendar): Day {
	let day = dayOfInstant(startMs)
	if (!isBusinessDay(day) || hourOfInstant(startMs) >= calendar.cutoffHour) day += 1
	while (!isBusinessDay(day)) day += 1
	return day
}

/** The n-th business day counting `first` as the first (n ≥ 1); n ≤ 0 is `first` itself. */
function nthBusinessDay(first: Day, n: number): Day {
	let day = first
	for (let counted = 1; counted < n; ) {
		day += 1
		if (isBusinessDay(day)) counted += 1
	}
	return day
}

/**
 * The promised delivery range. The day work starts counts as the first business day (the start's
 * day before the cut-off, else the next business day); production takes `productionDays` of them
 * and the parcel arrives on the transit window's business days after that. 4 days of production
 * and 2–5 of transit from a Monday morning: ready on Thursday, delivered between Monday and
 * Thursday of the next week.
 */
export function promisedDeliveryRange(startMs: number, days: PromiseDays, calendar: PromiseCalendar): PromisedRange {
	const minDays = Math.max(0, days.productionDays) + Math.max(0, days.transitMinDays)
	const maxDays = Math.max(minDays, Math.max(0, days.productionDays) + Math.max(0, days.transitMaxDays))
	return promisedRangeOfTotals(startMs, minDays, maxDays, calendar)
}

/** The same range from total business days (an order stores production + transit as its totals). */
export function promisedRangeOfTotals(startMs: number, minDays: number, maxDays: number, calendar: PromiseCalendar): PromisedRange {
	const first = firstCountedDay(startMs, calendar)
	return {
		earliest: isoOf(nthBusinessDay(first, minDays)),
		latest: isoOf(nthBusinessDay(first, Math.max(minDays, maxDays))),
		minDays,
		maxDays: Math.max(minDays, maxDays),
	}
}

const MONTHS = [
	'janeiro',
	'fevereiro',
	'março',
	'abril',
	'maio',
	'junho',
	'julho',
	'agosto',
	'setembro',
	'outubro',
	'novembro',
	'dezembro',
] as const

function parts(iso: string): { year: number; month: string; date: number } {
	const [year, month, date] = iso.split('-').map(Number) as [number, number, number]
	return { year, month: MONTHS[month - 1]!, date }
}

/**
 * The range in words: '8 e 11 de dezembro', '28 de novembro e 2 de dezembro',
 * '30 de dezembro de 2026 e 4 de janeiro de 2027'; one day: '8 de dezembro'.
 */
export function formatDateRange(range: Pick<PromisedRange, 'earliest' | 'latest'>): string {
	const a = parts(range.earliest)
	const b = parts(range.latest)
	if (range.earliest === range.latest) return `${b.date} de ${b.month}`
	if (a.year !== b.year) return `${a.date} de ${a.month} de ${a.year} e ${b.date} de ${b.month} de ${b.year}`
	if (a.month !== b.month) return `${a.date} de ${a.month} e ${b.date} de ${b.month}`
	return `${a.date} e ${b.date} de ${b.month}`
}

/** 'Chega entre 8 e 11 de dezembro'; one day: 'Chega em 8 de dezembro'. */
export function formatPromise(range: Pick<PromisedRange, 'earliest' | 'latest'>): string {
	return range.earliest === range.latest ? `Chega em ${formatDateRange(range)}` : `Chega entre ${formatDateRange(range)}`
}

/** '4 dias úteis', '1 dia útil'. */
export function formatBusinessDays(n: number): string {
	return `${n} ${n === 1 ? 'dia útil' : 'dias úteis'}`
}
