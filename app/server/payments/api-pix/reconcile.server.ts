import { sql } from 'drizzle-orm'
import { queryRows } from '~/server/db.server'
import { getEnv } from '~/server/env.server'
import { logger } from '~/server/logger.server'
import { getStoreSettings } from '~/server/settings.server'
import { recordPaymentEvent } from '../payment-events.server'
import { ApiPixRefused } from './client.server'
import { confirmPixCharge, paidE2eid, recordRefundState } from './confirm.server'
import { API_PIX_PROVIDER, apiPixEnabled, getApiPixClient, pixWebhookUrl } from './provider.server'
import { drainPixInbox } from './webhook.server'

/**
 * What the webhook may have missed (issue 29, decision 076), every few minutes from the payment
 * job: the PIX the PSP received lately (GET /pix) and the open charges close to their deadline
 * are confirmed through confirmPixCharge (idempotent); the charges of orders that can no longer
 * be paid (expired, cancelled, or shown the static code after a fallback) are removed at the
 * PSP (PATCH /cob status REMOVIDA_PELO_USUARIO_RECEBEDOR); refunds in progress are followed
 * until DEVOLVIDO or NAO_REALIZADO.
 */
export type ReconcileReport = { confirmed: number; removed: number; refundsSettled: number }

const MINUTE = 60 * 1000
/** Open charges whose deadline is this close are asked about one by one. */
const NEAR_DEADLINE_MS = 30 * MINUTE

export async function reconcilePix(now: Date = new Date()): Promise<ReconcileReport> {
	const report: ReconcileReport = { confirmed: 0, removed: 0, refundsSettled: 0 }
	if (!apiPixEnabled(getEnv())) return report
	await drainPixInbox()
	const settings = await getStoreSettings()
	const client = getApiPixClient()
	const windowMs = settings.pixPaymentWindowHours * 60 * MINUTE

	// 1. PIX received in the payment window (plus an hour) for charges of ours still waiting.
	const received = await client.listPix(new Date(now.getTime() - windowMs - 60 * MINUTE), now)
	const txids = [...new Set(received.map((pix) => pix.txid).filter((txid): txid is string => Boolean(txid)))]
	if (txids.length > 0) {
		const open = await queryRows<{ pix_txid: string }>(
			sql`select pix_txid from orders where pix_txid in (${sql.join(txids.map((t) => sql`${t}`), sql`, `)})
				and (status = 'aguardando_pagamento' or status = 'cancelado')`,
		)
		for (const { pix_txid } of open) if ((await confirmPixCharge(pix_txid, 'reconciliation')) === 'paid') report.confirmed++
	}

	// 2. Charges still open whose deadline is near: asked one by one.
	const near = await queryRows<{ pix_txid: string }>(
		sql`select pix_txid from orders where status = 'aguardando_pagamento' and payment_provider = ${API_PIX_PROVIDER}
			and pix_txid is not null and created_at < ${new Date(now.getTime() - windowMs + NEAR_DEADLINE_MS).toISOString()}
			order by created_at limit 50`,
	)
	for (const { pix_txid } of near) if ((await confirmPixCharge(pix_txid, 'reconciliation')) === 'paid') report.confirmed++

	// 3. Charges that must not be paid any more: cancelled orders, and orders that fell back to the static code.
	const stale = await queryRows<{ id: string; pix_txid: string }>(
		sql`select o.id, o.pix_txid from orders o
			where o.pix_txid is not null and (o.status = 'cancelado' or o.payment_provider = 'static')
			and not exists (select 1 from payment_events e where e.order_id = o.id and e.kind in ('charge_removed', 'confirmed', 'flag_paid_after_expiry'))
			order by o.updated_at limit 50`,
	)
	for (const order of stale) {
		let detail = 'Cobrança removida no PSP: o pedido não pode mais ser pago'
		try {
			const cob = await client.getCob(order.pix_txid)
			if (cob?.status === 'CONCLUIDA') {
				// Paid in the meantime: confirmPixCharge flags it (paid after expiry) or confirms it.
				await confirmPixCharge(order.pix_txid, 'reconciliation')
				continue
			}
			if (cob?.status === 'ATIVA') await client.removeCob(order.pix_txid)
			else detail = cob ? `Cobrança já encerrada no PSP (${cob.status})` : 'Nenhuma cobrança no PSP para este pedido'
		} catch (error) {
			if (!(error instanceof ApiPixRefused)) throw error
			detail = `O PSP recusou a remoção da cobrança (${error.status})`
		}
		await recordPaymentEvent({ orderId: order.id, kind: 'charge_removed', provider: API_PIX_PROVIDER, providerRef: order.pix_txid, detail, eventKey: `api-pix:removed:${order.pix_txid}` })
		report.removed++
	}

	// 4. Refunds still in progress.
	const pending = await queryRows<{ order_id: string; provider_ref: string | null; provider_event_id: string; e2eid: string | null }>(
		sql`select r.order_id, r.provider_ref, r.provider_event_id, ${paidE2eid(sql`r.order_id`)} as e2eid from payment_events r
			where r.kind = 'refund_requested' and r.provider = ${API_PIX_PROVIDER} and r.order_id is not null
			and not exists (select 1 from payment_events f where f.provider_event_id = r.provider_event_id and f.kind in ('refund_completed', 'refund_failed'))
			order by r.created_at limit 50`,
	)
	for (const refund of pending) {
		const e2eid = refund.e2eid
		if (!e2eid) continue
		const state = await client.getRefund(e2eid, refund.provider_event_id)
		if (state && state.status !== 'EM_PROCESSAMENTO') {
			await recordRefundState(refund.order_id, refund.provider_ref, e2eid, state)
			report.refundsSettled++
		}
	}
	if (report.confirmed + report.removed + report.refundsSettled > 0) logger.info(report, 'conciliação PIX')
	return report
}

/** PUT /webhook/{chave}: at start-up and from the settings page's button. */
export async function registerPixWebhook(): Promise<{ ok: true; chave: string } | { ok: false; message: string }> {
	const env = getEnv()
	if (!apiPixEnabled(env)) return { ok: false, message: 'O PIX automático (PIX_PROVIDER=api-pix) não está configurado.' }
	const settings = await getStoreSettings()
	if (!settings.pixKey) return { ok: false, message: 'Cadastre a chave PIX da loja antes de registrar o webhook.' }
	try {
		await getApiPixClient().registerWebhook(settings.pixKey, pixWebhookUrl(env))
		return { ok: true, chave: settings.pixKey }
	} catch (error) {
		logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'não foi possível registrar o webhook PIX no PSP')
		return { ok: false, message: 'O PSP não aceitou o registro do webhook agora. Confira a configuração e tente novamente em instantes.' }
	}
}
