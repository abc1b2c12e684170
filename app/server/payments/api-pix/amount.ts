/**
 * API Pix amounts are decimal strings ("123.45", pattern \d{1,10}\.\d{2}); the shop keeps integer
 * cents. Both directions are string arithmetic: no float ever touches money.
 */
const VALOR = /^(\d{1,10})\.(\d{2})$/

export function centsToValor(cents: number): string {
	if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`valor inválido em centavos: ${cents}`)
	const text = String(cents).padStart(3, '0')
	return `${text.slice(0, -2)}.${text.slice(-2)}`
}

/** Cents of an API Pix amount, or null when it is not one. */
export function valorToCents(valor: unknown): number | null {
	if (typeof valor !== 'string') return null
	const match = VALOR.exec(valor)
	if (!match) return null
	return Number(match[1]) * 100 + Number(match[2])
}
