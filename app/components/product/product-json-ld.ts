import type { Product } from '~/commerce'

/*
 * schema.org Product data for search engines (price in BRL and availability per variant,
 * the real review average). Built on the server, where absolute URLs are known, and written
 * into a <script type="application/ld+json">.
 */

type ReviewSummary = { average: number | null; count: number }

export type ProductJsonLdInput = {
	product: Pick<Product, 'title' | 'description' | 'variants'>
	/** Absolute canonical URL of the page. */
	url: string
	/** Absolute image URLs. */
	imageUrls: string[]
	brand: string
	reviewSummary: ReviewSummary
}

/** Integer cents → '34.90' (schema.org wants a dot and no currency sign). */
export function centsToDecimal(cents: number): string {
	return (cents / 100).toFixed(2)
}

export function productJsonLd({ product, url, imageUrls, brand, reviewSummary }: ProductJsonLdInput): Record<string, unknown> {
	const offers = product.variants.map((variant) => ({
		'@type': 'Offer',
		...(product.variants.length > 1 ? { name: variant.title } : {}),
		price: centsToDecimal(variant.price.amountCents),
		priceCurrency: variant.price.currencyCode,
		availability: variant.availableForSale ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
		url,
		itemCondition: 'https://schema.org/NewCondition',
	}))
	return {
		'@context': 'https://schema.org',
		'@type': 'Product',
		name: product.title,
		description: product.description.trim().slice(0, 5000),
		url,
		...(imageUrls.length ? { image: imageUrls } : {}),
		brand: { '@type': 'Brand', name: brand },
		offers: offers.length === 1 ? offers[0] : offers,
		...(reviewSummary.count > 0 && reviewSummary.average !== null
			? {
					aggregateRating: {
						'@type': 'AggregateRating',
						ratingValue: Number(reviewSummary.average.toFixed(1)),
						reviewCount: reviewSummary.count,
						bestRating: 5,
						worstRating: 1,
					},
				}
			: {}),
	}
}

/**
 * JSON safe inside a <script> element: '<' (so '</script>' or '<!--' in a title cannot end
 * or bend the element), '>', '&' and the two JavaScript line separators are escaped.
 */
export function serializeJsonLd(data: unknown): string {
	return JSON.stringify(data)
		.replace(/</g, '\\u003c')
		.replace(/>/g, '\\u003e')
		.replace(/&/g, '\\u0026')
		.replace(/\u2028/g, '\\u2028')
		.replace(/\u2029/g, '\\u2029')
}

/** document 000 §7: the WhatsApp message prefilled for a product. */
export function whatsappProductMessage(title: string): string {
	return `Olá! Gostaria de ajuda para comprar o produto "${title}"`
}
