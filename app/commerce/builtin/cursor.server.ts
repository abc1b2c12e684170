import { z } from 'zod'
import { COMMERCE_MESSAGES, CommerceError } from '../errors'
import type { ProductSortKey } from '../types'
import { userText } from '~/utils/text-schema'

/**
 * Keyset cursors: the sort value and id of the last row of a page, base64url JSON. The sort
 * value is kept as PostgreSQL's own text form (e.g. a timestamp with microseconds), so the
 * next page starts exactly after that row: no duplicates, no gaps, even under inserts.
 */
const cursorSchema = z.object({
	k: z.enum(['CREATED_AT', 'TITLE', 'PRICE']),
	r: z.boolean(),
	v: userText().max(1000),
	i: z.uuid(),
})

export type ProductCursor = { sortKey: ProductSortKey; reverse: boolean; value: string; id: string }

export function encodeCursor(cursor: ProductCursor): string {
	const payload = { k: cursor.sortKey, r: cursor.reverse, v: cursor.value, i: cursor.id }
	return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url')
}

/** Throws invalid_input for a cursor that is not ours or belongs to another ordering. */
export function decodeCursor(raw: string, expected: { sortKey: ProductSortKey; reverse: boolean }): ProductCursor {
	let parsed: z.infer<typeof cursorSchema> | undefined
	try {
		const json: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
		parsed = cursorSchema.parse(json)
	} catch {
		parsed = undefined
	}
	if (!parsed || parsed.k !== expected.sortKey || parsed.r !== expected.reverse) {
		throw new CommerceError('invalid_input', COMMERCE_MESSAGES.invalidCursor, { detail: 'invalid product cursor' })
	}
	return { sortKey: parsed.k, reverse: parsed.r, value: parsed.v, id: parsed.i }
}
