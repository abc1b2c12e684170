import { asc } from 'drizzle-orm'
import { getCommerce } from '~/commerce/index.server'
import { listPrice } from '~/commerce/rules/list-price'
import { SHIPPING_REGIONS, SHIPPING_REGION_LABELS } from '~/commerce/rules/shipping'
import { wholesalePricing } from '~/db/schema'
import type { PersonalizationProductType } from '~/db/schema/personalization'
import { db } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import { getStoreSettings } from '~/server/settings.server'
import { quotePromise } from '~/server/shipping/promise.server'
import { formatPromise } from '~/commerce/rules/delivery-date'
import { SUBSCRIPTION_COLLECTION } from '~/components/shop/product-card'
import { MAX_INSTALLMENTS } from '~/utils/installments'
import { pricedExtras } from '~/server/personalization/page-data.server'

/**
 * The shop's facts the assistant states (issue 12): read from the settings and the tables the
 * owner edits at the moment of the question, never from copies in the assistant's code, so a
 * changed free-shipping threshold or wholesale tier is what Aria says next.
 */
export type ShopFacts = {
	storeName: string
	whatsappNumber: string
	freeShippingThresholdCents: number
	/** null: the gift is switched off. */
	giftThresholdCents: number | null
	pixDiscountPercent: number
	maxInstallments: number
	/**
	 * Transit after production per region, with the promised dates if paid now (decision 085:
	 * production + transit from the same function as the checkout): 'Chega entre 8 e 11 de dezembro'.
	 */
	shipping: { region: string; rateCents: number; minDays: number; maxDays: number; promise: string }[]
	productionDays: number
	personalizedProductionDays: number
	wholesaleTiers: { productType: PersonalizationProductType; minQuantity: number; maxQuantity: number | null; unitPriceCents: number }[]
	personalizationExtras: { productType: PersonalizationProductType; itemName: string; priceCents: number }[]
	subscriptions: { handle: string; title: string; monthlyCents: number }[]
}

export async function loadShopFacts(): Promise<ShopFacts> {
	const [settings, tiers, extras, subscriptions] = await Promise.all([
		getStoreSettings(),
		db
			.select({
				productType: wholesalePricing.productType,
				minQuantity: wholesalePricing.minQuantity,
				maxQuantity: wholesalePricing.maxQuantity,
				unitPriceCents: wholesalePricing.unitPriceCents,
			})
			.from(wholesalePricing)
			.orderBy(asc(wholesalePricing.productType), asc(wholesalePricing.minQuantity)),
		loadExtras(),
		loadSubscriptions(),
	])
	return {
		storeName: settings.storeName,
		whatsappNumber: settings.whatsappNumber,
		freeShippingThresholdCents: settings.freeShippingThresholdCents,
		giftThresholdCents: settings.giftProductHandle ? settings.giftThresholdCents : null,
		pixDiscountPercent: settings.pixDiscountPercent,
		maxInstallments: MAX_INSTALLMENTS,
		shipping: SHIPPING_REGIONS.map((region) => {
			const row = settings.shippingTable[region]
			const range = quotePromise(settings.productionDays + row.minDays, settings.productionDays + row.maxDays, settings)
			return { region: SHIPPING_REGION_LABELS[region], ...row, promise: formatPromise(range) }
		}),
		productionDays: settings.productionDays,
		personalizedProductionDays: Math.max(settings.productionDays, settings.personalizedProductionDays),
		wholesaleTiers: tiers,
		personalizationExtras: extras,
		subscriptions,
	}
}

/**
 * The personalization extras at the price the cart charges: their add-on products', the same
 * the product page and the builder show (decision 098), never personalization_items' copy.
 */
async function loadExtras(): Promise<ShopFacts['personalizationExtras']> {
	try {
		const types: PersonalizationProductType[] = ['bandana', 'collar']
		const lists = await Promise.all(types.map(async (productType) => (await pricedExtras(productType)).map((e) => ({ productType, itemName: e.name, priceCents: e.priceCents }))))
		return lists.flat()
	} catch (error) {
		// The rest of the answer stands without them.
		logger.warn({ err: error }, 'Aria: adicionais indisponíveis')
		return []
	}
}

async function loadSubscriptions(): Promise<ShopFacts['subscriptions']> {
	try {
		const found = await getCommerce().getCollectionByHandle(SUBSCRIPTION_COLLECTION, { first: 10 })
		return (found?.products ?? []).map((product) => ({
			handle: product.handle,
			title: product.title,
			monthlyCents: listPrice(product).minCents,
		}))
	} catch (error) {
		// The rest of the answer stands without them.
		logger.warn({ err: error }, 'Aria: assinaturas indisponíveis')
		return []
	}
}
