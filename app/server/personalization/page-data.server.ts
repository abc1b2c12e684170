import { and, asc, eq } from 'drizzle-orm'
import { getCommerce } from '~/commerce/index.server'
import type { WholesaleTier } from '~/commerce/rules/wholesale-tiers'
import { BASE_PRODUCT_HANDLES } from '~/commerce/internal-products'
import type { ProductSummary } from '~/commerce/types'
import {
	colorOptions,
	type PersonalizationItemKey,
	type PersonalizationProductType,
	personalizationItems,
	wholesalePricing,
} from '~/db/schema'
import { db } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import { firstSellableVariant, sizesOnSale } from './priced-products.server'

/**
 * What the shopper pages of document 001 §2 show, read on the server: the colours and extras
 * from our tables, every price from the commerce provider's products (the ones the cart
 * charges), the ready-made arts and collar accessories from their collections.
 */

/** document 001 §7: the fixed handles of the base products. */
export const BASE_HANDLES = {
	bandana: BASE_PRODUCT_HANDLES.bandanaPersonalization,
	collar: BASE_PRODUCT_HANDLES.collarPersonalization,
	wholesaleBandana: BASE_PRODUCT_HANDLES.wholesaleBandana,
	wholesaleCollar: BASE_PRODUCT_HANDLES.wholesaleCollar,
} as const satisfies Record<string, string>

/** document 001 §9: the wholesale extras, per unit, by their fixed handles. */
export const WHOLESALE_EXTRA_HANDLES = { extraButton: 'atacado-botao-extra', sideName: 'atacado-nome-lateral' } as const

/** document 001 §7: collections read with count 20. */
export const ART_COLLECTION = 'artes-personalizadas'
export const ACCESSORY_COLLECTION = 'personalizacao-de-colares'
const COLLECTION_COUNT = 20

export type ColourChoice = { id: string; name: string; hexCode: string; isPattern: boolean }
export type ExtraChoice = { key: PersonalizationItemKey; name: string; priceCents: number }
export type CatalogueChoice = { id: string; title: string; priceCents: number; imageUrl: string | null; imageAlt: string }
export type BaseChoice = { title: string; priceCents: number; sizes: string[] }

export async function activeColours(type: PersonalizationProductType): Promise<ColourChoice[]> {
	return db
		.select({ id: colorOptions.id, name: colorOptions.name, hexCode: colorOptions.hexCode, isPattern: colorOptions.isPattern })
		.from(colorOptions)
		.where(and(eq(colorOptions.productType, type), eq(colorOptions.isActive, true)))
		.orderBy(asc(colorOptions.displayOrder), asc(colorOptions.name))
}

export async function wholesaleTiers(type: PersonalizationProductType): Promise<WholesaleTier[]> {
	return db
		.select({
			minQuantity: wholesalePricing.minQuantity,
			maxQuantity: wholesalePricing.maxQuantity,
			unitPriceCents: wholesalePricing.unitPriceCents,
		})
		.from(wholesalePricing)
		.where(eq(wholesalePricing.productType, type))
		.orderBy(asc(wholesalePricing.minQuantity))
}

/** The extras of a product type with their add-on products, in the admin's order. */
export async function extraItems(type: PersonalizationProductType) {
	return db
		.select({ key: personalizationItems.key, name: personalizationItems.itemName, handle: personalizationItems.addonProductHandle })
		.from(personalizationItems)
		.where(eq(personalizationItems.productType, type))
		.orderBy(asc(personalizationItems.displayOrder))
}

export async function productsByHandle(handles: string[]): Promise<Map<string, ProductSummary>> {
	const products = await getCommerce().getProductsByHandles([...new Set(handles)])
	return new Map(products.map((p) => [p.handle, p]))
}

function baseChoice(product: ProductSummary | undefined): BaseChoice | null {
	const variant = firstSellableVariant(product)
	if (!product || !variant) return null
	return { title: product.title, priceCents: variant.price.amountCents, sizes: sizesOnSale(product) }
}

function catalogueChoice(product: ProductSummary): CatalogueChoice | null {
	const variant = firstSellableVariant(product)
	if (!variant) return null
	const image = product.images[0]
	return {
		id: product.id,
		title: product.title,
		priceCents: variant.price.amountCents,
		imageUrl: image?.url ?? null,
		imageAlt: image?.altText ?? product.title,
	}
}

/**
 * A collection's products on sale (document 001 §7: count 20), or null when it cannot be read
 * (the page then shows 'Erro ao carregar …' and everything else still works).
 */
export async function collectionChoices(handle: string): Promise<CatalogueChoice[] | null> {
	try {
		const result = await getCommerce().getCollectionByHandle(handle, { first: COLLECTION_COUNT })
		if (!result) return []
		return result.products.map(catalogueChoice).filter((c): c is CatalogueChoice => c !== null)
	} catch (error) {
		logger.error({ error: String(error), handle }, 'não foi possível carregar a coleção da personalização')
		return null
	}
}

