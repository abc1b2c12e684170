import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { db, queryRows } from '~/server/db.server'
import { getEnv } from '~/server/env.server'
import { logger } from '~/server/logger.server'
import { syncMercadoPagoPayment } from './confirm.server'
import { MERCADOPAGO_PROVIDER, mercadoPagoConfigured } from './provider.server'
import { type SignatureCheck, verifySignature } from './signature.server'

/**
 * Mercado Pago's notifications (issue 29, decision 078): POST PUBLIC_URL/webhooks/mercadopago
 * ?data.id=<payment>&type=payment, signed in `x-signature`. The route checks the signature (stale
 * ones refused), stores the payment id in payment_inbox and answers 200 at once; the work
 * (GET /v1/payments/{id}, then the order) runs after the answer and again from the payment job
 * for what failed. Secrets never reach a log line.
 */
export const mpNotificationSchema = z
	.object({
		type: z.string().max(60).optional(),
		action: z.string().max(60).optional(),
		data: z.object({ id: z.union([z.string().max(40), z.number()]) }).loose().optional(),
	})
	.loose()

export type MpNotificationEnvelope = { paymentId: string; requestId: string | null; action: string | null }

/** The signature of a request to the webhook; a shop without Mercado Pago refuses everything. */
export function checkWebhookSignature(input: { header: string | null; requestId: string | null; dataId: string | null }): SignatureCheck {
	const env = getEnv()
	if (!mercadoPagoConfigured(env) || !env.MERCADOPAGO_WEBHOOK_SECRET) return { ok: false, reason: 'missing' }
	return verifySignature({ ...input, secret: env.MERCADOPAGO_WEBHOOK_SECRET })
}

export async function enqueueMercadoPagoNotification(envelope: MpNotificationEnvelope): Promise<string> {
	const [row] = await queryRows<{ id: string }>(
		sql`insert into payment_inbox (provider, payload) values (${MERCADOPAGO_PROVIDER}, ${JSON.stringify(envelope)}::jsonb) returning id`,
	)
	if (!row) throw new Error('notificação não registrada')
	return row.id
}

const envelopeSchema = z.object({ paymentId: z.string().regex(/^\d{1,20}$/), requestId: z.string().nullable(), action: z.string().nullable() })

const MAX_ATTEMPTS = 10
const BATCH = 20
let draining: Promise<number> | null = null

/** Processes waiting notifications (one drain at a time per process; rows claimed across servers). */
export function drainMercadoPagoInbox(): Promise<number> {
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
					where processed_at is null and provider = ${MERCADOPAGO_PROVIDER} and attempts < ${MAX_ATTEMPTS}
						and (claimed_until is null or claimed_until < now())
					order by received_at limit ${BATCH} for update skip locked)
				returning id, payload, attempts`,
			db,
		)
		if (rows.length === 0) break
		for (const row of rows) {
			try {
				const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload
				const envelope = envelopeSchema.parse(payload)
				await syncMercadoPagoPayment(envelope.paymentId, 'webhook')
				await db.execute(sql`update payment_inbox set processed_at = now(), last_error = null where id = ${row.id}::uuid`)
				finished++
			} catch (error) {
				const message = error instanceof Error ? error.message : String(error)
				logger.warn({ inbox: row.id, attempts: row.attempts, error: message }, 'notificação do Mercado Pago não processada; nova tentativa depois')
				const seconds = Math.min(3600, 30 * 2 ** Math.max(0, Number(row.attempts) - 1))
				await db.execute(sql`update payment_inbox set last_error = ${message.slice(0, 500)},
					claimed_until = now() + make_interval(secs => ${seconds}) where id = ${row.id}::uuid`)
			}
		}
		if (rows.length < BATCH) break
	}
	return finished
}
