/**
 * Wholesale quantity tiers (document 001 §9, spec decision 10: the cart applies them). Pure:
 * the cart, the admin's tier tables and the /atacado page share these rules.
 */

/** document 001 §5: at least 10 units per wholesale line. */
export const WHOLESALE_MINIMUM = 10
export const WHOLESALE_MINIMUM_MESSAGE = `Quantidade mínima: ${WHOLESALE_MINIMUM} unidades`
/** A sane ceiling for one line (the shop makes each piece by hand). */
export const WHOLESALE_MAXIMUM = 10_000

export type WholesaleTier = { minQuantity: number; maxQuantity: number | null; unitPriceCents: number }

/**
 * document 001 §5: a quantity below the minimum, or not a whole number, becomes the minimum,
 * with the message; above the ceiling it is capped.
 */
export function normalizeWholesaleQuantity(input: unknown): { quantity: number; message: string | null } {
	const value = typeof input === 'number' ? input : typeof input === 'string' && /^\s*\d+\s*$/.test(input) ? Number(input) : Number.NaN
	if (!Number.isSafeInteger(value) || value < WHOLESALE_MINIMUM) return { quantity: WHOLESALE_MINIMUM, message: WHOLESALE_MINIMUM_MESSAGE }
	if (value > WHOLESALE_MAXIMUM) return { quantity: WHOLESALE_MAXIMUM, message: `Quantidade máxima: ${WHOLESALE_MAXIMUM} unidades` }
	return { quantity: value, message: null }
}

/** The tier holding `quantity` (tiers in any order); null when none does. */
export function tierFor(tiers: readonly WholesaleTier[], quantity: number): WholesaleTier | null {
	return tiers.find((tier) => quantity >= tier.minQuantity && (tier.maxQuantity === null || quantity <= tier.maxQuantity)) ?? null
}

/**
 * Whether a tier table can be saved: it starts at the minimum, each tier starts right after the
 * previous one ends (no gap, no overlap), only the last is open-ended, prices are whole cents.
 * Returns the first problem, in Portuguese, or null.
 */
export function tierTableProblem(tiers: readonly WholesaleTier[]): string | null {
	if (tiers.length === 0) return 'Informe pelo menos uma faixa de preço.'
	const sorted = [...tiers].sort((a, b) => a.minQuantity - b.minQuantity)
	for (const tier of sorted) {
		if (!Number.isSafeInteger(tier.unitPriceCents) || tier.unitPriceCents < 0) return 'O preço por unidade deve ser um valor em reais, 0 ou mais.'
		if (tier.maxQuantity !== null && tier.maxQuantity < tier.minQuantity) {
			return `A faixa que começa em ${tier.minQuantity} termina antes de começar (${tier.maxQuantity}).`
		}
	}
	if (sorted[0]!.minQuantity !== WHOLESALE_MINIMUM) return `A primeira faixa deve começar em ${WHOLESALE_MINIMUM} unidades (o pedido mínimo).`
	for (let i = 1; i < sorted.length; i += 1) {
		const previous = sorted[i - 1]!
		const tier = sorted[i]!
		if (previous.maxQuantity === null) return `Só a última faixa pode ser "Sem limite".`
		if (tier.minQuantity <= previous.maxQuantity) {
			return `As faixas ${previous.minQuantity}–${previous.maxQuantity} e ${tier.minQuantity}–${tier.maxQuantity ?? 'sem limite'} se sobrepõem.`
		}
		if (tier.minQuantity > previous.maxQuantity + 1) {
			return `Há um intervalo sem preço entre ${previous.maxQuantity} e ${tier.minQuantity} unidades.`
		}
	}
	if (sorted.at(-1)!.maxQuantity !== null) return 'A última faixa deve ser "Sem limite", para valer em qualquer quantidade maior.'
	return null
}

/** Per-unit extras of a wholesale bandana (document 001 §9), in cents. */
export const WHOLESALE_EXTRAS_CENTS = { sideName: 100, extraButton: 50 } as const

/** What one wholesale line costs: the tier's unit price plus the per-unit extras, times the quantity. */
export function wholesaleLineTotal(input: {
	tiers: readonly WholesaleTier[]
	quantity: number
	extrasPerUnitCents?: number
}): { unitPriceCents: number; totalCents: number } | null {
	const tier = tierFor(input.tiers, input.quantity)
	if (!tier) return null
	const unitPriceCents = tier.unitPriceCents + (input.extrasPerUnitCents ?? 0)
	return { unitPriceCents, totalCents: unitPriceCents * input.quantity }
}
