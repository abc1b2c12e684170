import type { Executor } from '~/server/db.server'
import { awardPointsOnce } from '~/server/loyalty/points.server'

/** The shop's calendar day (São Paulo), as YYYY-MM-DD: when the daily photo points start over. */
export function shopDay(ms: number): string {
	// en-CA writes dates as YYYY-MM-DD.
	return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms)
}

/**
 * The 'Foto enviada' points with the daily cap (spec README decision 25, decision 071): the day
 * has `perDay` numbered places, 'photo_upload:{user}:{day}:{n}', and a photo takes the first free
 * one. The ledger's unique event key does the counting, so two photos sent at the same moment
 * cannot both take the last place (the second insert finds the key taken and tries the next),
 * and no count is read and then written. Returns whether this photo earned points.
 */
export async function awardPhotoSentPoints(
	executor: Executor,
	input: { userId: string; points: number; perDay: number; now: number },
): Promise<boolean> {
	const day = shopDay(input.now)
	for (let place = 1; place <= input.perDay; place++) {
		const awarded = await awardPointsOnce(executor, {
			userId: input.userId,
			actionType: 'photo_upload',
			description: 'Foto enviada',
			points: input.points,
			eventKey: `photo_upload:${input.userId}:${day}:${place}`,
		})
		if (awarded) return true
	}
	return false
}
