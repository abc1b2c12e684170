import { z } from 'zod'
import { getEnv } from '~/server/env.server'
import { enqueueNotification, inboxDrainer } from '../inbox.server'
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

export function enqueueMercadoPagoNotification(envelope: MpNotificationEnvelope): Promise<string> {
	return enqueueNotification(MERCADOPAGO_PROVIDER, envelope)
}

const envelopeSchema = z.object({ paymentId: z.string().regex(/^\d{1,20}$/), requestId: z.string().nullable(), action: z.string().nullable() })

/** Processes waiting notifications (payments/inbox.server.ts): each payment asked again of Mercado Pago. */
export const drainMercadoPagoInbox = inboxDrainer(MERCADOPAGO_PROVIDER, 'do Mercado Pago', (payload) =>
	syncMercadoPagoPayment(envelopeSchema.parse(payload).paymentId, 'webhook').then(() => undefined),
)
