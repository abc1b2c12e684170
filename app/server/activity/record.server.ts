import { isDeepStrictEqual } from 'node:util'
import { isIP } from 'node:net'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { ACTIVITY_KINDS, ACTIVITY_SUBJECT_TYPES } from '~/db/schema'
import { type Executor, queryRows } from '~/server/db.server'

/**
 * Issue 30 (decision 095): the back-office activity log. Every admin change to prices, stock,
 * settings, order status, refunds, roles, reviews and photos calls `recordActivity` with the
 * transaction that makes the change: the change and its record are committed together or not
 * at all. Only the changed fields are kept, as they were and as they became.
 */

/** Who made a change and from where: the signed-in admin and the address the server resolved. */
export type Actor = { actorId: string; ip: string }

/** The actor of a route's request (`context.clientIp` is what server/index.ts resolved, IPv6 too). */
export function actorOf(user: { id: string }, context: { clientIp: string }): Actor {
	return { actorId: user.id, ip: context.clientIp }
}

/** 'Bandana Xadrez — P' (a product without options has one variant, 'Default Title': the product's title alone). */
export function variantLabel(productTitle: string, variantTitle: string | null): string {
	return variantTitle && variantTitle !== 'Default Title' ? `${productTitle} — ${variantTitle}` : productTitle
}

/**
 * A client address as stored: IPv4 or IPv6 (an IPv4-mapped IPv6 such as '::ffff:203.0.113.7',
 * which a dual-stack socket reports, becomes the IPv4 it is); anything else ('desconhecido', an
 * empty string) is null.
 */
export const activityIpSchema = z
	.string()
	.trim()
	.transform((value) => {
		const zone = value.indexOf('%')
		const address = zone >= 0 ? value.slice(0, zone) : value
		const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
		if (mapped && isIP(mapped[1] ?? '') === 4) return mapped[1] as string
		return isIP(address) ? address.toLowerCase() : null
	})

const json = z.record(z.string(), z.unknown())

export const activityInputSchema = z.object({
	/** null: the shop itself (a payment provider's confirmation, the expiry job). */
	actorId: z.uuid().nullable(),
	ip: activityIpSchema.nullable(),
	kind: z.enum(ACTIVITY_KINDS),
	subject: z.object({
		type: z.enum(ACTIVITY_SUBJECT_TYPES),
		id: z.string().max(200).nullable(),
		label: z.string().trim().min(1).max(300),
		/** The customer the change concerns, for their LGPD export. */
		userId: z.uuid().nullable().optional(),
	}),
	/** null: the record did not exist before (or no longer exists after). */
	before: json.nullable(),
	after: json.nullable(),
})
export type ActivityInput = z.input<typeof activityInputSchema>

/**
 * The fields whose values differ, each side keeping only those. A field present on one side
 * only counts as changed (its value on the other side is null). Empty when nothing changed.
 */
export function changedFields(
	before: Record<string, unknown> | null,
	after: Record<string, unknown> | null,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null; changed: string[] } {
	if (before === null || after === null) {
		const changed = Object.keys(before ?? after ?? {})
		return { before, after, changed }
	}
	const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
	const changed = keys.filter((key) => !isDeepStrictEqual(before[key] ?? null, after[key] ?? null))
	return {
		before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
		after: Object.fromEntries(changed.map((key) => [key, after[key] ?? null])),
		changed,
	}
}

/**
 * Writes one entry in `tx` (the change's own transaction), keeping only the changed fields.
 * Nothing is written when nothing changed (before and after equal); returns whether a row was
 * written. Throws on invalid input: the change's transaction is undone with it.
 */
export async function recordActivity(tx: Executor, input: ActivityInput): Promise<boolean> {
	const entry = activityInputSchema.parse(input)
	const diff = changedFields(entry.before, entry.after)
	if (diff.changed.length === 0) return false
	const asJson = (value: Record<string, unknown> | null) => (value === null ? null : JSON.stringify(value))
	await queryRows(
		// clock_timestamp(), not now(): the entries of one transaction (a product's variants) keep their order.
		sql`insert into activity_log (created_at, actor_id, actor_email, ip, kind, subject_type, subject_id, subject_label, subject_user_id, before, after)
			values (clock_timestamp(), ${entry.actorId}::uuid, (select email from users where id = ${entry.actorId}::uuid), ${entry.ip}::inet, ${entry.kind},
				${entry.subject.type}, ${entry.subject.id}, ${entry.subject.label}, ${entry.subject.userId ?? null}::uuid,
				${asJson(diff.before)}::jsonb, ${asJson(diff.after)}::jsonb)`,
		tx,
	)
	return true
}
