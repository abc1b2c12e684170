import { describe, expect, test } from 'vitest'
import { productHandlesOf, stripProductTags } from './aria-reply'

describe('PRODUCT tags (document 000 §7)', () => {
	test('handles in order without repeats, with asterisks and brackets', () => {
		expect(productHandlesOf('Veja **PRODUCT:bandana-preta** e [PRODUCT:colar-poa-fofura], ou PRODUCT:bandana-preta.')).toEqual([
			'bandana-preta',
			'colar-poa-fofura',
		])
	})
	test('stripped from the text, spaces tidied', () => {
		expect(stripProductTags('• Bandana Preta – R$ 29,90 PRODUCT:bandana-preta\n• Colar **[PRODUCT:colar-x]**.')).toBe(
			'• Bandana Preta – R$ 29,90\n• Colar.',
		)
	})
	test('while streaming, a tag still arriving is hidden', () => {
		expect(stripProductTags('Olha esta PRODU', { streaming: true })).toBe('Olha esta')
		expect(stripProductTags('Olha esta PRODUCT:band', { streaming: true })).toBe('Olha esta')
		expect(stripProductTags('Olha esta PRODUCT:band')).toBe('Olha esta')
	})
})
