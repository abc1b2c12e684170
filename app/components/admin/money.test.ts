import { describe, expect, test } from 'vitest'
import { formatMoneyInput, parseMoneyInput } from './money'

describe('parseMoneyInput', () => {
	test('reads the ways an owner types an amount', () => {
		expect(parseMoneyInput('100,00')).toBe(10_000)
		expect(parseMoneyInput('100')).toBe(10_000)
		expect(parseMoneyInput('19,9')).toBe(1990)
		expect(parseMoneyInput('R$ 1.234,56')).toBe(123_456)
		expect(parseMoneyInput(' 0,99 ')).toBe(99)
	})
	test('rejects what is not an amount', () => {
		expect(parseMoneyInput('')).toBeNull()
		expect(parseMoneyInput('abc')).toBeNull()
		expect(parseMoneyInput('-5,00')).toBeNull()
		expect(parseMoneyInput('1,234')).toBeNull()
		expect(parseMoneyInput('1,2.3')).toBeNull()
		expect(parseMoneyInput('1.23.4')).toBeNull()
	})
	test('reads the text exactly: more than 2 decimals is refused, never rounded', () => {
		expect(parseMoneyInput('10.5555')).toBeNull()
		expect(parseMoneyInput('10,555')).toBeNull()
		expect(parseMoneyInput('0,285')).toBeNull()
		expect(parseMoneyInput('0.285')).toBeNull()
		expect(parseMoneyInput('1,234.56')).toBeNull()
		expect(parseMoneyInput('1e3')).toBeNull()
		expect(parseMoneyInput('99999999999999')).toBeNull()
	})
	test('a decimal dot with 1 or 2 digits, or thousands dots before 3', () => {
		expect(parseMoneyInput('12.5')).toBe(1250)
		expect(parseMoneyInput('10.50')).toBe(1050)
		expect(parseMoneyInput('0.01')).toBe(1)
		expect(parseMoneyInput('1.234')).toBe(123_400)
		expect(parseMoneyInput('1.234.567,89')).toBe(123_456_789)
		expect(parseMoneyInput('0,29')).toBe(29)
		expect(parseMoneyInput('007,10')).toBe(710)
	})
})

describe('formatMoneyInput', () => {
	test('is the inverse of parseMoneyInput', () => {
		expect(formatMoneyInput(10_000)).toBe('100,00')
		expect(formatMoneyInput(1990)).toBe('19,90')
		expect(formatMoneyInput(5)).toBe('0,05')
		expect(parseMoneyInput(formatMoneyInput(123_456))).toBe(123_456)
	})
})
