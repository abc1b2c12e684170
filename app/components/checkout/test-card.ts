import { TEST_CARD_TOKENS } from '~/utils/checkout-constants'

/**
 * The browser half of the embedded TEST card provider. It runs only in the browser: the card
 * inputs have no `name`, so the number, expiry and CVC are never submitted; the form carries
 * the token this returns. Documented outcomes (docs/decisions/012):
 * 4242 4242 4242 4242 → approved, 4000 0000 0000 0002 → declined,
 * 4000 0000 0000 9995 → insufficient funds; any other number passing the Luhn check → approved.
 */
export const TEST_CARD_NUMBERS = {
	approved: '4242424242424242',
	declined: '4000000000000002',
	insufficientFunds: '4000000000009995',
} as const

/**
 * What the page tells the shopper while the test provider is the one configured: every
 * documented number and its outcome, in the order of docs/decisions/012.
 */
export const TEST_CARD_OUTCOMES: ReadonlyArray<{ number: string; outcome: string }> = [
	{ number: formatCardNumber(TEST_CARD_NUMBERS.approved), outcome: 'pagamento aprovado' },
	{ number: formatCardNumber(TEST_CARD_NUMBERS.declined), outcome: 'pagamento recusado pelo emissor' },
	{ number: formatCardNumber(TEST_CARD_NUMBERS.insufficientFunds), outcome: 'pagamento recusado por saldo ou limite insuficiente' },
]
export const TEST_CARD_OTHER_OUTCOME = 'Qualquer outro número de cartão válido: pagamento aprovado.'

export type CardFields = {
	number: string
	holder: string
	expiry: string
	cvc: string
}
export type CardFieldErrors = Partial<Record<keyof CardFields, string>>

export function luhnValid(digits: string): boolean {
	if (!/^\d{12,19}$/.test(digits)) return false
	let sum = 0
	for (let i = 0; i < digits.length; i += 1) {
		let d = Number(digits[digits.length - 1 - i])
		if (i % 2 === 1) {
			d *= 2
			if (d > 9) d -= 9
		}
		sum += d
	}
	return sum % 10 === 0
}

/** 'MM/AA' not in the past (the card is valid through the end of its month). */
function expiryError(expiry: string, now: Date): string | undefined {
	const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim())
	if (!match) return 'Informe a validade no formato MM/AA.'
	const month = Number(match[1])
	const year = 2000 + Number(match[2])
	if (month < 1 || month > 12) return 'Mês de validade inválido.'
	if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) return 'Cartão vencido.'
	return undefined
}

export function validateCard(fields: CardFields, now = new Date()): CardFieldErrors {
	const errors: CardFieldErrors = {}
	const digits = fields.number.replace(/[\s-]/g, '')
	if (!digits) errors.number = 'Informe o número do cartão.'
	else if (!luhnValid(digits)) errors.number = 'Número do cartão inválido.'
	if (!fields.holder.trim()) errors.holder = 'Informe o nome impresso no cartão.'
	const expiry = expiryError(fields.expiry, now)
	if (expiry) errors.expiry = expiry
	if (!/^\d{3,4}$/.test(fields.cvc.trim())) errors.cvc = 'Informe o código de segurança (3 ou 4 números).'
	return errors
}

/** The token the form submits, or null while the card fields are not valid. */
export function testCardToken(fields: CardFields, now = new Date()): string | null {
	if (Object.keys(validateCard(fields, now)).length > 0) return null
	const digits = fields.number.replace(/[\s-]/g, '')
	if (digits === TEST_CARD_NUMBERS.declined) return TEST_CARD_TOKENS.declined
	if (digits === TEST_CARD_NUMBERS.insufficientFunds) return TEST_CARD_TOKENS.insufficientFunds
	return TEST_CARD_TOKENS.approved
}

/** '4242424242424242' → '4242 4242 4242 4242' while typing. */
export function formatCardNumber(input: string): string {
	return input
		.replace(/\D/g, '')
		.slice(0, 19)
		.replace(/(\d{4})(?=\d)/g, '$1 ')
}
