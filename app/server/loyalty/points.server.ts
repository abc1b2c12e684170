import { sql } from 'drizzle-orm'
import { pointsHistory } from '~/db/schema'
import type { Executor } from '~/server/db.server'
import { evaluateBadges } from './badges.server'
import { type AwardPointsInput, recordAward } from './ledger.server'

/**
 * Loyalty points (decision 14, decision 038): the server awards them, once per event, through
 * the ledger (ledger.server.ts); every award may earn badges (badges.server.ts).
 */

export { type AwardPointsInput, type LevelProgress, type LevelThreshold, levelProgress } from './ledger.server'

/**
 * Awards `points` for `eventKey` unless that event was already rewarded, then awards any
 * badge the customer has now reached (badges.server.ts). Returns whether points were
 * awarded. Runs in its own transaction (a savepoint when `executor` is already one), so the
 * history row, the summary and the badges are written together or not at all.
 *
 * Concurrency: see recordAward (ledger.server.ts): one row per event key, totals that add up.
 */
export async function awardPointsOnce(executor: Executor, input: AwardPointsInput): Promise<boolean> {
	return executor.transaction(async (tx) => {
		if (!(await recordAward(tx, input))) return false
		await evaluateBadges(tx, input.userId)
		return true
	})
}

/**
 * Decision 20: a paid order that is cancelled (or refunded) takes its purchase points back.
 * The ledger is never edited: the award stays and a negative entry keyed
 * 'purchase_reversal:{orderId}' cancels it, so it happens once however many times it is asked
 * for. It takes back exactly what 'purchase:{orderId}' gave, and nothing when that gave nothing.
 * Returns whether points were taken back.
 */
export async function reversePurchasePoints(
	executor: Executor,
	input: { userId: string; orderId: string; reference: string },
): Promise<boolean> {
	const [award] = await executor
		.select({ userId: pointsHistory.userId, points: pointsHistory.points })
		.from(pointsHistory)
		.where(sql`${pointsHistory.eventKey} = ${`purchase:${input.orderId}`}`)
	if (!award || award.points <= 0) return false
	return awardPointsOnce(executor, {
		userId: award.userId,
		actionType: 'purchase_reversal',
		description: `Pedido #${input.reference} cancelado`,
		points: -award.points,
		eventKey: `purchase_reversal:${input.orderId}`,
	})
}
