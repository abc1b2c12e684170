import type { PromisedRange } from '~/commerce/rules/delivery-date'
import { type CartLine, type Product, type ProductVariant, brl } from '~/commerce/types'
import { SUBSCRIPTION_COLLECTION } from '~/server/cart/backend.server'
import { nowMs } from '~/server/clock.server'
import { totalsLines, withCharges } from '~/server/orders/place-order.server'
import type { StoreSettings } from '~/server/settings.server'
import { shippingOptions } from './options.server'

/**
 * 'Calcular frete' on the product page and in the cart (issue 32, decision 113): the checkout's
 * own options for a CEP — the same `shippingOptions` (Melhor Envio, else the regional table), the
 * same free-shipping rule (`withCharges`) and the same promised dates — so a price or a date told
 * before the checkout is the one the checkout tells.
 */
export type QuotedOption = {
	id: string
	/** 'Correios'; null for the regional table's one option. */
	carrier: string | null
	/** 'PAC', 'SEDEX'; 'Entrega padrão' for the table. */
	service: string
	/** The service's price, before the free-shipping rule. */
	priceCents: number
	/** What this cart would pay for it (0: free by the threshold or a subscription). */
	chargedCents: number
	/** The free-shipping threshold applies to it (the owner's service; the table). */
	freeAtThreshold: boolean
	promise: PromisedRange
}

export type ShippingQuoteResult = {
	/** '01310-100' */
	cep: string
	/** Cheapest first (what this cart pays, then the list price). */
	options: QuotedOption[]
	/** The non-gift subtotal the free-shipping threshold is measured on. */
	subtotalCents: number
	freeShippingThresholdCents: number
}

export async function quoteLines(lines: readonly CartLine[], cep: string, settings: StoreSettings, at = nowMs()): Promise<ShippingQuoteResult> {
	const now = new Date(at)
	const forTotals = totalsLines({ lines: [...lines] })
	const offered = withCharges(await shippingOptions({ cep, lines, at }, settings), settings, forTotals, now)
	const options = offered
		.map((o) => ({
			id: o.id,
			carrier: o.carrier,
			service: o.service,
			priceCents: o.priceCents,
			chargedCents: o.chargedCents,
			freeAtThreshold: o.freeAtThreshold,
			promise: o.promise,
		}))
		.sort((a, b) => a.chargedCents - b.chargedCents || a.priceCents - b.priceCents)
	const subtotalCents = forTotals.filter((l) => !l.isGift).reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0)
	return { cep: `${cep.slice(0, 5)}-${cep.slice(5)}`, options, subtotalCents, freeShippingThresholdCents: settings.freeShippingThresholdCents }
}

/**
 * The product page's cart of one line: the chosen variant × quantity at its price, with a
 * personalisation mark when the shopper typed one (the personalised pieces' production days,
 * decision 085). Sizes come from the variant or its product type (decision 086), as in a cart.
 */
export function productQuoteLines(product: Product, variant: ProductVariant, quantity: number, personalized: boolean): CartLine[] {
	return [
		{
			id: 'cotacao',
			merchandise: {
				...variant,
				product: {
					id: product.id,
					handle: product.handle,
					title: product.title,
					productType: product.productType,
					tags: product.tags,
					featuredImage: null,
				},
			},
			quantity,
			isGift: false,
			isSubscription: product.collections.some((c) => c.handle === SUBSCRIPTION_COLLECTION),
			attributes: personalized ? [{ key: '_personalizacao', value: 'sim' }] : [],
			cost: { unitPrice: variant.price, total: brl(variant.price.amountCents * quantity) },
			// Curious about shipping before it is back in stock: quoted all the same.
			unavailable: false,
		},
	]
}
