import { describe, expect, it } from 'vitest'
import { formatCnpj, formatCpf, isValidCnpj, isValidCpf, normalizeCnpj, normalizeCpf } from './cpf'

describe('isValidCpf', () => {
	it('accepts commonly published valid test CPFs, with or without punctuation', () => {
		for (const cpf of ['529.982.247-25', '52998224725', '111.444.777-35', '11144477735', '390.533.447-05']) {
			expect(isValidCpf(cpf), cpf).toBe(true)
		}
	})

	it('rejects a wrong first or second check digit', () => {
		expect(isValidCpf('529.982.247-35')).toBe(false)
		expect(isValidCpf('529.982.247-24')).toBe(false)
		expect(isValidCpf('111.444.777-36')).toBe(false)
	})

	it('rejects all-equal digits, which pass the arithmetic', () => {
		for (let d = 0; d <= 9; d++) expect(isValidCpf(String(d).repeat(11))).toBe(false)
	})

	it('rejects wrong lengths and letters', () => {
		for (const cpf of ['', '5299822472', '529982247250', '529.982.247-2A', 'abc.def.ghi-jk']) {
			expect(isValidCpf(cpf), cpf).toBe(false)
		}
	})

	it('normalises valid CPFs to digits only', () => {
		expect(normalizeCpf(' 529.982.247-25 ')).toBe('52998224725')
		expect(normalizeCpf('529.982.247-26')).toBeNull()
	})
})

describe('formatCpf', () => {
	it('formats 11 digits and leaves anything else untouched', () => {
		expect(formatCpf('52998224725')).toBe('529.982.247-25')
		expect(formatCpf('529.982.247-25')).toBe('529.982.247-25')
		expect(formatCpf('123')).toBe('123')
	})
})

describe('isValidCnpj', () => {
	it('accepts valid CNPJs and rejects wrong check digits', () => {
		expect(isValidCnpj('11.222.333/0001-81')).toBe(true)
		expect(isValidCnpj('11222333000181')).toBe(true)
		expect(isValidCnpj('11.222.333/0001-82')).toBe(false)
		expect(isValidCnpj('11.222.333/0001-91')).toBe(false)
		expect(isValidCnpj('00000000000000')).toBe(false)
		expect(isValidCnpj('1122233300018')).toBe(false)
	})

	it('accepts alphanumeric CNPJs (July 2026): each character counts as its ASCII code minus 48', () => {
		expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true)
		expect(isValidCnpj('12abc34501de35')).toBe(true)
		expect(isValidCnpj('12.ABC.345/01DE-53')).toBe(false)
		expect(isValidCnpj('12.ABC.345/01DE-3A')).toBe(false)
		expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35')
		expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35')
	})
})
