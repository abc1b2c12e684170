import { describe, expect, test } from 'vitest'
import { ariaLink, productHandlesOf, readableReply, replyBlocks, replySegments, stripProductTags } from './aria-reply'

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

describe('Answer parts (issue 31): lists as lists, links with words', () => {
	test('runs of bullet lines are one list; the rest paragraphs', () => {
		const blocks = replyBlocks('Vendemos no atacado:\n• 10 a 49 unidades: R$ 15,00 cada\n• 50 ou mais: R$ 12,00 cada\n\nFaça o pedido.')
		expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'list', 'paragraph'])
		const list = blocks[1]
		expect(list?.kind === 'list' ? list.items.length : 0).toBe(2)
	})
	test("a model's Markdown bullets are a list too", () => {
		expect(replyBlocks('- um\n- dois').map((b) => b.kind)).toEqual(['list'])
	})
	test('a link says words; the shopper never reads the path', () => {
		const text = `Crie a sua: ${ariaLink('Abrir o criador de bandanas', '/personalize')}`
		expect(replySegments(text)).toEqual([
			{ kind: 'text', text: 'Crie a sua: ' },
			{ kind: 'link', label: 'Abrir o criador de bandanas', href: '/personalize' },
		])
		expect(readableReply(text)).toBe('Crie a sua: Abrir o criador de bandanas')
		expect(replySegments('[Ver bandanas GG](/categoria/bandana?tamanho=GG)')[0]).toEqual({
			kind: 'link',
			label: 'Ver bandanas GG',
			href: '/categoria/bandana?tamanho=GG',
		})
	})
	test('only the shop and https: other schemes stay text', () => {
		expect(replySegments('[x](javascript:alert(1))').every((s) => s.kind === 'text')).toBe(true)
	})
	test('while streaming, a link still arriving is hidden', () => {
		expect(stripProductTags('Veja [Abrir o cri', { streaming: true })).toBe('Veja')
		expect(stripProductTags('Veja [Abrir](/perso', { streaming: true })).toBe('Veja')
	})
})
