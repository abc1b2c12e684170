import { sql } from 'drizzle-orm'
import type { BadgeTier } from '~/db/schema/loyalty'
import { queryRows } from '~/server/db.server'

/**
 * 'Recompensas' (document 001 §2, §7): the active badges ordered bronze → diamante, each with
 * the date this customer earned it, if they did.
 */
export type BadgeCard = {
	id: string
	name: string
	description: string
	icon: string
	tier: BadgeTier
	pointsReward: number
	earnedAt: string | null
}

export async function badgesOf(userId: string): Promise<BadgeCard[]> {
	const rows = await queryRows<{
		id: string
		name: string
		description: string
		icon: string
		badge_tier: BadgeTier
		points_reward: number
		earned_at: string | Date | null
	}>(sql`
		select b.id, b.name, b.description, b.icon, b.badge_tier, b.points_reward, ub.earned_at
		from badges b left join user_badges ub on ub.badge_id = b.id and ub.user_id = ${userId}::uuid
		where b.is_active
		order by b.tier_rank, b.name`)
	return rows.map((r) => ({
		id: r.id,
		name: r.name,
		description: r.description,
		icon: r.icon,
		tier: r.badge_tier,
		pointsReward: r.points_reward,
		earnedAt: r.earned_at ? new Date(r.earned_at).toISOString() : null,
	}))
}
