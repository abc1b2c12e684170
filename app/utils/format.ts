// Display formatting for Brazilian shoppers: money in R$ and dates in pt-BR, always in São Paulo time
// (the store's time zone), so server-rendered and browser-rendered text match whatever the machine's zone is.

const TIME_ZONE = 'America/Sao_Paulo'

/**
 * A formatter built on its first use. Building an Intl formatter costs a browser far more than
 * formatting with it, and a page uses one or two of these: built at module load they were ~60 ms
 * of a phone's CPU before every hydration (decision 060).
 */
export function lazily<T>(create: () => T): () => T {
	let value: T | undefined
	return () => (value ??= create())
}

const money = lazily(() => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }))
const date = lazily(() => new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' }))
const dateTime = lazily(
	() =>
		new Intl.DateTimeFormat('pt-BR', {
			timeZone: TIME_ZONE,
			day: '2-digit',
			month: '2-digit',
			year: 'numeric',
			hour: '2-digit',
			minute: '2-digit',
		}),
)
const longDate = lazily(() => new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' }))

/**
 * Integer cents → 'R$ 29,90'. Intl separates 'R$' from the number with a no-break space;
 * we use a plain space so the text is the same everywhere it is shown, searched or tested.
 */
export function formatMoney(cents: number): string {
	if (!Number.isFinite(cents)) throw new RangeError(`formatMoney: not a finite number: ${cents}`)
	return money()
		.format(cents / 100)
		.replace(/\u00a0/g, ' ')
}

type DateInput = Date | string | number

function toDate(value: DateInput): Date {
	const d = value instanceof Date ? value : new Date(value)
	if (Number.isNaN(d.getTime())) throw new RangeError(`format: invalid date: ${String(value)}`)
	return d
}

/** '05/03/2025' */
export function formatDate(value: DateInput): string {
	return date().format(toDate(value))
}

/** '05/03/2025, 14:07' */
export function formatDateTime(value: DateInput): string {
	return dateTime().format(toDate(value))
}

/** '5 de março de 2025' */
export function formatLongDate(value: DateInput): string {
	return longDate().format(toDate(value))
}

const percent = lazily(() => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }))

/** 5 → '5%', 7.5 → '7,5%' (the PIX discount). */
export function formatPercent(value: number): string {
	return `${percent().format(value)}%`
}
