import { describe, expect, test } from 'vitest'
import { installmentCents, installmentLabel } from './installments'

describe('instalments', () => {
	test('the amount is rounded up to the cent, so n instalments cover the price', () => {
		expect(installmentLabel(9960)).toBe('6x de R$ 16,60 sem juros')
		expect(installmentLabel(3490)).toBe('6x de R$ 5,82 sem juros')
		expect(installmentLabel(2990, 2)).toBe('2x de R$ 14,95 sem juros')
		for (const total of [1, 599, 3490, 47880, 100001]) expect(installmentCents(total, 6) * 6).toBeGreaterThanOrEqual(total)
	})
})
