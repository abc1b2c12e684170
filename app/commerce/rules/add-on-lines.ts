import { z } from 'zod'
import type { CartLineFormInput } from '~/utils/cart-form'

/*
 * The product page's cart lines (document 000 §5, §9 'Product-page add-ons'): the chosen
 * variant, plus one separate line per extra, each from its fixed add-on product and with the
 * same quantity as the main item. Fastening (bows) travels as an attribute of the main line;
 * the pet's name and Instagram go as attributes of their embroidery lines. Only variant ids,
 * quantities and text leave the browser: the add-on variant ids are resolved on the server by
 * handle, and the cart prices every line itself.
 *
 * The server holds every line to the same definition (lineAttributeSchema, lineAttributesIssue):
 * only these keys, with these limits, and the pet's name or Instagram only on the paid line
 * that embroiders it, so a hand-made request cannot get a personalisation for free.
 */

export const PRODUCT_ADDON_KEYS = ['extensor', 'petName', 'instagram', 'perfume'] as const
export type ProductAddonKey = (typeof PRODUCT_ADDON_KEYS)[number]

/** The add-on products' fixed handles (internal products, tagged 'uso-interno'). */
export const PRODUCT_ADDON_HANDLES: Readonly<Record<ProductAddonKey, string>> = {
	extensor: 'adicional-extensor',
	petName: 'adicional-nome-pet',
	instagram: 'adicional-instagram-pet',
	perfume: 'adicional-perfume',
}

/** document 000 §5: on the product page the pet's name has at most 20 characters, the Instagram handle 30. */
export const PET_NAME_MAX = 20
export const PET_INSTAGRAM_MAX = 30
export const QUANTITY_MAX = 999

/** document 000 §5: the bow ('lacinho') fastening choices. */
export const FASTENING_OPTIONS = ['Elástico de cabelo', 'Presilha', 'Elástico ajustável'] as const
export type Fastening = (typeof FASTENING_OPTIONS)[number]

/** Line attribute keys, as the cart, the order and the back-office show them. */
export const LINE_ATTRIBUTE_KEYS = {
	fastening: 'Fixação',
	petName: 'Nome do pet',
	instagram: 'Instagram do pet',
	/** On add-on lines: which product the extra goes with (several bandanas may share a cart). */
	forProduct: 'Para',
} as const

export const ADD_ON_MESSAGES = {
	variantUnavailable: 'Esta variante não está disponível.',
	quantityInvalid: 'Quantidade inválida',
	quantityTooLarge: `A quantidade máxima por item é ${QUANTITY_MAX}.`,
	petNameMax: `O nome do pet deve ter no máximo ${PET_NAME_MAX} caracteres`,
	instagramMax: `O Instagram do pet deve ter no máximo ${PET_INSTAGRAM_MAX} caracteres`,
	instagramInvalid: 'O Instagram do pet deve ter apenas letras, números, ponto e sublinhado',
	fasteningInvalid: 'Escolha a fixação do lacinho',
	attributeInvalid: 'Personalização inválida. Confira os campos e tente novamente.',
	/** The pet's name or Instagram sent without (or on another line than) its paid embroidery line. */
	personalizationNeedsAddon: 'A personalização é um adicional: adicione o bordado junto com o produto.',
} as const

/** '@Thor.Pet ' → 'Thor.Pet': the @ is decoration, Instagram's own limit counts without it. */
function stripAt(value: string): string {
	return value.trim().replace(/^@+/, '')
}

