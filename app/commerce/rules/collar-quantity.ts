/**
 * The personalized collar's quantity (document 001 §2: a number input, min 10, step 1; issue 31).
 * What is typed is judged as typed: 9 is refused with 'Mínimo de 10 unidades', never silently
 * turned into 10. Without zod: the page imports it for its live message, and the server's schema
 * (personalization.ts) decides with the same function.
 */

export const COLLAR_MINIMUM = 10
export const COLLAR_MAXIMUM = 10_000

export const COLLAR_QUANTITY_MESSAGES = {
	minimum: `Mínimo de ${COLLAR_MINIMUM} unidades`,
	maximum: `Máximo de ${COLLAR_MAXIMUM} unidades`,
	whole: 'Informe a quantidade em unidades inteiras.',
} as const

export type CollarQuantity = { ok: true; quantity: number } | { ok: false; message: string }

export function collarQuantity(typed: string): CollarQuantity {
	const text = typed.trim()
	if (text === '') return { ok: false, message: COLLAR_QUANTITY_MESSAGES.minimum }
	if (!/^\d+$/.test(text)) return { ok: false, message: /^-/.test(text) ? COLLAR_QUANTITY_MESSAGES.minimum : COLLAR_QUANTITY_MESSAGES.whole }
	const quantity = Number(text)
	if (quantity < COLLAR_MINIMUM) return { ok: false, message: COLLAR_QUANTITY_MESSAGES.minimum }
	if (quantity > COLLAR_MAXIMUM) return { ok: false, message: COLLAR_QUANTITY_MESSAGES.maximum }
	return { ok: true, quantity }
}
