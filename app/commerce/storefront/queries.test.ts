import { parse, validate } from 'graphql'
import { describe, expect, test } from 'vitest'
import { storefrontSchema } from '#tests/support/fake-storefront/schema'
import { STOREFRONT_DOCUMENTS, collectionsByHandlesQuery, productsByHandlesQuery } from './queries'

/** The messages of a document's validation against the 2025-07 schema ([] = valid). */
function problems(document: string): string[] {
	return validate(storefrontSchema(), parse(document)).map((error) => error.message)
}

describe('every document the Storefront provider sends is valid against the 2025-07 schema', () => {
	test.each(Object.entries(STOREFRONT_DOCUMENTS))('%s', (_name, document) => {
		expect(problems(document)).toEqual([])
	})

	test.each([1, 3, 50])('the aliased lookups for %i handles', (count) => {
		expect(problems(productsByHandlesQuery(count))).toEqual([])
		expect(problems(collectionsByHandlesQuery(count))).toEqual([])
	})

	test('a misspelt field fails (the check is not a no-op)', () => {
		const misspelt = STOREFRONT_DOCUMENTS.PRODUCT_BY_HANDLE_QUERY.replace('descriptionHtml', 'descriptionHTML')
		expect(problems(misspelt)).toEqual([expect.stringContaining('Cannot query field "descriptionHTML" on type "Product"')])
	})
})
