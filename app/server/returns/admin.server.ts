import { sql } from 'drizzle-orm'
import { formatMoneyInput } from '~/components/admin/money'
import type { ReturnRequestStatus } from '~/db/schema/returns'
import { RETURN_REQUEST_STATUSES } from '~/db/schema/returns'
import { queryRows } from '~/server/db.server'
import { newRefundId } from '~/server/payments/api-pix/refunds.server'
import { refundableOrder } from '~/server/payments/refund-order.server'
import { formatDate, formatDateTime, formatMoney } from '~/utils/format'
import { type ReturnRequestRow, latestRequestOf, returnFactsOf } from './facts.server'
import { suggestedRefund } from './decide.server'
import { RETURN_REASON_LABELS } from './rules'
import { RETURN_REQUEST_STATUS_LABELS } from '~/utils/return-status'

/**
 * What the owner sees (decision 117): the requests' list (/admin/devolucoes) and the panel on an
 * order's page, with the refund the request entitles the shopper to and the way it will go back.
 */
export type AdminReturnRow = {
	orderId: string
	reference: string
	customerName: string
	status: ReturnRequestStatus
	statusLabel: string
	reason: string | null
	total: string
	createdAt: string
	decidedAt: string | null
}

export function readReturnStatusFilter(url: URL): ReturnRequestStatus | null {
	const value = url.searchParams.get('status')
	if (value === 'todos') return null
	return (RETURN_REQUEST_STATUSES as readonly string[]).includes(value ?? '') ? (value as ReturnRequestStatus) : 'aberto'
}

/** The requests, newest first (the open ones by default); at most 200 (a shop sees a few a month). */
export async function listReturnRequests(status: ReturnRequestStatus | null): Promise<AdminReturnRow[]> {
	const rows = await queryRows<{
		order_id: string
		reference: string
		customer_name: string
		status: ReturnRequestStatus
		reason: keyof typeof RETURN_REASON_LABELS | null
		reason_text: string | null
		total_cents: number
		created_at: Date | string
		decided_at: Date | string | null
	}>(
		sql`select r.order_id, o.reference, o.customer_name, r.status, r.reason, r.reason_text, o.total_cents, r.created_at, r.decided_at
			from return_requests r join orders o on o.id = r.order_id
			${status ? sql`where r.status = ${status}` : sql``}
			order by r.created_at desc, r.id desc limit 200`,
	)
	return rows.map((row) => ({
		orderId: row.order_id,
		reference: row.reference,
		customerName: row.customer_name,
		status: row.status,
		statusLabel: RETURN_REQUEST_STATUS_LABELS[row.status],
		reason: [row.reason ? RETURN_REASON_LABELS[row.reason] : null, row.reason_text].filter(Boolean).join(' — ') || null,
		total: formatMoney(row.total_cents),
		createdAt: formatDateTime(row.created_at),
		decidedAt: row.decided_at ? formatDateTime(row.decided_at) : null,
	}))
}

export async function openReturnCount(): Promise<number> {
	const [row] = await queryRows<{ count: number }>(sql`select count(*)::int as count from return_requests where status = 'aberto'`)
	return Number(row?.count ?? 0)
}

export type AdminReturnPanel = {
	orderId: string
	status: ReturnRequestStatus
	statusLabel: string
	createdAt: string
	reason: string | null
	adminMessage: string | null
	decidedAt: string | null
	refund: string | null
	/** Only while open: how approving gives the money back. */
	approve: {
		/** 'provider': Mercado Pago or the PSP does it; 'manual': the owner did it and confirms. */
		method: 'provider' | 'manual'
		providerLabel: string | null
		amountInput: string
		maxAmount: string
		refundId: string
		excluded: string | null
		wholeOrder: boolean
		window: string | null
	} | null
}

function refundText(request: ReturnRequestRow): string | null {
	if (request.status !== 'aprovado' || request.refundCents === null) return null
	const how = request.refundMethod === 'mercadopago' ? 'estorno pelo Mercado Pago' : request.refundMethod === 'api-pix' ? 'PIX devolvido pelo PSP' : 'devolvido à mão pela loja'
	return `${formatMoney(request.refundCents)} (${how})`
}

/** The panel on /admin/pedidos/{id}; null when the order never had a request. */
export async function adminReturnPanelOf(orderId: string): Promise<AdminReturnPanel | null> {
	const request = await latestRequestOf(orderId)
	if (!request) return null
	const panel: AdminReturnPanel = {
		orderId,
		status: request.status,
		statusLabel: RETURN_REQUEST_STATUS_LABELS[request.status],
		createdAt: formatDateTime(request.createdAt),
		reason: [request.reason ? RETURN_REASON_LABELS[request.reason] : null, request.reasonText].filter(Boolean).join(' — ') || null,
		adminMessage: request.adminMessage,
		decidedAt: request.decidedAt ? formatDateTime(request.decidedAt) : null,
		refund: refundText(request),
		approve: null,
	}
	if (request.status !== 'aberto') return panel
	const facts = await returnFactsOf(orderId)
	if (!facts) return panel
	const [suggested, provider] = await Promise.all([suggestedRefund(facts, request.createdAt), refundableOrder(orderId)])
	const max = provider ? provider.availableCents : facts.totalCents
	const amount = Math.min(suggested.refundCents, max)
	panel.approve = {
		method: provider ? 'provider' : 'manual',
		providerLabel: provider ? (provider.provider === 'mercadopago' ? 'Mercado Pago (estorno no cartão)' : 'PSP do PIX (devolução por PIX)') : null,
		amountInput: formatMoneyInput(amount),
		maxAmount: formatMoney(max),
		refundId: newRefundId(),
		excluded: suggested.excludedCents > 0 ? formatMoney(suggested.excludedCents) : null,
		wholeOrder: suggested.excludedCents === 0,
		window: facts.deliveredAt ? `Entregue em ${formatDate(facts.deliveredAt)}.` : null,
	}
	return panel
}
