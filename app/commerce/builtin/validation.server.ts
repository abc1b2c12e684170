import { z } from 'zod'
import { COMMERCE_MESSAGES, CommerceError } from '../errors'
import { lineAttributesSchema } from '../rules/add-on-schemas'
import type { LineAttribute } from '../types'
import { userText } from '~/utils/text-schema'

/** document 000 §7: the remote cart line limit is 100; ours is the same. */
export const MAX_CART_LINES = 100
/** A guard against absurd quantities (and integer overflow in totals), not a business rule. */
export const MAX_LINE_QUANTITY = 999
export const MAX_PAGE_SIZE = 250
export const MAX_HANDLES = 50

export const uuidSchema = z.uuid()
export const handleSchema = userText()
	.trim()
	.toLowerCase()
	.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
	.max(200)

export function isUuid(value: unknown): value is string {
	return uuidSchema.safeParse(value).success
}

export function isHandle(value: unknown): value is string {
	return handleSchema.safeParse(value).success
}

/**
 * The product page's attribute keys and limits (document 000 §5), shared with the browser:
 * the pet's name ≤ 20, the Instagram handle ≤ 30, the fastening one of its options, nothing
 * else. Which line may carry which key is checked where the line's product is known.
 */
const attributesSchema = lineAttributesSchema

const quantitySchema = z
	.number('Quantidade inválida.')
	.int('Quantidade inválida.')
	.max(MAX_LINE_QUANTITY, COMMERCE_MESSAGES.quantityTooLarge(MAX_LINE_QUANTITY))

export const cartLineInputSchema = z.object({
	variantId: userText(COMMERCE_MESSAGES.productUnavailable),
	quantity: quantitySchema,
	attributes: attributesSchema.optional(),
})

export const cartLineUpdateSchema = z.object({
	lineId: userText(COMMERCE_MESSAGES.lineNotFound),
	quantity: quantitySchema,
})

/** Parses or throws a CommerceError carrying the schema's first (Portuguese) message. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown, message?: string): T {
	const result = schema.safeParse(value)
	if (result.success) return result.data
	// Schemas passed without `message` state all their messages in Portuguese.
	message ??= result.error.issues[0]?.message ?? COMMERCE_MESSAGES.invalidInput
	throw new CommerceError('invalid_input', message, {
		detail: `invalid commerce input: ${result.error.message}`,
	})
}

/**
 * Attributes are stored sorted by key, so the same set entered in another order merges
 * into the same cart line (the unique index hashes the stored jsonb text).
 */
export function canonicalAttributes(attributes: LineAttribute[] | undefined): LineAttribute[] {
	return [...(attributes ?? [])]
		.filter((a) => a.value !== '')
		.map((a) => ({ key: a.key, value: a.value }))
		.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
}

export function clampFirst(first: number | undefined, fallback: number): number {
	if (first === undefined || !Number.isFinite(first)) return fallback
	return Math.min(Math.max(Math.trunc(first), 1), MAX_PAGE_SIZE)
}

/** listProducts' options, the same for every provider (provider.ts ListProductsOptions). */
export const listOptionsSchema = z.object({
	first: z.number(),
	after: userText().max(2000).nullish(),
	query: userText().max(300).optional(),
	sortKey: z.enum(['CREATED_AT', 'TITLE', 'PRICE']).optional(),
	reverse: z.boolean().optional(),
})
