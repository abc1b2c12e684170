import { describe, expect, test } from 'vitest'
import { planOptionChange } from './option-changes'

const v = (id: string, ...values: string[]) => ({
	id,
	selectedOptions: values.map((value, i) => ({ name: ['Tamanho', 'Cor', 'Tecido'][i] ?? 'X', value })),
})

describe('planOptionChange', () => {
	test('a new value adds its variants; a removed value removes them; the rest keep their ids', () => {
		const plan = planOptionChange(
			[v('a', 'P', 'Azul'), v('b', 'G', 'Azul'), v('c', 'P', 'Rosa'), v('d', 'G', 'Rosa')],
			[
				{ name: 'Tamanho', values: ['P', 'M'] },
				{ name: 'Cor', values: ['Azul', 'Rosa'] },
			],
		)
		expect(plan.keep.map((k) => [k.id, k.title, k.position])).toEqual([
			['a', 'P / Azul', 0],
			['c', 'P / Rosa', 1],
		])
		expect(plan.remove).toEqual(['b', 'd'])
		expect(plan.create.map((c) => [c.title, c.position])).toEqual([
			['M / Azul', 2],
			['M / Rosa', 3],
		])
	})

	test('a renamed option keeps its variants under the new name', () => {
		const plan = planOptionChange([v('a', 'P'), v('b', 'G')], [{ name: 'Tam.', values: ['P', 'G'] }])
		expect(plan.keep.map((k) => k.selectedOptions)).toEqual([[{ name: 'Tam.', value: 'P' }], [{ name: 'Tam.', value: 'G' }]])
		expect(plan.create).toEqual([])
	})

	test('an added option: existing variants take its first value; removing an option merges, keeping the first', () => {
		const added = planOptionChange(
			[v('a', 'P'), v('b', 'G')],
			[
				{ name: 'Tamanho', values: ['P', 'G'] },
				{ name: 'Cor', values: ['Azul', 'Rosa'] },
			],
		)
		expect(added.keep.map((k) => [k.id, k.title])).toEqual([
			['a', 'P / Azul'],
			['b', 'G / Azul'],
		])
		expect(added.create.map((c) => c.title)).toEqual(['P / Rosa', 'G / Rosa'])

		const removed = planOptionChange(
			[v('a', 'P', 'Azul'), v('b', 'P', 'Rosa'), v('c', 'G', 'Azul')],
			[{ name: 'Tamanho', values: ['P', 'G'] }],
		)
		expect(removed.keep.map((k) => [k.id, k.title])).toEqual([
			['a', 'P'],
			['c', 'G'],
		])
		expect(removed.remove).toEqual(['b'])
	})

	test('no options: one variant, the first kept', () => {
		const plan = planOptionChange([v('a', 'P'), v('b', 'G')], [])
		expect(plan.keep.map((k) => [k.id, k.title])).toEqual([['a', 'Padrão']])
		expect(plan.remove).toEqual(['b'])
	})
})
