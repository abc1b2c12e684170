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
 * Integer cents → 'R$ 29,90', exactly as Intl.NumberFormat('pt-BR', BRL) writes it (format.test.ts
 * compares the two over a wide range), but with integer arithmetic: the first Intl object a page
 * creates makes the browser load its locale data, ~300 ms of a phone's CPU during hydration, and
 * every storefront page shows prices (decision 063). Intl separates 'R$' from the number with a
 * no-break space; we use a plain space so the text is the same everywhere it is shown, searched
 * or tested. Fractions of a cent (never money here) go through Intl.
 */
export function formatMoney(cents: number): string {
	if (!Number.isFinite(cents)) throw new RangeError(`formatMoney: not a finite number: ${cents}`)
	if (!Number.isSafeInteger(cents))
		return money()
			.format(cents / 100)
			.replace(/\u00a0/g, ' ')
	const sign = cents < 0 ? '-' : ''
	const whole = Math.abs(cents)
	const reais = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
	return `${sign}R$ ${reais},${String(whole % 100).padStart(2, '0')}`
}

/**
 * A formatted price whose 'R$' and amount never part at a line end ('a partir de R$ / 29,90' on a
 * phone, issue 31): the space after 'R$' becomes a no-break space. For display next to other
 * words only; formatMoney keeps the plain space everywhere else.
 */
export function noBreakPrice(price: string): string {
	return price.replace('R$ ', 'R$\u00a0')
}

/**
 * A number with at most `digits` decimals in pt-BR ('7,5'), as Intl writes it, without Intl while
 * it is below 1,000 (no thousands separator to place): see formatMoney for why. Like Intl (ICU),
 * it rounds the number's shortest decimal form ('0.15', not the binary 0.1499…) half away from
 * zero, and drops trailing zeros unless `fixed`.
 */
export function formatDecimal(value: number, digits: number, options: { fixed?: boolean } = {}): string {
	const withIntl = () =>
		new Intl.NumberFormat('pt-BR', { minimumFractionDigits: options.fixed ? digits : 0, maximumFractionDigits: digits }).format(value)
	const shortest = String(Math.abs(value))
	if (!Number.isFinite(value) || Math.abs(value) >= 1000 || shortest.includes('e')) return withIntl()
	const [whole = '0', fraction = ''] = shortest.split('.')
	// The kept digits as one integer (below 1,000 × 10^digits: exact), plus one if the next is 5 or more.
	const scaled = Number(whole + fraction.slice(0, digits).padEnd(digits, '0')) + ((fraction[digits] ?? '0') >= '5' ? 1 : 0)
	// 999.96 rounds to 1.000, with a separator: Intl's.
	if (scaled >= 1000 * 10 ** digits) return withIntl()
	const digitsText = String(scaled).padStart(digits + 1, '0')
	let decimals = digitsText.slice(digitsText.length - digits)
	if (!options.fixed) decimals = decimals.replace(/0+$/, '')
	// Intl keeps the sign of a negative number that rounds to zero ('-0'), and of -0 itself.
	const sign = value < 0 || Object.is(value, -0) ? '-' : ''
	return `${sign}${digitsText.slice(0, digitsText.length - digits)}${decimals ? `,${decimals}` : ''}`
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

/** 5 → '5%', 7.5 → '7,5%' (the PIX discount). */
export function formatPercent(value: number): string {
	return `${formatDecimal(value, 1)}%`
}
