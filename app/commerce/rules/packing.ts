/**
 * The packing rule (issue 32, decision 086): how a cart becomes the parcels a carrier quotes.
 *
 * The shop's pieces are small and soft (bandanas, bows, ties, scarves, collars), folded flat and
 * stacked in one box. So:
 * - every unit is a flat item of its variant's weight and dimensions (the variant's own, else the
 *   product type's default below);
 * - items go into a parcel, heaviest first, stacked: the parcel's length and width are the
 *   largest item's (never below the Correios' minimum box, 16 × 11 cm) and its height is the sum
 *   of the items' heights (at least 2 cm);
 * - a parcel closes when the next item would take it over 10 kg (the Correios' limit without cubic
 *   pricing) or 60 cm high, or its length + width + height over 200 cm; the next one starts;
 * - every parcel weighs its items plus the packaging (a box: 60 g);
 * - its insured value is the sum of its items' prices (whole cents), so a lost parcel is covered.
 * Gifts go in the box too (their weight counts; their value, zero, does not).
 */

export type ItemSize = { weightGrams: number; lengthCm: number; widthCm: number; heightCm: number }

export type PackItem = ItemSize & { quantity: number; unitPriceCents: number }

export type Parcel = ItemSize & { insuredCents: number; items: number }

export const PACKING = {
	packagingGrams: 60,
	maxParcelGrams: 10_000,
	maxParcelHeightCm: 60,
	maxDimensionsSumCm: 200,
	minLengthCm: 16,
	minWidthCm: 11,
	minHeightCm: 2,
} as const

/** A piece of the shop's catalogue when its variant has no weight or size of its own. */
export const DEFAULT_ITEM_SIZE: ItemSize = { weightGrams: 100, lengthCm: 20, widthCm: 15, heightCm: 2 }

/**
 * Sensible sizes by product type (folded, in its bag): the demo catalogue's types, compared
 * without case or accents. Anything else takes DEFAULT_ITEM_SIZE.
 */
const SIZE_BY_TYPE: Record<string, ItemSize> = {
	bandana: { weightGrams: 60, lengthCm: 20, widthCm: 15, heightCm: 1 },
	colar: { weightGrams: 80, lengthCm: 18, widthCm: 12, heightCm: 2 },
	collar: { weightGrams: 80, lengthCm: 18, widthCm: 12, heightCm: 2 },
	lacinho: { weightGrams: 20, lengthCm: 10, widthCm: 8, heightCm: 2 },
	gravata: { weightGrams: 40, lengthCm: 16, widthCm: 10, heightCm: 2 },
	cachecol: { weightGrams: 120, lengthCm: 25, widthCm: 18, heightCm: 3 },
	acessorio: { weightGrams: 80, lengthCm: 18, widthCm: 12, heightCm: 3 },
	higiene: { weightGrams: 350, lengthCm: 20, widthCm: 8, heightCm: 6 },
	box: { weightGrams: 700, lengthCm: 30, widthCm: 22, heightCm: 10 },
	atacado: { weightGrams: 60, lengthCm: 20, widthCm: 15, heightCm: 1 },
}

const fold = (text: string) =>
	text
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.trim()
		.toLowerCase()

/** The product type's default size (bandana, colar, lacinho, box…), else the shop's default. */
export function defaultItemSize(productType: string | null | undefined): ItemSize {
	return SIZE_BY_TYPE[fold(productType ?? '')] ?? DEFAULT_ITEM_SIZE
}

/** A variant's own size where it has one, field by field, else the product type's. */
export function itemSize(
	variant: { weightGrams?: number | null; lengthCm?: number | null; widthCm?: number | null; heightCm?: number | null },
	productType: string | null | undefined,
): ItemSize {
	const base = defaultItemSize(productType)
	const positive = (value: number | null | undefined, fallback: number) => (value != null && value > 0 ? value : fallback)
	return {
		weightGrams: positive(variant.weightGrams, base.weightGrams),
		lengthCm: positive(variant.lengthCm, base.lengthCm),
		widthCm: positive(variant.widthCm, base.widthCm),
		heightCm: positive(variant.heightCm, base.heightCm),
	}
}

type Open = { weightGrams: number; lengthCm: number; widthCm: number; heightCm: number; insuredCents: number; items: number }

function fits(parcel: Open, item: ItemSize): boolean {
	if (parcel.items === 0) return true
	const weight = parcel.weightGrams + item.weightGrams + PACKING.packagingGrams
	const height = parcel.heightCm + item.heightCm
	const length = Math.max(parcel.lengthCm, item.lengthCm, PACKING.minLengthCm)
	const width = Math.max(parcel.widthCm, item.widthCm, PACKING.minWidthCm)
	return weight <= PACKING.maxParcelGrams && height <= PACKING.maxParcelHeightCm && length + width + height <= PACKING.maxDimensionsSumCm
}

/** The cart's parcels by the rule above; an empty cart has none. */
export function packParcels(items: readonly PackItem[]): Parcel[] {
	const units = items
		.flatMap((item) => Array.from({ length: Math.max(0, Math.floor(item.quantity)) }, () => item))
		// Heaviest first, then the larger footprint: the big pieces open the boxes. Stable otherwise.
		.sort((a, b) => b.weightGrams - a.weightGrams || b.lengthCm * b.widthCm - a.lengthCm * a.widthCm)
	const parcels: Open[] = []
	let current: Open | null = null
	for (const unit of units) {
		if (!current || !fits(current, unit)) {
			current = { weightGrams: 0, lengthCm: 0, widthCm: 0, heightCm: 0, insuredCents: 0, items: 0 }
			parcels.push(current)
		}
		current.weightGrams += unit.weightGrams
		current.lengthCm = Math.max(current.lengthCm, unit.lengthCm)
		current.widthCm = Math.max(current.widthCm, unit.widthCm)
		current.heightCm += unit.heightCm
		current.insuredCents += Math.max(0, unit.unitPriceCents)
		current.items += 1
	}
	return parcels.map((p) => ({
		weightGrams: p.weightGrams + PACKING.packagingGrams,
		lengthCm: Math.max(p.lengthCm, PACKING.minLengthCm),
		widthCm: Math.max(p.widthCm, PACKING.minWidthCm),
		heightCm: Math.max(p.heightCm, PACKING.minHeightCm),
		insuredCents: p.insuredCents,
		items: p.items,
	}))
}

/** A stable key of the parcels (the quote cache's): '320g 20x15x4 R$5990|…'. */
export function parcelsKey(parcels: readonly Parcel[]): string {
	return parcels.map((p) => `${p.weightGrams}g ${p.lengthCm}x${p.widthCm}x${p.heightCm} ${p.insuredCents}`).join('|')
}
