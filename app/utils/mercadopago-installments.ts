import type { InstallmentQuote } from './installments'

/**
 * What the checkout page reads of MercadoPago.js's `getInstallments({ amount, bin, paymentTypeId })`
 * answer (issue 29, decision 079): the card's brand (`payment_method_id`) and issuer as Mercado Pago
 * detected them from the BIN, and its quote per count converted to integer cents. The shop's rule
 * over the quotes ('sem juros' up to the store's setting, interest shown above it) is
 * `installmentOptions` (./installments.ts), the same function the server applies before charging.
 * Browser-safe: no server import, and it trusts nothing of the answer's shape.
 */
export type MercadoPagoCard = { paymentMethodId: string; issuerId: string | null; quotes: InstallmentQuote[] }

/** Reais as Mercado Pago writes them (58.8) → cents; null for anything that is not a whole cent. */
export function reaisToCents(amount: unknown): number | null {
	if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) return null
	const cents = Math.round(amount * 100)
	return Math.abs(cents - amount * 100) < 1e-6 ? cents : null
}

/** The `amount` MercadoPago.js expects: the order's total in reais as a string ('123.45'). */
export function centsToAmountString(cents: number): string {
	return `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
	value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null

/**
 * The first credit-card entry of the answer (Mercado Pago lists one per brand/issuer the BIN
 * matches), or null when the BIN is not a card Mercado Pago takes.
 */
export function cardFromInstallments(answer: unknown): MercadoPagoCard | null {
	if (!Array.isArray(answer)) return null
	for (const raw of answer) {
		const entry = asRecord(raw)
		if (!entry || typeof entry.payment_method_id !== 'string' || !/^[a-z0-9_]{2,40}$/.test(entry.payment_method_id)) continue
		if (entry.payment_type_id !== undefined && entry.payment_type_id !== 'credit_card') continue
		const issuer = asRecord(entry.issuer)
		const issuerId = issuer && (typeof issuer.id === 'number' || typeof issuer.id === 'string') && /^\d{1,20}$/.test(String(issuer.id)) ? String(issuer.id) : null
		const costs = Array.isArray(entry.payer_costs) ? entry.payer_costs : []
		const quotes: InstallmentQuote[] = []
		for (const rawCost of costs) {
			const cost = asRecord(rawCost)
			if (!cost || typeof cost.installments !== 'number' || !Number.isInteger(cost.installments) || cost.installments < 1) continue
			const installmentCents = reaisToCents(cost.installment_amount)
			const totalCents = reaisToCents(cost.total_amount)
			if (installmentCents === null || totalCents === null) continue
			quotes.push({ count: cost.installments, installmentCents, totalCents })
		}
		return { paymentMethodId: entry.payment_method_id, issuerId, quotes }
	}
	return null
}
