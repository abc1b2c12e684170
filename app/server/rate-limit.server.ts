import { lt, sql } from 'drizzle-orm'
import { rateLimits } from '~/db/schema'
import { nowMs } from '~/server/clock.server'
import { db, queryRows } from '~/server/db.server'

/**
 * Fixed-window rate limits kept in the database, so that every app server behind the load
 * balancer draws from the same budget. One atomic upsert per attempt: no read-then-write race.
 */
export type RateLimitOptions = {
	/** What is limited, e.g. `signin:account:ana@example.com` or `signin:ip:203.0.113.7`. */
	key: string
	limit: number
	windowSeconds: number
}
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number }

function currentWindow(windowSeconds: number, now: number) {
	const windowMs = windowSeconds * 1000
	const start = Math.floor(now / windowMs) * windowMs
	return { start: new Date(start), retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) }
}

/** Counts one attempt against `key` and says whether it is still within `limit`. */
export async function consumeRateLimit({ key, limit, windowSeconds }: RateLimitOptions): Promise<RateLimitResult> {
	const now = nowMs()
	const window = currentWindow(windowSeconds, now)
	const [row] = await queryRows<{ count: number }>(sql`
		insert into ${rateLimits} (key, window_start, count)
		values (${key}, ${window.start.toISOString()}, 1)
		on conflict (key, window_start) do update set count = ${rateLimits}.count + 1
		returning count`)
	const count = Number(row?.count ?? 1)
	return { allowed: count <= limit, retryAfterSeconds: window.retryAfterSeconds }
}

/** Forgets the attempts counted for `key` (e.g. a successful sign-in clears its failures). */
export async function resetRateLimit(key: string): Promise<void> {
	await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`)
}

/**
 * Gives back one attempt counted against `key` in the current window (never below zero): an
 * attempt that turned out legitimate, e.g. a sign-in with the right password, should not
 * use up a budget meant for guesses.
 */
export async function refundRateLimit({ key, windowSeconds }: Omit<RateLimitOptions, 'limit'>): Promise<void> {
	const window = currentWindow(windowSeconds, nowMs())
	await db.execute(
		sql`update ${rateLimits} set count = greatest(count - 1, 0) where key = ${key} and window_start = ${window.start.toISOString()}`,
	)
}

/** Drops windows that ended long ago; the purge job (app/server/jobs/purges.server.ts) calls it. */
export async function purgeOldRateLimits(before: Date): Promise<void> {
	await db.delete(rateLimits).where(lt(rateLimits.windowStart, before))
}

/** How many attempts `key` has counted in the current window, without counting one. */
export async function peekRateLimit({ key, windowSeconds }: Omit<RateLimitOptions, 'limit'>): Promise<number> {
	const window = currentWindow(windowSeconds, nowMs())
	const [row] = await queryRows<{ count: number }>(
		sql`select count from ${rateLimits} where key = ${key} and window_start = ${window.start.toISOString()}`,
	)
	return Number(row?.count ?? 0)
}

/** Forgets every key that starts with `prefix` (e.g. all of one account's per-address budgets). */
export async function resetRateLimitsWithPrefix(prefix: string): Promise<void> {
	const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
	await db.delete(rateLimits).where(sql`${rateLimits.key} like ${pattern}`)
}
