import { describe, expect, test } from 'vitest'
import { nextSuggestions } from './next-suggestions'

describe('the suggestions the shopper asks for (decision 142)', () => {
	const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i}` }))
	const ids = (list: { id: string }[]) => list.map((item) => item.id)

	test('none of the products on screen while the pool has enough others', () => {
		const pool = items(20)
		let shown = pool.slice(0, 6)
		for (let run = 0; run < 20; run++) {
			const next = nextSuggestions(pool, shown, 6)
			expect(next).toHaveLength(6)
			expect(new Set(ids(next)).size).toBe(6)
			for (const id of ids(next)) expect(ids(shown)).not.toContain(id)
			shown = next
		}
	})

	test('a small pool is topped up from the screen, new ones first', () => {
		const pool = items(8)
		const next = nextSuggestions(pool, pool.slice(0, 6), 6)
		expect(next).toHaveLength(6)
		expect(ids(next).slice(0, 2).sort()).toEqual(['p6', 'p7'])
		expect(new Set(ids(next)).size).toBe(6)
		// Recently viewed products that are not in the pool take no place.
		expect(nextSuggestions(items(3), [{ id: 'visto' }], 6)).toHaveLength(3)
	})
})
