import { z } from 'zod'
import {
	checkPostedOptions,
	type OptionDefinition,
	type ProductFields,
	productFieldsSchema,
	unpricedVariantFieldsSchema,
	type VariantFields,
	variantFieldsSchema,
} from '~/server/catalog-admin/product-form'
import type { OptionChipValues } from '~/components/admin/catalog/option-chips'

/**
 * The product forms as posted (every field text) → typed values, or the errors keyed by the
 * form's field names with everything typed kept for the page to show again (issue 11).
 */

export type ProductFormValues = {
	title: string
	handle: string
	descriptionHtml: string
	productType: string
	tags: string
	status: string
	collectionIds: string[]
}
export type VariantFormValues = {
	id: string
	title: string
	price: string
	compareAtPrice: string
	sku: string
	stock: string
	available: boolean
	/** Issue 32 (decision 086): grams, and 'C x L x A' in cm; blank takes the product type's default. */
	weight: string
	dimensions: string
	/** The variant's own picture (a product image id); '' shows the product's first. */
	imageId: string
}

const text = (form: FormData, name: string) => {
	const value = form.get(name)
	return typeof value === 'string' ? value : ''
}

export function productValuesOf(form: FormData): ProductFormValues {
	return {
		title: text(form, 'title'),
		handle: text(form, 'handle'),
		descriptionHtml: text(form, 'descriptionHtml'),
		productType: text(form, 'productType'),
		tags: text(form, 'tags'),
		status: text(form, 'status'),
		collectionIds: form
			.getAll('collectionId')
			.filter((v): v is string => typeof v === 'string' && z.uuid().safeParse(v).success)
			.slice(0, 50),
	}
}

function collect(errors: Record<string, string>, error: z.ZodError, prefix = '') {
	for (const issue of error.issues) errors[`${prefix}${String(issue.path[0] ?? 'form')}`] ??= issue.message
}

export function parseProductValues(values: ProductFormValues, errors: Record<string, string>): ProductFields | null {
	const parsed = productFieldsSchema.safeParse(values)
	if (parsed.success) return parsed.data
	collect(errors, parsed.error)
	return null
}

/** The one price/stock line of the 'new product' form (every generated variant starts with it). */
export function newVariantValuesOf(form: FormData): VariantFormValues {
	return {
		id: '',
		title: '',
		price: text(form, 'price'),
		compareAtPrice: text(form, 'compareAtPrice'),
		sku: text(form, 'sku'),
		stock: text(form, 'stock'),
		available: true,
		weight: '',
		dimensions: '',
		imageId: '',
	}
}

/** `unpriced`: a product not for sale may leave the price blank (0, 'sem preço'; issue 30). */
export function parseVariantValues(
	values: VariantFormValues,
	errors: Record<string, string>,
	prefix = '',
	{ unpriced = false } = {},
): VariantFields | null {
	const parsed = (unpriced ? unpricedVariantFieldsSchema : variantFieldsSchema).safeParse(values)
	if (parsed.success) return parsed.data
	collect(errors, parsed.error, prefix)
	return null
}

/** The edit form's variant rows: `variant.0.id`, `variant.0.price`… */
export function variantRowsOf(form: FormData): VariantFormValues[] {
	const rows: VariantFormValues[] = []
	for (let i = 0; i < 100; i++) {
		const id = text(form, `variant.${i}.id`)
		if (!id) break
		rows.push({
			id,
			title: text(form, `variant.${i}.title`),
			price: text(form, `variant.${i}.price`),
			compareAtPrice: text(form, `variant.${i}.compareAtPrice`),
			sku: text(form, `variant.${i}.sku`),
			stock: text(form, `variant.${i}.stock`),
			available: form.get(`variant.${i}.available`) === 'on',
			weight: text(form, `variant.${i}.weight`),
			dimensions: text(form, `variant.${i}.dimensions`),
			imageId: text(form, `variant.${i}.imageId`),
		})
	}
	return rows
}

/**
 * The option chips as posted (issue 30): `option.N.name`, `option.N.value` per chip and
 * `option.N.pending`, what was typed and not yet a chip (split at commas, so a value typed and
 * saved without Enter is kept). As typed, for the page to show again.
 */
export function optionValuesOf(form: FormData): OptionChipValues[] {
	const options: OptionChipValues[] = []
	for (let i = 0; i < 10; i++) {
		const prefix = `option.${i}.`
		if (!form.has(`${prefix}name`) && !form.has(`${prefix}value`) && !form.has(`${prefix}pending`)) break
		const values = form.getAll(`${prefix}value`).filter((v): v is string => typeof v === 'string')
		const pending = text(form, `${prefix}pending`)
			.split(',')
			.map((v) => v.trim())
			.filter(Boolean)
		options.push({ name: text(form, `${prefix}name`), values: [...new Set([...values, ...pending])].slice(0, 200) })
	}
	return options
}

export function parseOptions(posted: OptionChipValues[], errors: Record<string, string>): OptionDefinition[] | null {
	const parsed = checkPostedOptions(posted)
	if (parsed.ok) return parsed.options
	errors.options = parsed.message
	return null
}
