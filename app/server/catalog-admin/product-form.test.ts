import { describe, expect, test } from 'vitest'
import {
	checkPostedOptions,
	handleFor,
	parseOptionLines,
	productFieldsSchema,
	unpricedVariantFieldsSchema,
	variantCombinations,
	variantFieldsSchema,
	variantTitle,
} from './product-form'

describe('product form rules', () => {
	test('option lines become options; every combination a variant, in the order typed', () => {
		const parsed = parseOptionLines('Tamanho: P, M\n\nCor: Azul, Rosa, Azul')
		expect(parsed).toEqual({
			ok: true,
			options: [
				{ name: 'Tamanho', values: ['P', 'M'] },
				{ name: 'Cor', values: ['Azul', 'Rosa'] },
			],
		})
		if (!parsed.ok) return
		const combos = variantCombinations(parsed.options)
		expect(combos.map(variantTitle)).toEqual(['P / Azul', 'P / Rosa', 'M / Azul', 'M / Rosa'])
		expect(variantTitle([])).toBe('Padrão')
		expect(variantCombinations([])).toEqual([[]])
	})

	test('a variant’s weight and size (decision 086): blank is the type’s default, absent is left alone, nonsense is said', () => {
		const base = { price: '29,90', compareAtPrice: '', sku: '', stock: '', available: true }
		expect(variantFieldsSchema.parse({ ...base, weight: '85', dimensions: '20 x 15 X 2' })).toMatchObject({
			weight: 85,
			dimensions: { lengthCm: 20, widthCm: 15, heightCm: 2 },
		})
		expect(variantFieldsSchema.parse({ ...base, weight: '', dimensions: ' ' })).toMatchObject({ weight: null, dimensions: null })
		const absent = variantFieldsSchema.parse(base)
		expect([absent.weight, absent.dimensions]).toEqual([undefined, undefined])
		const bad = variantFieldsSchema.safeParse({ ...base, weight: '0', dimensions: '20x15' })
		expect(bad.success ? [] : bad.error.issues.map((i) => [i.path[0], i.message])).toEqual([
			['weight', 'Peso: informe os gramas, de 1 a 100000 (ou deixe vazio para o padrão do tipo).'],
			['dimensions', 'Medidas: escreva comprimento x largura x altura em cm, de 1 a 200 (ex.: 20 x 15 x 2), ou deixe vazio.'],
		])
	})

	test('bad option lines name the line', () => {
		expect(parseOptionLines('Tamanho P M')).toEqual({ ok: false, message: "Linha 1: escreva como 'Tamanho: P, M, G'." })
		expect(parseOptionLines('Cor: Azul\ncor: Rosa')).toEqual({ ok: false, message: "Linha 2: a opção 'cor' já existe." })
		expect(parseOptionLines('A: 1\nB: 2\nC: 3\nD: 4')).toEqual({ ok: false, message: 'No máximo 3 opções.' })
		const big = parseOptionLines(
			`A: ${Array.from({ length: 11 }, (_, i) => i).join(',')}\nB: ${Array.from({ length: 10 }, (_, i) => i).join(',')}`,
		)
		expect(big).toEqual({ ok: false, message: 'Essas opções dariam 110 variantes; o máximo é 100.' })
	})

	test('handles are made from the title or typed, slugified', () => {
		expect(handleFor({ title: 'Bandana Xadrez Vermelha!', handle: '' })).toBe('bandana-xadrez-vermelha')
		expect(handleFor({ title: 'x', handle: 'Coleção Verão 2027' })).toBe('colecao-verao-2027')
	})

	test('fields: tags split and deduplicated; status checked; money in reais to cents; blank stock untracked', () => {
		const fields = productFieldsSchema.parse({
			title: ' Laço ',
			handle: '',
			descriptionHtml: '',
			productType: 'Laço',
			tags: 'laço, rosa, laço, ',
			status: 'draft',
		})
		expect(fields).toMatchObject({ title: 'Laço', tags: ['laço', 'rosa'], status: 'draft' })
		expect(
			productFieldsSchema.safeParse({ title: 'x', handle: '', descriptionHtml: '', productType: '', tags: '', status: 'vendido' }).success,
		).toBe(false)
		expect(variantFieldsSchema.parse({ price: '49,90', compareAtPrice: '', sku: '', stock: '', available: true })).toEqual({
			price: 4990,
			compareAtPrice: null,
			sku: null,
			stock: null,
			available: true,
		})
		const bad = variantFieldsSchema.safeParse({ price: 'caro', compareAtPrice: '1,2,3', sku: '', stock: '-1', available: true })
		expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual([
			'Preço: use o formato 49,90.',
			'Preço de comparação: use o formato 49,90.',
			'Estoque: informe um número inteiro (ou deixe vazio para não controlar).',
		])
	})

	test('issue 30: the option chips as posted → options, with the same limits; a blank option is dropped', () => {
		expect(
			checkPostedOptions([
				{ name: ' Tamanho ', values: ['P', 'M', 'P', ''] },
				{ name: '', values: [] },
				{ name: 'Cor', values: ['Azul'] },
			]),
		).toEqual({
			ok: true,
			options: [
				{ name: 'Tamanho', values: ['P', 'M'] },
				{ name: 'Cor', values: ['Azul'] },
			],
		})
		expect(checkPostedOptions([])).toEqual({ ok: true, options: [] })
		expect(checkPostedOptions([{ name: '', values: ['P'] }])).toEqual({ ok: false, message: 'Opção 1: dê um nome, como Tamanho.' })
		expect(checkPostedOptions([{ name: 'Cor', values: ['Azul'] }, { name: 'cor', values: ['Rosa'] }])).toEqual({
			ok: false,
			message: "Opção 2: a opção 'cor' já existe.",
		})
		const many = Array.from({ length: 21 }, (_, i) => `V${i}`)
		expect(checkPostedOptions([{ name: 'Tamanho', values: many }])).toEqual({ ok: false, message: 'Opção 1: no máximo 20 valores.' })
		expect(
			checkPostedOptions([
				{ name: 'A', values: many.slice(0, 10) },
				{ name: 'B', values: many.slice(0, 11) },
			]),
		).toEqual({ ok: false, message: 'Essas opções dariam 110 variantes; o máximo é 100.' })
		expect(checkPostedOptions('Tamanho: P')).toMatchObject({ ok: false })
		expect(unpricedVariantFieldsSchema.parse({ price: '', compareAtPrice: '', sku: '', stock: '', available: true }).price).toBe(0)
	})
})
