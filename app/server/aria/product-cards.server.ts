import { getCommerce } from '~/commerce/index.server'
import { INTERNAL_TAG } from '~/commerce/internal-products'
import { listPrice } from '~/commerce/rules/list-price'
import { SUBSCRIPTION_COLLECTION } from '~/components/shop/product-card'
import { type AriaProductCard, ARIA_CARD_LIMIT } from '~/utils/aria-card'
import { thumbnailUrl } from '~/utils/responsive-image'

/** The card's picture is 64 CSS pixels wide. */
const CARD_IMAGE_WIDTH = 64

/**
 * The chat's product cards for the handles a reply names (issue 12), from the commerce
 * provider, so prices are the catalogue's at this moment. Unknown or unsellable products get
 * no card; internal products (add-ons, bases) are not browsable and are never shown.
 */
export async function productCards(handles: readonly string[]): Promise<AriaProductCard[]> {
	const wanted = [...new Set(handles)].slice(0, ARIA_CARD_LIMIT)
	if (wanted.length === 0) return []
	const products = await getCommerce().getProductsByHandles(wanted)
	return products
		.filter((product) => product.availableForSale && !product.tags.includes(INTERNAL_TAG))
		.map((product) => {
			const price = listPrice(product)
			const image = product.images[0]
			return {
				handle: product.handle,
				title: product.title,
				priceCents: price.minCents,
				priceVaries: price.varies,
				image: image ? { url: thumbnailUrl(image.url, CARD_IMAGE_WIDTH), alt: image.altText ?? product.title } : null,
				variants: product.variants.filter((v) => v.availableForSale).map((v) => ({ id: v.id, title: v.title })),
				isSubscription: product.collections.some((c) => c.handle === SUBSCRIPTION_COLLECTION),
			}
		})
}
