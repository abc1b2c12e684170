// Static PIX BR Code ('copia e cola' text and QR content), as the Banco Central do Brasil's
// "Manual de Padrões para Iniciação do Pix" describes: EMV® QRCPS merchant-presented TLV fields
// (two-digit id, two-digit length, value) closed by a CRC16-CCITT-FALSE checksum.
// Pure and dependency-light so the admin (preview) and the order page can use it in the browser.
import { z } from 'zod'
import { pixKeySchema } from './pix-key'
import { userText } from '~/utils/text-schema'

const GUI = 'br.gov.bcb.pix'
// Field 26 (and any TLV value) holds at most 99 characters; the BR Code as a whole at most 512.
const MAX_TLV_VALUE = 99

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) → 4 uppercase hex digits. */
export function crc16ccitt(text: string): string {
	let crc = 0xffff
	for (const byte of new TextEncoder().encode(text)) {
		crc ^= byte << 8
		for (let bit = 0; bit < 8; bit++) {
			crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
		}
	}
	return crc.toString(16).toUpperCase().padStart(4, '0')
}

function tlv(id: string, value: string): string {
	if (value.length > MAX_TLV_VALUE) throw new RangeError(`PIX field ${id} longer than ${MAX_TLV_VALUE}`)
	return `${id}${String(value.length).padStart(2, '0')}${value}`
}

/** Removes accents and anything outside printable ASCII; collapses spaces. 'São Paulo' → 'Sao Paulo'. */
export function toPixText(input: string): string {
	return input
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[^\x20-\x7e]/g, '')
		.replace(/\s+/g, ' ')
		.trim()
}

/** An order reference such as 'PED-2026-0001' → a valid txid 'PED20260001' (alphanumeric, ≤ 25). */
export function toPixTxid(reference: string): string {
	const txid = reference.replace(/[^A-Za-z0-9]/g, '').slice(0, 25)
	return txid === '' ? '***' : txid
}

// The key's rules live in pix-key.ts; re-exported for the callers that import them from here.
export { classifyPixKey, pixKeySchema, type PixKeyType } from './pix-key'

export const pixMerchantNameSchema = userText({ error: 'Informe o nome do recebedor PIX.' })
	.transform(toPixText)
	.pipe(
		userText()
			.min(1, 'Informe o nome do recebedor PIX.')
			.max(25, 'O nome do recebedor PIX pode ter no máximo 25 caracteres (sem acentos).'),
	)

export const pixMerchantCitySchema = userText({ error: 'Informe a cidade do recebedor PIX.' })
	.transform(toPixText)
	.pipe(
		userText()
			.min(1, 'Informe a cidade do recebedor PIX.')
			.max(15, 'A cidade do recebedor PIX pode ter no máximo 15 caracteres (sem acentos).'),
	)

export const pixPayloadInputSchema = z
	.object({
		key: pixKeySchema,
		merchantName: pixMerchantNameSchema,
		merchantCity: pixMerchantCitySchema,
		amountCents: z
			.number({ error: 'Valor do PIX inválido.' })
			.int('O valor do PIX deve estar em centavos inteiros.')
			.min(0, 'O valor do PIX não pode ser negativo.')
			// Field 54 holds at most 13 characters: '9999999999.99'.
			.max(999_999_999_999, 'Valor do PIX acima do permitido.'),
		txid: userText()
			.regex(/^(\*\*\*|[A-Za-z0-9]{1,25})$/, 'Identificador do PIX inválido: use até 25 letras e números, sem espaços.')
			.optional(),
		description: userText().transform(toPixText).optional(),
	})
	.superRefine((input, ctx) => {
		// Field 26 = GUI + key + description must fit in 99 characters.
		if (typeof input.key !== 'string') return
		const used = 4 + GUI.length + 4 + input.key.length
		const room = MAX_TLV_VALUE - used - 4
		if (input.description && input.description.length > room) {
			ctx.addIssue({
				code: 'custom',
				path: ['description'],
				message: `A descrição do PIX pode ter no máximo ${Math.max(room, 0)} caracteres com esta chave.`,
			})
		}
	})

export type PixPayloadInput = z.input<typeof pixPayloadInputSchema>

/** 10269 → '102.69' (field 54 uses a dot and always two decimals). */
export function formatPixAmount(amountCents: number): string {
	const whole = Math.floor(amountCents / 100)
	const cents = String(amountCents % 100).padStart(2, '0')
	return `${whole}.${cents}`
}

