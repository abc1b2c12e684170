import { sql } from 'drizzle-orm'
import { db, queryRows } from '~/server/db.server'
import { publicUrl } from '~/server/env.server'
import { logger } from '~/server/logger.server'
import { sendMail } from '~/server/mail.server'
import { returnRequestedEmail, returnRequestedOwnerEmail } from '~/server/mail/return-mail.server'
import { orderLinkUrl } from '~/server/orders/order-link.server'
import { getStoreSettings } from '~/server/settings.server'
import { eligibilityOfOrder, latestRequestOf, returnFactsOf, type OrderReturnFacts, type ReturnRequestRow } from './facts.server'
import { RETURN_MESSAGES, RETURN_REASON_LABELS, returnRequestSchema } from './rules'

/**
 * The shopper asks to withdraw (decision 117). Idempotent: the order's row is locked while the
 * request is written, and the partial unique index allows one open request per order, so a
 * double submit (two tabs, a retry) finds the first request and creates nothing. The caller has
 * already checked that the person may act on the order (orderIdForViewer).
 */
export const RETURN_POLICY_PATH = '/trocas-e-devolucoes'

export type RequestReturnResult = { ok: true; created: boolean; request: ReturnRequestRow } | { ok: false; message: string }

class Refused extends Error {}

export async function requestReturn(orderId: string, raw: { reason?: unknown; reasonText?: unknown }): Promise<RequestReturnResult> {
	const parsed = returnRequestSchema.safeParse({
		reason: typeof raw.reason === 'string' ? raw.reason : undefined,
		reasonText: typeof raw.reasonText === 'string' ? raw.reasonText : undefined,
	})
	if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? RETURN_MESSAGES.reason }
	let created = false
	// Read before the transaction: nothing inside it may wait for another connection (PGlite has one).
	const settings = await getStoreSettings()
	// Assigned inside the transaction callback; the casts keep TypeScript from narrowing them to null.
	let facts = null as OrderReturnFacts | null
	let request = null as ReturnRequestRow | null
	try {
		await db.transaction(async (tx) => {
			// Serialises requests of one order (and an admin's change of its status) with this one.
			await tx.execute(sql`select id from orders where id = ${orderId}::uuid for update`)
			const latest = await latestRequestOf(orderId, tx)
			if (latest?.status === 'aberto') {
				request = latest
				return
			}
			if (latest?.status === 'aprovado') throw new Refused(RETURN_MESSAGES.alreadyApproved)
			facts = await returnFactsOf(orderId, tx)
			if (!facts) throw new Refused(RETURN_MESSAGES.notFound)
			const eligibility = await eligibilityOfOrder(facts, { cutoffHour: settings.deliveryCutoffHour })
			if (eligibility.kind !== 'eligible') throw new Refused(RETURN_MESSAGES[eligibility.kind])
			const [row] = await queryRows<{ id: string }>(
				sql`insert into return_requests (order_id, reason, reason_text) values (${orderId}::uuid, ${parsed.data.reason}, ${parsed.data.reasonText})
					on conflict (order_id) where status = 'aberto' do nothing returning id`,
				tx,
			)
			created = row !== undefined
			request = await latestRequestOf(orderId, tx)
		})
	} catch (error) {
		if (error instanceof Refused) return { ok: false, message: error.message }
		throw error
	}
	if (!request) return { ok: false, message: RETURN_MESSAGES.notFound }
	if (created && facts) await sendRequestedMails(facts, request)
	return { ok: true, created, request }
}

async function sendRequestedMails(facts: OrderReturnFacts, request: ReturnRequestRow): Promise<void> {
	try {
		const settings = await getStoreSettings()
		const base = publicUrl()
		await sendMail({
			to: facts.email,
			...returnRequestedEmail({
				storeName: settings.storeName,
				reference: facts.reference,
				customerName: facts.customerName,
				orderUrl: orderLinkUrl(base, facts.reference, facts.accessToken),
				policyUrl: `${base}${RETURN_POLICY_PATH}`,
			}),
		})
		const reason = [request.reason ? RETURN_REASON_LABELS[request.reason] : null, request.reasonText].filter(Boolean).join(' — ')
		await sendMail({
			to: settings.contactEmail,
			...returnRequestedOwnerEmail({
				storeName: settings.storeName,
				reference: facts.reference,
				customerName: facts.customerName,
				adminUrl: `${base}/admin/pedidos/${facts.id}`,
				reason: reason || null,
			}),
		})
	} catch (error) {
		// The request is stored; a missing e-mail must not report it as failed.
		logger.error({ error: String(error), reference: facts.reference }, 'falha ao enviar o e-mail do pedido de desistência')
	}
}
