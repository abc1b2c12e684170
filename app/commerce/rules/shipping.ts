import { regionForCep } from './cep-regions'

/**
 * Shipping quoted by the delivery CEP's region (issue 13): the owner keeps one rate and one
 * delivery window per region of Brazil (IBGE's five), in the store settings. The region comes
 * from the CEP ranges (offline, `cep-regions.ts`), not from the state the shopper typed, so a
 * mistyped UF cannot change the price. A carrier integration can later replace `quoteShipping`
 * behind the same result type.
 */
export const SHIPPING_REGIONS = ['sudeste', 'sul', 'centro-oeste', 'nordeste', 'norte'] as const
export type ShippingRegion = (typeof SHIPPING_REGIONS)[number]

export const SHIPPING_REGION_LABELS: Record<ShippingRegion, string> = {
	sudeste: 'Sudeste',
	sul: 'Sul',
	'centro-oeste': 'Centro-Oeste',
	nordeste: 'Nordeste',
	norte: 'Norte',
}

/** IBGE's regions by state. */
export const REGION_OF_UF: Readonly<Record<string, ShippingRegion>> = {
	SP: 'sudeste',
	RJ: 'sudeste',
	MG: 'sudeste',
	ES: 'sudeste',
	PR: 'sul',
	SC: 'sul',
	RS: 'sul',
	DF: 'centro-oeste',
	GO: 'centro-oeste',
	MT: 'centro-oeste',
	MS: 'centro-oeste',
	BA: 'nordeste',
	SE: 'nordeste',
	AL: 'nordeste',
	PE: 'nordeste',
	PB: 'nordeste',
	RN: 'nordeste',
	CE: 'nordeste',
	PI: 'nordeste',
	MA: 'nordeste',
	PA: 'norte',
	AP: 'norte',
	AM: 'norte',
	RR: 'norte',
	AC: 'norte',
	RO: 'norte',
	TO: 'norte',
}

/**
 * One region's rate and transit window in business days, after production (decision 085: the
 * production days are store settings of their own, added by `delivery-date.ts`).
 */
export type ShippingRate = { rateCents: number; minDays: number; maxDays: number }
export type ShippingTable = Record<ShippingRegion, ShippingRate>

/** Defaults for a shop in São Paulo: the usual PAC times; the owner reviews them in the settings. */
export const DEFAULT_SHIPPING_TABLE: ShippingTable = {
	sudeste: { rateCents: 1990, minDays: 2, maxDays: 5 },
	sul: { rateCents: 2490, minDays: 3, maxDays: 7 },
	'centro-oeste': { rateCents: 2790, minDays: 4, maxDays: 8 },
	nordeste: { rateCents: 3290, minDays: 5, maxDays: 10 },
	norte: { rateCents: 3990, minDays: 6, maxDays: 12 },
}

/**
 * A quote: the rate, and `minDays`/`maxDays` as the promise's totals in business days
 * (production + transit; what an order stores), with their parts.
 */
export type ShippingQuote = ShippingRate & {
	region: ShippingRegion
	regionLabel: string
	uf: string
	productionDays: number
	transitMinDays: number
	transitMaxDays: number
}

/**
 * The region's rate for a CEP (or, when the CEP is not in any range, for the typed state), with
 * `productionDays` (the store's setting for this cart) added to the transit window.
 */
export function quoteShipping(table: ShippingTable, cep: string, fallbackUf?: string | null, productionDays = 0): ShippingQuote | null {
	const uf = regionForCep(cep)?.uf ?? (fallbackUf ? fallbackUf.trim().toUpperCase() : null)
	const region = uf ? REGION_OF_UF[uf] : undefined
	if (!uf || !region) return null
	const row = table[region]
	return {
		rateCents: row.rateCents,
		minDays: productionDays + row.minDays,
		maxDays: productionDays + row.maxDays,
		productionDays,
		transitMinDays: row.minDays,
		transitMaxDays: row.maxDays,
		region,
		regionLabel: SHIPPING_REGION_LABELS[region],
		uf,
	}
}

/**
 * Whether a cart or order line is a personalised piece (longer production, decision 085): made in
 * the personaliser (its hidden '_personalizacao' attribute) or carrying the shopper's own text
 * (any visible attribute: 'Nome do pet: Thor').
 */
export function isPersonalizedLine(attributes: readonly { key: string; value: string }[] | null | undefined): boolean {
	return (attributes ?? []).some((a) => a.key === '_personalizacao' || (!a.key.startsWith('_') && a.value.trim() !== ''))
}

/** The production days of a cart: the personalised pieces' setting when any line is one. */
export function productionDaysFor(
	lines: ReadonlyArray<{ attributes?: readonly { key: string; value: string }[] | null }>,
	settings: { productionDays: number; personalizedProductionDays: number },
): number {
	return lines.some((l) => isPersonalizedLine(l.attributes))
		? Math.max(settings.productionDays, settings.personalizedProductionDays)
		: settings.productionDays
}

/** '6 a 9 dias úteis', '1 dia útil', '3 dias úteis'. */
export function formatDeliveryWindow(minDays: number, maxDays: number): string {
	const unit = (n: number) => (n === 1 ? 'dia útil' : 'dias úteis')
	if (minDays === maxDays) return `${maxDays} ${unit(maxDays)}`
	return `${minDays} a ${maxDays} ${unit(maxDays)}`
}
