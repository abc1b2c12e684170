import { z } from 'zod'
import { anyProductIdSchema } from '~/commerce/product-id'
import type { PersonalizationItemKey } from '~/db/schema/personalization'
import { userText } from '~/utils/text-schema'
import { collarQuantity } from './collar-quantity'

/**
 * The rules of the bandana and collar personalization pages (document 001 §2, §5, §9), shared
 * by the page (live messages) and the server (the authority: it decides the lines and the total
 * from the catalogue's prices; the browser sends choices, never prices).
 */

/**
 * A chosen art or accessory is a product id of either provider (decision 051; the page does not
 * know which runs): the server checks it is the running provider's and in its collection.
 */
export const PRODUCT_CHOICE_MESSAGES = { art: 'Arte inválida.', accessory: 'Acessório inválido.' } as const

export const PERSONALIZATION_MESSAGES = {
	colourRequired: 'Selecione uma cor',
	sizeRequired: 'Selecione o tamanho',
	petNameTooLong: 'O nome do pet deve ter no máximo 20 caracteres.',
	instagramTooLong: 'O Instagram do pet deve ter no máximo 20 caracteres.',
	oneArtOnly: 'Escolha só uma opção: arte exclusiva, arte pronta ou rosto do pet.',
	added: 'Produtos adicionados ao carrinho!',
	addFailed: 'Erro ao adicionar produtos ao carrinho',
	fileTooLarge: 'Arquivo muito grande. Máximo 5MB.',
} as const

/** document 001 §5: pet name and Instagram, at most 20 characters on this page. */
export const PET_TEXT_MAX = 20

/** Exclusive art, a ready-made art and the pet's face exclude one another (document 001 §2). */
export type ArtChoice =
	| { kind: 'none' }
	| { kind: 'ready-made'; productId: string; title: string }
	| { kind: 'exclusive'; fileKey: string }
	| { kind: 'pet-face'; fileKey: string }

export const ART_CHOICE_LABELS: Record<Exclude<ArtChoice['kind'], 'none'>, string> = {
	exclusive: 'Arte exclusiva',
	'ready-made': 'Arte pronta',
	'pet-face': 'Rosto do pet',
}

/**
 * Choosing one art option clears another: the new choice, and the 'Atenção' warning naming what
 * was unselected (document 001 §2), or null when nothing was.
 */
export function switchArt(
	current: ArtChoice,
	next: ArtChoice,
): { choice: ArtChoice; warning: { title: 'Atenção'; description: string } | null } {
	if (current.kind === 'none' || next.kind === 'none' || current.kind === next.kind) return { choice: next, warning: null }
	return {
		choice: next,
		warning: {
			title: 'Atenção',
			description: `${ART_CHOICE_LABELS[current.kind]} foi desmarcada: escolha só uma entre arte exclusiva, arte pronta e rosto do pet.`,
		},
	}
}

const flag = z
	.union([z.literal('on'), z.literal('true'), z.literal('1'), z.literal(''), z.literal('false'), z.boolean()])
	.optional()
	.transform((v) => v === true || v === 'on' || v === 'true' || v === '1')

const optionalPetText = (message: string) =>
	userText()
		.trim()
		.max(PET_TEXT_MAX, message)
		.optional()
		.transform((v) => (v ? v : null))

/** What the bandana form sends (document 001 §2). Files arrive as keys of uploads already stored. */
export const bandanaChoicesSchema = z
	.object({
		colour: userText().trim().min(1, PERSONALIZATION_MESSAGES.colourRequired).max(60, PERSONALIZATION_MESSAGES.colourRequired),
		/** The base bandana's size ('Tamanho'), when the base product is sold in sizes. */
		size: userText()
			.trim()
			.max(10)
			.optional()
			.transform((v) => (v ? v : null)),
		petName: optionalPetText(PERSONALIZATION_MESSAGES.petNameTooLong),
		instagram: optionalPetText(PERSONALIZATION_MESSAGES.instagramTooLong).transform((v) => (v ? v.replace(/^@+/, '') : null)),
		extensor: flag,
		extraButton: flag,
		perfume: flag,
		readyMadeArtId: anyProductIdSchema(PRODUCT_CHOICE_MESSAGES.art)
			.optional()
			.or(z.literal('').transform(() => undefined)),
		exclusiveArtKey: userText()
			.max(300)
			.optional()
			.or(z.literal('').transform(() => undefined)),
		petFaceKey: userText()
			.max(300)
			.optional()
			.or(z.literal('').transform(() => undefined)),
	})
	.refine((v) => [v.readyMadeArtId, v.exclusiveArtKey, v.petFaceKey].filter(Boolean).length <= 1, {
		message: PERSONALIZATION_MESSAGES.oneArtOnly,
		path: ['readyMadeArtId'],
	})
export type BandanaChoices = z.output<typeof bandanaChoicesSchema>

/** A product the server priced: the variant to put in the cart and its price. */
export type PricedVariant = { variantId: string; priceCents: number; title: string }

export type PersonalizationLine = PricedVariant & {
	quantity: number
	role: 'base' | PersonalizationItemKey | 'art' | 'accessory' | 'side_name'
}

