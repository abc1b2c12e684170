import { type SQL, sql } from 'drizzle-orm'
import { type BadgeRuleType, userBadges } from '~/db/schema'
import { db, type Executor, queryRows, type Transaction } from '~/server/db.server'
import { lockLedger, recordAward } from './ledger.server'

/**
 * The badge rule engine (issue 10, decision 038). A badge is a rule over the customer's own
 * data — `rule_type` names what is counted, `rule_threshold` how many — that the admin edits
 * on /admin/fidelidade. evaluateBadges runs after every event that can move a count (a points
 * award, a paid order, a favourite) inside that event's transaction: it awards each active
 * badge whose count is reached and not yet earned, and credits its `points_reward` once
 * (event 'badge:{userId}:{badgeId}'). Badges are never taken back: a cancelled order or a
 * deleted photo keeps what was earned, as the ledger keeps its history.
 */

/** Statuses of an order that was paid (a cancelled one no longer counts). */
const PAID_ORDER_STATUSES = sql`('pago', 'em_producao', 'enviado', 'entregue')`

/**
 * One count per rule type, for the customer `user` names: a uuid value for one customer, or a
 * column (`u.id`) when a new rule is applied to every customer at once.
 */
const COUNT_QUERIES: Record<BadgeRuleType, (user: SQL) => SQL> = {
	total_points: (user) => sql`(select coalesce(max(total_points), 0) from user_gamification where user_id = ${user})`,
	orders_paid: (user) => sql`(select count(*) from orders where user_id = ${user} and status in ${PAID_ORDER_STATUSES})`,
	photos_approved: (user) => sql`(select count(*) from user_photos where user_id = ${user} and is_approved)`,
	reviews_approved: (user) => sql`(select count(*) from reviews where user_id = ${user} and is_approved)`,
	// Friends who signed up through this customer's link and have a paid order.
	referrals_paid: (user) => sql`(select count(*) from user_profiles p where p.referred_by_user_id = ${user}
		and exists (select 1 from orders o where o.user_id = p.user_id and o.status in ${PAID_ORDER_STATUSES}))`,
	favorites: (user) => sql`(select count(*) from user_favorites where user_id = ${user})`,
}

export async function badgeCounts(
	executor: Executor,
	userId: string,
	types: Iterable<BadgeRuleType>,
): Promise<Partial<Record<BadgeRuleType, number>>> {
	const wanted = [...new Set(types)]
	if (wanted.length === 0) return {}
	const columns = sql.join(
		wanted.map((type) => sql`${COUNT_QUERIES[type](sql`${userId}::uuid`)} as ${sql.identifier(type)}`),
		sql`, `,
	)
	const [row] = await queryRows<Record<string, number | string>>(sql`select ${columns}`, executor)
	return Object.fromEntries(wanted.map((type) => [type, Number(row?.[type] ?? 0)]))
}

export type EarnedBadge = { id: string; name: string; icon: string; pointsReward: number }

type PendingBadge = EarnedBadge & { ruleType: BadgeRuleType; ruleThreshold: number }

/**
 * Awards every active badge `userId` has reached and not yet earned; returns the new ones.
 * Runs in its own transaction (a savepoint inside the caller's). A badge's points may reach
 * a 'total_points' badge, so it looks again until nothing more is earned (at most once per
 * badge: each round earns at least one badge or stops).
 */
export async function evaluateBadges(executor: Executor, userId: string): Promise<EarnedBadge[]> {
	return executor.transaction(async (tx) => {
		await lockLedger(tx, userId)
		const earned: EarnedBadge[] = []
		for (;;) {
			const round = await earnReachedBadges(tx, userId)
			if (round.length === 0) return earned
			earned.push(...round)
		}
	})
}

