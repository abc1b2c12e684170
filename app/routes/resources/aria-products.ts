import { data } from 'react-router'
import { z } from 'zod'
import { productCards } from '~/server/aria/product-cards.server'
import { logger } from '~/server/logger.server'
import { type AriaProductCard, ARIA_CARD_LIMIT } from '~/utils/aria-card'
import type { Route } from './+types/aria-products'

/**
 * GET /resources/aria/produtos?handles=a,b — the cards of the products a reply names
 * (document 000 §7: the tagged products are loaded by handle). Prices from the catalogue now.
 */
const handlesSchema = z
	.string()
	.max(2000)
	.transform((value) =>
		value
			.split(',')
			.map((h) => h.trim().toLowerCase())
			.filter(Boolean),
	)
	.pipe(
		z
			.array(
				z
					.string()
					.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
					.max(120),
			)
			.max(ARIA_CARD_LIMIT),
	)

export async function loader({ request }: Route.LoaderArgs) {
	const parsed = handlesSchema.safeParse(new URL(request.url).searchParams.get('handles') ?? '')
	if (!parsed.success)
		return data(
			{ products: [] as AriaProductCard[], error: 'Produtos inválidos.' },
			{ status: 400, headers: { 'Cache-Control': 'no-store' } },
		)
	try {
		const products = await productCards(parsed.data)
		return data({ products }, { headers: { 'Cache-Control': 'private, max-age=30' } })
	} catch (error) {
		logger.error({ err: error }, 'Aria: falha ao carregar produtos')
		return data(
			{ products: [] as AriaProductCard[], error: 'Não foi possível carregar os produtos.' },
			{ status: 503, headers: { 'Cache-Control': 'no-store' } },
		)
	}
}
