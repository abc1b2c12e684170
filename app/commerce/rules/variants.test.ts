import { describe, expect, it } from 'vitest'
import type { ProductOption } from '../types'
import { changeOption, findVariant, initialSelection, isOptionValueDisabled, selectableOptions, selectedVariant } from './variants'

type V = { id: string; availableForSale: boolean; selectedOptions: { name: string; value: string }[] }

function variant(id: string, available: boolean, options: Record<string, string>): V {
	return { id, availableForSale: available, selectedOptions: Object.entries(options).map(([name, value]) => ({ name, value })) }
}

// Tamanho × Cor, with P/Rosa and M/Azul sold out, and no G/Azul variant at all.
const options: ProductOption[] = [
	{ name: 'Tamanho', values: ['P', 'M', 'G'] },
	{ name: 'Cor', values: ['Rosa', 'Azul'] },
]
const product = {
	options,
	variants: [
		variant('p-rosa', false, { Tamanho: 'P', Cor: 'Rosa' }),
		variant('p-azul', true, { Tamanho: 'P', Cor: 'Azul' }),
		variant('m-rosa', true, { Tamanho: 'M', Cor: 'Rosa' }),
		variant('m-azul', false, { Tamanho: 'M', Cor: 'Azul' }),
		variant('g-rosa', true, { Tamanho: 'G', Cor: 'Rosa' }),
	],
}

describe('findVariant / selectedVariant', () => {
	it('finds the variant with exactly the chosen options', () => {
		expect(findVariant(product.variants, { Tamanho: 'M', Cor: 'Azul' })?.id).toBe('m-azul')
		expect(findVariant(product.variants, { Cor: 'Azul', Tamanho: 'P' })?.id).toBe('p-azul')
	})

	it('needs every option: a partial or unknown selection matches nothing', () => {
		expect(findVariant(product.variants, { Tamanho: 'M' })).toBeUndefined()
		expect(findVariant(product.variants, { Tamanho: 'G', Cor: 'Azul' })).toBeUndefined()
		expect(findVariant(product.variants, { Tamanho: 'M', Cor: 'Azul', Extra: 'x' })).toBeUndefined()
	})

	it('falls back to the first variant when nothing matches (document 000 §4)', () => {
		expect(selectedVariant(product, { Tamanho: 'G', Cor: 'Azul' })?.id).toBe('p-rosa')
		expect(selectedVariant(product, { Tamanho: 'G', Cor: 'Rosa' })?.id).toBe('g-rosa')
		expect(selectedVariant({ options: [], variants: [] }, {})).toBeUndefined()
	})

	it('a single variant without options is selected by the empty selection', () => {
		const single = { options: [], variants: [variant('unico', true, {})] }
		expect(findVariant(single.variants, {})?.id).toBe('unico')
		expect(initialSelection(single)).toEqual({})
	})
})

describe('initialSelection', () => {
	it('preselects the first variant that can be sold', () => {
		expect(initialSelection(product)).toEqual({ Tamanho: 'P', Cor: 'Azul' })
	})

	it('when nothing can be sold, the first variant', () => {
		const soldOut = { options, variants: product.variants.map((v) => ({ ...v, availableForSale: false })) }
		expect(initialSelection(soldOut)).toEqual({ Tamanho: 'P', Cor: 'Rosa' })
	})

	it('without variants, the first value of each option', () => {
		expect(initialSelection({ options, variants: [] })).toEqual({ Tamanho: 'P', Cor: 'Rosa' })
	})
})

describe('isOptionValueDisabled', () => {
	it('disables a value no sellable variant has together with the other choices', () => {
		const selection = { Tamanho: 'P', Cor: 'Azul' }
		// Sizes with Azul: P sellable, M sold out, G does not exist.
		expect(isOptionValueDisabled(product, selection, 'Tamanho', 'P')).toBe(false)
		expect(isOptionValueDisabled(product, selection, 'Tamanho', 'M')).toBe(true)
		expect(isOptionValueDisabled(product, selection, 'Tamanho', 'G')).toBe(true)
		// Colours with P: Rosa sold out.
		expect(isOptionValueDisabled(product, selection, 'Cor', 'Rosa')).toBe(true)
		expect(isOptionValueDisabled(product, selection, 'Cor', 'Azul')).toBe(false)
	})

	it('depends on the other current choices', () => {
		const selection = { Tamanho: 'M', Cor: 'Rosa' }
		expect(isOptionValueDisabled(product, selection, 'Tamanho', 'P')).toBe(true)
		expect(isOptionValueDisabled(product, selection, 'Tamanho', 'G')).toBe(false)
		expect(isOptionValueDisabled(product, selection, 'Cor', 'Azul')).toBe(true)
	})

	it('every value is disabled when nothing can be sold', () => {
		const soldOut = { options, variants: product.variants.map((v) => ({ ...v, availableForSale: false })) }
		for (const option of options) {
			for (const value of option.values) expect(isOptionValueDisabled(soldOut, { Tamanho: 'P', Cor: 'Rosa' }, option.name, value)).toBe(true)
		}
	})
})

describe('changeOption', () => {
	it('an enabled value gives the matching sellable variant', () => {
		const next = changeOption(product, { Tamanho: 'P', Cor: 'Azul' }, 'Tamanho', 'P')
		expect(next).toEqual({ Tamanho: 'P', Cor: 'Azul' })
		const rosa = changeOption(product, { Tamanho: 'M', Cor: 'Rosa' }, 'Tamanho', 'G')
		expect(selectedVariant(product, rosa)?.id).toBe('g-rosa')
	})

	it('a combination that cannot be sold moves the other options to a sellable variant with the picked value', () => {
		// G exists only in Rosa.
		expect(changeOption(product, { Tamanho: 'P', Cor: 'Azul' }, 'Tamanho', 'G')).toEqual({ Tamanho: 'G', Cor: 'Rosa' })
		// M/Azul is sold out: M/Rosa can be sold.
		expect(changeOption(product, { Tamanho: 'P', Cor: 'Azul' }, 'Tamanho', 'M')).toEqual({ Tamanho: 'M', Cor: 'Rosa' })
	})

	it('keeps the picked value when no sellable variant has it', () => {
		const soldOut = { options, variants: product.variants.map((v) => ({ ...v, availableForSale: false })) }
		expect(changeOption(soldOut, { Tamanho: 'P', Cor: 'Rosa' }, 'Tamanho', 'M')).toEqual({ Tamanho: 'M', Cor: 'Rosa' })
	})
})

describe('selectableOptions', () => {
	it('hides options with a single value', () => {
		expect(selectableOptions({ options: [{ name: 'Title', values: ['Default Title'] }, ...options] }).map((o) => o.name)).toEqual([
			'Tamanho',
			'Cor',
		])
	})
})
