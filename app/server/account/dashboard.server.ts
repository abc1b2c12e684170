import { sql } from 'drizzle-orm'
import type { OrderStatus } from '~/db/schema/orders'
import { db, queryRows } from '~/server/db.server'
import { badgeCounts } from '~/server/loyalty/badges.server'
import { gamificationOf } from './gamification.server'

/**
 * The customer dashboard (document 001 §2, §7): the level card, counts of orders (shop and
 * personalized), photos and badges, the latest 3 badges and the latest shop order.
 */
export async function dashboardOf(userId: string) {
	const [game, [counts], latestBadges, [latestOrder], referrals] = await Promise.all([
		gamificationOf(userId),
		queryRows<{ orders: number; custom: number; photos: number; badges: number }>(sql`
			select (select count(*)::int from orders where user_id = ${userId}::uuid) as orders,
				(select count(*)::int from personalization_orders where user_id = ${userId}::uuid) as custom,
				(select count(*)::int from user_photos where user_id = ${userId}::uuid) as photos,
				(select count(*)::int from user_badges where user_id = ${userId}::uuid) as badges`),
		queryRows<{ name: string; icon: string; earned_at: string | Date }>(sql`
			select b.name, b.icon, ub.earned_at from user_badges ub join badges b on b.id = ub.badge_id
			where ub.user_id = ${userId}::uuid order by ub.earned_at desc limit 3`),
		queryRows<{ reference: string; status: OrderStatus; created_at: string | Date; total_cents: number }>(sql`
			select reference, status, created_at, total_cents from orders where user_id = ${userId}::uuid
			order by created_at desc limit 1`),
		badgeCounts(db, userId, ['referrals_paid']),
	])
	return {
		level: game.card,
		counts: { orders: (counts?.orders ?? 0) + (counts?.custom ?? 0), photos: counts?.photos ?? 0, badges: counts?.badges ?? 0 },
		// Friends referred by this customer whose order was paid (issue 10).
		friendsPaid: referrals.referrals_paid ?? 0,
		latestBadges: latestBadges.map((b) => ({ name: b.name, icon: b.icon, earnedAt: new Date(b.earned_at).toISOString() })),
		latestOrder: latestOrder
			? {
					reference: latestOrder.reference,
					status: latestOrder.status,
					createdAt: new Date(latestOrder.created_at).toISOString(),
					totalCents: latestOrder.total_cents,
				}
			: null,
	}
}
