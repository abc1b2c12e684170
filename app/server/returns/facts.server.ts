import { sql } from 'drizzle-orm'
import type { OrderStatus, PaymentMethod } from '~/db/schema/orders'
import type { ReturnReason, ReturnRefundMethod, ReturnRequestStatus } from '~/db/schema/returns'
import { type Executor, db, queryRows } from '~/server/db.server'
import { nowMs } from '~/server/clock.server'
import { getStoreSettings } from '~/server/settings.server'
import { type Eligibility, type EligibilityFacts, eligibilityOf } from './rules'

/**
 * An order's withdrawal facts read from the database (status history, lines, personalised
 * pieces' production) and its latest request, for the shopper's pages, the admin and the actions.
 */
export type OrderReturnFacts = EligibilityFacts & {
	id: string
	reference: string
	userId: string | null
	customerName: string
	email: string
	accessToken: string
	paymentMethod: PaymentMethod
	paymentProvider: string | null
}

export type ReturnRequestRow = {
	id: string
	orderId: string
	status: ReturnRequestStatus
	reason: ReturnReason | null
	reasonText: string | null
	adminMessage: string | null
	refundMethod: ReturnRefundMethod | null
	refundCents: number | null
	createdAt: Date
	decidedAt: Date | null
}

type FactsRow = {
	id: string
	reference: string
	status: OrderStatus
	user_id: string | null
	customer_name: string
	email: string
	access_token: string
	payment_method: PaymentMethod
	payment_provider: string | null
	total_cents: number
	paid_at: Date | string | null
	updated_at: Date | string
	delivery_min_days: number | null
	delivery_max_days: number | null
	delivered_at: Date | string | null
	shipped_at: Date | string | null
	production_started: boolean
}

const date = (value: Date | string | null): Date | null => (value === null ? null : new Date(value))

export async function returnFactsOf(orderId: string, executor: Executor = db): Promise<OrderReturnFacts | null> {
	const [row] = await queryRows<FactsRow>(
		sql`select o.id, o.reference, o.status, o.user_id, o.customer_name, o.email, o.access_token, o.payment_method, o.payment_provider,
			o.total_cents, o.paid_at, o.updated_at, o.delivery_min_days, o.delivery_max_days,
			(select max(h.created_at) from order_status_history h where h.order_id = o.id and h.to_status = 'entregue') as delivered_at,
			(select max(h.created_at) from order_status_history h where h.order_id = o.id and h.to_status = 'enviado') as shipped_at,
			exists (select 1 from personalization_orders p where p.order_id = o.id and p.production_started_at is not null) as production_started
			from orders o where o.id = ${orderId}::uuid`,
		executor,
	)
	if (!row) return null
	const lines = await queryRows<{ attributes: Array<{ key: string; value: string }> | null; line_total_cents: number; is_gift: boolean }>(
		sql`select attributes, line_total_cents, is_gift from order_lines where order_id = ${orderId}::uuid order by id`,
		executor,
	)
	return {
		id: row.id,
		reference: row.reference,
		userId: row.user_id,
		customerName: row.customer_name,
		email: row.email,
		accessToken: row.access_token,
		paymentMethod: row.payment_method,
		paymentProvider: row.payment_provider,
		status: row.status,
		totalCents: row.total_cents,
		paidAt: date(row.paid_at),
		updatedAt: new Date(row.updated_at),
		deliveryMinDays: row.delivery_min_days,
		deliveryMaxDays: row.delivery_max_days,
		deliveredAt: date(row.delivered_at),
		shippedAt: date(row.shipped_at),
		productionStarted: Boolean(row.production_started),
		lines: lines.map((l) => ({ attributes: l.attributes, totalCents: l.line_total_cents, isGift: l.is_gift })),
	}
}

/**
 * `calendar`: pass it inside a transaction (read before it): on PGlite's single connection a
 * settings query outside the transaction would wait for the transaction, which waits for it.
 */
export async function eligibilityOfOrder(facts: OrderReturnFacts, calendar?: { cutoffHour: number }): Promise<Eligibility> {
	const cutoffHour = calendar?.cutoffHour ?? (await getStoreSettings()).deliveryCutoffHour
	return eligibilityOf(facts, { cutoffHour }, nowMs())
}

type RequestRow = {
	id: string
	order_id: string
	status: ReturnRequestStatus
	reason: ReturnReason | null
	reason_text: string | null
	admin_message: string | null
	refund_method: ReturnRefundMethod | null
	refund_cents: number | null
	created_at: Date | string
	decided_at: Date | string | null
}

export function requestOfRow(row: RequestRow): ReturnRequestRow {
	return {
		id: row.id,
		orderId: row.order_id,
		status: row.status,
		reason: row.reason,
		reasonText: row.reason_text,
		adminMessage: row.admin_message,
		refundMethod: row.refund_method,
		refundCents: row.refund_cents,
		createdAt: new Date(row.created_at),
		decidedAt: date(row.decided_at),
	}
}

export const REQUEST_COLUMNS = sql.raw(
	'id, order_id, status, reason, reason_text, admin_message, refund_method, refund_cents, created_at, decided_at',
)

/** The order's latest request (open, or the last one decided). */
export async function latestRequestOf(orderId: string, executor: Executor = db): Promise<ReturnRequestRow | null> {
	const [row] = await queryRows<RequestRow>(
		sql`select ${REQUEST_COLUMNS} from return_requests where order_id = ${orderId}::uuid order by created_at desc, id desc limit 1`,
		executor,
	)
	return row ? requestOfRow(row) : null
}

/** The latest request of several orders at once (the shopper's order list). */
export async function latestRequestsOf(orderIds: readonly string[]): Promise<Map<string, ReturnRequestRow>> {
	if (orderIds.length === 0) return new Map()
	const rows = await queryRows<RequestRow>(
		sql`select distinct on (order_id) ${REQUEST_COLUMNS} from return_requests
			where order_id in (${sql.join(orderIds.map((id) => sql`${id}::uuid`), sql`, `)})
			order by order_id, created_at desc, id desc`,
	)
	return new Map(rows.map((row) => [row.order_id, requestOfRow(row)]))
}
