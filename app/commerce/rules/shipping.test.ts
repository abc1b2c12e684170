import { describe, expect, test } from 'vitest'
import { DEFAULT_SHIPPING_TABLE, REGION_OF_UF, formatDeliveryWindow, isPersonalizedLine, productionDaysFor, quoteShipping } from './shipping'
import { BRAZIL_UFS } from '~/utils/checkout-schema'

describe('quoteShipping', () => {
	test('quotes the region of the CEP, masked or not', () => {
		expect(quoteShipping(DEFAULT_SHIPPING_TABLE, '01310-100')).toMatchObject({ region: 'sudeste', uf: 'SP', rateCents: 1990, minDays: 2, maxDays: 5 })
		expect(quoteShipping(DEFAULT_SHIPPING_TABLE, '90010000')).toMatchObject({ region: 'sul', uf: 'RS', regionLabel: 'Sul', rateCents: 2490 })
		expect(quoteShipping(DEFAULT_SHIPPING_TABLE, '70040-010')).toMatchObject({ region: 'centro-oeste', uf: 'DF' })
		expect(quoteShipping(DEFAULT_SHIPPING_TABLE, '40020-000')).toMatchObject({ region: 'nordeste', uf: 'BA', rateCents: 3290 })
		expect(quoteShipping(DEFAULT_SHIPPING_TABLE, '69005-040')).toMatchObject({ region: 'norte', uf: 'AM', rateCents: 3990 })
	})

	test('the CEP wins over a mistyped state; the state is used only for a CEP outside every range', () => {
		expect(quoteShipping(DEFAULT_SHIPPING_TABLE, '69005-040', 'SP')).toMatchObject({ uf: 'AM', region: 'norte' })
		expect(quoteShipping(DEFAULT_SHIPPING_TABLE, '00000-001', 'pr')).toMatchObject({ uf: 'PR', region: 'sul' })
		expect(quoteShipping(DEFAULT_SHIPPING_TABLE, '00000-001')).toBeNull()
		expect(quoteShipping(DEFAULT_SHIPPING_TABLE, 'abc', 'XX')).toBeNull()
	})

	test('the owner’s table is used as given', () => {
		const table = { ...DEFAULT_SHIPPING_TABLE, norte: { rateCents: 5000, minDays: 12, maxDays: 20 } }
		expect(quoteShipping(table, '66010-000')).toMatchObject({ rateCents: 5000, minDays: 12, maxDays: 20, uf: 'PA' })
	})

	test('the production days are added to the transit window (decision 085)', () => {
		expect(quoteShipping(DEFAULT_SHIPPING_TABLE, '01310-100', null, 4)).toMatchObject({
			minDays: 6,
			maxDays: 9,
			productionDays: 4,
			transitMinDays: 2,
			transitMaxDays: 5,
		})
	})

	test('every state belongs to a region', () => {
		for (const uf of BRAZIL_UFS) expect(REGION_OF_UF[uf], uf).toBeDefined()
	})
})

test('formatDeliveryWindow', () => {
	expect(formatDeliveryWindow(6, 9)).toBe('6 a 9 dias úteis')
	expect(formatDeliveryWindow(3, 3)).toBe('3 dias úteis')
	expect(formatDeliveryWindow(1, 1)).toBe('1 dia útil')
})

test('personalised pieces take the longer production', () => {
	const settings = { productionDays: 4, personalizedProductionDays: 7 }
	expect(isPersonalizedLine([{ key: 'Nome do pet', value: 'Thor' }])).toBe(true)
	expect(isPersonalizedLine([{ key: '_personalizacao', value: 'abc' }])).toBe(true)
	expect(isPersonalizedLine([{ key: '_grupo', value: '0123456789abcdef' }])).toBe(false)
	expect(isPersonalizedLine([{ key: 'Nome do pet', value: ' ' }])).toBe(false)
	expect(isPersonalizedLine(null)).toBe(false)
	expect(productionDaysFor([{ attributes: [] }], settings)).toBe(4)
	expect(productionDaysFor([{ attributes: [] }, { attributes: [{ key: 'Nome do pet', value: 'Mel' }] }], settings)).toBe(7)
	// A shorter personalised setting never shortens the shop's own production.
	expect(productionDaysFor([{ attributes: [{ key: 'Nome do pet', value: 'Mel' }] }], { productionDays: 4, personalizedProductionDays: 2 })).toBe(4)
})
