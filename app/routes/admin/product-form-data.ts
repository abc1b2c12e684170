import { z } from 'zod'
import {
	type OptionDefinition,
	parseOptionLines,
	type ProductFields,
	productFieldsSchema,
	type VariantFields,
	variantFieldsSchema,
} from '~/server/catalog-admin/product-form'

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

export function parseVariantValues(values: VariantFormValues, errors: Record<string, string>, prefix = ''): VariantFields | null {
	const parsed = variantFieldsSchema.safeParse(values)
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

export function parseOptions(textValue: string, errors: Record<string, string>): OptionDefinition[] | null {
	const parsed = parseOptionLines(textValue)
	if (parsed.ok) return parsed.options
	errors.options = parsed.message
	return null
}
