import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { db, queryRows } from '~/server/db.server'
import { COUPON_MESSAGES, parseCents, parseCouponDate, parseDecimal } from './coupon-input'
import { createCoupon, existingCouponCodes, importCoupons } from './coupons.server'
import { IMPORT_MESSAGES, checkCouponImport, parseLegacyCouponCsv } from './import.server'

const fixture = (name: string) => readFileSync(path.resolve('tests/fixtures', name), 'utf8')

function parsed(text: string) {
	const result = parseLegacyCouponCsv(text)
	if (!result.ok) throw new Error(result.message)
	return result.rows
}

describe('parseLegacyCouponCsv + checkCouponImport (pt-BR fixture, ";")', () => {
	const report = checkCouponImport(parsed(fixture('legacy-coupons.csv')), new Set(['PRIMEIRACOMPRA']))

	test('valid rows, normalised', () => {
		expect(report.valid.map((v) => v.coupon.code)).toEqual(['BEMVINDO10', 'FRETEGRATIS', 'DESCONTO15', 'NATAL25', 'VIP-2026'])
		const byCode = Object.fromEntries(report.valid.map((v) => [v.coupon.code, v.coupon]))
		expect(byCode.BEMVINDO10).toMatchObject({ kind: 'percentage', value: 10, minSubtotalCents: 0, usageLimit: null, active: true })
		expect(byCode.BEMVINDO10?.startsAt?.toISOString()).toBe('2026-01-01T03:00:00.000Z')
		expect(byCode.BEMVINDO10?.endsAt?.toISOString()).toBe('2031-01-01T02:59:59.999Z')
		expect(byCode.FRETEGRATIS).toMatchObject({ kind: 'free_shipping', value: 0, minSubtotalCents: 15_000 })
		expect(byCode.DESCONTO15).toMatchObject({ kind: 'fixed', value: 1500, minSubtotalCents: 10_000, usageLimit: 500 })
		expect(byCode.NATAL25).toMatchObject({ kind: 'percentage', value: 25, usageLimit: 100, active: false })
		expect(byCode['VIP-2026']).toMatchObject({ kind: 'fixed', value: 123_456, minSubtotalCents: 200_000, usageLimit: 1 })
	})

	test('duplicates in the file and in the shop', () => {
		expect(report.duplicatesInFile).toEqual([{ line: 6, code: 'BEMVINDO10', firstLine: 2 }])
		expect(report.existing).toEqual([{ line: 7, code: 'PRIMEIRACOMPRA' }])
	})

	test('invalid rows with their reasons', () => {
		expect(report.invalid).toEqual([
			{ line: 8, code: 'MEGA', reasons: ['A porcentagem deve ser um número inteiro de 1 a 100.'] },
			{ line: 9, code: 'X', reasons: ['O código deve ter de 2 a 50 caracteres: letras sem acento, números, - ou _.'] },
			{ line: 10, code: 'SEMVALOR', reasons: [COUPON_MESSAGES.fixed] },
			{ line: 11, code: 'DATAERRADA', reasons: ['Data inválida: use o formato dd/mm/aaaa.'] },
			{ line: 12, code: 'INVERTIDO', reasons: ['A data de término deve ser depois da data de início.'] },
		])
	})
})

describe('English export with "," (WooCommerce-like headers)', () => {
	test('reads the aliases and the status column', () => {
		const report = checkCouponImport(parsed(fixture('legacy-coupons-en.csv')), new Set())
		expect(report.invalid).toEqual([])
		expect(report.valid.map((v) => v.coupon)).toMatchObject([
			{ code: 'SUMMER20', kind: 'percentage', value: 20, minSubtotalCents: 5000, active: true },
			{ code: 'TENOFF', kind: 'fixed', value: 1000, usageLimit: 5 },
			{ code: 'SHIPFREE', kind: 'free_shipping', value: 0, active: false },
		])
	})
})

describe('file problems', () => {
	test('empty, no code column, BOM and blank lines', () => {
		expect(parseLegacyCouponCsv('')).toEqual({ ok: false, message: IMPORT_MESSAGES.empty })
		expect(parseLegacyCouponCsv('valor;tipo\n10;percent\n')).toEqual({ ok: false, message: IMPORT_MESSAGES.noCode })
		const rows = parsed('\uFEFFCupom,Valor\nABC,10\n\n,\n')
		expect(rows).toHaveLength(1)
		expect(checkCouponImport(rows, new Set()).valid[0]?.coupon).toMatchObject({ code: 'ABC', kind: 'percentage', value: 10 })
	})
	test('an unknown status is a reason', () => {
		const report = checkCouponImport(parsed('code;amount;ativo\nABC;10;talvez\n'), new Set())
		expect(report.invalid).toEqual([{ line: 2, code: 'ABC', reasons: [IMPORT_MESSAGES.active] }])
	})
})

describe('number and date parsing', () => {
	test('decimals in both locales', () => {
		expect(parseDecimal('10,50')).toBe(10.5)
		expect(parseDecimal('10.50')).toBe(10.5)
		expect(parseDecimal('1.234,56')).toBe(1234.56)
		expect(parseDecimal('1,234.56')).toBe(1234.56)
		expect(parseDecimal('1.234')).toBe(1234)
		expect(parseDecimal('abc')).toBeNull()
		expect(parseCents('15')).toBe(1500)
		expect(parseCents('15.5')).toBe(1550)
		// Exact: more than 2 decimals is refused, not rounded (no float in between).
		expect(parseCents('10.5555')).toBeNull()
		expect(parseCents('0,285')).toBeNull()
		expect(parseCents('R$ 1.234,56')).toBe(123_456)
	})
	test('dates as São Paulo days', () => {
		expect(parseCouponDate('31/12/2026', 'end')?.toISOString()).toBe('2027-01-01T02:59:59.999Z')
		expect(parseCouponDate('2026-02-30', 'start')).toBeUndefined()
		expect(parseCouponDate('2026-03-01T10:00:00Z', 'start')?.toISOString()).toBe('2026-03-01T10:00:00.000Z')
		expect(parseCouponDate('', 'start')).toBeNull()
	})
})

describe('writing the import', () => {
	withTestDatabase()
	beforeEach(async () => {
		await db.execute(sql`truncate coupons cascade`)
	})

	test('writes the valid rows once; a code created meanwhile is skipped, not overwritten', async () => {
		await createCoupon({
			code: 'PRIMEIRACOMPRA',
			kind: 'percentage',
			value: 5,
			minSubtotalCents: 0,
			usageLimit: null,
			startsAt: null,
			endsAt: null,
			active: true,
		})
		const rows = parsed(fixture('legacy-coupons.csv'))
		const existing = await existingCouponCodes(rows.map((r) => r.fields.code.toUpperCase()))
		expect([...existing]).toEqual(['PRIMEIRACOMPRA'])
		const report = checkCouponImport(rows, existing)
		// Someone creates one of them between the check and the import.
		await createCoupon({ ...(report.valid[0]?.coupon as NonNullable<(typeof report.valid)[0]>['coupon']), value: 50 })
		const result = await importCoupons(report.valid.map((v) => v.coupon))
		expect(result).toEqual({ inserted: ['FRETEGRATIS', 'DESCONTO15', 'NATAL25', 'VIP-2026'], skipped: ['BEMVINDO10'] })
		const [kept] = await queryRows<{ value: number }>(sql`select value from coupons where code = 'BEMVINDO10'`)
		expect(kept?.value).toBe(50)
		const [count] = await queryRows<{ n: number }>(sql`select count(*)::int as n from coupons`)
		expect(count?.n).toBe(6)
	})
})
