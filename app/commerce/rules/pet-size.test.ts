import { describe, expect, test } from 'vitest'
import { formatNeck, suggestPetSizes, suggestSize } from './pet-size'

const BANDANA_SIZES = ['P', 'M', 'U', 'G', 'GG', 'XG']

describe('suggestSize', () => {
	test('bandana: the smallest size that goes round the neck with 10 cm for the knot', () => {
		expect(suggestSize('bandana', 150, BANDANA_SIZES)).toBe('P') // 15 + 10 = 25: exactly P
		expect(suggestSize('bandana', 151, BANDANA_SIZES)).toBe('M')
		expect(suggestSize('bandana', 250, BANDANA_SIZES)).toBe('M')
		expect(suggestSize('bandana', 380, BANDANA_SIZES)).toBe('G')
		expect(suggestSize('bandana', 600, BANDANA_SIZES)).toBe('XG')
		expect(suggestSize('bandana', 601, BANDANA_SIZES)).toBeNull()
	})

	test('bandana: a size the product does not offer (or has sold out) is skipped for the next one', () => {
		expect(suggestSize('bandana', 200, ['P', 'U', 'G'])).toBe('U')
		expect(suggestSize('bandana', 200, ['p', 'm'])).toBe('m')
		expect(suggestSize('bandana', 200, [])).toBeNull()
	})

	test('collar: the smallest range holding the neck, limits included', () => {
		expect(suggestSize('collar', 169, ['P', 'M', 'G'])).toBeNull()
		expect(suggestSize('collar', 170, ['P', 'M', 'G'])).toBe('P')
		expect(suggestSize('collar', 295, ['P', 'M', 'G'])).toBe('P')
		expect(suggestSize('collar', 301, ['P', 'M', 'G'])).toBe('M')
		expect(suggestSize('collar', 450, ['P', 'M', 'G'])).toBe('M')
		expect(suggestSize('collar', 451, ['P', 'M', 'G'])).toBe('G')
		expect(suggestSize('collar', 600, ['P', 'M', 'G'])).toBe('G')
		expect(suggestSize('collar', 601, ['P', 'M', 'G'])).toBeNull()
		expect(suggestSize('collar', 295, ['M', 'G'])).toBe('M')
	})

	test('formatNeck', () => {
		expect(formatNeck(325)).toBe('32,5 cm')
		expect(formatNeck(300)).toBe('30 cm')
	})

	test('suggestPetSizes: one line per pet, in order, among the offered sizes', () => {
		const pets = [
			{ name: 'Thor', neckMm: 320 },
			{ name: 'Rex', neckMm: 650 },
		]
		expect(suggestPetSizes('bandana', pets, BANDANA_SIZES)).toEqual([
			{ petName: 'Thor', neck: '32 cm', size: 'U' },
			{ petName: 'Rex', neck: '65 cm', size: null },
		])
		expect(suggestPetSizes('collar', pets, ['P', 'M', 'G'])).toEqual([
			{ petName: 'Thor', neck: '32 cm', size: 'M' },
			{ petName: 'Rex', neck: '65 cm', size: null },
		])
	})
})
