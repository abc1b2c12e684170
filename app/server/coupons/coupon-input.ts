import { parseMoneyInput } from '~/components/admin/money'
import { COUPON_KINDS, type CouponKind } from '~/commerce/rules/coupon-kinds'
import { userText } from '~/utils/text-schema'

/**
 * A coupon as the back-office writes it (decision 13), shared by the /admin/cupons form and
 * the legacy CSV import so both give the same messages. The database checks the same rules
 * (coupons_* constraints); this is where the owner gets them in Portuguese.
 */
export const COUPON_KIND_LABELS: Record<CouponKind, string> = {
	percentage: 'Porcentagem',
	fixed: 'Valor fixo',
	free_shipping: 'Frete grátis',
}

export const COUPON_MESSAGES = {
	codeRequired: 'Informe o código do cupom.',
	codeFormat: 'O código deve ter de 2 a 50 caracteres: letras sem acento, números, - ou _.',
	codeTaken: 'Já existe um cupom com este código.',
	kind: 'Escolha o tipo: porcentagem, valor fixo ou frete grátis.',
	percentage: 'A porcentagem deve ser um número inteiro de 1 a 100.',
	fixed: 'Informe o valor do desconto em reais, maior que zero, com no máximo 2 casas decimais (ex.: 15,00).',
	minSubtotal: 'Informe o pedido mínimo em reais, com no máximo 2 casas decimais (ex.: 100,00), ou deixe em branco.',
	usageLimit: 'O limite de usos deve ser um número inteiro maior que zero, ou em branco para ilimitado.',
	usageBelowUsed: (used: number) => `O limite de usos não pode ser menor que os ${used} usos já feitos.`,
	date: 'Data inválida: use o formato dd/mm/aaaa.',
	window: 'A data de término deve ser depois da data de início.',
} as const

/** Uppercase, trimmed; letters without accents, digits, '-' and '_' (typed at checkout). */
export const couponCodeSchema = userText()
	.trim()
	.min(1, COUPON_MESSAGES.codeRequired)
	.transform((v) => v.toUpperCase())
	.pipe(userText().regex(/^[A-Z0-9_-]{2,50}$/, COUPON_MESSAGES.codeFormat))

export type CouponInput = {
	code: string
	kind: CouponKind
	/** Percent for 'percentage', cents for 'fixed', 0 for 'free_shipping'. */
	value: number
	minSubtotalCents: number
	usageLimit: number | null
	startsAt: Date | null
	endsAt: Date | null
	active: boolean
}

// The store's time zone: São Paulo has had no daylight saving time since 2019.
const SAO_PAULO_OFFSET = '-03:00'

/**
 * '2026-01-31' or '31/01/2026' (a day in São Paulo) → the first or last instant of that day;
 * a full ISO date-time ('2026-01-31T10:00:00Z', '2026-01-31 10:00') is taken as written
 * (São Paulo time when it has no offset). null when empty, undefined when invalid.
 */
