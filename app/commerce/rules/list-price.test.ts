import { describe, expect, test } from 'vitest'
import type { ProductVariant } from '~/commerce/types'
import { listPrice } from './list-price'

const brl = (amountCents: number) => ({ amountCents, currencyCode: "BRL" as const })
function variant(priceCents: number, availableForSale: boolean): ProductVariant {
	return { id: `v${priceCents}`, title: '', price: brl(priceCents), compareAtPrice: null, availableForSale, selectedOptions: [], quantityAvailable: null }
}
function product(variants: ProductVariant[]) {
	const prices = variants.map((v) => v.price.amountCents)
	return { variants, priceRange: { minVariantPrice: brl(Math.min(...prices)), maxVariantPrice: brl(Math.max(...prices)) } }
}

describe('listPrice (cards and search)', () => {
	test('a sold-out cheaper size is not the advertised price', () => {
		// Bandana Preta: P 29,90 sold out; M 34,90 … XG 49,90.
		expect(listPrice(product([variant(2990, false), variant(3490, true), variant(4990, true)]))).toEqual({ minCents: 3490, varies: true })
	})

	test("one sellable price: no 'a partir de', even when sold-out sizes cost otherwise", () => {
		expect(listPrice(product([variant(2990, false), variant(3490, true)]))).toEqual({ minCents: 3490, varies: false })
		expect(listPrice(product([variant(3490, true), variant(3490, true)]))).toEqual({ minCents: 3490, varies: false })
	})

	test('nothing sellable: the lowest price of all (the card says Indisponível)', () => {
		expect(listPrice(product([variant(2990, false), variant(3490, false)]))).toEqual({ minCents: 2990, varies: true })
	})
})
