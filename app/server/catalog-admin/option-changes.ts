import type { SelectedOption } from '~/db/schema/catalog'
import { type OptionDefinition, variantCombinations, variantTitle } from './product-form'

/**
 * Changing a product's options (issue 11): which variants stay, which go, which are new. Options
 * are matched by position (renaming 'Tamanho' to 'Tam.' keeps its variants), values by their text.
 * A variant is projected onto the new options: values of options that remain, the first value of
 * an added option; it stays (with its price, SKU and stock) when its projection is still a
 * combination, the first one per combination when removing an option merges several. Pure.
 */
export type ExistingVariant = { id: string; selectedOptions: SelectedOption[] }

export type OptionChangePlan = {
	keep: Array<{ id: string; selectedOptions: SelectedOption[]; title: string; position: number }>
	remove: string[]
	create: Array<{ selectedOptions: SelectedOption[]; title: string; position: number }>
}

const keyOf = (selected: readonly SelectedOption[]) => JSON.stringify(selected.map((o) => o.value))

export function planOptionChange(variants: readonly ExistingVariant[], next: readonly OptionDefinition[]): OptionChangePlan {
	const combos = variantCombinations(next)
	const position = new Map(combos.map((combo, index) => [keyOf(combo), index]))
	const taken = new Set<string>()
	const plan: OptionChangePlan = { keep: [], remove: [], create: [] }
	for (const variant of variants) {
		const projected: SelectedOption[] = []
		let fits = true
		for (const [index, option] of next.entries()) {
			const value = index < variant.selectedOptions.length ? variant.selectedOptions[index]?.value : option.values[0]
			if (value === undefined || !option.values.includes(value)) {
				fits = false
				break
			}
			projected.push({ name: option.name, value })
		}
		const key = keyOf(projected)
		if (!fits || taken.has(key)) {
			plan.remove.push(variant.id)
			continue
		}
		taken.add(key)
		plan.keep.push({ id: variant.id, selectedOptions: projected, title: variantTitle(projected), position: position.get(key) ?? 0 })
	}
	for (const combo of combos) {
		const key = keyOf(combo)
		if (!taken.has(key)) plan.create.push({ selectedOptions: combo, title: variantTitle(combo), position: position.get(key) ?? 0 })
	}
	return plan
}