export function parseCouponDate(text: string, edge: 'start' | 'end'): Date | null | undefined {
	const value = text.trim()
	if (value === '') return null
	let day: string | null = null
	const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
	const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value)
	if (iso) day = `${iso[1]}-${iso[2]}-${iso[3]}`
	else if (br) day = `${br[3]}-${br[2]?.padStart(2, '0')}-${br[1]?.padStart(2, '0')}`
	if (day) {
		const date = new Date(`${day}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}${SAO_PAULO_OFFSET}`)
		// new Date accepts 2026-02-30 as March 2nd: compare back to reject it.
		if (Number.isNaN(date.getTime()) || dayInSaoPaulo(date) !== day) return undefined
		return date
	}
	const dateTime = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(:\d{2}(\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/.exec(value)
	if (dateTime) {
		const date = new Date(`${dateTime[1]}T${dateTime[2]}${dateTime[5] ?? SAO_PAULO_OFFSET}`)
		return Number.isNaN(date.getTime()) ? undefined : date
	}
	return undefined
}

/** The São Paulo calendar day of an instant, 'yyyy-mm-dd' (the value of an <input type="date">). */
export function dayInSaoPaulo(date: Date): string {
	return new Date(date.getTime() - 3 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

export type CouponFields = {
	code: string
	kind: string
	value: string
	minSubtotal: string
	usageLimit: string
	startsAt: string
	endsAt: string
	active: boolean
}

export type CouponFieldErrors = Partial<Record<keyof CouponFields, string>>

export function normalizeKind(text: string): CouponKind | null {
	const key = text
		.trim()
		.toLowerCase()
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[\s-]+/g, '_')
	if ((COUPON_KINDS as readonly string[]).includes(key)) return key as CouponKind
	if (['percent', 'percentual', 'porcentagem', 'porcento', '%', 'percent_off', 'percentage_off'].includes(key)) return 'percentage'
	if (['fixed_cart', 'fixed_amount', 'fixo', 'valor_fixo', 'valor', 'amount', 'fixed_product', 'r$', 'fixed_amount_off'].includes(key))
		return 'fixed'
	if (['frete_gratis', 'frete', 'shipping', 'free_ship', 'freeshipping'].includes(key)) return 'free_shipping'
	return null
}

/**
 * Reads a decimal number as either locale writes it: '10,50', '10.50', '1.234,56',
 * '1,234.56', '1234'. A lone separator followed by exactly three digits ('1.234') is a
 * thousands separator; otherwise it is the decimal one. null when not a number.
 */
export function parseDecimal(text: string): number | null {
	const value = text.replace(/R\$|%/gi, '').replace(/\s/g, '')
	if (!/^\d[\d.,]*$/.test(value)) return null
	const lastDot = value.lastIndexOf('.')
	const lastComma = value.lastIndexOf(',')
	let normalized: string
	if (lastDot >= 0 && lastComma >= 0) {
		const decimal = lastDot > lastComma ? '.' : ','
		const thousands = decimal === '.' ? ',' : '.'
		normalized = value.split(thousands).join('').replace(decimal, '.')
	} else if (lastDot >= 0 || lastComma >= 0) {
		const sep = lastDot >= 0 ? '.' : ','
		const parts = value.split(sep)
		const tail = parts[parts.length - 1] ?? ''
		normalized = parts.length > 2 || tail.length === 3 ? parts.join('') : parts.join('.')
	} else normalized = value
	if (!/^\d+(\.\d+)?$/.test(normalized)) return null
	return Number(normalized)
}

/**
 * Money from the CSV or the form → cents, read exactly (parseMoneyInput: at most 2 decimals,
 * thousands dots); null when it is not such an amount — '10.5555' is refused, not R$ 10,56.
 */
export function parseCents(text: string): number | null {
	return parseMoneyInput(text)
}

/** Validates one coupon's fields; returns the coupon or the message of each bad field. */
export function validateCouponFields(
	fields: CouponFields,
): { ok: true; coupon: CouponInput } | { ok: false; errors: CouponFieldErrors } {
	const errors: CouponFieldErrors = {}
	const code = couponCodeSchema.safeParse(fields.code)
	if (!code.success) errors.code = code.error.issues[0]?.message ?? COUPON_MESSAGES.codeFormat
	const kind = normalizeKind(fields.kind)
	if (!kind) errors.kind = COUPON_MESSAGES.kind

	let value = 0
	if (kind === 'percentage') {
		const number = parseDecimal(fields.value)
		if (number === null || !Number.isInteger(number) || number < 1 || number > 100) errors.value = COUPON_MESSAGES.percentage
		else value = number
	} else if (kind === 'fixed') {
		const cents = parseCents(fields.value)
		if (cents === null || cents <= 0 || cents > 100_000_000) errors.value = COUPON_MESSAGES.fixed
		else value = cents
	}

	let minSubtotalCents = 0
	if (fields.minSubtotal.trim() !== '') {
		const cents = parseCents(fields.minSubtotal)
		if (cents === null || cents > 100_000_000) errors.minSubtotal = COUPON_MESSAGES.minSubtotal
		else minSubtotalCents = cents
	}

	let usageLimit: number | null = null
	if (fields.usageLimit.trim() !== '') {
		const number = parseDecimal(fields.usageLimit)
		if (number === null || !Number.isInteger(number) || number < 1 || number > 1_000_000_000) errors.usageLimit = COUPON_MESSAGES.usageLimit
		else usageLimit = number
	}

	const startsAt = parseCouponDate(fields.startsAt, 'start')
	if (startsAt === undefined) errors.startsAt = COUPON_MESSAGES.date
	const endsAt = parseCouponDate(fields.endsAt, 'end')
	if (endsAt === undefined) errors.endsAt = COUPON_MESSAGES.date
	if (startsAt && endsAt && startsAt >= endsAt) errors.endsAt = COUPON_MESSAGES.window

	if (Object.keys(errors).length > 0 || !code.success || !kind) return { ok: false, errors }
	return {
		ok: true,
		coupon: {
			code: code.data,
			kind,
			value,
			minSubtotalCents,
			usageLimit,
			startsAt: startsAt ?? null,
			endsAt: endsAt ?? null,
			active: fields.active,
		},
	}
}
