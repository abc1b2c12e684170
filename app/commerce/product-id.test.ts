import { describe, expect, test } from 'vitest'
import { PRODUCT_ID_INVALID, anyProductIdSchema, isProductIdOf, productIdSchemaFor } from './product-id'

const UUID = '3f2b8c1e-9a4d-4c6e-8b1a-2d3e4f5a6b7c'
const GID = 'gid://shopify/Product/7982301102233'

describe('product ids per provider (decision 051)', () => {
	test('built-in: uuids only, lower-cased', () => {
		const schema = productIdSchemaFor('builtin')
		expect(schema.parse(UUID)).toBe(UUID)
		expect(schema.parse(` ${UUID.toUpperCase()} `)).toBe(UUID)
		for (const bad of [GID, 'gid://shopify/ProductVariant/1', '123', '', 'x'.repeat(300), `${UUID}x`]) {
			const parsed = schema.safeParse(bad)
			expect(parsed.success, bad).toBe(false)
			expect(parsed.error?.issues[0]?.message).toBe(PRODUCT_ID_INVALID)
		}
		expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe(PRODUCT_ID_INVALID)
		expect(schema.safeParse(42).error?.issues[0]?.message).toBe(PRODUCT_ID_INVALID)
	})

	test('storefront: Product gids only, kept as written', () => {
		const schema = productIdSchemaFor('storefront', 'Produto não encontrado')
		expect(schema.parse(GID)).toBe(GID)
		for (const bad of [
			UUID,
			'gid://shopify/ProductVariant/1',
			'gid://shopify/Collection/1',
			'gid://shopify/Product/',
			'gid://shopify/Product/0',
			'gid://shopify/Product/12a',
			'gid://shopify/Product/1?x=1',
			`gid://shopify/Product/${'9'.repeat(21)}`,
			'GID://SHOPIFY/PRODUCT/1',
		]) {
			const parsed = schema.safeParse(bad)
			expect(parsed.success, bad).toBe(false)
			expect(parsed.error?.issues[0]?.message).toBe('Produto não encontrado')
		}
	})

	test('either provider, for the forms the browser checks', () => {
		expect(anyProductIdSchema().parse(UUID)).toBe(UUID)
		expect(anyProductIdSchema().parse(GID)).toBe(GID)
		expect(anyProductIdSchema('Arte inválida.').safeParse('nada').error?.issues[0]?.message).toBe('Arte inválida.')
		expect(isProductIdOf('builtin', GID)).toBe(false)
		expect(isProductIdOf('storefront', GID)).toBe(true)
		expect(isProductIdOf('storefront', null)).toBe(false)
	})
})
