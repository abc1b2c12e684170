import { asc, sql } from 'drizzle-orm'
import { loyaltyLevels, pointsHistory, userGamification } from '~/db/schema'
import type { Executor } from '~/server/db.server'

/**
 * Loyalty points (decision 14): the server awards them, once per event. Every award is a
 * points_history row with a unique event_key ('first_favorite:{userId}', 'review:{reviewId}',
 * 'purchase:{orderId}'…); the user_gamification summary moves only when that row was
 * actually written, so retries, double clicks and concurrent requests award nothing twice.
 */

export type AwardPointsInput = {
	userId: string
	/** One of POINTS_ACTION_TYPES (the account pages show unknown types raw). */
	actionType: string
	description: string
	/** Signed: corrections may take points away. */
	points: number
	/** Names the event being rewarded; a second award with the same key does nothing. */
	eventKey: string
}

export type LevelThreshold = { level: number; minPoints: number }
export type LevelProgress = { level: number; currentLevelPoints: number; pointsToNextLevel: number }

/**
 * Where `totalPoints` sits among the level thresholds (document 001 §3/§9): the highest level
 * reached, the points earned inside it, and how many points the level spans (progress is
 * current_level_points / points_to_next_level; 0 at the top level, which has no next).
 * With no levels configured everyone is level 1 with nothing to reach.
 */
export function levelProgress(totalPoints: number, levels: readonly LevelThreshold[]): LevelProgress {
	const points = Math.max(0, totalPoints)
	const sorted = [...levels].sort((a, b) => a.minPoints - b.minPoints)
	let currentIndex = -1
	for (const [index, level] of sorted.entries()) {
		if (level.minPoints <= points) currentIndex = index
	}
	const current = sorted[currentIndex]
	if (!current) return { level: 1, currentLevelPoints: points, pointsToNextLevel: sorted[0] ? sorted[0].minPoints : 0 }
	const next = sorted[currentIndex + 1]
	return {
		level: current.level,
		currentLevelPoints: points - current.minPoints,
		pointsToNextLevel: next ? next.minPoints - current.minPoints : 0,
	}
}

/**
 * Awards `points` for `eventKey` unless that event was already rewarded. Returns whether
 * points were awarded. Runs in its own transaction (a savepoint when `executor` is already
 * one), so the history row and the summary are written together or not at all.
 *
 * Concurrency: the history insert is ON CONFLICT (event_key) DO NOTHING, so of two requests
 * with the same key exactly one writes a row (PostgreSQL makes the second wait for the
 * first's commit). The summary upsert adds to the stored total and locks the row until commit,
 * so concurrent awards with different keys add up and the level is computed from the total
 * the upsert returned.
 */
export async function awardPointsOnce(executor: Executor, input: AwardPointsInput): Promise<boolean> {
	return executor.transaction(async (tx) => {
		const inserted = await tx
			.insert(pointsHistory)
			.values({
				userId: input.userId,
				actionType: input.actionType,
				description: input.description,
				points: input.points,
				eventKey: input.eventKey,
			})
			.onConflictDoNothing({ target: pointsHistory.eventKey })
			.returning({ id: pointsHistory.id })
		if (inserted.length === 0) return false

		const [summary] = await tx
			.insert(userGamification)
			.values({ userId: input.userId, totalPoints: input.points })
			.onConflictDoUpdate({
				target: userGamification.userId,
				set: { totalPoints: sql`${userGamification.totalPoints} + ${input.points}`, updatedAt: sql`now()` },
			})
			.returning({ totalPoints: userGamification.totalPoints })
		if (!summary) throw new Error('Resumo de pontos não gravado.')

		const levels = await tx
			.select({ level: loyaltyLevels.level, minPoints: loyaltyLevels.minPoints })
			.from(loyaltyLevels)
			.orderBy(asc(loyaltyLevels.minPoints))
		const progress = levelProgress(summary.totalPoints, levels)
		await tx
			.update(userGamification)
			.set(progress)
			.where(sql`${userGamification.userId} = ${input.userId}`)
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
