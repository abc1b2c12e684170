import { sql } from 'drizzle-orm'
import type { OrderStatus, PaymentMethod } from '~/db/schema/orders'
import { queryRows } from '~/server/db.server'
import { TRACKING_EVENT_LABELS, isTrackingEventKind } from '~/utils/tracking'

/**
 * 'Meus Pedidos' (document 001 §2; issue 10): the signed-in customer's own shop orders, newest
 * first, each with its items and status history. The user id comes from the session, never
 * from the request, so nobody can list another person's orders.
 */

export type CustomerOrder = {
	id: string
	reference: string
	createdAt: string
	status: OrderStatus
	totalCents: number
	paymentMethod: PaymentMethod
	trackingCode: string | null
	items: { title: string; variant: string; quantity: number }[]
	history: { status: OrderStatus; at: string }[]
	/** Issue 32 (decision 115): the parcel's way as the carrier told it (Melhor Envio labels). */
	tracking: { kind: string; label: string; at: string }[]
}

/** The latest orders of one customer (a customer with more sees the 50 latest). */
export async function ordersOfCustomer(userId: string, limit = 50): Promise<CustomerOrder[]> {
	const rows = await queryRows<{
		id: string
		reference: string
		created_at: string | Date
		status: OrderStatus
		total_cents: number
		payment_method: PaymentMethod
		tracking_code: string | null
		items: { title: string; variant: string; quantity: number; gift: boolean; hidden: boolean }[] | null
		history: { status: OrderStatus; at: string }[] | null
		tracking: { kind: string; at: string }[] | null
	}>(sql`
		select o.id, o.reference, o.created_at, o.status, o.total_cents, o.payment_method, o.tracking_code,
			(select json_agg(json_build_object('title', l.product_title, 'variant', l.variant_title, 'quantity', l.quantity, 'gift', l.is_gift,
				'hidden', exists (select 1 from jsonb_array_elements(l.attributes) a where a->>'key' = 'Para')) order by l.is_gift, l.product_title, l.variant_title)
				from order_lines l where l.order_id = o.id) as items,
			(select json_agg(json_build_object('status', h.to_status, 'at', h.created_at) order by h.created_at, h.id)
				from order_status_history h where h.order_id = o.id) as history,
			(select json_agg(json_build_object('kind', e.kind, 'at', e.occurred_at) order by e.occurred_at, e.created_at)
				from shipping_tracking_events e where e.order_id = o.id) as tracking
		from orders o
		where o.user_id = ${userId}::uuid
		order by o.created_at desc, o.id desc
		limit ${limit}`)
	return rows.map((row) => ({
		id: row.id,
		reference: row.reference,
		createdAt: new Date(row.created_at).toISOString(),
		status: row.status,
		totalCents: row.total_cents,
		paymentMethod: row.payment_method,
		trackingCode: row.tracking_code,
		// Extras ('Para' lines) are part of their product; the gift is listed as such.
		items: (row.items ?? [])
			.filter((item) => !item.hidden)
			.map((item) => ({ title: item.gift ? `${item.title} (brinde)` : item.title, variant: item.variant, quantity: item.quantity })),
		history: (row.history ?? []).map((h) => ({ status: h.status, at: new Date(h.at).toISOString() })),
		tracking: (row.tracking ?? [])
			.filter((e) => isTrackingEventKind(e.kind))
			.map((e) => ({ kind: e.kind, label: TRACKING_EVENT_LABELS[e.kind as keyof typeof TRACKING_EVENT_LABELS], at: new Date(e.at).toISOString() })),
	}))
}
