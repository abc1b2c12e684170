import { sql } from 'drizzle-orm'
import type { CouponKind } from '~/db/schema/orders'
import { type Actor, recordActivity } from '~/server/activity/record.server'
import { type Executor, db, queryRows } from '~/server/db.server'
import type { CouponInput } from './coupon-input'

/**
 * Back-office reads and writes of coupons (decision 13). Checkout redeems them elsewhere.
 * Issue 30: creating, editing, activating and deactivating a coupon is recorded in the activity
 * log, in the same transaction (a coupon is never deleted: deactivating is how it goes).
 */

/** What the log keeps of a coupon: its fields as the form has them (dates as ISO text). */
type CouponSnapshot = {
	code: string
	kind: string
	value: number
	minSubtotalCents: number
	usageLimit: number | null
	startsAt: string | null
	endsAt: string | null
	active: boolean
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

function snapshotOfInput(input: CouponInput): CouponSnapshot {
	return {
		code: input.code,
		kind: input.kind,
		value: input.value,
		minSubtotalCents: input.minSubtotalCents,
		usageLimit: input.usageLimit,
		startsAt: iso(input.startsAt),
		endsAt: iso(input.endsAt),
		active: input.active,
	}
}

function snapshotOfRow(row: CouponRow): CouponSnapshot {
	return {
		code: row.code,
		kind: row.kind,
		value: row.value,
		minSubtotalCents: row.min_subtotal_cents,
		usageLimit: row.usage_limit,
		startsAt: iso(row.starts_at),
		endsAt: iso(row.ends_at),
		active: row.active,
	}
}

const who = (actor: Actor | null) => ({ actorId: actor?.actorId ?? null, ip: actor?.ip ?? null })

export type CouponRow = {
	id: string
	code: string
	kind: CouponKind
	value: number
	min_subtotal_cents: number
	usage_limit: number | null
	used_count: number
	starts_at: Date | string | null
	ends_at: Date | string | null
	active: boolean
	created_at: Date | string
}

export const COUPONS_PAGE_SIZE = 50

export async function listCoupons(options: { q?: string; page: number }): Promise<{ rows: CouponRow[]; total: number }> {
	const pattern = options.q ? `%${options.q.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
	const where = pattern ? sql`code like ${pattern}` : sql`true`
	const [rows, [count]] = await Promise.all([
		queryRows<CouponRow>(
			sql`select * from coupons where ${where} order by created_at desc, code
				limit ${COUPONS_PAGE_SIZE} offset ${(options.page - 1) * COUPONS_PAGE_SIZE}`,
		),
		queryRows<{ n: number }>(sql`select count(*)::int as n from coupons where ${where}`),
	])
	return { rows, total: count?.n ?? 0 }
}

export async function getCoupon(id: string): Promise<CouponRow | null> {
	const [row] = await queryRows<CouponRow>(sql`select * from coupons where id = ${id}::uuid`)
	return row ?? null
}

export type SaveCouponResult = { ok: true; id: string } | { ok: false; reason: 'code_taken' | 'not_found' | 'below_used'; usedCount?: number }

/** Creates a coupon; the unique code index decides a race between two admins. */
export async function createCoupon(input: CouponInput, actor: Actor | null = null): Promise<SaveCouponResult> {
	return db.transaction(async (tx): Promise<SaveCouponResult> => {
		const [row] = await queryRows<{ id: string }>(
			sql`insert into coupons (code, kind, value, min_subtotal_cents, usage_limit, starts_at, ends_at, active)
				values (${input.code}, ${input.kind}, ${input.value}, ${input.minSubtotalCents}, ${input.usageLimit},
					${input.startsAt?.toISOString() ?? null}, ${input.endsAt?.toISOString() ?? null}, ${input.active})
				on conflict (code) do nothing returning id`,
			tx,
		)
		if (!row) return { ok: false, reason: 'code_taken' }
		await recordActivity(tx, {
			...who(actor),
			kind: 'coupon',
			subject: { type: 'coupon', id: row.id, label: `Cupom ${input.code}` },
			before: null,
			after: snapshotOfInput(input),
		})
		return { ok: true, id: row.id }
	})
}

/**
 * Updates a coupon. The row is locked so a checkout redeeming it at the same moment cannot
 * push used_count past a limit being lowered.
 */
export async function updateCoupon(id: string, input: CouponInput, actor: Actor | null = null): Promise<SaveCouponResult> {
	return db.transaction(async (tx) => {
		const [current] = await queryRows<CouponRow>(sql`select * from coupons where id = ${id}::uuid for update`, tx)
		if (!current) return { ok: false, reason: 'not_found' } as const
		if (input.usageLimit !== null && input.usageLimit < current.used_count) {
			return { ok: false, reason: 'below_used', usedCount: current.used_count } as const
		}
		const [taken] = await queryRows<{ id: string }>(
			sql`select id from coupons where code = ${input.code} and id <> ${id}::uuid`,
			tx,
		)
		if (taken) return { ok: false, reason: 'code_taken' } as const
		await tx.execute(sql`update coupons set code = ${input.code}, kind = ${input.kind}, value = ${input.value},
			min_subtotal_cents = ${input.minSubtotalCents}, usage_limit = ${input.usageLimit},
			starts_at = ${input.startsAt?.toISOString() ?? null}, ends_at = ${input.endsAt?.toISOString() ?? null},
			active = ${input.active}
			where id = ${id}::uuid`)
		await recordActivity(tx, {
			...who(actor),
			kind: 'coupon',
			subject: { type: 'coupon', id, label: `Cupom ${input.code}` },
			before: snapshotOfRow(current),
			after: snapshotOfInput(input),
		})
		return { ok: true, id } as const
	})
}

export async function setCouponActive(id: string, active: boolean, actor: Actor | null = null): Promise<boolean> {
	return db.transaction(async (tx) => {
		const [current] = await queryRows<{ code: string; active: boolean }>(
			sql`select code, active from coupons where id = ${id}::uuid for update`,
			tx,
		)
		if (!current) return false
		await tx.execute(sql`update coupons set active = ${active} where id = ${id}::uuid`)
		await recordActivity(tx, {
			...who(actor),
			kind: 'coupon',
			subject: { type: 'coupon', id, label: `Cupom ${current.code}` },
			before: { active: current.active },
			after: { active },
		})
		return true
	})
}

/** The shop's codes among `codes` (all upper case), for the import's check step. */
export async function existingCouponCodes(codes: string[], executor: Executor = db): Promise<Set<string>> {
	if (codes.length === 0) return new Set()
	const rows = await queryRows<{ code: string }>(
		sql`select code from coupons where code in (${sql.join(
			codes.map((c) => sql`${c}`),
			sql`, `,
		)})`,
		executor,
	)
	return new Set(rows.map((r) => r.code))
}

/**
 * Writes the checked coupons in one transaction. A code created by someone else between the
 * check and this write is skipped (never overwritten) and reported back. Issue 30: each coupon
 * written is in the activity log as one created by hand is (nothing → its fields), with where it
 * came from (`source`: the file's name), in the same transaction; a skipped one changed nothing.
 */
export async function importCoupons(
	coupons: CouponInput[],
	actor: Actor | null = null,
	fileName = '',
): Promise<{ inserted: string[]; skipped: string[] }> {
	const source = fileName.trim() ? `Importação CSV (${fileName.trim().slice(0, 200)})` : 'Importação CSV'
	return db.transaction(async (tx) => {
		const inserted: string[] = []
		const skipped: string[] = []
		for (const input of coupons) {
			const [row] = await queryRows<{ id: string; code: string }>(
				sql`insert into coupons (code, kind, value, min_subtotal_cents, usage_limit, starts_at, ends_at, active)
					values (${input.code}, ${input.kind}, ${input.value}, ${input.minSubtotalCents}, ${input.usageLimit},
						${input.startsAt?.toISOString() ?? null}, ${input.endsAt?.toISOString() ?? null}, ${input.active})
					on conflict (code) do nothing returning id, code`,
				tx,
			)
			if (!row) {
				skipped.push(input.code)
				continue
			}
			inserted.push(row.code)
			await recordActivity(tx, {
				...who(actor),
				kind: 'coupon',
				subject: { type: 'coupon', id: row.id, label: `Cupom ${row.code}` },
				before: null,
				after: { ...snapshotOfInput(input), source },
			})
		}
		return { inserted, skipped }
	})
}
