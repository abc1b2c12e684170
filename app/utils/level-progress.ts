/**
 * The points page's level card (issue 31): where a customer's total sits among the levels the
 * owner configured, the next level and what is missing. The card is computed from the total
 * and the levels table at the moment it is shown, never from a stored summary: a new customer
 * (no summary row yet, 0 points) is at the first level with the next one ahead, not 'at the top'.
 */

export type LevelDefinition = { level: number; name: string; minPoints: number }

export type LevelCard = {
	level: number
	name: string
	totalPoints: number
	/** Points earned since the current level began. */
	pointsInLevel: number
	/** null at the top level (or when no levels are configured). */
	next: { level: number; name: string; minPoints: number; missing: number } | null
	/** Progress towards the next level, 0–100; 100 at the top. */
	percent: number
	/** The shop has more than one level and this customer has reached the last one. */
	atTop: boolean
}

export function levelCard(totalPoints: number, levels: readonly LevelDefinition[]): LevelCard {
	const points = Math.max(0, Math.trunc(totalPoints))
	const sorted = [...levels].sort((a, b) => a.minPoints - b.minPoints)
	const currentIndex = sorted.reduce((found, level, index) => (level.minPoints <= points ? index : found), -1)
	const current = sorted[currentIndex]
	const next = sorted[currentIndex + 1]
	const start = current?.minPoints ?? 0
	const card = {
		level: current?.level ?? 1,
		name: current?.name ?? 'Nível 1',
		totalPoints: points,
		pointsInLevel: points - start,
	}
	if (!next) return { ...card, next: null, percent: sorted.length > 0 ? 100 : 0, atTop: sorted.length > 1 }
	const span = next.minPoints - start
	return {
		...card,
		next: { level: next.level, name: next.name, minPoints: next.minPoints, missing: next.minPoints - points },
		// Never shown full before the level is reached: 499 of 500 is 99 %.
		percent: Math.min(99, Math.floor(((points - start) / span) * 100)),
		atTop: false,
	}
}

const points = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'ponto' : 'pontos'}`

/** The line under the bar: 'Faltam 500 pontos para o nível Prata.' or, at the top, the documents' text. */
export function levelCardText(card: LevelCard): string {
	if (card.next) return `Faltam ${points(card.next.missing)} para o nível ${card.next.name}.`
	return card.atTop ? 'Você está no nível mais alto!' : ''
}
