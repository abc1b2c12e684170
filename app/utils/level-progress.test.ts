import { describe, expect, test } from 'vitest'
import { levelCard, levelCardText } from './level-progress'

// The demo shop's four levels (document 001 §9, decision 14).
const LEVELS = [
	{ level: 1, name: 'Bronze', minPoints: 0 },
	{ level: 2, name: 'Prata', minPoints: 500 },
	{ level: 3, name: 'Ouro', minPoints: 2000 },
	{ level: 4, name: 'Diamante', minPoints: 5000 },
]

describe('the points page level card (issue 31)', () => {
	test('a new customer (0 points) is at the first level, with the next one and what is missing', () => {
		const card = levelCard(0, LEVELS)
		expect(card).toEqual({
			level: 1,
			name: 'Bronze',
			totalPoints: 0,
			pointsInLevel: 0,
			next: { level: 2, name: 'Prata', minPoints: 500, missing: 500 },
			percent: 0,
			atTop: false,
		})
		expect(levelCardText(card)).toBe('Faltam 500 pontos para o nível Prata.')
		expect(levelCardText(card)).not.toContain('mais alto')
	})

	test('inside a level: progress in that level; never full before the next is reached', () => {
		expect(levelCard(250, LEVELS)).toMatchObject({ level: 1, percent: 50, next: { name: 'Prata', missing: 250 } })
		expect(levelCard(499, LEVELS)).toMatchObject({ level: 1, percent: 99, next: { missing: 1 } })
		expect(levelCardText(levelCard(499, LEVELS))).toBe('Faltam 1 ponto para o nível Prata.')
		expect(levelCard(500, LEVELS)).toMatchObject({ level: 2, name: 'Prata', pointsInLevel: 0, percent: 0, next: { name: 'Ouro', missing: 1500 } })
		expect(levelCard(3500, LEVELS)).toMatchObject({ level: 3, percent: 50, next: { name: 'Diamante', missing: 1500 } })
		expect(levelCardText(levelCard(1999, LEVELS))).toBe('Faltam 1 ponto para o nível Ouro.')
	})

	test('only the last level is the top', () => {
		const top = levelCard(5000, LEVELS)
		expect(top).toMatchObject({ level: 4, name: 'Diamante', next: null, percent: 100, atTop: true })
		expect(levelCardText(top)).toBe('Você está no nível mais alto!')
		expect(levelCard(12_000, LEVELS).pointsInLevel).toBe(7000)
	})

	test('levels in any order, negative totals, thousands and no levels at all', () => {
		expect(levelCard(700, [...LEVELS].reverse())).toMatchObject({ level: 2, pointsInLevel: 200 })
		expect(levelCard(-30, LEVELS)).toMatchObject({ level: 1, totalPoints: 0, next: { missing: 500 } })
		expect(levelCardText(levelCard(0, [{ level: 1, name: 'Bronze', minPoints: 0 }, { level: 2, name: 'Prata', minPoints: 1500 }]))).toBe(
			'Faltam 1.500 pontos para o nível Prata.',
		)
		const none = levelCard(42, [])
		expect(none).toMatchObject({ level: 1, next: null, atTop: false, percent: 0 })
		expect(levelCardText(none)).toBe('')
	})
})