async function earnReachedBadges(tx: Transaction, userId: string): Promise<EarnedBadge[]> {
	const pending = await queryRows<{
		id: string
		name: string
		icon: string
		points_reward: number
		rule_type: BadgeRuleType
		rule_threshold: number
	}>(
		sql`select b.id, b.name, b.icon, b.points_reward, b.rule_type, b.rule_threshold from badges b
			where b.is_active and not exists (select 1 from user_badges ub where ub.user_id = ${userId}::uuid and ub.badge_id = b.id)
			order by b.tier_rank, b.rule_threshold, b.name`,
		tx,
	)
	if (pending.length === 0) return []
	const badges: PendingBadge[] = pending.map((b) => ({
		id: b.id,
		name: b.name,
		icon: b.icon,
		pointsReward: b.points_reward,
		ruleType: b.rule_type,
		ruleThreshold: b.rule_threshold,
	}))
	const counts = await badgeCounts(
		tx,
		userId,
		badges.map((b) => b.ruleType),
	)
	const earned: EarnedBadge[] = []
	for (const badge of badges) {
		if ((counts[badge.ruleType] ?? 0) < badge.ruleThreshold) continue
		const inserted = await tx
			.insert(userBadges)
			.values({ userId, badgeId: badge.id })
			.onConflictDoNothing()
			.returning({ badgeId: userBadges.badgeId })
		if (inserted.length === 0) continue
		earned.push({ id: badge.id, name: badge.name, icon: badge.icon, pointsReward: badge.pointsReward })
		if (badge.pointsReward > 0) {
			await recordAward(tx, {
				userId,
				actionType: 'badge',
				description: `Conquista: ${badge.name}`,
				points: badge.pointsReward,
				eventKey: `badge:${userId}:${badge.id}`,
			})
		}
	}
	return earned
}

/**
 * The badges earned since the customer last loaded a page, marked as announced: the root
 * loader shows each once as a 'Nova conquista' toast. One statement: two tabs loading at once
 * cannot both announce the same badge.
 */
export async function takeUnannouncedBadges(userId: string, executor: Executor = db): Promise<EarnedBadge[]> {
	const rows = await queryRows<{ id: string; name: string; icon: string; points_reward: number }>(
		sql`with taken as (
				update user_badges set announced_at = now()
				where user_id = ${userId}::uuid and announced_at is null
				returning badge_id, earned_at
			)
			select b.id, b.name, b.icon, b.points_reward from taken join badges b on b.id = taken.badge_id
			order by taken.earned_at, b.tier_rank`,
		executor,
	)
	return rows.map((r) => ({ id: r.id, name: r.name, icon: r.icon, pointsReward: r.points_reward }))
}

/**
 * Applies one badge to every customer who already meets its rule (the admin created it or
 * lowered its threshold): earned rows, the reward in the ledger and the totals, set-based in
 * one transaction so that it holds at 50,000 customers. Levels are recomputed by the caller
 * (recomputeAllLevels). A 'total_points' badge that this reward would reach is earned at the
 * customer's next event. Returns how many customers earned it now.
 */
export async function applyBadgeToQualifyingCustomers(tx: Transaction, badgeId: string): Promise<number> {
	const [badge] = await queryRows<{
		id: string
		name: string
		points_reward: number
		rule_type: BadgeRuleType
		rule_threshold: number
		is_active: boolean
	}>(sql`select id, name, points_reward, rule_type, rule_threshold, is_active from badges where id = ${badgeId}::uuid`, tx)
	if (!badge || !badge.is_active) return 0
	// One statement (data-modifying CTEs): no list of ids travels to the app and back.
	const [result] = await queryRows<{ earned: number }>(
		sql`with earned as (
				insert into user_badges (user_id, badge_id)
				select u.id, ${badge.id}::uuid from users u where ${COUNT_QUERIES[badge.rule_type](sql`u.id`)} >= ${badge.rule_threshold}
				on conflict do nothing
				returning user_id
			), rewarded as (
				insert into points_history (user_id, action_type, description, points, event_key)
				select user_id, 'badge', ${`Conquista: ${badge.name}`}, ${badge.points_reward}::int, 'badge:' || user_id || ':' || ${badge.id}
				from earned where ${badge.points_reward}::int > 0
				on conflict (event_key) do nothing
				returning user_id
			), totals as (
				insert into user_gamification (user_id, total_points)
				select user_id, ${badge.points_reward}::int from rewarded
				on conflict (user_id) do update set total_points = user_gamification.total_points + excluded.total_points, updated_at = now()
				returning user_id
			)
			select (select count(*)::int from earned) as earned, (select count(*) from totals) as rewarded`,
		tx,
	)
	return Number(result?.earned ?? 0)
}
