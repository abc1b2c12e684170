/**
 * The storefront e2e suite's second run (issue 15, decision 053): these files run again against
 * the production build with COMMERCE_PROVIDER=storefront, pointed at the fake Storefront server
 * holding the demo catalogue (`E2E_PROVIDER=storefront`, see vitest.e2e.config.ts and
 * global-setup.ts). The shopper's path: home, category, browse (sort/filters/search page),
 * product, search panel, cart drawer, and the checkout hand-off to the store.
 * Tests in them that need what the provider does not give are skipped with `onStorefront()`
 * (support/provider.ts), each with its reason.
 */
/**
 * Files that test the provider itself (the hand-off, §8's errors through the fake store): the storefront run
 * only; the built-in run leaves them out.
 */
export const STOREFRONT_ONLY_FILES = ['tests/e2e/storefront-provider.e2e.ts', 'tests/e2e/storefront-provider-ids.e2e.ts'] as const

export const STOREFRONT_RUN_FILES = [
	'tests/e2e/home.e2e.ts',
	'tests/e2e/category.e2e.ts',
	'tests/e2e/browse.e2e.ts',
	'tests/e2e/product.e2e.ts',
	'tests/e2e/search.e2e.ts',
	'tests/e2e/cart.e2e.ts',
	...STOREFRONT_ONLY_FILES,
] as const
