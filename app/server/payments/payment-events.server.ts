import { sql } from 'drizzle-orm'
import type { PaymentEventKind } from '~/db/schema/payments'
import { db, type Executor, queryRows } from '~/server/db.server'
import { type Actor, recordActivity } from '~/server/activity/record.server'

/**
 * The payment timeline (issue 29, decision 076): provider-neutral events of an order's payment,
 * each written once by its key (a duplicated notification, or the webhook and the reconciliation
 * job reaching the same fact, insert one row).
 */
export type PaymentEventInput = {
	orderId: string | null
	kind: PaymentEventKind
	provider: string
	providerRef?: string | null
	providerEventId?: string | null
	amountCents?: number | null
	detail?: string | null
	eventKey: string
}

/** Inserts the event unless its key exists; true when this call wrote it. */
export async function recordPaymentEvent(event: PaymentEventInput, executor: Executor = db): Promise<boolean> {
	const rows = await queryRows<{ id: string }>(
		sql`insert into payment_events (order_id, kind, provider, provider_ref, provider_event_id, amount_cents, detail, event_key)
			values (${event.orderId}, ${event.kind}, ${event.provider}, ${event.providerRef ?? null}, ${event.providerEventId ?? null},
				${event.amountCents ?? null}, ${event.detail ?? null}, ${event.eventKey})
			on conflict (event_key) do nothing returning id`,
		executor,
	)
	return rows.length > 0
}

/**
 * A refund asked of the provider (the admin's form): its 'refund_requested' event and, when this
 * call wrote it, the activity log's entry (issue 30) in one transaction. The amount refunded so far
 * goes from `refundedBeforeCents` to that plus this refund's amount.
 */
export async function recordRefundRequested(event: PaymentEventInput & { amountCents: number }, refundedBeforeCents: number, actor: Actor | null): Promise<boolean> {
	return db.transaction(async (tx) => {
		const written = await recordPaymentEvent(event, tx)
		if (!written || !event.orderId) return written
		const [order] = await queryRows<{ reference: string; user_id: string | null }>(
			sql`select reference, user_id from orders where id = ${event.orderId}::uuid`,
			tx,
		)
		await recordActivity(tx, {
			actorId: actor?.actorId ?? null,
			ip: actor?.ip ?? null,
			kind: 'refund',
			subject: { type: 'order', id: event.orderId, label: `Pedido ${order?.reference ?? ''}`.trim(), userId: order?.user_id ?? null },
			before: { refundedCents: refundedBeforeCents },
			after: { refundedCents: refundedBeforeCents + event.amountCents },
		})
		return written
	})
}

export type PaymentEventView = {
	id: string
	kind: PaymentEventKind
	provider: string
	providerRef: string | null
	providerEventId: string | null
	amountCents: number | null
	detail: string | null
	createdAt: string
}

export async function paymentEventsOf(orderId: string): Promise<PaymentEventView[]> {
	const rows = await queryRows<{
		id: string
		kind: PaymentEventKind
		provider: string
		provider_ref: string | null
		provider_event_id: string | null
		amount_cents: number | null
		detail: string | null
		created_at: Date | string
	}>(
		sql`select id, kind, provider, provider_ref, provider_event_id, amount_cents, detail, created_at
			from payment_events where order_id = ${orderId}::uuid order by created_at, id`,
	)
	return rows.map((r) => ({
		id: r.id,
		kind: r.kind,
		provider: r.provider,
		providerRef: r.provider_ref,
		providerEventId: r.provider_event_id,
		amountCents: r.amount_cents === null ? null : Number(r.amount_cents),
		detail: r.detail,
		createdAt: new Date(r.created_at).toISOString(),
	}))
}
