import { describe, expect, test } from 'vitest'
import { INTERNAL_PRODUCT_MESSAGES, INTERNAL_TAG, shopperAddIssue } from './internal-products'

/** Issue 28: what a shopper's own add (/cart) may put in the cart; the builders' lines are not asked. */
describe('shopperAddIssue', () => {
	const internal = (handle: string) => ({ handle, tags: ['adicional', INTERNAL_TAG] })
	const main = { isAddonLine: false, productPageAddon: false }

	test('an ordinary product is taken', () => {
		expect(shopperAddIssue({ handle: 'bandana-preta', tags: ['bandana'] }, main)).toBeNull()
	})

	test('a wholesale base never (its builder, /atacado, adds it with colour and quantity)', () => {
		expect(shopperAddIssue({ handle: 'atacado-bandana-base', tags: ['atacado'] }, main)).toBe(INTERNAL_PRODUCT_MESSAGES.wholesale)
		expect(shopperAddIssue({ handle: 'atacado-colar-base', tags: [] }, main)).toBe(INTERNAL_PRODUCT_MESSAGES.wholesale)
	})

	test("a product page's add-on only as the add-on line of a product", () => {
		expect(shopperAddIssue(internal('adicional-extensor'), { isAddonLine: true, productPageAddon: true })).toBeNull()
		expect(shopperAddIssue(internal('adicional-extensor'), { isAddonLine: false, productPageAddon: true })).toBe(INTERNAL_PRODUCT_MESSAGES.addonAlone)
	})

	test('any other internal product never, add-on line or not', () => {
		for (const line of [main, { isAddonLine: true, productPageAddon: false }]) {
			expect(shopperAddIssue(internal('atacado-nome-lateral'), line)).toBe(INTERNAL_PRODUCT_MESSAGES.builderOnly)
			expect(shopperAddIssue(internal('personalizacao-rosto-pet'), line)).toBe(INTERNAL_PRODUCT_MESSAGES.builderOnly)
		}
	})
})
