import { parse } from 'csv-parse/sync'
import { type CouponFieldErrors, type CouponFields, type CouponInput, validateCouponFields } from './coupon-input'

/**
 * The legacy coupon CSV import (decision 13): parse → check → (the owner confirms) → write.
 * This module only parses and checks; nothing here touches the database, so the check step
 * can be shown before anything is written.
 *
 * Supported format (documented in docs/decisions/013 and tests/fixtures/legacy-coupons.csv):
 * - UTF-8 (a BOM is fine), separator ',' or ';' (detected from the header line), quotes as
 *   in RFC 4180, one header line.
 * - Header names in English or Portuguese, any case, accents optional (HEADER_ALIASES):
 *   code (required), type, amount, minimum, usage_limit, starts_at, expires_at, active.
 * - type: percent/percentage/porcentagem/%, fixed/fixed_cart/valor_fixo, free_shipping/frete_gratis.
 *   Without a type column the row is a percentage.
 * - amount: '10', '10,50', '10.50', '1.234,56', 'R$ 15,00', '15%'. Percentages are whole 1-100.
 * - dates: '2026-01-31', '31/01/2026' (São Paulo day: from 00:00, until 23:59) or ISO date-time.
 * - active: yes/no, sim/não, true/false, 1/0, ativo/inativo, publish/draft; blank = active.
 */
export const IMPORT_MAX_BYTES = 1_000_000
export const IMPORT_MAX_ROWS = 5_000

type Column = Exclude<keyof CouponFields, 'active'> | 'active'

const HEADER_ALIASES: Record<Column, readonly string[]> = {
	code: ['code', 'coupon', 'coupon_code', 'cupom', 'codigo', 'codigo_cupom', 'post_title', 'name', 'nome'],
	kind: ['type', 'discount_type', 'kind', 'tipo', 'tipo_desconto', 'tipo_de_desconto', 'value_type'],
	value: ['amount', 'value', 'valor', 'discount', 'desconto', 'coupon_amount', 'valor_desconto', 'percentual'],
	minSubtotal: [
		'minimum',
		'minimum_amount',
		'min_subtotal',
		'minimum_subtotal',
		'min_amount',
		'minimum_order',
		'valor_minimo',
		'minimo',
		'pedido_minimo',
		'subtotal_minimo',
	],
	usageLimit: ['usage_limit', 'uses', 'max_uses', 'limit', 'limite', 'limite_uso', 'limite_de_uso', 'limite_usos', 'usos'],
	startsAt: ['starts_at', 'start', 'start_date', 'starts', 'valid_from', 'inicio', 'data_inicio', 'data_de_inicio', 'comeca_em'],
	endsAt: [
		'expires_at',
		'ends_at',
		'end_date',
		'expiry_date',
		'date_expires',
		'expires',
		'valid_until',
		'validade',
		'expira_em',
		'fim',
		'data_fim',
		'data_de_fim',
		'termina_em',
	],
	active: ['active', 'ativo', 'enabled', 'status', 'habilitado'],
}

export const IMPORT_MESSAGES = {
	empty: 'O arquivo está vazio.',
	tooBig: `O arquivo é grande demais (máximo ${IMPORT_MAX_BYTES / 1_000_000} MB).`,
	tooManyRows: `O arquivo tem linhas demais (máximo ${IMPORT_MAX_ROWS}).`,
	noCode: 'Não encontramos a coluna do código do cupom (ex.: "code" ou "codigo").',
	unreadable: (detail: string) => `Não foi possível ler o CSV: ${detail}`,
	active: 'Situação inválida: use sim/não, ativo/inativo ou 1/0.',
	duplicateInFile: (line: number) => `Código repetido no arquivo (já aparece na linha ${line}).`,
	existing: 'Já existe um cupom com este código na loja.',
} as const

function headerKey(text: string): string {
	return text
		.trim()
		.toLowerCase()
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[^a-z0-9]+/g, '_')
		.replace(/^_|_$/g, '')
}

function parseActive(text: string): boolean | null {
	const key = headerKey(text)
	if (key === '') return true
	if (['1', 'yes', 'y', 'sim', 's', 'true', 'ativo', 'ativa', 'active', 'enabled', 'publish', 'published'].includes(key)) return true
	if (['0', 'no', 'n', 'nao', 'false', 'inativo', 'inativa', 'inactive', 'disabled', 'draft', 'trash'].includes(key)) return false
	return null
}

/** One data row of the file, with its line number as a spreadsheet shows it (header = 1). */
export type ParsedRow = { line: number; fields: CouponFields; activeInvalid: boolean }