export class PixPayloadError extends Error {
	constructor(readonly issues: { path: string; message: string }[]) {
		super(issues.map((issue) => issue.message).join(' '))
		this.name = 'PixPayloadError'
	}
}

/**
 * Builds the static BR Code. Throws PixPayloadError (Portuguese messages per field) on bad input;
 * use `pixPayloadInputSchema.safeParse` first when the input comes from a form.
 */
export function buildPixPayload(input: PixPayloadInput): string {
	const parsed = pixPayloadInputSchema.safeParse(input)
	if (!parsed.success) {
		throw new PixPayloadError(parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })))
	}
	const { key, merchantName, merchantCity, amountCents, txid, description } = parsed.data
	const accountInfo = tlv('00', GUI) + tlv('01', key) + (description ? tlv('02', description) : '')
	const body =
		tlv('00', '01') +
		tlv('26', accountInfo) +
		tlv('52', '0000') +
		tlv('53', '986') +
		(amountCents > 0 ? tlv('54', formatPixAmount(amountCents)) : '') +
		tlv('58', 'BR') +
		tlv('59', merchantName) +
		tlv('60', merchantCity) +
		tlv('62', tlv('05', txid ?? '***')) +
		'6304'
	return body + crc16ccitt(body)
}

export type ParsedPixPayload = {
	payloadFormatIndicator: string
	/** Top-level fields by id, in order of appearance (nested templates left as raw text). */
	fields: Map<string, string>
	gui: string
	key: string
	description: string | null
	merchantCategoryCode: string | null
	currency: string | null
	amountCents: number | null
	countryCode: string | null
	merchantName: string | null
	merchantCity: string | null
	txid: string | null
	crc: string
}

export type ParsePixResult = { ok: true; payload: ParsedPixPayload } | { ok: false; error: string }

function parseTlv(text: string): Map<string, string> | null {
	const fields = new Map<string, string>()
	let at = 0
	while (at < text.length) {
		const id = text.slice(at, at + 2)
		const lengthText = text.slice(at + 2, at + 4)
		if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText)) return null
		const length = Number(lengthText)
		const value = text.slice(at + 4, at + 4 + length)
		if (value.length !== length) return null
		fields.set(id, value)
		at += 4 + length
	}
	return fields
}

/** Reads a BR Code back (TLV structure, PIX account template, amount) and checks its CRC. */
export function parsePixPayload(text: string): ParsePixResult {
	const payload = text.trim()
	const crcMatch = /6304([0-9A-Fa-f]{4})$/.exec(payload)
	if (!crcMatch) return { ok: false, error: 'Código PIX inválido: falta o CRC no final.' }
	const crc = crcMatch[1]!.toUpperCase()
	const expected = crc16ccitt(payload.slice(0, -4))
	if (crc !== expected) return { ok: false, error: 'Código PIX inválido: o CRC não confere.' }
	const fields = parseTlv(payload)
	if (!fields) return { ok: false, error: 'Código PIX inválido: estrutura de campos incorreta.' }
	if (fields.get('00') !== '01') return { ok: false, error: 'Código PIX inválido: o código deve começar com 000201.' }
	// The PIX account template may sit in any id from 26 to 51; pick the one whose GUI is PIX.
	let account: Map<string, string> | null = null
	for (const [id, value] of fields) {
		const n = Number(id)
		if (n < 26 || n > 51) continue
		const nested = parseTlv(value)
		if (nested?.get('00')?.toLowerCase() === GUI) {
			account = nested
			break
		}
	}
	if (!account) return { ok: false, error: 'Código PIX inválido: não há dados de conta PIX (br.gov.bcb.pix).' }
	const key = account.get('01')
	if (!key) return { ok: false, error: 'Código PIX inválido: chave PIX ausente (QR dinâmico não é suportado).' }
	const amountText = fields.get('54')
	let amountCents: number | null = null
	if (amountText !== undefined) {
		const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amountText)
		if (!m) return { ok: false, error: 'Código PIX inválido: valor em formato incorreto.' }
		amountCents = Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'))
	}
	const additional = fields.has('62') ? parseTlv(fields.get('62')!) : null
	return {
		ok: true,
		payload: {
			payloadFormatIndicator: '01',
			fields,
			gui: account.get('00')!,
			key,
			description: account.get('02') ?? null,
			merchantCategoryCode: fields.get('52') ?? null,
			currency: fields.get('53') ?? null,
			amountCents,
			countryCode: fields.get('58') ?? null,
			merchantName: fields.get('59') ?? null,
			merchantCity: fields.get('60') ?? null,
			txid: additional?.get('05') ?? null,
			crc,
		},
	}
}
