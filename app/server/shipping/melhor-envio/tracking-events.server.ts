import { sql } from 'drizzle-orm'
import { queryRows } from '~/server/db.server'
import { TRACKING_EVENT_LABELS, type TrackingEventKind, isTrackingEventKind } from '~/utils/tracking'
import type { TrackingEntry } from './schemas'

/**
 * The tracking timeline (issue 32, decision 115): what Melhor Envio tells of a shipment — the date
 * of each step it lived — kept once per order and kind, whatever the number of times it is read.
 */

/** '2026-11-27 14:05:09' is São Paulo's time (UTC−3 all year: decision 085); an ISO date is taken as is. */
export function meDate(text: string | null | undefined): Date | null {
	if (!text) return null
	const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(text.trim())
	const date = new Date(local ? `${local[1]}T${local[2]}-03:00` : text)
	return Number.isNaN(date.getTime()) ? null : date
}

/** The events an answer shows: each step's date; 'undelivered' has none of its own, the answer's status tells it. */
export function eventsOf(entry: TrackingEntry, now: Date = new Date()): Array<{ kind: TrackingEventKind; at: Date }> {
	const events: Array<{ kind: TrackingEventKind; at: Date }> = []
	const dated: Array<[TrackingEventKind, string | null | undefined]> = [
		['paid', entry.paid_at],
		['generated', entry.generated_at],
		['posted', entry.posted_at],
		['delivered', entry.delivered_at],
		['canceled', entry.canceled_at],
		['expired', entry.expired_at],
	]
	for (const [kind, text] of dated) {
		const at = meDate(text)
		if (at) events.push({ kind, at })
	}
	if (entry.status === 'delivered' && !events.some((e) => e.kind === 'delivered')) events.push({ kind: 'delivered', at: now })
	if (entry.status === 'undelivered') events.push({ kind: 'undelivered', at: now })
	return events
}

export async function storeTrackingEvents(orderId: string, entry: TrackingEntry): Promise<void> {
	for (const event of eventsOf(entry)) {
		await queryRows(sql`insert into shipping_tracking_events (order_id, kind, occurred_at)
			values (${orderId}::uuid, ${event.kind}, ${event.at.toISOString()}::timestamptz)
			on conflict (order_id, kind) do nothing`)
	}
}

export type TrackingEventView = { kind: TrackingEventKind; label: string; at: Date }

/** The order's timeline, oldest first (the admin's and the shopper's order pages). */
export async function trackingEventsOf(orderId: string): Promise<TrackingEventView[]> {
	const rows = await queryRows<{ kind: string; occurred_at: string | Date }>(
		sql`select kind, occurred_at from shipping_tracking_events where order_id = ${orderId}::uuid order by occurred_at, created_at`,
	)
	return rows.filter((r) => isTrackingEventKind(r.kind)).map((r) => ({ kind: r.kind as TrackingEventKind, label: TRACKING_EVENT_LABELS[r.kind as TrackingEventKind], at: new Date(r.occurred_at) }))
}
