import { asc, sql } from 'drizzle-orm'
import { loyaltyLevels, pointsHistory, userGamification } from '~/db/schema'
import type { Executor, Transaction } from '~/server/db.server'

/**
 * The points ledger's one writer (decision 14, decision 038). Every award is a points_history
 * row with a unique event_key ('first_favorite:{userId}', 'review:{reviewId}',
 * 'purchase:{orderId}'…); the user_gamification summary moves only when that row was
 * actually written, so retries, double clicks and concurrent requests award nothing twice.
 * Badges are evaluated by the callers (points.server.ts, badges.server.ts), not here.
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
 * Writes one award: the history row (unless the event key was used), the summary total and
 * the level. Returns whether the row was written. Call inside a transaction.
 *
 * Concurrency: the history insert is ON CONFLICT (event_key) DO NOTHING, so of two requests
 * with the same key exactly one writes a row (PostgreSQL makes the second wait for the
 * first's commit). The summary upsert adds to the stored total and locks the row until commit,
 * so concurrent awards with different keys add up and the level is computed from the total
 * the upsert returned.
 */
export async function recordAward(tx: Transaction, input: AwardPointsInput): Promise<boolean> {
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
	await tx
		.update(userGamification)
		.set(levelProgress(summary.totalPoints, await levelThresholds(tx)))
		.where(sql`${userGamification.userId} = ${input.userId}`)
	return true
}

export async function levelThresholds(executor: Executor): Promise<LevelThreshold[]> {
	return executor
		.select({ level: loyaltyLevels.level, minPoints: loyaltyLevels.minPoints })
		.from(loyaltyLevels)
		.orderBy(asc(loyaltyLevels.minPoints))
}

/**
 * Takes the customer's ledger lock: the summary row, created empty when missing, locked until
 * the transaction ends. Badge evaluation holds it so that two transactions adding to the same
 * customer's counts (two favourites at once) cannot both count too few and miss a badge.
 */
export async function lockLedger(tx: Transaction, userId: string): Promise<void> {
	await tx
		.insert(userGamification)
		.values({ userId })
		.onConflictDoUpdate({ target: userGamification.userId, set: { updatedAt: sql`${userGamification.updatedAt}` } })
}
