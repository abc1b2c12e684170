import { sql } from 'drizzle-orm'
import { db, queryRows } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import { pixPaymentDeadline } from '~/server/orders/expiry.server'
import type { StoreSettings } from '~/server/settings.server'
import { recordPaymentEvent } from '../payment-events.server'
import { centsToValor, valorToCents } from './amount'
import { ApiPixRefused, ApiPixUnavailable } from './client.server'
import { API_PIX_PROVIDER, getApiPixClient } from './provider.server'
import { txidForOrder } from './txid'

/**
 * The API Pix charge of one order (issue 29, decision 075). The order's txid is derived from
 * its id and stored first; the PSP's charge is then created with PUT /cob/{txid}. Every caller
 * (the checkout, each view of the order page, the placed e-mail) comes here, and all of them
 * name the same txid: the PSP refuses a second charge with it, and we read the existing one
 * back. The BR Code the PSP returned is kept on the order (set once, first writer wins).
 *
 * The PSP down (network, 5xx) when an order has no charge yet: the order falls back to the
 * static BR Code of the store's key, for good (decision 075): the shopper can pay at once, the
 * owner sees the fallback on the order's timeline and confirms that payment by hand, and the
 * order never shows a second code that could be paid too.
 */
export type StoredPixCharge = { payload: string; dynamic: boolean }

type OrderForCharge = {
	id: string
	reference: string
	total_cents: number
	cpf: string
	customer_name: string
	created_at: Date | string
	status: string
	pix_txid: string | null
	pix_copia_e_cola: string | null
	payment_provider: string | null
}

export const FALLBACK_PROVIDER = 'static'

export async function apiPixChargeForOrder(
	orderId: string,
	settings: Pick<StoreSettings, 'pixKey' | 'pixPaymentWindowHours' | 'storeName'>,
	staticPayload: () => string | null,
	now: Date = new Date(),
): Promise<StoredPixCharge | null> {
	const [order] = await queryRows<OrderForCharge>(
		sql`select id, reference, total_cents, cpf, customer_name, created_at, status, pix_txid, pix_copia_e_cola, payment_provider
			from orders where id = ${orderId}::uuid`,
	)
	if (!order) return null
	if (order.pix_copia_e_cola) return { payload: order.pix_copia_e_cola, dynamic: order.payment_provider === API_PIX_PROVIDER }
	if (order.status !== 'aguardando_pagamento' || !settings.pixKey) return null

	const txid = order.pix_txid ?? txidForOrder(order.id)
	if (!order.pix_txid) {
		await db.execute(sql`update orders set pix_txid = ${txid}, payment_provider = ${API_PIX_PROVIDER}
			where id = ${order.id}::uuid and pix_txid is null`)
	}
	const deadline = pixPaymentDeadline(order.created_at, settings.pixPaymentWindowHours)
	const expiracaoSeconds = Math.max(60, Math.floor((deadline.getTime() - now.getTime()) / 1000))
	const client = getApiPixClient()
	let payload: string
	let dynamic = true
	try {
		let cob
		try {
			cob = await client.createCob(txid, {
				expiracaoSeconds,
				devedor: { cpf: order.cpf, nome: order.customer_name },
				valor: centsToValor(order.total_cents),
				chave: settings.pixKey,
				solicitacaoPagador: `Pedido ${order.reference} — ${settings.storeName}`,
			})
		} catch (error) {
			// Already created (another tab, a retried checkout, a crash after the PSP answered): read it back.
			if (!(error instanceof ApiPixRefused)) throw error
			const existing = await client.getCob(txid)
			if (!existing) throw error
			cob = existing
		}
		if (valorToCents(cob.valor.original) !== order.total_cents || !cob.pixCopiaECola) {
			throw new Error(`cobrança ${txid} do PSP não corresponde ao pedido ${order.reference}`)
		}
		payload = cob.pixCopiaECola
		await recordPaymentEvent({
			orderId: order.id,
			kind: 'charge_created',
			provider: API_PIX_PROVIDER,
			providerRef: txid,
			amountCents: order.total_cents,
			detail: `Cobrança imediata criada no PSP (expira em ${Math.round(expiracaoSeconds / 60)} min)`,
			eventKey: `api-pix:charge:${txid}`,
		})
	} catch (error) {
		if (!(error instanceof ApiPixUnavailable)) throw error
		const fallback = staticPayload()
		if (!fallback) throw error
		logger.warn({ reference: order.reference, error: error.message }, 'PSP indisponível: pedido PIX com o BR Code estático da chave da loja')
		payload = fallback
		dynamic = false
		await recordPaymentEvent({
			orderId: order.id,
			kind: 'charge_fallback',
			provider: FALLBACK_PROVIDER,
			providerRef: txid,
			amountCents: order.total_cents,
			detail: 'PSP indisponível ao criar a cobrança: o pedido mostra o BR Code estático da chave da loja. Confirme este pagamento manualmente.',
			eventKey: `api-pix:fallback:${order.id}`,
		})
	}
	// First writer wins: a concurrent view that got another answer shows the stored one.
	const [stored] = await queryRows<{ pix_copia_e_cola: string; payment_provider: string | null }>(
		sql`update orders set pix_copia_e_cola = coalesce(pix_copia_e_cola, ${payload}),
				payment_provider = case when pix_copia_e_cola is null then ${dynamic ? API_PIX_PROVIDER : FALLBACK_PROVIDER} else payment_provider end
			where id = ${order.id}::uuid returning pix_copia_e_cola, payment_provider`,
	)
	return stored ? { payload: stored.pix_copia_e_cola, dynamic: stored.payment_provider === API_PIX_PROVIDER } : null
}
