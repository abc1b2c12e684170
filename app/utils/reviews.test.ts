import { describe, expect, test } from 'vitest'
import { reviewFieldErrors, reviewFormSchema } from './review-form-schema'
import { reviewMessages } from './review-messages'
import { formatRatingAverage, reviewCountLabel, starsLabel } from './reviews'

const PRODUCT_ID = '0b7a2d4e-8f7c-4b5a-9d8e-1c2b3a4d5e6f'
const valid = { productId: PRODUCT_ID, rating: '5', comment: 'Linda bandana, serviu certinho!' }

function firstMessage(input: Record<string, unknown>): string | undefined {
	return reviewFormSchema.safeParse(input).error?.issues[0]?.message
}

describe('reviewFormSchema', () => {
	test('accepts a valid review, coercing the rating and trimming the text', () => {
		expect(reviewFormSchema.parse({ ...valid, comment: '  Linda bandana!!  ', name: '  Ana  ' })).toEqual({
			productId: PRODUCT_ID,
			rating: 5,
			comment: 'Linda bandana!!',
			name: 'Ana',
		})
	})

	test('no star chosen: "Selecione uma avaliação" comes first', () => {
		expect(firstMessage({ ...valid, rating: '' })).toBe('Selecione uma avaliação')
		expect(firstMessage({ ...valid, rating: undefined })).toBe('Selecione uma avaliação')
		expect(firstMessage({ ...valid, rating: '0', comment: 'curto' })).toBe('Selecione uma avaliação')
		expect(firstMessage({ ...valid, rating: 'abc' })).toBe('Selecione uma avaliação')
	})

	test('rating above 5 or fractional is refused', () => {
		expect(firstMessage({ ...valid, rating: '6' })).toBe(reviewMessages.ratingMax)
		expect(firstMessage({ ...valid, rating: '4.5' })).toBe('Selecione uma avaliação')
	})

	test('comment between 10 and 500 characters, counted after trimming', () => {
		expect(firstMessage({ ...valid, comment: '   curto    ' })).toBe('O comentário deve ter pelo menos 10 caracteres')
		expect(firstMessage({ ...valid, comment: '' })).toBe('O comentário deve ter pelo menos 10 caracteres')
		expect(firstMessage({ ...valid, comment: undefined })).toBe('O comentário deve ter pelo menos 10 caracteres')
		expect(firstMessage({ ...valid, comment: 'a'.repeat(501) })).toBe('O comentário deve ter no máximo 500 caracteres')
		expect(reviewFormSchema.safeParse({ ...valid, comment: 'a'.repeat(500) }).success).toBe(true)
		expect(reviewFormSchema.safeParse({ ...valid, comment: 'a'.repeat(10) }).success).toBe(true)
	})

	test('anonymous name optional, at most 50 characters; blank means none', () => {
		expect(reviewFormSchema.parse({ ...valid, name: '   ' }).name).toBeUndefined()
		expect(reviewFormSchema.parse(valid).name).toBeUndefined()
		expect(firstMessage({ ...valid, name: 'x'.repeat(51) })).toBe(reviewMessages.nameMax)
	})

	test('the product id must be a uuid', () => {
		expect(firstMessage({ ...valid, productId: 'bandana-xadrez' })).toBe(reviewMessages.productInvalid)
	})

	test('reviewFieldErrors keeps the first message of each field', () => {
		const result = reviewFormSchema.safeParse({ productId: PRODUCT_ID, rating: '', comment: 'oi', name: 'y'.repeat(60) })
		expect(result.success).toBe(false)
		expect(reviewFieldErrors(result.error!)).toEqual({
			rating: 'Selecione uma avaliação',
			comment: 'O comentário deve ter pelo menos 10 caracteres',
			name: reviewMessages.nameMax,
		})
	})
})

describe('display helpers', () => {
	test('average with one decimal, pt-BR', () => {
		expect(formatRatingAverage(4.46)).toBe('4,5')
		expect(formatRatingAverage(5)).toBe('5,0')
	})
	test('count singular and plural', () => {
		expect(reviewCountLabel(1)).toBe('1 avaliação')
		expect(reviewCountLabel(0)).toBe('0 avaliações')
		expect(reviewCountLabel(12)).toBe('12 avaliações')
	})
	test('star label', () => {
		expect(starsLabel(4.5)).toBe('4,5 de 5 estrelas')
		expect(starsLabel(4)).toBe('4 de 5 estrelas')
		expect(starsLabel(4.46)).toBe('4,5 de 5 estrelas')
	})
})
