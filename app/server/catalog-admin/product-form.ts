import { z } from 'zod'
import type { SelectedOption } from '~/db/schema/catalog'
import { parseMoneyInput } from '~/components/admin/money'
import { slugify } from '~/utils/slug'
import { userText } from '~/utils/text-schema'
import { SHOPIFY_LIMITS, shopHandle } from './shopify-csv-cells'

/**
 * The product form of the back-office (issue 11) as rules: what each field accepts, how option
 * lines ('Tamanho: P, M, G') become options, and how options become variants (every
 * combination, in the order typed). Pure: tested without a database.
 */

export const PRODUCT_STATUSES = ['active', 'draft', 'archived'] as const
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]
export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = { active: 'Ativo', draft: 'Rascunho', archived: 'Arquivado' }

export const MAX_OPTIONS = 3
export const MAX_VALUES_PER_OPTION = 20
export const MAX_VARIANTS = 100

/** 'R$ 49,90', '49,90' or '49.90' → cents; refused with the field's own message. */
function toCents(label: string, value: string, ctx: z.RefinementCtx): number {
	const cents = parseMoneyInput(value)
	if (cents === null || cents > 10_000_000) {
		ctx.addIssue({ code: 'custom', message: `${label}: use o formato 49,90.` })
		return z.NEVER
	}
	return cents
}

const requiredMoney = (label: string) =>
	userText()
		.trim()
		.min(1, `Informe o ${label.toLowerCase()}.`)
		.transform((value, ctx) => toCents(label, value, ctx))

const optionalMoney = (label: string) =>
	userText()
		.trim()
		.transform((value, ctx) => (value === '' ? null : toCents(label, value, ctx)))

export const handleSchema = userText()
	.trim()
	.max(SHOPIFY_LIMITS.handle, `O endereço deve ter no máximo ${SHOPIFY_LIMITS.handle} caracteres.`)
	.transform((v) => slugify(v))
	.refine((v) => v.length > 0, 'Informe um endereço com letras ou números.')

export const productFieldsSchema = z.object({
	// Shopify's limits (decision 070): what an imported product has, the form can save again.
	title: userText()
		.trim()
		.min(1, 'Informe o título.')
		.max(SHOPIFY_LIMITS.title, `O título deve ter no máximo ${SHOPIFY_LIMITS.title} caracteres.`),
	/** Blank: made from the title. */
	handle: userText()
		.trim()
		.max(SHOPIFY_LIMITS.handle, `O endereço deve ter no máximo ${SHOPIFY_LIMITS.handle} caracteres.`),
	descriptionHtml: userText().max(50_000, 'A descrição deve ter no máximo 50.000 caracteres.'),
	productType: userText()
		.trim()
		.max(SHOPIFY_LIMITS.productType, `O tipo deve ter no máximo ${SHOPIFY_LIMITS.productType} caracteres.`),
	/** Comma-separated. */
	tags: userText()
		.max(1000, 'Tags demais.')
		.transform((v) => [
			...new Set(
				v
					.split(',')
					.map((t) => t.trim())
					.filter(Boolean),
			),
		])
		.refine((tags) => tags.length <= 50, 'No máximo 50 tags.')
		.refine((tags) => tags.every((t) => t.length <= 40), 'Cada tag deve ter no máximo 40 caracteres.'),
	status: z.enum(PRODUCT_STATUSES, 'Escolha um status.'),
})
export type ProductFields = z.infer<typeof productFieldsSchema>

export const variantFieldsSchema = z.object({
	price: requiredMoney('Preço'),
	compareAtPrice: optionalMoney('Preço de comparação'),
	sku: userText()
		.trim()
		.max(SHOPIFY_LIMITS.sku, `O SKU deve ter no máximo ${SHOPIFY_LIMITS.sku} caracteres.`)
		.transform((v) => (v === '' ? null : v)),
	/** Blank: stock not tracked (made to order). */
	stock: userText()
		.trim()
		.transform((value, ctx) => {
			if (value === '') return null
			if (!/^\d{1,6}$/.test(value)) {
				ctx.addIssue({ code: 'custom', message: 'Estoque: informe um número inteiro (ou deixe vazio para não controlar).' })
				return z.NEVER
			}
			return Number(value)
		}),
	available: z.boolean(),
	/**
	 * Issue 32 (decision 086): the posted weight in grams and the size 'C x L x A' in cm. Blank: the
	 * product type's default; absent (the new-product form): left as it is.
	 */
	weight: userText()
		.trim()
		.optional()
		.transform((value, ctx) => {
			if (value === undefined) return undefined
			if (value === '') return null
			if (!/^\d{1,6}$/.test(value) || Number(value) < 1 || Number(value) > 100_000) {
				ctx.addIssue({ code: 'custom', message: 'Peso: informe os gramas, de 1 a 100000 (ou deixe vazio para o padrão do tipo).' })
				return z.NEVER
			}
			return Number(value)
		}),
	dimensions: userText()
		.trim()
		.optional()
		.transform((value, ctx) => {
			if (value === undefined) return undefined
			if (value === '') return null
			const match = /^(\d{1,3})\s*[x×]\s*(\d{1,3})\s*[x×]\s*(\d{1,3})$/i.exec(value)
			const [length, width, height] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : []
			if (!length || !width || !height || Math.max(length, width, height) > 200) {
				ctx.addIssue({ code: 'custom', message: 'Medidas: escreva comprimento x largura x altura em cm, de 1 a 200 (ex.: 20 x 15 x 2), ou deixe vazio.' })
				return z.NEVER
			}
			return { lengthCm: length, widthCm: width, heightCm: height }
		}),
})
export type VariantFields = z.infer<typeof variantFieldsSchema>

