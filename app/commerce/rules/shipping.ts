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

/** One region's rate and delivery window in business days (production included). */
export type ShippingRate = { rateCents: number; minDays: number; maxDays: number }
export type ShippingTable = Record<ShippingRegion, ShippingRate>

/**
 * Defaults for a shop in São Paulo: 4 business days of production plus the usual PAC times;
 * the owner reviews them in the settings.
 */
export const DEFAULT_SHIPPING_TABLE: ShippingTable = {
	sudeste: { rateCents: 1990, minDays: 6, maxDays: 9 },
	sul: { rateCents: 2490, minDays: 7, maxDays: 11 },
	'centro-oeste': { rateCents: 2790, minDays: 8, maxDays: 12 },
	nordeste: { rateCents: 3290, minDays: 9, maxDays: 14 },
	norte: { rateCents: 3990, minDays: 10, maxDays: 16 },
}

export type ShippingQuote = ShippingRate & { region: ShippingRegion; regionLabel: string; uf: string }

/** The region's rate for a CEP (or, when the CEP is not in any range, for the typed state). */
export function quoteShipping(table: ShippingTable, cep: string, fallbackUf?: string | null): ShippingQuote | null {
	const uf = regionForCep(cep)?.uf ?? (fallbackUf ? fallbackUf.trim().toUpperCase() : null)
	const region = uf ? REGION_OF_UF[uf] : undefined
	if (!uf || !region) return null
	return { ...table[region], region, regionLabel: SHIPPING_REGION_LABELS[region], uf }
}

/** '6 a 9 dias úteis', '1 dia útil', '3 dias úteis'. */
export function formatDeliveryWindow(minDays: number, maxDays: number): string {
	const unit = (n: number) => (n === 1 ? 'dia útil' : 'dias úteis')
	if (minDays === maxDays) return `${maxDays} ${unit(maxDays)}`
	return `${minDays} a ${maxDays} ${unit(maxDays)}`
}
