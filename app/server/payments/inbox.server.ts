import { sql } from 'drizzle-orm'
import { db, queryRows } from '~/server/db.server'
import { logger } from '~/server/logger.server'

/**
 * The providers' notifications, kept before any work (decisions 076, 078): a webhook stores the
 * body in payment_inbox and answers at once; a drain does the work after the answer, and the
 * payment jobs drain again for what failed. One inbox for every provider, each drained by its own
 * handler (which asks the provider again: a body is never trusted).
 */
export async function enqueueNotification(provider: string, payload: unknown): Promise<string> {
	const [row] = await queryRows<{ id: string }>(
		sql`insert into payment_inbox (provider, payload) values (${provider}, ${JSON.stringify(payload)}::jsonb) returning id`,
	)
	if (!row) throw new Error('notificação não registrada')
	return row.id
}

const MAX_ATTEMPTS = 10
const BATCH = 20

/**
 * A drain of `provider`'s waiting notifications, returning how many it finished. One drain at a
 * time per process (a call during a drain joins it); across processes each row is claimed (skip
 * locked, with a lapse), so two servers never work on the same one at once, and whatever `handle`
 * does is idempotent anyway. A failure is retried with backoff (30 s, 1 min, 2 min…), at most
 * MAX_ATTEMPTS times; `label` names the provider in the log.
 */
export function inboxDrainer(provider: string, label: string, handle: (payload: unknown) => Promise<void>): () => Promise<number> {
	let draining: Promise<number> | null = null

	async function drain(): Promise<number> {
		let finished = 0
		for (let round = 0; round < 10; round++) {
			const rows = await queryRows<{ id: string; payload: unknown; attempts: number }>(
				sql`update payment_inbox set claimed_until = now() + interval '2 minutes', attempts = attempts + 1
					where id in (select id from payment_inbox
						where processed_at is null and provider = ${provider} and attempts < ${MAX_ATTEMPTS}
							and (claimed_until is null or claimed_until < now())
						order by received_at limit ${BATCH} for update skip locked)
					returning id, payload, attempts`,
				db,
			)
			if (rows.length === 0) break
			for (const row of rows) {
				try {
					await handle(typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload)
					await db.execute(sql`update payment_inbox set processed_at = now(), last_error = null where id = ${row.id}::uuid`)
					finished++
				} catch (error) {
					const message = error instanceof Error ? error.message : String(error)
					logger.warn({ inbox: row.id, attempts: row.attempts, error: message }, `notificação ${label} não processada; nova tentativa depois`)
					const seconds = Math.min(3600, 30 * 2 ** Math.max(0, Number(row.attempts) - 1))
					await db.execute(sql`update payment_inbox set last_error = ${message.slice(0, 500)},
						claimed_until = now() + make_interval(secs => ${seconds}) where id = ${row.id}::uuid`)
				}
			}
			if (rows.length < BATCH) break
		}
		return finished
	}

	return () => {
		draining ??= drain().finally(() => {
			draining = null
		})
		return draining
	}
}
