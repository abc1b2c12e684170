import { createHash, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { getCommerce } from '~/commerce/index.server'
import { LINE_ATTRIBUTE_KEYS } from '~/commerce/rules/add-on-lines'
import { GROUP_ATTRIBUTE_KEY } from '~/commerce/rules/line-groups'
import {
	type BandanaChoices,
	type PersonalizationLine,
	type PricedVariant,
	PERSONALIZATION_MESSAGES,
	PRODUCT_CHOICE_MESSAGES,
	WHOLESALE_MESSAGES,
	bandanaChoicesSchema,
	bandanaLines,
	collarChoicesSchema,
	collarLines,
	wholesaleChoicesSchema,
} from '~/commerce/rules/personalization'
import { normalizeWholesaleQuantity, wholesaleLineTotal } from '~/commerce/rules/wholesale-tiers'
import type { LineAttribute } from '~/commerce/types'
import { type PersonalizationItemKey, personalizationOrders } from '~/db/schema'
import { addServerBuiltLines } from '~/server/cart/cart.server'
import type { RuleLineInput } from '~/server/cart/backend.server'
import { db } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import { isProductId } from '~/server/product-id.server'
import { getVisitorId } from '~/server/visitor.server'
import { claimUploadedFile } from './files.server'
import {
	ACCESSORY_COLLECTION,
	ART_COLLECTION,
	BASE_HANDLES,
	WHOLESALE_EXTRA_HANDLES,
	activeColours,
	extraItems,
	productsByHandle,
	wholesaleTiers,
} from './page-data.server'
import { pricedVariant, variantForSize } from './priced-products.server'

/**
 * 'Adicionar ao Carrinho' on /personalize, /personalize-colares and /atacado (document 001 §2,
 * §9; decision 037). The browser sends choices; the server checks them (colour among the
 * active ones, text limits, one art option, files uploaded by this browser), prices every line
 * from the catalogue, writes the personalization_orders row and adds the lines to the cart as
 * one group that carries the row's id, so checkout links the paid order to it.
 */

/** Hidden line attribute: the personalization_orders row a cart line belongs to. */
export const PERSONALIZATION_ATTRIBUTE_KEY = '_personalizacao'
/** Visible line attributes of personalized lines. */
export const PERSONALIZED_LINE_KEYS = {
	colour: 'Cor',
	sideName: 'Nome lateral',
	file: 'Arquivo',
} as const

export type AddOutcome =
	| {
			status: 200
			body: { ok: true; message: string; totalCents: number; giftAdded: boolean; personalizationId: string }
			headers: Headers
	  }
	| { status: 400 | 409 | 502; body: { ok: false; error: string; field?: string }; headers: Headers }

type Actor = { request: Request; userId: string | null }

function refused(error: string, field?: string, status: 400 | 409 | 502 = 400): AddOutcome {
	return { status, body: { ok: false, error, ...(field ? { field } : {}) }, headers: new Headers() }
}

function firstIssue(error: { issues: { message: string; path: PropertyKey[] }[] }): { message: string; field?: string } {
	const issue = error.issues[0]
	return { message: issue?.message ?? PERSONALIZATION_MESSAGES.addFailed, field: issue?.path[0]?.toString() }
}

/** The group key of a personalization's lines: a digest of its row id (line-groups.ts's format). */
function groupKey(personalizationId: string): string {
	return createHash('sha256').update(personalizationId).digest('hex').slice(0, 16)
}

/**
 * The cart lines of one personalization: the base line first, the extras after it as its
 * add-ons ('Para': they follow its quantity and are removed with it), all with the row's id.
 */
function toCartLines(
	personalizationId: string,
	lines: PersonalizationLine[],
	baseTitle: string,
	extraAttributes: (line: PersonalizationLine) => LineAttribute[],
): RuleLineInput[] {
	const hidden: LineAttribute[] = [
		{ key: GROUP_ATTRIBUTE_KEY, value: groupKey(personalizationId) },
		{ key: PERSONALIZATION_ATTRIBUTE_KEY, value: personalizationId },
	]
	return lines.map((line) => ({
		variantId: line.variantId,
		quantity: line.quantity,
		attributes: [
			...(line.role === 'base' ? [] : [{ key: LINE_ATTRIBUTE_KEYS.forProduct, value: baseTitle }]),
			...extraAttributes(line),
			...(lines.length > 1 ? hidden : hidden.slice(1)),
		],
	}))
}

/**
 * Writes the row, then adds the lines; a cart refusal (stock, limits) removes the row again so
 * no custom order exists that nobody can buy. document 001 §4: a failed save is only logged.
 */
async function saveAndAdd(
	actor: Actor,
	row: Omit<typeof personalizationOrders.$inferInsert, 'id' | 'sessionId' | 'userId'>,
	build: (personalizationId: string) => RuleLineInput[],
): Promise<AddOutcome> {
	const id = randomUUID()
	let saved = true
	try {
		await db.insert(personalizationOrders).values({ ...row, id, userId: actor.userId, sessionId: getVisitorId(actor.request) })
	} catch (error) {
		saved = false
		logger.error({ error: String(error) }, 'não foi possível salvar o pedido personalizado')
	}
	const lines = build(id).map((line) =>
		saved ? line : { ...line, attributes: line.attributes?.filter((a) => a.key !== PERSONALIZATION_ATTRIBUTE_KEY) },
	)
	const outcome = await addServerBuiltLines(actor.request, actor.userId, lines)
	if (!outcome.body.ok) {
		if (saved) await db.delete(personalizationOrders).where(eq(personalizationOrders.id, id))
		return {
			status: outcome.status === 400 ? 400 : outcome.status === 502 ? 502 : 409,
			body: { ok: false, error: outcome.body.error },
			headers: outcome.headers,
		}
	}
	return {
		status: 200,
		body: {
			ok: true,
			message: PERSONALIZATION_MESSAGES.added,
			totalCents: row.totalPriceCents,
			giftAdded: outcome.body.giftAdded === true,
			personalizationId: id,
		},
		headers: outcome.headers,
	}
}

async function colourNamed(type: 'bandana' | 'collar', name: string): Promise<string | null> {
	const colours = await activeColours(type)
	return colours.find((c) => c.name === name)?.name ?? null
}

// ---------------------------------------------------------------------------- bandana

const BANDANA_FILE_TEXT: Partial<Record<PersonalizationItemKey, string>> = {
	pet_face: 'Foto do rosto do pet enviada',
	exclusive_art: 'Arte exclusiva enviada',
}

export async function addPersonalizedBandana(actor: Actor, input: Record<string, unknown>): Promise<AddOutcome> {
	const parsed = bandanaChoicesSchema.safeParse(input)
	if (!parsed.success) {
		const { message, field } = firstIssue(parsed.error)
		return refused(message, field)
	}
	const choices: BandanaChoices = parsed.data
	if (choices.readyMadeArtId && !isProductId(choices.readyMadeArtId)) return refused(PRODUCT_CHOICE_MESSAGES.art, 'readyMadeArtId')
	const colour = await colourNamed('bandana', choices.colour)
	if (!colour) return refused(PERSONALIZATION_MESSAGES.colourRequired, 'colour')

	const [petFaceUrl, exclusiveArtUrl] = await Promise.all([
		choices.petFaceKey ? claimUploadedFile(actor.request, choices.petFaceKey, ['rosto_pet']) : null,
		choices.exclusiveArtKey ? claimUploadedFile(actor.request, choices.exclusiveArtKey, ['arte_exclusiva']) : null,
	])
	if (choices.petFaceKey && !petFaceUrl) return refused('O arquivo enviado não foi encontrado. Envie a imagem novamente.', 'petFaceKey')
	if (choices.exclusiveArtKey && !exclusiveArtUrl)
		return refused('O arquivo enviado não foi encontrado. Envie a imagem novamente.', 'exclusiveArtKey')

	const items = await extraItems('bandana')
	const [products, art] = await Promise.all([
		productsByHandle([BASE_HANDLES.bandana, ...items.flatMap((i) => (i.handle ? [i.handle] : []))]),
		choices.readyMadeArtId ? collectionProduct(ART_COLLECTION, choices.readyMadeArtId) : Promise.resolve(null),
	])
	if (choices.readyMadeArtId && !art) return refused('Esta arte não está disponível no momento.', 'readyMadeArtId', 409)
	const baseProduct = products.get(BASE_HANDLES.bandana)
	if (!baseProduct) return refused(PERSONALIZATION_MESSAGES.addFailed, undefined, 409)
	const baseVariant = variantForSize(baseProduct, choices.size)
	const base = baseVariant ? pricedVariant(baseProduct, baseVariant) : null
	if (!base) return refused(PERSONALIZATION_MESSAGES.sizeRequired, 'size')

	const priced: Partial<Record<PersonalizationItemKey, PricedVariant>> = {}
	for (const item of items) {
		const variant = item.handle ? pricedVariant(products.get(item.handle)) : null
		if (variant) priced[item.key] = variant
	}
	const artVariant = art?.variant ?? null
	const result = bandanaLines(choices, { base, items: priced, art: artVariant })
	if (!result.ok) return refused('Uma das opções escolhidas não está disponível no momento. Revise a personalização.', undefined, 409)

	return saveAndAdd(
		actor,
		{
			productType: 'bandana',
			selectedColor: colour,
			petName: choices.petName,
			petInstagram: choices.instagram,
			selectedArtProductId: choices.readyMadeArtId ?? null,
			selectedArtProductTitle: art?.title ?? null,
			petFaceFileUrl: petFaceUrl,
			exclusiveArtFileUrl: exclusiveArtUrl,
			includeExtensor: choices.extensor,
			includeExtraButton: choices.extraButton,
			includePerfume: choices.perfume,
			includeRosto: petFaceUrl !== null,
			totalPriceCents: result.totalCents,
		},
		(id) =>
			toCartLines(id, result.lines, baseProduct.title, (line) => {
				if (line.role === 'base') return [{ key: PERSONALIZED_LINE_KEYS.colour, value: colour }]
				if (line.role === 'pet_name' && choices.petName) return [{ key: LINE_ATTRIBUTE_KEYS.petName, value: choices.petName }]
				if (line.role === 'instagram' && choices.instagram) return [{ key: LINE_ATTRIBUTE_KEYS.instagram, value: `@${choices.instagram}` }]
				const fileText = BANDANA_FILE_TEXT[line.role as PersonalizationItemKey]
				return fileText ? [{ key: PERSONALIZED_LINE_KEYS.file, value: fileText }] : []
			}),
	)
}

// ---------------------------------------------------------------------------- collar

/**
 * A ready-made art or a collar accessory is sold only from its collection (document 001 §7:
 * count 20): an id from anywhere else is not one.
 */
async function collectionProduct(handle: string, productId: string): Promise<{ variant: PricedVariant; title: string } | null> {
	const collection = await getCommerce().getCollectionByHandle(handle, { first: 20 })
	const product = collection?.products.find((p) => p.id === productId)
	const variant = pricedVariant(product)
	return product && variant ? { variant, title: product.title } : null
}

export async function addPersonalizedCollar(actor: Actor, input: Record<string, unknown>): Promise<AddOutcome> {
	const parsed = collarChoicesSchema.safeParse(input)
	if (!parsed.success) {
		const { message, field } = firstIssue(parsed.error)
		return refused(message, field)
	}
	const choices = parsed.data
	if (choices.accessoryId && !isProductId(choices.accessoryId)) return refused(PRODUCT_CHOICE_MESSAGES.accessory, 'accessoryId')
	const colour = await colourNamed('collar', choices.colour)
	if (!colour) return refused(PERSONALIZATION_MESSAGES.colourRequired, 'colour')
	const products = await productsByHandle([BASE_HANDLES.collar])
	const baseProduct = products.get(BASE_HANDLES.collar)
	const base = pricedVariant(baseProduct)
	if (!baseProduct || !base) return refused(PERSONALIZATION_MESSAGES.addFailed, undefined, 409)
	const accessory = choices.accessoryId ? await collectionProduct(ACCESSORY_COLLECTION, choices.accessoryId) : null
	if (choices.accessoryId && !accessory) return refused('Este acessório não está disponível no momento.', 'accessoryId', 409)
	const result = collarLines(choices, { base, accessory: accessory?.variant ?? null })
	if (!result.ok) return refused('Este acessório não está disponível no momento.', 'accessoryId', 409)
	return saveAndAdd(
		actor,
		{
			productType: 'collar',
			selectedColor: colour,
			quantity: choices.quantity,
			selectedAccessoryProductId: choices.accessoryId ?? null,
			selectedAccessoryProductTitle: accessory?.title ?? null,
			totalPriceCents: result.totalCents,
		},
		(id) =>
			toCartLines(id, result.lines, baseProduct.title, (line) =>
				line.role === 'base' ? [{ key: PERSONALIZED_LINE_KEYS.colour, value: colour }] : [],
			),
	)
}

// ---------------------------------------------------------------------------- wholesale

export async function addWholesaleOrder(actor: Actor, input: Record<string, unknown>): Promise<AddOutcome> {
	const parsed = wholesaleChoicesSchema.safeParse(input)
	if (!parsed.success) {
		const { message, field } = firstIssue(parsed.error)
		return refused(message, field)
	}
	const choices = parsed.data
	if (choices.kind === 'collar' && choices.accessoryId && !isProductId(choices.accessoryId)) {
		return refused(PRODUCT_CHOICE_MESSAGES.accessory, 'accessoryId')
	}
	const colour = await colourNamed(choices.kind, choices.colour)
	if (!colour) return refused(WHOLESALE_MESSAGES.colourRequired[choices.kind], 'colour')
	// document 001 §5: lower or non-numeric becomes 10. The page already shows 10; a request
	// that still sends less is refused with the same message rather than silently changed.
	const quantity = normalizeWholesaleQuantity(choices.quantity)
	if (quantity.message) return refused(quantity.message, 'quantity')

	const baseHandle = choices.kind === 'bandana' ? BASE_HANDLES.wholesaleBandana : BASE_HANDLES.wholesaleCollar
	const products = await productsByHandle([baseHandle, ...Object.values(WHOLESALE_EXTRA_HANDLES)])
	const baseProduct = products.get(baseHandle)
	if (!baseProduct) return refused(WHOLESALE_MESSAGES.baseMissing, undefined, 409)
	const base = pricedVariant(baseProduct)
	if (!base) return refused(WHOLESALE_MESSAGES.baseWithoutVariants, undefined, 409)
	const tiers = await wholesaleTiers(choices.kind)
	const n = quantity.quantity

	const lines: PersonalizationLine[] = [{ ...base, quantity: n, role: 'base' }]
	let extrasPerUnit = 0
	let designUrl: string | null = null
	let sideName: string | null = null
	let accessoryTitle: string | null = null
	if (choices.kind === 'bandana') {
		if (choices.designKey) {
			designUrl = await claimUploadedFile(actor.request, choices.designKey, ['atacado_logo', 'atacado_design'])
			if (!designUrl) return refused('O arquivo enviado não foi encontrado. Envie a imagem novamente.', 'designKey')
		}
		if (choices.sideNameOn && choices.sideName) {
			const extra = pricedVariant(products.get(WHOLESALE_EXTRA_HANDLES.sideName))
			if (!extra) return refused('O nome lateral não está disponível no momento.', 'sideName', 409)
			sideName = choices.sideName
			lines.push({ ...extra, quantity: n, role: 'side_name' })
			extrasPerUnit += extra.priceCents
		}
		if (choices.extraButton) {
			const extra = pricedVariant(products.get(WHOLESALE_EXTRA_HANDLES.extraButton))
			if (!extra) return refused('O botão extra não está disponível no momento.', 'extraButton', 409)
			lines.push({ ...extra, quantity: n, role: 'extra_button' })
			extrasPerUnit += extra.priceCents
		}
	} else if (choices.accessoryId) {
		const accessory = await collectionProduct(ACCESSORY_COLLECTION, choices.accessoryId)
		if (!accessory) return refused('Este acessório não está disponível no momento.', 'accessoryId', 409)
		accessoryTitle = accessory.title
		lines.push({ ...accessory.variant, quantity: n, role: 'accessory' })
		extrasPerUnit += accessory.variant.priceCents
	}
	// The cart prices the base line by tier (decision 10); the row's total says the same.
	const total = wholesaleLineTotal({ tiers, quantity: n, extrasPerUnitCents: extrasPerUnit }) ?? {
		totalCents: (base.priceCents + extrasPerUnit) * n,
	}

	return saveAndAdd(
		actor,
		{
			productType: choices.kind,
			wholesale: true,
			quantity: n,
			selectedColor: colour,
			sideName,
			designFileUrl: designUrl,
			includeExtraButton: choices.kind === 'bandana' && choices.extraButton,
			selectedAccessoryProductId: choices.kind === 'collar' ? (choices.accessoryId ?? null) : null,
			selectedAccessoryProductTitle: accessoryTitle,
			totalPriceCents: total.totalCents,
		},
		(id) =>
			toCartLines(id, lines, baseProduct.title, (line) => {
				if (line.role === 'base') {
					const attributes: LineAttribute[] = [{ key: PERSONALIZED_LINE_KEYS.colour, value: colour }]
					if (designUrl) attributes.push({ key: PERSONALIZED_LINE_KEYS.file, value: 'Logo ou design enviado' })
					return attributes
				}
				if (line.role === 'side_name' && sideName) return [{ key: PERSONALIZED_LINE_KEYS.sideName, value: sideName }]
				return []
			}),
	)
}
