import type { ProductOption, ProductVariant, SelectedOption } from '../types'

/*
 * The product page's option rules (document 000 §4 'Product page'): which variant the
 * chosen options name, what is chosen when the page opens, and which values cannot be
 * chosen. Pure functions over the provider-neutral types, so the browser (live changes) and
 * the tests use the same code.
 */

/** Option name → chosen value, e.g. { Tamanho: 'M', Cor: 'Rosa' }. */
export type OptionSelection = Readonly<Record<string, string>>

type VariantLike = Pick<ProductVariant, 'id' | 'availableForSale' | 'selectedOptions'>
type ProductLike<V extends VariantLike> = { options: ProductOption[]; variants: V[] }

function toSelection(options: SelectedOption[]): Record<string, string> {
	return Object.fromEntries(options.map((o) => [o.name, o.value]))
}

/** True when the variant has every chosen value (options not chosen are ignored). */
function matches(variant: VariantLike, selection: OptionSelection): boolean {
	return Object.entries(selection).every(([name, value]) =>
		variant.selectedOptions.some((option) => option.name === name && option.value === value),
	)
}

/** The variant whose options are exactly the selection's, or undefined. */
export function findVariant<V extends VariantLike>(variants: V[], selection: OptionSelection): V | undefined {
	return variants.find(
		(variant) => variant.selectedOptions.length === Object.keys(selection).length && matches(variant, selection),
	)
}

/**
 * The variant the page shows and sells for a selection: the matching one, falling back to the
 * first variant (document 000 §4). Undefined only for a product without variants.
 */
export function selectedVariant<V extends VariantLike>(product: ProductLike<V>, selection: OptionSelection): V | undefined {
	return findVariant(product.variants, selection) ?? product.variants[0]
}

/**
 * What is chosen when the page opens: the options of the first variant that can be sold (the
 * documents preselect the first variant; preselecting one the shopper cannot buy would open
 * the page on 'Indisponível' for no reason), else the first variant's.
 */
export function initialSelection(product: ProductLike<VariantLike>): Record<string, string> {
	const variant = product.variants.find((v) => v.availableForSale) ?? product.variants[0]
	if (variant) return toSelection(variant.selectedOptions)
	return Object.fromEntries(product.options.filter((o) => o.values[0] !== undefined).map((o) => [o.name, o.values[0]!]))
}

/**
 * Whether `value` of option `name` cannot be chosen: no variant that can be sold has it
 * together with the other current choices (document 000 §4).
 */
export function isOptionValueDisabled(
	product: ProductLike<VariantLike>,
	selection: OptionSelection,
	name: string,
	value: string,
): boolean {
	const wanted = { ...selection, [name]: value }
	return !product.variants.some((variant) => variant.availableForSale && matches(variant, wanted))
}

/**
 * The selection after the shopper picks `value` for `name`. When that exact combination is not
 * a variant that can be sold (possible only for values that are not disabled through other
 * choices, e.g. a deep link), the first sellable variant with the picked value lends its other
 * options, so the selection always names a real variant when one exists.
 */
export function changeOption(
	product: ProductLike<VariantLike>,
	selection: OptionSelection,
	name: string,
	value: string,
): Record<string, string> {
	const wanted = { ...selection, [name]: value }
	const exact = findVariant(product.variants, wanted)
	if (exact?.availableForSale) return wanted
	const alternative = product.variants.find((v) => v.availableForSale && matches(v, { [name]: value }))
	if (alternative) return toSelection(alternative.selectedOptions)
	return wanted
}

/**
 * Options worth a selector: a product with one variant and no real choice (the 'Title /
 * Default Title' pattern of storefront services, or a single value) shows none.
 */
export function selectableOptions(product: { options: ProductOption[] }): ProductOption[] {
	return product.options.filter((option) => option.values.length > 1)
}
