import { createHash, timingSafeEqual } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { db, queryRows } from '~/server/db.server'
import { getEnv } from '~/server/env.server'
import { logger } from '~/server/logger.server'
import { confirmPixCharge, orderOfRefund, recordRefundState } from './confirm.server'
import { API_PIX_PROVIDER, apiPixEnabled, getApiPixClient } from './provider.server'

/**
 * The PSP's notifications (issue 29, decision 076): POST {PUBLIC_URL}/webhooks/pix/{token}/pix
 * with a `pix` array. The route checks the token and the body's shape, stores the body in
 * payment_inbox and answers 200 at once; the work (asking the PSP, confirming, flagging) runs
 * after the answer (drainPixInbox), and again from the payment job for what failed or was missed.
 * The body is never trusted: it only says which txids and refunds to look at.
 */
const notifiedPix = z.object({
	endToEndId: z.string().max(64),
	txid: z.string().max(64).optional(),
	valor: z.string().max(20),
	devolucoes: z.array(z.object({ id: z.string().max(64), status: z.string().max(40).optional() }).loose()).max(50).optional(),
}).loose()

export const pixNotificationSchema = z.object({ pix: z.array(notifiedPix).min(1, 'Nenhum PIX na notificação.').max(100, 'PIX demais em uma notificação.') }).loose()

export type PixNotification = z.infer<typeof pixNotificationSchema>

/** Whether `token` is the configured webhook token (constant time; false when not on api-pix). */
export function webhookTokenMatches(token: string): boolean {
	const env = getEnv()
	if (!apiPixEnabled(env) || !env.PIX_WEBHOOK_TOKEN) return false
	const digest = (value: string) => createHash('sha256').update(value).digest()
	return timingSafeEqual(digest(token), digest(env.PIX_WEBHOOK_TOKEN))
}

/** Stores a notification for the payment job; returns its inbox id. */
export async function enqueuePixNotification(notification: PixNotification): Promise<string> {
	const [row] = await queryRows<{ id: string }>(
		sql`insert into payment_inbox (provider, payload) values (${API_PIX_PROVIDER}, ${JSON.stringify(notification)}::jsonb) returning id`,
	)
	if (!row) throw new Error('notificação não registrada')
	return row.id
}

const MAX_ATTEMPTS = 10
const BATCH = 20

let draining: Promise<number> | null = null

/**
 * Processes the waiting notifications; returns how many it finished. One drain at a time per
 * process (a call during a drain joins it); across processes, each row is claimed (skip locked,
 * with a lapse) so two servers never work on the same one at once, and whatever they do is
 * idempotent anyway.
 */
export function drainPixInbox(): Promise<number> {
	draining ??= drain().finally(() => {
		draining = null
	})
	return draining
}

async function drain(): Promise<number> {
	let finished = 0
	for (let round = 0; round < 10; round++) {
		const rows = await queryRows<{ id: string; payload: unknown; attempts: number }>(
			sql`update payment_inbox set claimed_until = now() + interval '2 minutes', attempts = attempts + 1
				where id in (select id from payment_inbox
					where processed_at is null and provider = ${API_PIX_PROVIDER} and attempts < ${MAX_ATTEMPTS}
						and (claimed_until is null or claimed_until < now())
					order by received_at limit ${BATCH} for update skip locked)
				returning id, payload, attempts`,
			db,
		)
		if (rows.length === 0) break
		for (const row of rows) {
			try {
				const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload
				await processNotification(pixNotificationSchema.parse(payload))
				await db.execute(sql`update payment_inbox set processed_at = now(), last_error = null where id = ${row.id}::uuid`)
				finished++
			} catch (error) {
				const message = error instanceof Error ? error.message : String(error)
				logger.warn({ inbox: row.id, attempts: row.attempts, error: message }, 'notificação PIX não processada; nova tentativa depois')
				// Backoff: 30 s, 1 min, 2 min… before another worker may claim it again.
				const seconds = Math.min(3600, 30 * 2 ** Math.max(0, Number(row.attempts) - 1))
				await db.execute(sql`update payment_inbox set last_error = ${message.slice(0, 500)},
					claimed_until = now() + make_interval(secs => ${seconds}) where id = ${row.id}::uuid`)
			}
		}
		if (rows.length < BATCH) break
	}
	return finished
}

async function processNotification(notification: PixNotification): Promise<void> {
	const txids = new Set<string>()
	for (const pix of notification.pix) {
		if (pix.txid) txids.add(pix.txid)
		for (const devolucao of pix.devolucoes ?? []) {
			const owner = await orderOfRefund(devolucao.id)
			if (!owner) continue
			const current = await getApiPixClient().getRefund(pix.endToEndId, devolucao.id)
			if (current) await recordRefundState(owner.orderId, owner.txid, pix.endToEndId, current)
		}
	}
	for (const txid of txids) await confirmPixCharge(txid, 'webhook')
}
