import { describe, expect, test } from 'vitest'
import { maskCep, maskCpf, maskPhone } from './input-masks'

describe('checkout masks', () => {
	test('CPF as it is typed', () => {
		expect(['5', '529', '5299', '529982', '5299822', '529982247', '5299822472', '52998224725', '529982247256'].map(maskCpf)).toEqual([
			'5',
			'529',
			'529.9',
			'529.982',
			'529.982.2',
			'529.982.247',
			'529.982.247-2',
			'529.982.247-25',
			'529.982.247-25',
		])
		expect(maskCpf('529.982.247-25')).toBe('529.982.247-25')
	})

	test('phone: mobile and landline, pasted with +55', () => {
		expect(['1', '11', '119', '11912', '119123', '1191234567', '11912345678'].map(maskPhone)).toEqual([
			'(1',
			'(11',
			'(11) 9',
			'(11) 912',
			'(11) 9123',
			'(11) 9123-4567',
			'(11) 91234-5678',
		])
		expect(maskPhone('1132345678')).toBe('(11) 3234-5678')
		expect(maskPhone('+55 11 91234-5678')).toBe('(11) 91234-5678')
		expect(maskPhone('')).toBe('')
	})

	test('CEP', () => {
		expect(['0', '01310', '013101', '01310100', '013101009'].map(maskCep)).toEqual(['0', '01310', '01310-1', '01310-100', '01310-100'])
	})
})
