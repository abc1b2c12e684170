import { sql } from 'drizzle-orm'
import { nowMs } from '~/server/clock.server'
import { queryRows } from '~/server/db.server'
import { getStoreSettings } from '~/server/settings.server'

/**
 * The back-office dashboard's figures (issue 11), from the orders themselves: revenue, paid
 * orders, average ticket and conversion (paid orders per cart started) for today, 7 and 30 days
 * in the shop's time zone; daily revenue for 30 days; what waits for the owner. Revenue counts
 * an order on the day it was paid, while it is not cancelled.
 */

export const SHOP_TIME_ZONE = 'America/Sao_Paulo'
const PAID = sql`('pago', 'em_producao', 'enviado', 'entregue')`

export type SalesWindow = {
	key: 'hoje' | '7d' | '30d'
	label: string
	revenueCents: number
	orders: number
	averageCents: number
	conversion: number | null
}

export async function salesWindows(): Promise<SalesWindow[]> {
	const now = new Date(nowMs()).toISOString()
	// Day boundaries in São Paulo: 'today' starts at local midnight; 7 and 30 days include today.
	const [row] = await queryRows<Record<string, string | number | null>>(sql`
		with bounds as (
			select (date_trunc('day', ${now}::timestamptz at time zone ${SHOP_TIME_ZONE}) at time zone ${SHOP_TIME_ZONE}) as today
		)
		select
			${sql.join(
				(
					[
						['hoje', sql`(select today from bounds)`],
						['7d', sql`(select today - interval '6 days' from bounds)`],
						['30d', sql`(select today - interval '29 days' from bounds)`],
					] as const
				).map(
					([key, since]) => sql`
				(select coalesce(sum(total_cents), 0)::bigint from orders where status in ${PAID} and paid_at >= ${since} and paid_at <= ${now}::timestamptz) as ${sql.identifier(`revenue_${key}`)},
				(select count(*)::int from orders where status in ${PAID} and paid_at >= ${since} and paid_at <= ${now}::timestamptz) as ${sql.identifier(`orders_${key}`)},
				(select count(*)::int from carts where created_at >= ${since} and created_at <= ${now}::timestamptz) as ${sql.identifier(`carts_${key}`)}`,
				),
				sql`,`,
			)}`)
	const windows: [SalesWindow['key'], string][] = [
		['hoje', 'Hoje'],
		['7d', 'Últimos 7 dias'],
		['30d', 'Últimos 30 dias'],
	]
	return windows.map(([key, label]) => {
		const revenueCents = Number(row?.[`revenue_${key}`] ?? 0)
		const orders = Number(row?.[`orders_${key}`] ?? 0)
		const carts = Number(row?.[`carts_${key}`] ?? 0)
		return {
			key,
			label,
			revenueCents,
			orders,
			// Whole cents: the average is shown, never summed again.
			averageCents: orders > 0 ? Math.round(revenueCents / orders) : 0,
			conversion: carts > 0 ? orders / carts : null,
		}
	})
}

/** Revenue per day for the last 30 days (São Paulo dates, oldest first, zero days included). */
export async function dailyRevenue(): Promise<{ date: string; revenueCents: number }[]> {
	const now = new Date(nowMs()).toISOString()
	const rows = await queryRows<{ day: string; revenue: string | number }>(sql`
		with days as (
			select generate_series(
				(${now}::timestamptz at time zone ${SHOP_TIME_ZONE})::date - 29,
				(${now}::timestamptz at time zone ${SHOP_TIME_ZONE})::date,
				interval '1 day')::date as day
		)
		select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(sum(o.total_cents), 0)::bigint as revenue
		from days d
		left join orders o on o.status in ${PAID} and (o.paid_at at time zone ${SHOP_TIME_ZONE})::date = d.day and o.paid_at <= ${now}::timestamptz
		group by d.day order by d.day`)
	return rows.map((r) => ({ date: r.day, revenueCents: Number(r.revenue) }))
}

export type Waiting = {
	awaitingPayment: number
	toShip: number
	lowStock: number
	pendingReviews: number
	pendingPhotos: number
	openCustomOrders: number
}

export async function waitingForOwner(): Promise<Waiting> {
	const { lowStockThreshold } = await getStoreSettings()
	const [row] = await queryRows<Record<string, number>>(sql`
		select (select count(*)::int from orders where status = 'aguardando_pagamento') as awaiting_payment,
			(select count(*)::int from orders where status in ('pago', 'em_producao')) as to_ship,
			(select count(*)::int from product_variants v join products p on p.id = v.product_id
				where v.stock is not null and v.stock <= ${lowStockThreshold} and p.status = 'active') as low_stock,
			(select count(*)::int from reviews where not is_approved) as pending_reviews,
			(select count(*)::int from user_photos where not is_approved) as pending_photos,
			(select count(*)::int from personalization_orders p join orders o on o.id = p.order_id
				where not p.order_completed and o.status in ('pago', 'em_producao')) as open_custom`)
	return {
		awaitingPayment: row?.awaiting_payment ?? 0,
		toShip: row?.to_ship ?? 0,
		lowStock: row?.low_stock ?? 0,
		pendingReviews: row?.pending_reviews ?? 0,
		pendingPhotos: row?.pending_photos ?? 0,
		openCustomOrders: row?.open_custom ?? 0,
	}
}