/** Which extras a bandana's choices ask for, in document 001 §9's order. */
export function bandanaExtras(choices: BandanaChoices): PersonalizationItemKey[] {
	const extras: PersonalizationItemKey[] = []
	if (choices.petName) extras.push('pet_name')
	if (choices.instagram) extras.push('instagram')
	if (choices.extensor) extras.push('extensor')
	if (choices.extraButton) extras.push('extra_button')
	if (choices.perfume) extras.push('perfume')
	if (choices.petFaceKey) extras.push('pet_face')
	if (choices.exclusiveArtKey) extras.push('exclusive_art')
	return extras
}

/**
 * The cart lines of a personalized bandana: the base product, one line per extra at its add-on
 * product's own price (document 001 §9), and the ready-made art at its price. An extra whose
 * add-on product is missing from the catalogue is reported, not silently dropped or given free.
 */
export function bandanaLines(
	choices: BandanaChoices,
	priced: { base: PricedVariant; items: Partial<Record<PersonalizationItemKey, PricedVariant>>; art?: PricedVariant | null },
): { ok: true; lines: PersonalizationLine[]; totalCents: number } | { ok: false; missing: string[] } {
	const lines: PersonalizationLine[] = [{ ...priced.base, quantity: 1, role: 'base' }]
	const missing: string[] = []
	for (const key of bandanaExtras(choices)) {
		const item = priced.items[key]
		if (item) lines.push({ ...item, quantity: 1, role: key })
		else missing.push(key)
	}
	if (choices.readyMadeArtId) {
		if (priced.art) lines.push({ ...priced.art, quantity: 1, role: 'art' })
		else missing.push('art')
	}
	if (missing.length > 0) return { ok: false, missing }
	return { ok: true, lines, totalCents: lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0) }
}

/**
 * What the collar form sends. document 001 §2: collars are ordered from 10, in steps of 1; the
 * quantity is judged as typed (collar-quantity.ts): below 10 is refused, not raised (issue 31).
 */
export const collarChoicesSchema = z.object({
	colour: userText().trim().min(1, PERSONALIZATION_MESSAGES.colourRequired).max(60, PERSONALIZATION_MESSAGES.colourRequired),
	quantity: z.unknown().transform((value, ctx) => {
		const judged = collarQuantity(typeof value === 'string' || typeof value === 'number' ? String(value) : '')
		if (judged.ok) return judged.quantity
		ctx.addIssue({ code: 'custom', message: judged.message })
		return z.NEVER
	}),
	accessoryId: anyProductIdSchema(PRODUCT_CHOICE_MESSAGES.accessory)
		.optional()
		.or(z.literal('').transform(() => undefined)),
})
export type CollarChoices = z.output<typeof collarChoicesSchema>

/** A personalized collar order: the base (document 001 §9: R$ 19,90) and the accessory, each per unit. */
export function collarLines(
	choices: CollarChoices,
	priced: { base: PricedVariant; accessory?: PricedVariant | null },
): { ok: true; lines: PersonalizationLine[]; totalCents: number } | { ok: false; missing: string[] } {
	const lines: PersonalizationLine[] = [{ ...priced.base, quantity: choices.quantity, role: 'base' }]
	if (choices.accessoryId) {
		if (!priced.accessory) return { ok: false, missing: ['accessory'] }
		lines.push({ ...priced.accessory, quantity: choices.quantity, role: 'accessory' })
	}
	return { ok: true, lines, totalCents: lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0) }
}

/** document 001 §5: the wholesale pages' colour messages, per tab. */
export const WHOLESALE_MESSAGES = {
	colourRequired: { bandana: 'Selecione uma cor para as bandanas', collar: 'Selecione uma cor para os colares' },
	sideNameTooLong: 'O nome lateral deve ter no máximo 20 caracteres.',
	baseMissing: 'Produto base de atacado não encontrado. Verifique os produtos no Shopify.',
	baseWithoutVariants: 'Produto base sem variantes disponíveis.',
} as const

/** What the /atacado form sends for one tab. The quantity rule is normalizeWholesaleQuantity's. */
export const wholesaleChoicesSchema = z.discriminatedUnion('kind', [
	z.object({
		kind: z.literal('bandana'),
		colour: userText().trim().max(60).default(''),
		quantity: userText().max(12).default(''),
		sideNameOn: flag,
		sideName: userText().trim().max(PET_TEXT_MAX, WHOLESALE_MESSAGES.sideNameTooLong).default(''),
		extraButton: flag,
		designKey: userText()
			.max(300)
			.optional()
			.or(z.literal('').transform(() => undefined)),
	}),
	z.object({
		kind: z.literal('collar'),
		colour: userText().trim().max(60).default(''),
		quantity: userText().max(12).default(''),
		accessoryId: anyProductIdSchema(PRODUCT_CHOICE_MESSAGES.accessory)
			.optional()
			.or(z.literal('').transform(() => undefined)),
	}),
])
export type WholesaleChoices = z.output<typeof wholesaleChoicesSchema>