/**
 * Issue 30: a product that is not for sale (a new one is a draft) may have no price yet: blank is
 * 0, 'sem preço', and the product cannot be published until every variant has one.
 */
export const unpricedVariantFieldsSchema = variantFieldsSchema.extend({
	price: userText()
		.trim()
		.transform((value, ctx) => (value === '' ? 0 : toCents('Preço', value, ctx))),
})

export type OptionDefinition = { name: string; values: string[] }

/**
 * 'Tamanho: P, M, G' per line → options. Errors name the line. No line: one variant, no
 * options (a single product).
 */
export function parseOptionLines(text: string): { ok: true; options: OptionDefinition[] } | { ok: false; message: string } {
	const lines = text
		.split(/\r?\n/)
		.map((l) => l.trim())
		.filter(Boolean)
	if (lines.length > MAX_OPTIONS) return { ok: false, message: `No máximo ${MAX_OPTIONS} opções.` }
	const options: OptionDefinition[] = []
	for (const [index, line] of lines.entries()) {
		const colon = line.indexOf(':')
		const name = colon === -1 ? '' : line.slice(0, colon).trim()
		const values =
			colon === -1
				? []
				: [
						...new Set(
							line
								.slice(colon + 1)
								.split(',')
								.map((v) => v.trim())
								.filter(Boolean),
						),
					]
		if (!name || values.length === 0) return { ok: false, message: `Linha ${index + 1}: escreva como 'Tamanho: P, M, G'.` }
		if (name.length > SHOPIFY_LIMITS.optionName || values.some((v) => v.length > SHOPIFY_LIMITS.optionValue))
			return { ok: false, message: `Linha ${index + 1}: nomes e valores com até ${SHOPIFY_LIMITS.optionValue} caracteres.` }
		if (values.length > MAX_VALUES_PER_OPTION)
			return { ok: false, message: `Linha ${index + 1}: no máximo ${MAX_VALUES_PER_OPTION} valores.` }
		if (options.some((o) => o.name.toLowerCase() === name.toLowerCase()))
			return { ok: false, message: `Linha ${index + 1}: a opção '${name}' já existe.` }
		options.push({ name, values })
	}
	const combinations = options.reduce((n, o) => n * o.values.length, 1)
	if (combinations > MAX_VARIANTS)
		return { ok: false, message: `Essas opções dariam ${combinations} variantes; o máximo é ${MAX_VARIANTS}.` }
	return { ok: true, options }
}

/**
 * Issue 30: the options as the editor's chips post them — `option.N.name`, one `option.N.value`
 * per chip, and `option.N.pending` (what was typed but not yet turned into a chip: commas split
 * it). The same rules as the lines above, the message naming the option instead of the line. An
 * option with neither name nor values (added, then left empty) is dropped.
 */
const postedOptionsSchema = z
	.array(
		z.object({
			name: userText().trim(),
			values: z.array(userText().trim()).max(200, `No máximo ${MAX_VALUES_PER_OPTION} valores.`),
		}),
	)
	.max(10, `No máximo ${MAX_OPTIONS} opções.`)

export function checkPostedOptions(posted: unknown): { ok: true; options: OptionDefinition[] } | { ok: false; message: string } {
	const parsed = postedOptionsSchema.safeParse(posted)
	if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Opções inválidas.' }
	const filled = parsed.data
		.map((o) => ({ name: o.name, values: [...new Set(o.values.filter(Boolean))] }))
		.filter((o) => o.name || o.values.length > 0)
	if (filled.length > MAX_OPTIONS) return { ok: false, message: `No máximo ${MAX_OPTIONS} opções.` }
	const options: OptionDefinition[] = []
	for (const [index, { name, values }] of filled.entries()) {
		const label = `Opção ${index + 1}`
		if (!name) return { ok: false, message: `${label}: dê um nome, como Tamanho.` }
		if (values.length === 0) return { ok: false, message: `${label} (${name}): adicione ao menos um valor.` }
		if (name.length > SHOPIFY_LIMITS.optionName || values.some((v) => v.length > SHOPIFY_LIMITS.optionValue))
			return { ok: false, message: `${label}: nomes e valores com até ${SHOPIFY_LIMITS.optionValue} caracteres.` }
		if (values.length > MAX_VALUES_PER_OPTION) return { ok: false, message: `${label}: no máximo ${MAX_VALUES_PER_OPTION} valores.` }
		if (options.some((o) => o.name.toLowerCase() === name.toLowerCase())) return { ok: false, message: `${label}: a opção '${name}' já existe.` }
		options.push({ name, values })
	}
	const combinations = options.reduce((n, o) => n * o.values.length, 1)
	if (combinations > MAX_VARIANTS)
		return { ok: false, message: `Essas opções dariam ${combinations} variantes; o máximo é ${MAX_VARIANTS}.` }
	return { ok: true, options }
}

/** Every combination of the option values, in the order typed: [{Tamanho: P, Cor: Azul}, …]. */
export function variantCombinations(options: readonly OptionDefinition[]): SelectedOption[][] {
	let combos: SelectedOption[][] = [[]]
	for (const option of options) {
		combos = combos.flatMap((combo) => option.values.map((value) => [...combo, { name: option.name, value }]))
	}
	return combos
}

/** 'P / Azul'; a product without options has one variant, 'Padrão'. */
export function variantTitle(selected: readonly SelectedOption[]): string {
	return selected.length === 0 ? 'Padrão' : selected.map((o) => o.value).join(' / ')
}

/** The handle to use: typed (slugified) or made from the title. */
export function handleFor(fields: Pick<ProductFields, 'title' | 'handle'>): string {
	return shopHandle(fields.handle, fields.title)
}