export type BandanaPageData = {
	colours: ColourChoice[]
	extras: ExtraChoice[]
	base: BaseChoice | null
	/** null: the arts could not be loaded ('Erro ao carregar artes personalizadas'). */
	arts: CatalogueChoice[] | null
}

/**
 * A product type's extras as the shopper is charged for them: each priced from its add-on product
 * (the catalogue, which the cart charges), never from a copy (decision 098). The builder, the
 * product page (same products) and Aria all quote these. An extra whose product is off sale is
 * left out (it could not be charged).
 */
export async function pricedExtras(
	type: PersonalizationProductType,
	found?: { items: Awaited<ReturnType<typeof extraItems>>; products: Map<string, ProductSummary> },
): Promise<ExtraChoice[]> {
	const items = found?.items ?? (await extraItems(type))
	const products = found?.products ?? (await productsByHandle(items.flatMap((i) => (i.handle ? [i.handle] : []))))
	const extras: ExtraChoice[] = []
	for (const item of items) {
		const variant = item.handle ? firstSellableVariant(products.get(item.handle)) : null
		if (variant) extras.push({ key: item.key, name: item.name, priceCents: variant.price.amountCents })
	}
	return extras
}

export async function loadBandanaPage(): Promise<BandanaPageData> {
	const [colours, items, arts] = await Promise.all([activeColours('bandana'), extraItems('bandana'), collectionChoices(ART_COLLECTION)])
	const products = await productsByHandle([BASE_HANDLES.bandana, ...items.flatMap((i) => (i.handle ? [i.handle] : []))])
	const extras = await pricedExtras('bandana', { items, products })
	return { colours, extras, base: baseChoice(products.get(BASE_HANDLES.bandana)), arts }
}

export type CollarPageData = {
	colours: ColourChoice[]
	base: BaseChoice | null
	/** null: 'Erro ao carregar acessórios personalizados'. */
	accessories: CatalogueChoice[] | null
}

export async function loadCollarPage(): Promise<CollarPageData> {
	const [colours, accessories, products] = await Promise.all([
		activeColours('collar'),
		collectionChoices(ACCESSORY_COLLECTION),
		productsByHandle([BASE_HANDLES.collar]),
	])
	return { colours, accessories, base: baseChoice(products.get(BASE_HANDLES.collar)) }
}

export type WholesaleKindData = { base: BaseChoice | null; tiers: WholesaleTier[]; colours: ColourChoice[] }

export type WholesalePageData = {
	bandana: WholesaleKindData & { extraButtonCents: number | null; sideNameCents: number | null }
	collar: WholesaleKindData & { accessories: CatalogueChoice[] | null }
}

export async function loadWholesalePage(): Promise<WholesalePageData> {
	const [bandanaColours, collarColours, bandanaTiers, collarTiers, accessories, products] = await Promise.all([
		activeColours('bandana'),
		activeColours('collar'),
		wholesaleTiers('bandana'),
		wholesaleTiers('collar'),
		collectionChoices(ACCESSORY_COLLECTION),
		productsByHandle([BASE_HANDLES.wholesaleBandana, BASE_HANDLES.wholesaleCollar, ...Object.values(WHOLESALE_EXTRA_HANDLES)]),
	])
	const price = (handle: string) => firstSellableVariant(products.get(handle))?.price.amountCents ?? null
	return {
		bandana: {
			base: baseChoice(products.get(BASE_HANDLES.wholesaleBandana)),
			tiers: bandanaTiers,
			colours: bandanaColours,
			extraButtonCents: price(WHOLESALE_EXTRA_HANDLES.extraButton),
			sideNameCents: price(WHOLESALE_EXTRA_HANDLES.sideName),
		},
		collar: { base: baseChoice(products.get(BASE_HANDLES.wholesaleCollar)), tiers: collarTiers, colours: collarColours, accessories },
	}
}

/** document 001 §2, §9: the carousel's 20 example photos (the demo shop: its bandanas' pictures). */
export const CAROUSEL_SIZE = 20
const CAROUSEL_COLLECTION = 'bandana'

export async function carouselPhotos(): Promise<{ url: string; alt: string }[]> {
	try {
		const result = await getCommerce().getCollectionByHandle(CAROUSEL_COLLECTION, { first: CAROUSEL_SIZE })
		return (result?.products ?? [])
			.flatMap((p) => (p.images[0] ? [{ url: p.images[0].url, alt: p.images[0].altText ?? p.title }] : []))
			.slice(0, CAROUSEL_SIZE)
	} catch (error) {
		logger.warn({ error: String(error) }, 'fotos do carrossel da personalização indisponíveis')
		return []
	}
}
