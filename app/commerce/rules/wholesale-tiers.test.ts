import { describe, expect, test } from 'vitest'
import {
	WHOLESALE_MINIMUM_MESSAGE,
	type WholesaleTier,
	normalizeWholesaleQuantity,
	tierFor,
	tierTableProblem,
	wholesaleLineTotal,
} from './wholesale-tiers'

/** document 001 §9: wholesale bandanas. */
const BANDANA: WholesaleTier[] = [
	{ minQuantity: 10, maxQuantity: 20, unitPriceCents: 1500 },
	{ minQuantity: 21, maxQuantity: 40, unitPriceCents: 1300 },
	{ minQuantity: 41, maxQuantity: null, unitPriceCents: 1000 },
]

describe('tiers', () => {
	test('the tier by quantity at the edges: 10, 20, 21, 40, 41 and far above', () => {
		expect([10, 20, 21, 40, 41, 5000].map((q) => tierFor(BANDANA, q)?.unitPriceCents)).toEqual([1500, 1500, 1300, 1300, 1000, 1000])
		expect(tierFor(BANDANA, 9)).toBeNull()
	})

	test('line totals in cents, with per-unit extras (side name +1,00, extra button +0,50)', () => {
		expect(wholesaleLineTotal({ tiers: BANDANA, quantity: 25 })).toEqual({ unitPriceCents: 1300, totalCents: 32_500 })
		expect(wholesaleLineTotal({ tiers: BANDANA, quantity: 41, extrasPerUnitCents: 150 })).toEqual({ unitPriceCents: 1150, totalCents: 47_150 })
		expect(wholesaleLineTotal({ tiers: BANDANA, quantity: 3 })).toBeNull()
	})

	test('a table with a gap, an overlap, an open tier in the middle or a wrong start is refused', () => {
		expect(tierTableProblem(BANDANA)).toBeNull()
		expect(tierTableProblem([...BANDANA].reverse())).toBeNull()
		expect(tierTableProblem([BANDANA[0]!, { ...BANDANA[1]!, minQuantity: 25 }, BANDANA[2]!])).toBe('Há um intervalo sem preço entre 20 e 25 unidades.')
		expect(tierTableProblem([BANDANA[0]!, { ...BANDANA[1]!, minQuantity: 18 }, BANDANA[2]!])).toBe('As faixas 10–20 e 18–40 se sobrepõem.')
		expect(tierTableProblem([{ ...BANDANA[0]!, maxQuantity: null }, BANDANA[2]!])).toBe('Só a última faixa pode ser "Sem limite".')
		expect(tierTableProblem([{ ...BANDANA[0]!, minQuantity: 5 }, BANDANA[1]!, BANDANA[2]!])).toBe('A primeira faixa deve começar em 10 unidades (o pedido mínimo).')
		expect(tierTableProblem([BANDANA[0]!, BANDANA[1]!])).toBe('A última faixa deve ser "Sem limite", para valer em qualquer quantidade maior.')
		expect(tierTableProblem([])).toBe('Informe pelo menos uma faixa de preço.')
	})
})

describe('quantity', () => {
	test('below 10 or not a whole number becomes 10 with the message; whole numbers from 10 stay', () => {
		for (const input of [9, 0, -3, '5', 'abc', '', '12.5', 12.5, null, undefined]) {
			expect(normalizeWholesaleQuantity(input), String(input)).toEqual({ quantity: 10, message: WHOLESALE_MINIMUM_MESSAGE })
		}
		expect(normalizeWholesaleQuantity('25')).toEqual({ quantity: 25, message: null })
		expect(normalizeWholesaleQuantity(10)).toEqual({ quantity: 10, message: null })
		expect(normalizeWholesaleQuantity(1_000_000).quantity).toBe(10_000)
	})
})