export type ParseResult = { ok: true; rows: ParsedRow[]; columns: Column[] } | { ok: false; message: string }

function detectDelimiter(text: string): ',' | ';' {
	const firstLine = text.split(/\r?\n/, 1)[0] ?? ''
	const count = (c: string) => firstLine.split(c).length - 1
	return count(';') > count(',') ? ';' : ','
}

export function parseLegacyCouponCsv(text: string): ParseResult {
	if (Buffer.byteLength(text, 'utf8') > IMPORT_MAX_BYTES) return { ok: false, message: IMPORT_MESSAGES.tooBig }
	const body = text.replace(/^\uFEFF/, '')
	if (body.trim() === '') return { ok: false, message: IMPORT_MESSAGES.empty }
	let records: string[][]
	try {
		records = parse(body, {
			delimiter: detectDelimiter(body),
			relax_column_count: true,
			skip_empty_lines: true,
			trim: true,
		}) as string[][]
	} catch (error) {
		return { ok: false, message: IMPORT_MESSAGES.unreadable(error instanceof Error ? error.message : String(error)) }
	}
	const [header, ...data] = records
	if (!header) return { ok: false, message: IMPORT_MESSAGES.empty }
	if (data.length > IMPORT_MAX_ROWS) return { ok: false, message: IMPORT_MESSAGES.tooManyRows }

	const index = new Map<Column, number>()
	header.forEach((name, position) => {
		const key = headerKey(name)
		for (const [column, aliases] of Object.entries(HEADER_ALIASES) as Array<[Column, readonly string[]]>) {
			if (!index.has(column) && aliases.includes(key)) index.set(column, position)
		}
	})
	if (!index.has('code')) return { ok: false, message: IMPORT_MESSAGES.noCode }
	const cell = (record: string[], column: Column) => {
		const position = index.get(column)
		return position === undefined ? '' : (record[position] ?? '').trim()
	}

	const rows = data
		.map((record, i) => ({ record, line: i + 2 }))
		.filter(({ record }) => record.some((value) => value.trim() !== ''))
		.map(({ record, line }) => {
			const active = parseActive(cell(record, 'active'))
			return {
				line,
				activeInvalid: active === null,
				fields: {
					code: cell(record, 'code'),
					kind: index.has('kind') ? cell(record, 'kind') : 'percentage',
					value: cell(record, 'value'),
					minSubtotal: cell(record, 'minSubtotal'),
					usageLimit: cell(record, 'usageLimit'),
					startsAt: cell(record, 'startsAt'),
					endsAt: cell(record, 'endsAt'),
					active: active ?? true,
				},
			}
		})
	return { ok: true, rows, columns: [...index.keys()] }
}

export type ImportReport = {
	/** Rows that would be written. */
	valid: Array<{ line: number; coupon: CouponInput }>
	/** A code seen earlier in the same file: only the first is considered. */
	duplicatesInFile: Array<{ line: number; code: string; firstLine: number }>
	/** A code the shop already has: never overwritten. */
	existing: Array<{ line: number; code: string }>
	invalid: Array<{ line: number; code: string; reasons: string[] }>
}

const FIELD_ORDER: Array<keyof CouponFieldErrors> = ['code', 'kind', 'value', 'minSubtotal', 'usageLimit', 'startsAt', 'endsAt']

/**
 * The check step: classifies every row as valid, duplicate (in the file or in the shop) or
 * invalid with its reasons. `existingCodes` are the shop's codes in upper case.
 */
export function checkCouponImport(rows: ParsedRow[], existingCodes: ReadonlySet<string>): ImportReport {
	const report: ImportReport = { valid: [], duplicatesInFile: [], existing: [], invalid: [] }
	const firstSeen = new Map<string, number>()
	for (const row of rows) {
		const result = validateCouponFields(row.fields)
		const reasons = result.ok ? [] : FIELD_ORDER.flatMap((field) => (result.errors[field] ? [result.errors[field]] : []))
		if (row.activeInvalid) reasons.push(IMPORT_MESSAGES.active)
		const code = result.ok ? result.coupon.code : row.fields.code.trim().toUpperCase()
		if (reasons.length > 0 || !result.ok) {
			report.invalid.push({ line: row.line, code, reasons })
			continue
		}
		const first = firstSeen.get(code)
		if (first !== undefined) {
			report.duplicatesInFile.push({ line: row.line, code, firstLine: first })
			continue
		}
		firstSeen.set(code, row.line)
		if (existingCodes.has(code)) {
			report.existing.push({ line: row.line, code })
			continue
		}
		report.valid.push({ line: row.line, coupon: result.coupon })
	}
	return report
}
