// PIX keys (chaves PIX) as the Banco Central's DICT stores them, for the store settings and the
// BR Code. Pure, so the admin form, the settings schema and the BR Code builder share one rule.
import { z } from 'zod'
import { isValidCnpj, isValidCpf, normalizeCnpj } from './cpf'
import { userText } from '~/utils/text-schema'

export type PixKeyType = 'cpf' | 'cnpj' | 'email' | 'phone' | 'evp'

export type PixKeyResult = { type: PixKeyType; key: string } | { error: string }

/** What the DICT allows for an e-mail key. */
export const PIX_EMAIL_MAX = 77

export const PIX_KEY_MESSAGES = {
	empty: 'Informe a chave PIX.',
	cpf: 'Chave PIX inválida: CPF com dígitos verificadores incorretos. Confira os 11 números.',
	cpfOrPhone:
		'Chave PIX inválida: CPF com dígitos verificadores incorretos. Se for um celular, escreva com o DDD entre parênteses ou com +55, ex.: (11) 98765-4321.',
	cnpj: 'Chave PIX inválida: CNPJ com dígitos verificadores incorretos. Confira os 14 números.',
	cnpjAlphanumeric: 'Chave PIX inválida: CNPJ com dígitos verificadores incorretos. Confira as 12 letras e números e os 2 dígitos finais.',
	digits: 'Chave PIX inválida: o CPF tem 11 números e o CNPJ tem 14.',
	phone: 'Chave PIX inválida: o celular deve ter DDD e 9 dígitos começando com 9, ex.: (11) 98765-4321 ou +5511987654321.',
	phoneCountry: 'Chave PIX inválida: o celular deve ser um número do Brasil (+55).',
	email: 'Chave PIX inválida: e-mail em formato incorreto.',
	emailLength: `Chave PIX inválida: o e-mail pode ter no máximo ${PIX_EMAIL_MAX} caracteres.`,
	evp: 'Chave PIX inválida: a chave aleatória tem 32 letras e números em 5 grupos, ex.: 123e4567-e89b-12d3-a456-426614174000.',
	unknown: 'Chave PIX inválida: use CPF, CNPJ, e-mail, celular com DDD ou chave aleatória.',
} as const

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Text made of hex digits and hyphens with at least one letter: someone's random key, mistyped. */
const UUID_LIKE = /^(?=.*[a-f])[0-9a-f-]{20,}$/i
/** '(11) 98765-4321', '11 98765-4321', '11 98765 4321': a DDD set apart is a phone, not a CPF. */
const NATIONAL_PHONE_TYPED = /^\(?\d{2}\)?[\s-]+9?\d{4}[\s-]?\d{4}$/
/** A mobile phone key: +55, a DDD without zeros, and nine digits starting with 9. */
const PHONE_KEY = /^\+55[1-9]{2}9\d{8}$/

function classifyPhone(raw: string): PixKeyResult {
	const compact = raw.replace(/[\s().-]/g, '')
	if (compact.startsWith('+') && !compact.startsWith('+55')) return { error: PIX_KEY_MESSAGES.phoneCountry }
	const digits = compact.replace(/^\+/, '')
	if (!/^\d+$/.test(digits)) return { error: PIX_KEY_MESSAGES.phone }
	// Typed without the country code: the national number (DDD + 9 digits) gets +55.
	const key = compact.startsWith('+') ? `+${digits}` : digits.length === 13 && digits.startsWith('55') ? `+${digits}` : `+55${digits}`
	return PHONE_KEY.test(key) ? { type: 'phone', key } : { error: PIX_KEY_MESSAGES.phone }
}

/**
 * Recognises a PIX key by its form and normalises it the way the DICT stores it: CPF and CNPJ
 * as digits only (typed dots, dashes and slash accepted), a mobile phone as '+55' + DDD +
 * number (typed '(11) 98765-4321' accepted), e-mail in lower case, a random key (EVP) as a
 * lower-case UUID. Eleven bare digits are a CPF, never guessed to be a phone: a phone is
 * typed with +55 or with its DDD set apart (decision 069).
 */
export function classifyPixKey(input: string): PixKeyResult {
	const raw = input.trim()
	if (raw === '') return { error: PIX_KEY_MESSAGES.empty }
	if (raw.includes('@')) {
		const email = raw.toLowerCase()
		if (email.length > PIX_EMAIL_MAX) return { error: PIX_KEY_MESSAGES.emailLength }
		if (!z.email().safeParse(email).success) return { error: PIX_KEY_MESSAGES.email }
		return { type: 'email', key: email }
	}
	if (UUID.test(raw)) return { type: 'evp', key: raw.toLowerCase() }
	if (UUID_LIKE.test(raw)) return { error: PIX_KEY_MESSAGES.evp }
	if (raw.startsWith('+') || raw.includes('(') || NATIONAL_PHONE_TYPED.test(raw)) return classifyPhone(raw)
	const digits = raw.replace(/[.\-/\s]/g, '')
	// An alphanumeric CNPJ (issued since July 2026): twelve letters or digits, two check digits.
	if (/^[0-9a-z]{12}\d{2}$/i.test(digits) && /[a-z]/i.test(digits)) {
		const cnpj = normalizeCnpj(digits)
		return isValidCnpj(cnpj) ? { type: 'cnpj', key: cnpj } : { error: PIX_KEY_MESSAGES.cnpjAlphanumeric }
	}
	if (!/^\d+$/.test(digits)) return { error: PIX_KEY_MESSAGES.unknown }
	if (digits.length === 11) {
		if (isValidCpf(digits)) return { type: 'cpf', key: digits }
		// Bare digits shaped like a mobile number: say how to write a phone key.
		return { error: /^[1-9]{2}9/.test(digits) && !/[./]/.test(raw) ? PIX_KEY_MESSAGES.cpfOrPhone : PIX_KEY_MESSAGES.cpf }
	}
	if (digits.length === 14) return isValidCnpj(digits) ? { type: 'cnpj', key: digits } : { error: PIX_KEY_MESSAGES.cnpj }
	return { error: PIX_KEY_MESSAGES.digits }
}

/** The kind of a key already normalised (a stored setting), for the admin's label; null if it is not one. */
export function pixKeyType(key: string): PixKeyType | null {
	const result = classifyPixKey(key)
	return 'error' in result || result.key !== key ? null : result.type
}

export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
	cpf: 'CPF',
	cnpj: 'CNPJ',
	email: 'e-mail',
	phone: 'telefone',
	evp: 'chave aleatória',
}

/**
 * What the settings form says under the PIX key as the owner types (issue 30): the kind the shop
 * recognised ('Chave reconhecida: CPF.') or why it is not a key yet; nothing for an empty field.
 */
export function pixKeyFeedback(input: string): { ok: true; type: PixKeyType; message: string } | { ok: false; message: string } | null {
	if (input.trim() === '') return null
	const result = classifyPixKey(input)
	if ('error' in result) return { ok: false, message: result.error }
	return { ok: true, type: result.type, message: `Chave reconhecida: ${PIX_KEY_TYPE_LABELS[result.type]}.` }
}

/** Zod schema for a PIX key (store settings, the admin form, the BR Code): outputs the normalised key. */
export const pixKeySchema = userText({ error: PIX_KEY_MESSAGES.empty }).transform((value, ctx) => {
	const result = classifyPixKey(value)
	if ('error' in result) {
		ctx.addIssue({ code: 'custom', message: result.error })
		return z.NEVER
	}
	return result.key
})
