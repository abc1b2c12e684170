import { z } from 'zod'
import type { CartLineFormInput } from '~/utils/cart-form'
import {
	ADD_ON_MESSAGES,
	FASTENING_OPTIONS,
	LINE_ATTRIBUTE_KEYS,
	PET_INSTAGRAM_MAX,
	PET_NAME_MAX,
	PRODUCT_ADDON_KEYS,
	type ProductAddonKey,
	QUANTITY_MAX,
} from './add-on-lines'
import { userText } from '~/utils/text-schema'
import { GROUP_ATTRIBUTE_KEY } from './line-groups'

/*
 * The zod schemas of the product page's extras and of cart line attributes, and the builder
 * of the lines 'Adicionar ao Carrinho' sends (document 000 §5, §9). The server validates
 * every line with lineAttributesSchema; the product page imports this module lazily (on the
 * first interaction with the purchase column), so zod is not in its first load.
 */

/** '@Thor.Pet ' → 'Thor.Pet': the @ is decoration, Instagram's own limit counts without it. */
function stripAt(value: string): string {
	return value.trim().replace(/^@+/, '')
}

export const productExtrasSchema = z.object({
	extensor: z.boolean().default(false),
	perfume: z.boolean().default(false),
	petName: userText().trim().max(PET_NAME_MAX, ADD_ON_MESSAGES.petNameMax).default(''),
	instagram: userText()
		.transform(stripAt)
		.pipe(
			userText()
				.max(PET_INSTAGRAM_MAX, ADD_ON_MESSAGES.instagramMax)
				.regex(/^[A-Za-z0-9._]*$/, ADD_ON_MESSAGES.instagramInvalid),
		)
		.default(''),
	fastening: z.enum(FASTENING_OPTIONS, { error: ADD_ON_MESSAGES.fasteningInvalid }).optional(),
})

export type ProductExtrasInput = z.input<typeof productExtrasSchema>
export type ProductExtras = z.output<typeof productExtrasSchema>

/** The product title an add-on line names ('Para'); longer titles are cut by buildProductCartLines. */
export const FOR_PRODUCT_MAX = 200

const invalidAttribute = { error: ADD_ON_MESSAGES.attributeInvalid }

/**
 * One line attribute as the cart accepts it (browser and server): only the keys the product
 * page writes, each with its own limit (document 000 §5). Values are trimmed; the Instagram
 * handle is stored as '@handle'.
 */
export const lineAttributeSchema = z.discriminatedUnion(
	'key',
	[
		z.object({
			key: z.literal(LINE_ATTRIBUTE_KEYS.fastening),
			value: userText(invalidAttribute).trim().pipe(z.enum(FASTENING_OPTIONS, { error: ADD_ON_MESSAGES.fasteningInvalid })),
		}),
		z.object({
			key: z.literal(LINE_ATTRIBUTE_KEYS.petName),
			value: userText(invalidAttribute).trim().min(1, ADD_ON_MESSAGES.attributeInvalid).max(PET_NAME_MAX, ADD_ON_MESSAGES.petNameMax),
		}),
		z.object({
			key: z.literal(LINE_ATTRIBUTE_KEYS.instagram),
			value: userText(invalidAttribute)
				.transform(stripAt)
				.pipe(
					userText()
						.min(1, ADD_ON_MESSAGES.attributeInvalid)
						.max(PET_INSTAGRAM_MAX, ADD_ON_MESSAGES.instagramMax)
						.regex(/^[A-Za-z0-9._]*$/, ADD_ON_MESSAGES.instagramInvalid),
				)
				.transform((handle) => `@${handle}`),
		}),
		z.object({
			key: z.literal(LINE_ATTRIBUTE_KEYS.forProduct),
			value: userText(invalidAttribute).trim().min(1, ADD_ON_MESSAGES.attributeInvalid).max(FOR_PRODUCT_MAX, ADD_ON_MESSAGES.attributeInvalid),
		}),
		// Set by the cart service only (line-groups.ts): the browser's requests carrying it are refused there.
		z.object({
			key: z.literal(GROUP_ATTRIBUTE_KEY),
			value: z.string(invalidAttribute).regex(/^[0-9a-f]{16}$/, ADD_ON_MESSAGES.attributeInvalid),
		}),
	],
	invalidAttribute,
)

