/**
 * Mercado Pago's amounts are JSON numbers in reais with two decimals (`transaction_amount: 58.8`).
 * The shop's are integer cents. Converting cents → reais divides by 100 (the nearest double to a
 * two-decimal number, which JSON writes back as that number); reais → cents rounds to the nearest
 * cent and refuses anything that is not a whole cent (an amount we never sent).
 */
export function centsToAmount(cents: number): number {
	if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`valor inválido em centavos: ${cents}`)
	return Math.round(cents) / 100
}

export function amountToCents(amount: number | null | undefined): number | null {
	if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) return null
	const cents = Math.round(amount * 100)
	return Math.abs(cents - amount * 100) < 1e-6 ? cents : null
}