export const productExtrasSchema = z.object({
	extensor: z.boolean().default(false),
	perfume: z.boolean().default(false),
	petName: z.string().trim().max(PET_NAME_MAX, ADD_ON_MESSAGES.petNameMax).default(''),
	instagram: z
		.string()
		.transform(stripAt)
		.pipe(
			z
				.string()
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
			value: z.string(invalidAttribute).trim().pipe(z.enum(FASTENING_OPTIONS, { error: ADD_ON_MESSAGES.fasteningInvalid })),
		}),
		z.object({
			key: z.literal(LINE_ATTRIBUTE_KEYS.petName),
			value: z.string(invalidAttribute).trim().min(1, ADD_ON_MESSAGES.attributeInvalid).max(PET_NAME_MAX, ADD_ON_MESSAGES.petNameMax),
		}),
		z.object({
			key: z.literal(LINE_ATTRIBUTE_KEYS.instagram),
			value: z
				.string(invalidAttribute)
				.transform(stripAt)
				.pipe(
					z
						.string()
						.min(1, ADD_ON_MESSAGES.attributeInvalid)
						.max(PET_INSTAGRAM_MAX, ADD_ON_MESSAGES.instagramMax)
						.regex(/^[A-Za-z0-9._]*$/, ADD_ON_MESSAGES.instagramInvalid),
				)
				.transform((handle) => `@${handle}`),
		}),
		z.object({
			key: z.literal(LINE_ATTRIBUTE_KEYS.forProduct),
			value: z.string(invalidAttribute).trim().min(1, ADD_ON_MESSAGES.attributeInvalid).max(FOR_PRODUCT_MAX, ADD_ON_MESSAGES.attributeInvalid),
		}),
	],
	invalidAttribute,
)

/** A line's attributes: at most one of each key. */
export const lineAttributesSchema = z
	.array(lineAttributeSchema, invalidAttribute)
	.max(Object.keys(LINE_ATTRIBUTE_KEYS).length, ADD_ON_MESSAGES.attributeInvalid)
	.refine((list) => new Set(list.map((a) => a.key)).size === list.length, ADD_ON_MESSAGES.attributeInvalid)

/** The add-on a product handle is, or null for any other product. */
export function addonKeyOfHandle(handle: string): ProductAddonKey | null {
	return PRODUCT_ADDON_KEYS.find((key) => PRODUCT_ADDON_HANDLES[key] === handle) ?? null
}

/**
 * Which attributes a line may carry, by what it is (document 000 §5, §9): the fastening
 * only on a main item; 'Para' only on an add-on line; the pet's name only on (and required
 * by) the name embroidery line, the Instagram only on the Instagram embroidery line. The
 * text travels with the line that pays for it, so the server needs no pairing of lines.
 * Returns the Portuguese problem, or null. Values are checked by lineAttributeSchema.
 */
export function lineAttributesIssue(attributes: readonly { key: string; value?: string }[], addon: ProductAddonKey | null): string | null {
	const keys = new Set(attributes.map((a) => a.key))
	for (const key of keys) {
		switch (key) {
			case LINE_ATTRIBUTE_KEYS.fastening:
				if (addon !== null) return ADD_ON_MESSAGES.attributeInvalid
				break
			case LINE_ATTRIBUTE_KEYS.forProduct:
				if (addon === null) return ADD_ON_MESSAGES.attributeInvalid
				break
			case LINE_ATTRIBUTE_KEYS.petName:
				if (addon !== 'petName') return ADD_ON_MESSAGES.personalizationNeedsAddon
				break
			case LINE_ATTRIBUTE_KEYS.instagram:
				if (addon !== 'instagram') return ADD_ON_MESSAGES.personalizationNeedsAddon
				break
			default:
				return ADD_ON_MESSAGES.attributeInvalid
		}
	}
	// An embroidery line without its text would be paid for and embroider nothing.
	if (addon === 'petName' && !keys.has(LINE_ATTRIBUTE_KEYS.petName)) return ADD_ON_MESSAGES.attributeInvalid
	if (addon === 'instagram' && !keys.has(LINE_ATTRIBUTE_KEYS.instagram)) return ADD_ON_MESSAGES.attributeInvalid
	return null
}

const mainSchema = z.object({
	variantId: z.string({ error: ADD_ON_MESSAGES.variantUnavailable }).min(1, ADD_ON_MESSAGES.variantUnavailable),
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
