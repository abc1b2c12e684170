import { sql } from 'drizzle-orm'
import type { OrderStatus } from '~/db/schema/orders'
import type { PaymentEventKind } from '~/db/schema/payments'
import { queryRows } from '~/server/db.server'
import { getEnv } from '~/server/env.server'
import { logger } from '~/server/logger.server'
import { valorToCents } from './api-pix/amount'
import { ApiPixRefused, ApiPixUnavailable } from './api-pix/client.server'
import { API_PIX_PROVIDER, apiPixEnabled, getApiPixClient } from './api-pix/provider.server'
import { amountToCents } from './mercadopago/amount'
import { MercadoPagoError } from './mercadopago/client.server'
import { getMercadoPagoClient, MERCADOPAGO_PROVIDER, mercadoPagoConfigured, paymentReferenceOf } from './mercadopago/provider.server'

/**
 * The owner's reconciliation view (issue 29, decision 119): what the payment providers say was
 * paid in the last days, side by side with what the shop says, and the differences only — money
 * received for an order the shop does not have as paid, an order the shop has as paid that the
 * provider never received, a different amount. Read-only: settling a difference stays with the
 * owner (the automatic confirmations already ran through the webhooks and the reconciliation jobs).
 */
export const RECONCILIATION_DAYS = 7

/** Order statuses in which the shop holds the order as paid. */
const PAID_STATUSES: readonly OrderStatus[] = ['pago', 'em_producao', 'enviado', 'entregue']

export type PaymentMismatch = {
	/** 'provider_only': the provider has the money, the shop does not show it; 'shop_only': the reverse; 'amount': both, different values. */
	kind: 'provider_only' | 'shop_only' | 'amount'
	provider: string
	providerRef: string
	orderId: string | null
	orderReference: string | null
	orderStatus: OrderStatus | null
	/** What the provider received (provider_only, amount) or the order's total (shop_only). */
	amountCents: number | null
	orderTotalCents: number | null
	/** ISO date of the payment (provider) or of the order (shop_only). */
	at: string
}

export type ProviderCheck = { provider: string; ok: true; payments: number } | { provider: string; ok: false; message: string }

export type Reconciliation = { days: number; checks: ProviderCheck[]; mismatches: PaymentMismatch[] }

type OrderRow = { id: string; reference: string; status: OrderStatus; total_cents: number; key: string; created_at: Date | string }

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString()
const isPaid = (status: OrderStatus) => PAID_STATUSES.includes(status)

export function paymentProvidersConfigured(): string[] {
	const env = getEnv()
	return [...(apiPixEnabled(env) ? ['API Pix'] : []), ...(mercadoPagoConfigured(env) ? ['Mercado Pago'] : [])]
}

export async function reconcileWithProviders(now: Date = new Date(), days = RECONCILIATION_DAYS): Promise<Reconciliation> {
	const since = new Date(now.getTime() - days * 24 * 60 * 60 * 1000)
	const result: Reconciliation = { days, checks: [], mismatches: [] }
	const env = getEnv()
	if (apiPixEnabled(env)) await compareApiPix(since, now, result)
	if (mercadoPagoConfigured(env)) await compareMercadoPago(since, days, result)
	result.mismatches.sort((a, b) => b.at.localeCompare(a.at))
	return result
}

async function compareApiPix(since: Date, now: Date, result: Reconciliation): Promise<void> {
	const provider = 'API Pix'
	let received
	try {
		received = await getApiPixClient().listPix(since, now)
	} catch (error) {
		if (!(error instanceof ApiPixUnavailable || error instanceof ApiPixRefused)) throw error
		logger.warn({ error: error.message }, 'conciliação: API Pix não respondeu')
		result.checks.push({ provider, ok: false, message: 'O PSP não respondeu agora. Tente de novo em instantes.' })
		return
	}
	result.checks.push({ provider, ok: true, payments: received.length })
	const txids = [...new Set(received.map((pix) => pix.txid).filter((txid): txid is string => Boolean(txid)))]
	const orders = txids.length
		? await queryRows<OrderRow>(
				sql`select id, reference, status, total_cents, pix_txid as key, created_at from orders
					where pix_txid in (${sql.join(txids.map((t) => sql`${t}`), sql`, `)})`,
			)
		: []
	const byTxid = new Map(orders.map((order) => [order.key, order]))
	// What the PSP received, by charge (a charge paid twice counts its PIX together), and what of it
	// went back (devoluções DEVOLVIDO: a cancelled order whose PIX was refunded is settled).
	const receivedCents = new Map<string, { cents: number; keptCents: number; at: string }>()
	for (const pix of received) {
		const cents = valorToCents(pix.valor) ?? 0
		const returned = (pix.devolucoes ?? []).filter((d) => d.status === 'DEVOLVIDO').reduce((sum, d) => sum + (valorToCents(d.valor) ?? 0), 0)
		if (!pix.txid) {
			if (cents > returned) result.mismatches.push(mismatch('provider_only', provider, pix.endToEndId, null, cents, pix.horario))
			continue
		}
		const seen = receivedCents.get(pix.txid)
		receivedCents.set(pix.txid, { cents: (seen?.cents ?? 0) + cents, keptCents: (seen?.keptCents ?? 0) + cents - returned, at: seen?.at ?? pix.horario })
	}
	for (const [txid, money] of receivedCents) {
		const order = byTxid.get(txid) ?? null
		if (!order || !isPaid(order.status)) {
			if (money.keptCents > 0) result.mismatches.push(mismatch('provider_only', provider, txid, order, money.keptCents, money.at))
		} else if (money.cents !== order.total_cents) result.mismatches.push(mismatch('amount', provider, txid, order, money.cents, money.at))
	}
	// The reverse: PIX orders the shop holds as paid through the API Pix, in the window, with no PIX at the PSP.
	const paid = await queryRows<OrderRow>(
		sql`select id, reference, status, total_cents, pix_txid as key, created_at from orders
			where payment_method = 'pix' and payment_provider = ${API_PIX_PROVIDER} and pix_txid is not null
				and status in (${sql.join(PAID_STATUSES.map((s) => sql`${s}`), sql`, `)}) and created_at >= ${since.toISOString()}`,
	)
	for (const order of paid) {
		if (!receivedCents.has(order.key)) result.mismatches.push(mismatch('shop_only', provider, order.key, order, null, iso(order.created_at)))
	}
}

