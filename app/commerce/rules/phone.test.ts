import { describe, expect, it } from 'vitest'
import { formatPhone, normalizePhone, toE164 } from './phone'

describe('normalizePhone', () => {
	it('keeps the digits of mobiles and landlines', () => {
		expect(normalizePhone('(11) 91234-5678')).toBe('11912345678')
		expect(normalizePhone('11 91234 5678')).toBe('11912345678')
		expect(normalizePhone('11912345678')).toBe('11912345678')
		expect(normalizePhone('(11) 3234-5678')).toBe('1132345678')
	})

	it('drops the +55 country code', () => {
		expect(normalizePhone('+55 (11) 91234-5678')).toBe('11912345678')
		expect(normalizePhone('5511912345678')).toBe('11912345678')
		expect(normalizePhone('551132345678')).toBe('1132345678')
	})

	it('rejects wrong lengths, DDD 0x, 11 digits not starting with 9, and letters', () => {
		for (const phone of ['', '912345678', '119123456789', '(01) 91234-5678', '(11) 81234-5678', '11 9123A-5678', '+1 415 555 0100']) {
			expect(normalizePhone(phone), phone).toBeNull()
		}
	})
})

describe('formatPhone', () => {
	it('formats mobiles and landlines', () => {
		expect(formatPhone('11912345678')).toBe('(11) 91234-5678')
		expect(formatPhone('1132345678')).toBe('(11) 3234-5678')
		expect(formatPhone('+5511912345678')).toBe('(11) 91234-5678')
		expect(formatPhone('123')).toBe('123')
	})

	it('gives the E.164 form', () => {
		expect(toE164('(11) 91234-5678')).toBe('+5511912345678')
		expect(toE164('123')).toBeNull()
	})
})
