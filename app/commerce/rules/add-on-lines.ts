/*
 * The product page's cart lines: constants, messages and the rules that need no schema
 * library (this module is in the product page's first load; the zod schemas and the line
 * builder are in add-on-schemas.ts, loaded when the shopper starts to buy).
 *
 * The lines (document 000 §5, §9 'Product-page add-ons'): the chosen
 * variant, plus one separate line per extra, each from its fixed add-on product and with the
 * same quantity as the main item. Fastening (bows) travels as an attribute of the main line;
 * the pet's name and Instagram go as attributes of their embroidery lines. Only variant ids,
 * quantities and text leave the browser: the add-on variant ids are resolved on the server by
 * handle, and the cart prices every line itself.
 *
 * The server holds every line to the same definition (add-on-schemas.ts, lineAttributesIssue):
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
			// The hidden group key the cart service gives a product line and its add-ons (line-groups.ts).
			case '_grupo':
				if (!/^[0-9a-f]{16}$/.test(attributes.find((a) => a.key === key)?.value ?? '')) return ADD_ON_MESSAGES.attributeInvalid
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