async function compareMercadoPago(since: Date, days: number, result: Reconciliation): Promise<void> {
	const provider = 'Mercado Pago'
	let payments
	try {
		payments = await getMercadoPagoClient().paymentsCreatedInLastDays(days)
	} catch (error) {
		if (!(error instanceof MercadoPagoError)) throw error
		logger.warn({ error: error.message }, 'conciliação: Mercado Pago não respondeu')
		result.checks.push({ provider, ok: false, message: 'O Mercado Pago não respondeu agora. Tente de novo em instantes.' })
		return
	}
	result.checks.push({ provider, ok: true, payments: payments.length })
	const references = [...new Set(payments.map((p) => p.external_reference).filter((r): r is string => Boolean(r)))]
	const orders = references.length
		? await queryRows<OrderRow>(
				sql`select id, reference, status, total_cents, coalesce(payment_reference, '') as key, created_at from orders
					where payment_method = 'card' and reference in (${sql.join(references.map((r) => sql`${r}`), sql`, `)})`,
			)
		: []
	const byReference = new Map(orders.map((order) => [order.reference, order]))
	const approvedIds = new Set<string>()
	for (const payment of payments) {
		// Money that stayed at Mercado Pago: approved (refunds show on the order's own timeline).
		if (payment.status !== 'approved') continue
		const ref = paymentReferenceOf(payment.id)
		approvedIds.add(ref)
		const cents = amountToCents(payment.transaction_amount)
		const order = (payment.external_reference && byReference.get(payment.external_reference)) || null
		const at = payment.date_approved ?? payment.date_created ?? new Date().toISOString()
		if (!order || !isPaid(order.status)) result.mismatches.push(mismatch('provider_only', provider, ref, order, cents, at))
		else if (cents !== order.total_cents) result.mismatches.push(mismatch('amount', provider, ref, order, cents, at))
	}
	const paid = await queryRows<OrderRow>(
		sql`select id, reference, status, total_cents, coalesce(payment_reference, '') as key, created_at from orders
			where payment_method = 'card' and payment_provider = ${MERCADOPAGO_PROVIDER}
				and status in (${sql.join(PAID_STATUSES.map((s) => sql`${s}`), sql`, `)}) and created_at >= ${since.toISOString()}`,
	)
	for (const order of paid) {
		if (!approvedIds.has(order.key)) result.mismatches.push(mismatch('shop_only', provider, order.key || '—', order, null, iso(order.created_at)))
	}
}

function mismatch(
	kind: PaymentMismatch['kind'],
	provider: string,
	providerRef: string,
	order: OrderRow | null,
	amountCents: number | null,
	at: string,
): PaymentMismatch {
	return {
		kind,
		provider,
		providerRef,
		orderId: order?.id ?? null,
		orderReference: order?.reference ?? null,
		orderStatus: order?.status ?? null,
		amountCents,
		orderTotalCents: order?.total_cents ?? null,
		at: iso(at),
	}
}

/** The flags of the last days (decisions 076, 078): what the providers' confirmations could not settle alone. */
export type PaymentFlag = {
	id: string
	kind: PaymentEventKind
	provider: string
	orderId: string | null
	orderReference: string | null
	providerRef: string | null
	amountCents: number | null
	detail: string | null
	at: string
}

export async function recentPaymentFlags(now: Date = new Date(), days = 30): Promise<PaymentFlag[]> {
	const rows = await queryRows<{
		id: string
		kind: PaymentEventKind
		provider: string
		order_id: string | null
		reference: string | null
		provider_ref: string | null
		amount_cents: number | null
		detail: string | null
		created_at: Date | string
	}>(
		sql`select e.id, e.kind, e.provider, e.order_id, o.reference, e.provider_ref, e.amount_cents, e.detail, e.created_at
			from payment_events e left join orders o on o.id = e.order_id
			where e.kind like 'flag_%' and e.created_at >= ${new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString()}
			order by e.created_at desc limit 200`,
	)
	return rows.map((row) => ({
		id: row.id,
		kind: row.kind,
		provider: row.provider,
		orderId: row.order_id,
		orderReference: row.reference,
		providerRef: row.provider_ref,
		amountCents: row.amount_cents,
		detail: row.detail,
		at: iso(row.created_at),
	}))
}
