import { describe, expect, it } from 'vitest'
import { formatCep, normalizeCep } from './cep'

describe('normalizeCep', () => {
	it('accepts 8 digits with or without the dash', () => {
		expect(normalizeCep('01310-100')).toBe('01310100')
		expect(normalizeCep('01310100')).toBe('01310100')
		expect(normalizeCep(' 01310-100 ')).toBe('01310100')
	})

	it('rejects anything else', () => {
		for (const cep of ['', '0131010', '013101000', '01310 100', '01.310-100', 'abcde-fgh', '01310--100']) {
			expect(normalizeCep(cep), cep).toBeNull()
		}
	})
})

describe('formatCep', () => {
	it('formats a CEP and leaves other text unchanged', () => {
		expect(formatCep('01310100')).toBe('01310-100')
		expect(formatCep('01310-100')).toBe('01310-100')
		expect(formatCep('123')).toBe('123')
	})
})
