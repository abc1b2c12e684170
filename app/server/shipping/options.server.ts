import { inArray } from 'drizzle-orm'
import type { PromisedRange } from '~/commerce/rules/delivery-date'
import { type PackItem, itemSize, packParcels } from '~/commerce/rules/packing'
import { productionDaysFor, quoteShipping } from '~/commerce/rules/shipping'
import type { CartLine } from '~/commerce/types'
import { productVariants } from '~/db/schema'
import { db } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import type { StoreSettings } from '~/server/settings.server'
import { melhorEnvioConfig } from './melhor-envio/provider.server'
import { quoteMelhorEnvio } from './melhor-envio/quotes.server'
import { quotePromise } from './promise.server'

/**
 * The shipping options of a cart for a CEP (issue 32, decisions 085–087): Melhor Envio's services
 * when it answers, else the regional table's one option. Each option carries its price (before the
 * free-shipping rule, which the totals apply), its transit and the promised dates.
 */
export type ShippingOption = {
	/** 'me:1' (Melhor Envio's service 1) or 'tabela' (the regional table). */
	id: string
	source: 'melhor-envio' | 'tabela'
	serviceId: number | null
	/** 'Correios'; null for the table. */
	carrier: string | null
	/** 'PAC', 'SEDEX'; 'Entrega padrão' for the table. */
	service: string
	priceCents: number
	/** The free-shipping threshold applies to it (the owner's service; the table's one option). */
	freeAtThreshold: boolean
	/** Totals in business days (production + transit), as an order stores them. */
	minDays: number
	maxDays: number
	promise: PromisedRange
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The cart's units with their posted sizes: the variant's own, else its product type's (decision 086). */
async function packItems(lines: readonly CartLine[]): Promise<PackItem[]> {
	const buyable = lines.filter((l) => !l.unavailable && l.quantity > 0)
	const ids = [...new Set(buyable.map((l) => l.merchandise.id).filter((id) => UUID.test(id)))]
	const sizes = ids.length
		? await db
				.select({
					id: productVariants.id,
					weightGrams: productVariants.weightGrams,
					lengthCm: productVariants.lengthCm,
					widthCm: productVariants.widthCm,
					heightCm: productVariants.heightCm,
				})
				.from(productVariants)
				.where(inArray(productVariants.id, ids))
		: []
	return buyable.map((line) => ({
		...itemSize(sizes.find((s) => s.id === line.merchandise.id) ?? {}, line.merchandise.product.productType),
		quantity: line.quantity,
		unitPriceCents: line.cost.unitPrice.amountCents,
	}))
}

export async function shippingOptions(
	input: { cep: string; uf?: string | null; lines: readonly CartLine[]; at?: number },
	settings: StoreSettings,
): Promise<ShippingOption[]> {
	const productionDays = productionDaysFor(input.lines, settings)
	const config = melhorEnvioConfig(settings)
	if (config) {
		try {
			const parcels = packParcels(await packItems(input.lines))
			const carrier = await quoteMelhorEnvio({ fromCep: settings.shippingOriginCep, toCep: input.cep, services: settings.carrierServices, parcels }, config)
			if (carrier) {
				return carrier.map((option) => {
					const minDays = productionDays + option.transitMinDays
					const maxDays = productionDays + option.transitMaxDays
					return {
						id: `me:${option.serviceId}`,
						source: 'melhor-envio',
						serviceId: option.serviceId,
						carrier: option.carrier,
						service: option.service,
						priceCents: option.priceCents,
						freeAtThreshold: option.serviceId === settings.freeShippingServiceId,
						minDays,
						maxDays,
						promise: quotePromise(minDays, maxDays, settings, input.at),
					}
				})
			}
		} catch (error) {
			// Reading the variants' sizes failed: the table still answers (decision 087).
			logger.warn({ error: String(error) }, 'cotação de transportadora indisponível; usando a tabela regional')
		}
	}
	const table = quoteShipping(settings.shippingTable, input.cep, input.uf, productionDays)
	if (!table) return []
	return [
		{
			id: 'tabela',
			source: 'tabela',
			serviceId: null,
			carrier: null,
			service: 'Entrega padrão',
			priceCents: table.rateCents,
			freeAtThreshold: true,
			minDays: table.minDays,
			maxDays: table.maxDays,
			promise: quotePromise(table.minDays, table.maxDays, settings, input.at),
		},
	]
}
