import type { Product } from '~/commerce'
import type { PetSizeKind } from '~/commerce/rules/pet-size'
import { isSizeOption } from '~/components/product/product-kind'
import { getOptionalUser } from '~/server/auth/guards.server'
import { type PetSizeSuggestion, petSizeSuggestions } from './pets.server'

/**
 * The product page's 'Tamanho sugerido para Thor: G' lines (issue 10): only for a signed-in
 * customer (an anonymous page makes no query: getOptionalUser reads no session without a
 * cookie), only on bandanas and collars, among the sizes that can be bought now.
 */
export async function petSizesForProductPage(request: Request, product: Product, kind: PetSizeKind | null): Promise<PetSizeSuggestion[]> {
	if (!kind) return []
	const user = await getOptionalUser(request)
	if (!user) return []
	const sizeOption = product.options.find((option) => isSizeOption(option.name))
	if (!sizeOption) return []
	const offered = new Set<string>()
	for (const variant of product.variants) {
		if (!variant.availableForSale) continue
		const size = variant.selectedOptions.find((o) => o.name === sizeOption.name)?.value
		if (size) offered.add(size)
	}
	return petSizeSuggestions(user.id, kind, [...offered])
}
