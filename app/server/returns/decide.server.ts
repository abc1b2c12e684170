import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { parseMoneyInput } from '~/components/admin/money'
import type { ReturnRefundMethod } from '~/db/schema/returns'
import { type Actor, recordActivity } from '~/server/activity/record.server'
import { type Transaction, db, queryRows } from '~/server/db.server'
import { publicUrl } from '~/server/env.server'
import { logger } from '~/server/logger.server'
import { sendMail } from '~/server/mail.server'
import { returnApprovedEmail, returnRefusedEmail } from '~/server/mail/return-mail.server'
import { orderLinkUrl } from '~/server/orders/order-link.server'
import { changeOrderStatus } from '~/server/orders/status.server'
import { refundableOrder, refundThroughProvider } from '~/server/payments/refund-order.server'
import { getStoreSettings } from '~/server/settings.server'
import { formatMoney } from '~/utils/format'
import { type OrderReturnFacts, latestRequestOf, returnFactsOf } from './facts.server'
import { RETURN_POLICY_PATH } from './request.server'
import { RETURN_MESSAGES, approveMessageSchema, eligibilityOf, refuseSchema } from './rules'

/**
 * The owner answers a withdrawal (decision 117). Approving gives the money back through the
 * provider that took it (refund-order.server.ts, the same calls as the admin's refund form) or,
 * where no provider can, records that the owner gave it back by hand; a whole withdrawal then
 * cancels the order (stock, coupon and points go back, status.server.ts). Refusing needs a
 * message. The shopper gets an e-mail either way; the activity log records the decision.
 */
export type DecideResult = { ok: true; message: string } | { ok: false; message: string }

const REFUND_METHOD_LABELS: Record<ReturnRefundMethod, string> = {
	'api-pix': 'PIX devolvido pelo PSP',
	mercadopago: 'estorno no Mercado Pago',
	manual: 'devolvido à mão pela loja',
}

const approveSchema = z.object({
	amount: z
		.string({ error: RETURN_MESSAGES.amount })
		.transform((value) => parseMoneyInput(value))
		.refine((cents): cents is number => cents !== null && cents > 0, RETURN_MESSAGES.amount),
	refundId: z.string({ error: 'Recarregue a página e tente de novo.' }).regex(/^[A-Za-z0-9]{1,35}$/, 'Recarregue a página e tente de novo.'),
	refundedByHand: z.string().optional(),
	message: approveMessageSchema,
})

class Refused extends Error {}

/** Locks the open request of `orderId`; refuses when there is none (already answered). */
async function lockOpenRequest(tx: Transaction, orderId: string): Promise<{ id: string }> {
	const [row] = await queryRows<{ id: string }>(
		sql`select id from return_requests where order_id = ${orderId}::uuid and status = 'aberto' for update`,
		tx,
	)
	if (!row) throw new Refused(RETURN_MESSAGES.decided)
	return row
}

/** What the request entitled the shopper to, judged when she asked (the window may have closed since). */
export async function suggestedRefund(facts: OrderReturnFacts, askedAt: Date): Promise<{ refundCents: number; excludedCents: number }> {
	const settings = await getStoreSettings()
	const eligibility = eligibilityOf(facts, { cutoffHour: settings.deliveryCutoffHour }, askedAt.getTime())
	return eligibility.kind === 'eligible'
		? { refundCents: eligibility.refundCents, excludedCents: eligibility.excludedCents }
		: { refundCents: facts.totalCents, excludedCents: 0 }
}

