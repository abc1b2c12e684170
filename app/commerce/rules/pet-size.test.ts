import { describe, expect, test } from 'vitest'
import { bandanaNeckLimits, breedSizeRows, formatNeck, guideSizes, suggestPetSizes, suggestSize } from './pet-size'

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

	test('suggestPetSizes: a pet sized from its breed says so', () => {
		expect(suggestPetSizes('bandana', [{ name: 'Thor', neckMm: 500, breed: 'Golden Retriever' }], BANDANA_SIZES)).toEqual([
			{ petName: 'Thor', neck: '50 cm', size: 'GG', breed: 'Golden Retriever' },
		])
	})
})

describe('the size guide (issue 31)', () => {
	test("the bandana table's neck column is the rule's: each size up to its length minus the knot", () => {
		expect(bandanaNeckLimits()).toEqual([
			{ size: 'P', maxNeckMm: 150 },
			{ size: 'M', maxNeckMm: 250 },
			{ size: 'U', maxNeckMm: 350 },
			{ size: 'G', maxNeckMm: 400 },
			{ size: 'GG', maxNeckMm: 500 },
			{ size: 'XG', maxNeckMm: 600 },
		])
		// Whatever the neck, reading the table gives what suggestSize gives.
		for (let neck = 100; neck <= 650; neck += 5) {
			const fromTable = bandanaNeckLimits().find((row) => neck <= row.maxNeckMm)?.size ?? null
			expect(fromTable, `pescoço ${neck} mm`).toBe(suggestSize('bandana', neck, guideSizes('bandana')))
		}
	})

	test("Raça → tamanho sugerido: the breed table through the same rule, in all the guide's sizes", () => {
		const breeds = [
			{ name: 'Chihuahua', neckMm: 200 },
			{ name: 'Beagle', neckMm: 370 },
			{ name: 'Golden Retriever', neckMm: 500 },
			{ name: 'Porte gigante', neckMm: 620 },
		]
		expect(breedSizeRows('bandana', breeds)).toEqual([
			{ name: 'Chihuahua', neck: '20 cm', size: 'M' },
			{ name: 'Beagle', neck: '37 cm', size: 'G' },
			{ name: 'Golden Retriever', neck: '50 cm', size: 'GG' },
			{ name: 'Porte gigante', neck: '62 cm', size: null },
		])
		expect(breedSizeRows('collar', breeds).map((row) => row.size)).toEqual(['P', 'M', 'G', null])
		expect(guideSizes('collar')).toEqual(['P', 'M', 'G'])
	})
})
