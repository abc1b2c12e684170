import { type ProviderName, isProductIdOf, productIdSchemaFor } from '~/commerce/product-id'
import { getEnv } from '~/server/env.server'

/** The running provider's name (one process serves one provider, decision 046). */
export function currentProvider(): ProviderName {
	return getEnv().COMMERCE_PROVIDER
}

/** The running provider's product ids (decision 051): uuids on the built-in catalogue, Product gids on the store. */
export function productIdSchema(message?: string) {
	return productIdSchemaFor(currentProvider(), message)
}

export function isProductId(value: unknown): value is string {
	return isProductIdOf(currentProvider(), value)
}
