import { createHash, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { getEnv } from '~/server/env.server'
import { enqueueNotification, inboxDrainer } from '../inbox.server'
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
export function enqueuePixNotification(notification: PixNotification): Promise<string> {
	return enqueueNotification(API_PIX_PROVIDER, notification)
}

/** Processes the waiting PIX notifications (payments/inbox.server.ts); returns how many it finished. */
export const drainPixInbox = inboxDrainer(API_PIX_PROVIDER, 'PIX', (payload) => processNotification(pixNotificationSchema.parse(payload)))

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