export async function approveReturn(orderId: string, form: Record<string, unknown>, actor: Actor): Promise<DecideResult> {
	const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : undefined)
	const parsed = approveSchema.safeParse({
		amount: text('amount'),
		refundId: text('refundId'),
		refundedByHand: text('refundedByHand'),
		message: text('message'),
	})
	if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Dados inválidos.' }
	const amountCents = parsed.data.amount as number
	const [facts, latest] = await Promise.all([returnFactsOf(orderId), latestRequestOf(orderId)])
	if (!facts) return { ok: false, message: RETURN_MESSAGES.notFound }
	if (latest?.status !== 'aberto') return { ok: false, message: RETURN_MESSAGES.decided }
	const { excludedCents } = await suggestedRefund(facts, latest.createdAt)

	const provider = await refundableOrder(orderId)
	let method: ReturnRefundMethod
	let reference: string | null = null
	if (provider) {
		// A double submit carries the same refund id: the provider answers with the refund it made.
		const refund = await refundThroughProvider(
			{ orderId, amountCents, refundId: parsed.data.refundId, reason: `Desistência do pedido ${facts.reference}` },
			actor,
		)
		if (!refund.ok) return refund
		method = refund.provider
		reference = parsed.data.refundId
	} else {
		if (amountCents > facts.totalCents) return { ok: false, message: RETURN_MESSAGES.amountTooHigh(formatMoney(facts.totalCents)) }
		if (parsed.data.refundedByHand !== 'on') {
			return { ok: false, message: 'Confirme que já devolveu o valor ao cliente (PIX ou estorno feito por você).' }
		}
		method = 'manual'
	}

	try {
		await db.transaction(async (tx) => {
			const request = await lockOpenRequest(tx, orderId)
			await tx.execute(sql`update return_requests set status = 'aprovado', decided_at = now(), decided_by_user_id = ${actor.actorId}::uuid,
				admin_message = ${parsed.data.message}, refund_method = ${method}, refund_cents = ${amountCents}, refund_reference = ${reference}
				where id = ${request.id}::uuid`)
			const subject = { type: 'order' as const, id: orderId, label: `Pedido ${facts.reference}`, userId: facts.userId }
			await recordActivity(tx, {
				actorId: actor.actorId,
				ip: actor.ip,
				kind: 'return_request',
				subject,
				before: { returnStatus: 'aberto' },
				after: { returnStatus: 'aprovado' },
			})
			// A provider's refund is recorded with its payment event (payment-events.server.ts); one by hand, here.
			if (method === 'manual') {
				const [before] = await queryRows<{ cents: number }>(
					sql`select coalesce(sum(refund_cents), 0)::int as cents from return_requests
						where order_id = ${orderId}::uuid and refund_method = 'manual' and id <> ${request.id}::uuid`,
					tx,
				)
				const refundedBefore = Number(before?.cents ?? 0)
				await recordActivity(tx, {
					actorId: actor.actorId,
					ip: actor.ip,
					kind: 'refund',
					subject,
					before: { refundedCents: refundedBefore },
					after: { refundedCents: refundedBefore + amountCents },
				})
			}
		})
	} catch (error) {
		if (error instanceof Refused) return { ok: false, message: error.message }
		throw error
	}

	// A whole withdrawal ends the order; with personalised pieces kept, the order stands.
	if (excludedCents === 0 && facts.status !== 'cancelado') {
		const cancelled = await changeOrderStatus({
			orderId,
			to: 'cancelado',
			actorUserId: actor.actorId,
			actorIp: actor.ip,
			actorLabel: 'Desistência aprovada (direito de arrependimento)',
			cancelReason: 'return_approved',
		})
		if (!cancelled.ok) logger.warn({ reference: facts.reference, message: cancelled.message }, 'desistência aprovada sem cancelar o pedido')
	}
	await sendDecisionMail(facts, (common) =>
		returnApprovedEmail({
			...common,
			refundCents: amountCents,
			paymentMethod: facts.paymentMethod,
			method: method === 'manual' ? 'manual' : 'provider',
			message: parsed.data.message,
		}),
	)
	return { ok: true, message: `Desistência aprovada: ${formatMoney(amountCents)} (${REFUND_METHOD_LABELS[method]}).` }
}

export async function refuseReturn(orderId: string, form: Record<string, unknown>, actor: Actor): Promise<DecideResult> {
	const parsed = refuseSchema.safeParse({ message: typeof form.message === 'string' ? form.message : '' })
	if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? RETURN_MESSAGES.messageRequired }
	const facts = await returnFactsOf(orderId)
	if (!facts) return { ok: false, message: RETURN_MESSAGES.notFound }
	try {
		await db.transaction(async (tx) => {
			const request = await lockOpenRequest(tx, orderId)
			await tx.execute(sql`update return_requests set status = 'recusado', decided_at = now(), decided_by_user_id = ${actor.actorId}::uuid,
				admin_message = ${parsed.data.message} where id = ${request.id}::uuid`)
			await recordActivity(tx, {
				actorId: actor.actorId,
				ip: actor.ip,
				kind: 'return_request',
				subject: { type: 'order', id: orderId, label: `Pedido ${facts.reference}`, userId: facts.userId },
				before: { returnStatus: 'aberto' },
				after: { returnStatus: 'recusado' },
			})
		})
	} catch (error) {
		if (error instanceof Refused) return { ok: false, message: error.message }
		throw error
	}
	await sendDecisionMail(facts, (common) => returnRefusedEmail({ ...common, message: parsed.data.message }))
	return { ok: true, message: 'Desistência recusada; o cliente recebeu a sua mensagem por e-mail.' }
}

type Common = Parameters<typeof returnRefusedEmail>[0]

async function sendDecisionMail(facts: OrderReturnFacts, make: (common: Omit<Common, 'message'>) => ReturnType<typeof returnRefusedEmail>): Promise<void> {
	try {
		const settings = await getStoreSettings()
		const base = publicUrl()
		await sendMail({
			to: facts.email,
			...make({
				storeName: settings.storeName,
				reference: facts.reference,
				customerName: facts.customerName,
				orderUrl: orderLinkUrl(base, facts.reference, facts.accessToken),
				policyUrl: `${base}${RETURN_POLICY_PATH}`,
			}),
		})
	} catch (error) {
		// The decision is stored; a missing e-mail must not report it as failed.
		logger.error({ error: String(error), reference: facts.reference }, 'falha ao enviar o e-mail da desistência')
	}
}
