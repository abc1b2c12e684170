import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import {
	CATEGORY_CARDS,
	DEFAULT_HOME_VIDEOS,
	HOME_CATEGORY_ROWS,
	HOME_POSTER_IMAGE,
	HOME_SHARE_IMAGE,
	HOME_FEATURED_SECTIONS,
	availableCountLabel,
	categoryCardSubtitles,
	formatReviewDate,
	isSuggestible,
	sampleItems,
	suggestionPool,
	videoSourceChain,
} from './home-sections'

function product(id: string, tags: string[] = [], collections: string[] = []) {
	return { id, tags, collections: collections.map((handle) => ({ handle })) }
}

describe('home section order (document 000 §2)', () => {
	test('featured sections come in the documented order', () => {
		expect(HOME_FEATURED_SECTIONS.map((s) => (s.kind === 'row' ? s.title : s.kind))).toEqual([
			'featured',
			'Bandanas',
			'Bandana Xadrez',
			'subscription-promo',
			'Bandana Neutra',
			'Box',
			'reviews',
			'instagram',
			'Colares',
			'Gravatas',
			'Lacinhos',
			'Higiene',
			'app-download',
			'Cachecol',
			'Personalização de Colares',
		])
	})

	test('rows read the documented collection handles and link to their category pages', () => {
		expect(HOME_CATEGORY_ROWS.map((r) => r.handle)).toEqual([
			'bandana',
			'bandana-xadrez',
			'bandana-neutra',
			'shinebox',
			'colar',
			'gravatas',
			'lacinhos',
			'higiene',
			'cachecol',
			'personalizacao-de-colares',
		])
		for (const row of HOME_CATEGORY_ROWS) expect(row.href).toMatch(/^\/(categoria\/)?[a-z-]+$/)
	})

	test('category cards in the documented order', () => {
		expect(CATEGORY_CARDS.map((c) => c.label)).toEqual([
			'Bandanas',
			'Lacinhos',
			'Crie sua bandana',
			'Box',
			'Assinaturas',
			'Colar',
			'Gravatas',
			'Higiene',
			'Personalização de Colares',
			'Atacado',
		])
	})
})

describe('category card subtitles (decision 7: real counts)', () => {
	test('singular, plural and zero', () => {
		expect(availableCountLabel(1)).toBe('1 produto disponível')
		expect(availableCountLabel(75)).toBe('75 produtos disponíveis')
		expect(availableCountLabel(0)).toBe('0 produtos disponíveis')
		expect(availableCountLabel(1, 'planos')).toBe('1 plano disponível')
		expect(availableCountLabel(3, 'planos')).toBe('3 planos disponíveis')
	})

	test('counts come from the collections; a missing collection counts 0; service cards keep their text', () => {
		const cards = categoryCardSubtitles(new Map([['bandana', 12], ['assinatura', 1]]))
		expect(cards.find((c) => c.label === 'Bandanas')?.subtitle).toBe('12 produtos disponíveis')
		expect(cards.find((c) => c.label === 'Lacinhos')?.subtitle).toBe('0 produtos disponíveis')
		expect(cards.find((c) => c.label === 'Assinaturas')?.subtitle).toBe('1 plano disponível')
		expect(cards.find((c) => c.label === 'Crie sua bandana')).toEqual({
			label: 'Crie sua bandana',
			href: '/personalize',
			subtitle: 'Personalize do seu jeito',
		})
	})
})

describe('suggestions (document 000 §9)', () => {
	test('internal products and the excluded collections are never suggested', () => {
		expect(isSuggestible(product('a', ['algodão'], ['bandana']))).toBe(true)
		expect(isSuggestible(product('b', ['uso-interno']))).toBe(false)
		expect(isSuggestible(product('c', ['Uso-Interno']))).toBe(false)
		expect(isSuggestible(product('d', [], ['bandana', 'artes-personalizadas']))).toBe(false)
		expect(isSuggestible(product('e', [], ['personalizacao-de-colares']))).toBe(false)
		expect(isSuggestible(product('f', [], ['atacado']))).toBe(false)
	})

	test('the pool keeps the order, drops the excluded and stops at the limit', () => {
		const products = [
			product('a'),
			product('interno', ['uso-interno']),
			...Array.from({ length: 60 }, (_, i) => product(`p${i}`)),
		]
		const pool = suggestionPool(products)
		expect(pool).toHaveLength(50)
		expect(pool[0]?.id).toBe('a')
		expect(pool.some((p) => p.id === 'interno')).toBe(false)
	})

	test('a sample has distinct items from the pool, never more than asked or available', () => {
		const items = Array.from({ length: 50 }, (_, i) => i)
		for (let run = 0; run < 20; run++) {
			const sample = sampleItems(items, 6)
			expect(sample).toHaveLength(6)
			expect(new Set(sample).size).toBe(6)
			for (const n of sample) expect(items).toContain(n)
		}
		expect(sampleItems([1, 2, 3], 6).sort()).toEqual([1, 2, 3])
		expect(sampleItems([], 6)).toEqual([])
		// The input is not reordered.
		expect(items.slice(0, 3)).toEqual([0, 1, 2])
	})

	test('the sample follows the random source (every item can be drawn)', () => {
		const lowest = () => 0
		expect(sampleItems(['a', 'b', 'c', 'd'], 2, lowest)).toEqual(['a', 'b'])
		const highest = () => 0.999999
		expect(sampleItems(['a', 'b', 'c', 'd'], 2, highest)).toEqual(['d', 'a'])
	})
})

describe('review dates (document 000 §9)', () => {
	test('dates in pt-BR, in the shop time zone', () => {
		expect(formatReviewDate(new Date('2026-03-05T12:00:00Z'))).toBe('5 de março de 2026')
		// 01:00 UTC on 1 Jan is still 31 Dec in São Paulo.
		expect(formatReviewDate('2026-01-01T01:00:00Z')).toBe('31 de dezembro de 2025')
	})
})

describe('background video fallbacks (document 000 §8)', () => {
	test('the configured video first, then the defaults, each once', () => {
		expect(videoSourceChain('https://cdn.example.com/hero.mp4', DEFAULT_HOME_VIDEOS)).toEqual([
			'https://cdn.example.com/hero.mp4',
			'/media/home-default.webm',
			'/media/home-default.mp4',
		])
		// The default configured as the hero video is not tried twice.
		expect(videoSourceChain('/media/home-default.webm', DEFAULT_HOME_VIDEOS)).toEqual(['/media/home-default.webm', '/media/home-default.mp4'])
	})

	test('no configured video: straight to the defaults; personalization has none (hidden)', () => {
		expect(videoSourceChain(null, DEFAULT_HOME_VIDEOS)).toEqual(['/media/home-default.webm', '/media/home-default.mp4'])
		expect(videoSourceChain(null)).toEqual([])
		expect(videoSourceChain('/videos/arte.mp4')).toEqual(['/videos/arte.mp4'])
	})

	test('the default files ship in public/', () => {
		for (const file of [...DEFAULT_HOME_VIDEOS, HOME_POSTER_IMAGE, HOME_SHARE_IMAGE]) {
			expect(existsSync(path.join(process.cwd(), 'public', file)), file).toBe(true)
		}
	})
})
