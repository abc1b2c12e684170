import { describe, expect, test } from 'vitest'
import { DEFAULT_ITEM_SIZE, PACKING, defaultItemSize, itemSize, packParcels, parcelsKey } from './packing'

const bandana = { ...defaultItemSize('Bandana'), unitPriceCents: 4990 }

describe('packParcels (decision 086)', () => {
	test('one bandana: the Correios’ minimum box, its weight plus the packaging, its price insured', () => {
		expect(packParcels([{ ...bandana, quantity: 1 }])).toEqual([
			{ weightGrams: 60 + PACKING.packagingGrams, lengthCm: 20, widthCm: 15, heightCm: 2, insuredCents: 4990, items: 1 },
		])
	})

	test('items are stacked: the largest footprint, the heights summed, the values added', () => {
		const box = { ...defaultItemSize('Box'), unitPriceCents: 12_990 }
		const bow = { ...defaultItemSize('lacinho'), unitPriceCents: 1990 }
		const [parcel, ...rest] = packParcels([
			{ ...bandana, quantity: 3 },
			{ ...box, quantity: 1 },
			{ ...bow, quantity: 2 },
		])
		expect(rest).toEqual([])
		expect(parcel).toEqual({
			weightGrams: 3 * 60 + 700 + 2 * 20 + PACKING.packagingGrams,
			lengthCm: 30,
			widthCm: 22,
			heightCm: 3 * 1 + 10 + 2 * 2,
			insuredCents: 3 * 4990 + 12_990 + 2 * 1990,
			items: 6,
		})
	})

	test('a parcel closes at 10 kg or 60 cm high; the next one starts', () => {
		const heavy = { weightGrams: 3000, lengthCm: 30, widthCm: 20, heightCm: 5, unitPriceCents: 10_000 }
		const parcels = packParcels([{ ...heavy, quantity: 4 }])
		// 3 × 3000 + 60 = 9,060 g fits; a fourth would be 12,060.
		expect(parcels.map((p) => [p.weightGrams, p.items])).toEqual([
			[9060, 3],
			[3060, 1],
		])
		const tall = packParcels([{ ...bandana, heightCm: 7, quantity: 10 }])
		expect(tall.map((p) => [p.heightCm, p.items])).toEqual([
			[56, 8],
			[14, 2],
		])
		for (const p of [...parcels, ...tall]) {
			expect(p.weightGrams).toBeLessThanOrEqual(PACKING.maxParcelGrams)
			expect(p.lengthCm + p.widthCm + p.heightCm).toBeLessThanOrEqual(PACKING.maxDimensionsSumCm)
		}
	})

	test('a gift weighs but is not insured; an empty cart has no parcel', () => {
		expect(packParcels([{ ...bandana, quantity: 1 }, { ...defaultItemSize('lacinho'), unitPriceCents: 0, quantity: 1 }])[0]).toMatchObject({
			weightGrams: 60 + 20 + PACKING.packagingGrams,
			insuredCents: 4990,
		})
		expect(packParcels([])).toEqual([])
		expect(packParcels([{ ...bandana, quantity: 0 }])).toEqual([])
	})

	test('the key is stable and changes with the parcels', () => {
		const one = packParcels([{ ...bandana, quantity: 2 }])
		expect(parcelsKey(one)).toBe(parcelsKey(packParcels([{ ...bandana, quantity: 2 }])))
		expect(parcelsKey(one)).not.toBe(parcelsKey(packParcels([{ ...bandana, quantity: 3 }])))
	})
})

describe('sizes', () => {
	test('by product type, without case or accents; anything else the default', () => {
		expect(defaultItemSize('Acessório')).toEqual(defaultItemSize('acessorio'))
		expect(defaultItemSize('Colar')).toMatchObject({ weightGrams: 80 })
		expect(defaultItemSize('Arte')).toEqual(DEFAULT_ITEM_SIZE)
		expect(defaultItemSize(null)).toEqual(DEFAULT_ITEM_SIZE)
	})

	test('a variant’s own values win field by field; zero or null takes the type’s', () => {
		expect(itemSize({ weightGrams: 250, lengthCm: null, widthCm: 0 }, 'bandana')).toEqual({ weightGrams: 250, lengthCm: 20, widthCm: 15, heightCm: 1 })
	})
})