/** A line's attributes: at most one of each key. */
export const lineAttributesSchema = z
	.array(lineAttributeSchema, invalidAttribute)
	.max(Object.keys(LINE_ATTRIBUTE_KEYS).length + 1, ADD_ON_MESSAGES.attributeInvalid)
	.refine((list) => new Set(list.map((a) => a.key)).size === list.length, ADD_ON_MESSAGES.attributeInvalid)

const mainSchema = z.object({
	variantId: userText({ error: ADD_ON_MESSAGES.variantUnavailable }).min(1, ADD_ON_MESSAGES.variantUnavailable),
	quantity: z
		.number({ error: ADD_ON_MESSAGES.quantityInvalid })
		.int(ADD_ON_MESSAGES.quantityInvalid)
		.min(1, ADD_ON_MESSAGES.quantityInvalid)
		.max(QUANTITY_MAX, ADD_ON_MESSAGES.quantityTooLarge),
})

export type BuildLinesInput = {
	/** The selected variant; undefined or unavailable when the options name nothing sellable. */
	variant: { id: string; availableForSale: boolean } | undefined
	quantity: number
	/** The product's title, written on the add-on lines ('Para'). */
	productTitle: string
	/** Bandanas offer the extras; bows the fastening (document 000 §5). */
	kind: { bandana: boolean; bow: boolean }
	extras: ProductExtrasInput
	/** Add-on variant ids the server resolved by handle; a missing one cannot be added. */
	addonVariantIds: Partial<Record<ProductAddonKey, string>>
}

export type BuildLinesResult =
	| {
			ok: true
			lines: CartLineFormInput[]
			/** Extras asked for whose add-on product is missing: only logged (document 000 §9). */
			skipped: ProductAddonKey[]
	  }
	| { ok: false; error: string }

/** Which extras the shopper asked for, in the documents' order. */
export function requestedAddons(extras: ProductExtras): ProductAddonKey[] {
	return PRODUCT_ADDON_KEYS.filter((key) => {
		switch (key) {
			case 'extensor':
				return extras.extensor
			case 'perfume':
				return extras.perfume
			case 'petName':
				return extras.petName !== ''
			case 'instagram':
				return extras.instagram !== ''
		}
	})
}

/**
 * The lines for 'Adicionar ao Carrinho' / 'Comprar Agora', or the first problem in Portuguese.
 * Extras are ignored for products that do not offer them (a bow has no extensor), so stale
 * state from another product page can never add a stray line.
 */
export function buildProductCartLines(input: BuildLinesInput): BuildLinesResult {
	if (!input.variant?.availableForSale) return { ok: false, error: ADD_ON_MESSAGES.variantUnavailable }
	const main = mainSchema.safeParse({ variantId: input.variant.id, quantity: input.quantity })
	if (!main.success) return { ok: false, error: main.error.issues[0]?.message ?? ADD_ON_MESSAGES.quantityInvalid }
	const extrasParsed = productExtrasSchema.safeParse(input.extras)
	if (!extrasParsed.success) return { ok: false, error: extrasParsed.error.issues[0]?.message ?? ADD_ON_MESSAGES.quantityInvalid }
	const extras = extrasParsed.data
	const { quantity } = main.data

	const mainLine: CartLineFormInput = { variantId: main.data.variantId, quantity }
	if (input.kind.bow) {
		if (!extras.fastening) return { ok: false, error: ADD_ON_MESSAGES.fasteningInvalid }
		mainLine.attributes = [{ key: LINE_ATTRIBUTE_KEYS.fastening, value: extras.fastening }]
	}
	const lines: CartLineFormInput[] = [mainLine]
	const skipped: ProductAddonKey[] = []
	if (!input.kind.bandana) return { ok: true, lines, skipped }

	const forProduct = { key: LINE_ATTRIBUTE_KEYS.forProduct, value: input.productTitle.trim().slice(0, FOR_PRODUCT_MAX) }
	for (const key of requestedAddons(extras)) {
		const variantId = input.addonVariantIds[key]
		if (!variantId) {
			skipped.push(key)
			continue
		}
		const attributes: NonNullable<CartLineFormInput['attributes']> = [forProduct]
		if (key === 'petName') attributes.unshift({ key: LINE_ATTRIBUTE_KEYS.petName, value: extras.petName })
		if (key === 'instagram') attributes.unshift({ key: LINE_ATTRIBUTE_KEYS.instagram, value: `@${extras.instagram}` })
		lines.push({ variantId, quantity, attributes })
	}
	return { ok: true, lines, skipped }
}
