import { asc, desc, eq } from 'drizzle-orm'
import { loyaltyLevels, pointsHistory, userGamification } from '~/db/schema'
import { db } from '~/server/db.server'
import { earningRules } from '~/server/loyalty/point-values'
import { getStoreSettings } from '~/server/settings.server'
import { levelCard } from '~/utils/level-progress'

/**
 * 'Gamificação' (document 001 §2, §9): the customer's level progress, how points are earned (the
 * values the server actually awards, from the settings), and their latest 20 ledger entries.
 */

export const HISTORY_SIZE = 20

/** document 001 §3: known action types with their Portuguese name; unknown ones are shown raw. */
export const ACTION_LABELS: Record<string, string> = {
	purchase: 'Compra',
	purchase_reversal: 'Compra cancelada',
	photo_upload: 'Foto enviada',
	photo_approved: 'Foto aprovada',
	review: 'Avaliação',
	referral: 'Indicação',
	signup: 'Cadastro',
	first_favorite: 'Primeiro favorito',
	badge: 'Conquista',
	adjustment: 'Ajuste',
}

export async function gamificationOf(userId: string) {
	const [[summary], levels, history, settings] = await Promise.all([
		db.select().from(userGamification).where(eq(userGamification.userId, userId)),
		db.select().from(loyaltyLevels).orderBy(asc(loyaltyLevels.level)),
		db
			.select({
				id: pointsHistory.id,
				actionType: pointsHistory.actionType,
				description: pointsHistory.description,
				points: pointsHistory.points,
				createdAt: pointsHistory.createdAt,
			})
			.from(pointsHistory)
			.where(eq(pointsHistory.userId, userId))
			.orderBy(desc(pointsHistory.createdAt), desc(pointsHistory.id))
			.limit(HISTORY_SIZE),
		getStoreSettings(),
	])
	// The card comes from the total and the levels as they are now (issue 31): a new customer has
	// no summary row yet and is at the first level with the next one ahead.
	const card = levelCard(summary?.totalPoints ?? 0, levels)
	return {
		level: card.level,
		levelName: card.name,
		totalPoints: card.totalPoints,
		card,
		// 'Como Ganhar Pontos': the values the server awards now (the owner edits them).
		earningRules: earningRules(settings.loyaltyPoints),
		history: history.map((h) => ({ ...h, label: ACTION_LABELS[h.actionType] ?? h.actionType, createdAt: h.createdAt.toISOString() })),
	}
}
