// CPF (Cadastro de Pessoas Físicas) and CNPJ check-digit validation. Pure functions, usable in the
// browser (checkout form hints) and on the server (the authority at order creation).

function digitsOf(input: string): string {
	return input.replace(/[.\-/\s]/g, '')
}

/** '529.982.247-25' or '52998224725' → true when both check digits match. */
export function isValidCpf(input: string): boolean {
	const cpf = digitsOf(input)
	if (!/^\d{11}$/.test(cpf)) return false
	// '111.111.111-11' and friends pass the arithmetic but are not real CPFs.
	if (/^(\d)\1{10}$/.test(cpf)) return false
	const d = [...cpf].map(Number)
	const checkDigit = (length: number): number => {
		let sum = 0
		for (let i = 0; i < length; i++) sum += d[i]! * (length + 1 - i)
		const rest = (sum * 10) % 11
		return rest === 10 ? 0 : rest
	}
	return checkDigit(9) === d[9] && checkDigit(10) === d[10]
}

/** Digits only, when the CPF is valid; otherwise null. */
export function normalizeCpf(input: string): string | null {
	return isValidCpf(input) ? digitsOf(input) : null
}

/** '52998224725' → '529.982.247-25'; anything that is not 11 digits is returned unchanged. */
export function formatCpf(input: string): string {
	const cpf = digitsOf(input)
	if (!/^\d{11}$/.test(cpf)) return input
	return `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`
}

/**
 * A CNPJ without its punctuation, letters in upper case. Since July 2026 the Receita Federal issues
 * alphanumeric CNPJs (IN RFB 2.229/2024): twelve letters or digits, then two check digits, written
 * with the same dots, slash and dash ('12.ABC.345/01DE-35'). Older CNPJs are all digits and stay valid.
 */
export function normalizeCnpj(input: string): string {
	return digitsOf(input).toUpperCase()
}

const CNPJ = /^[0-9A-Z]{12}\d{2}$/

/**
 * '11.222.333/0001-81', '11222333000181' or '12.ABC.345/01DE-35' → true when both check digits
 * match. Each character counts as its ASCII code minus 48 (a digit is its value, 'A' is 17), the
 * Receita's rule for alphanumeric CNPJs, which gives the old all-digit CNPJs their old check digits.
 */
export function isValidCnpj(input: string): boolean {
	const cnpj = normalizeCnpj(input)
	if (!CNPJ.test(cnpj)) return false
	if (/^(\d)\1{13}$/.test(cnpj)) return false
	const d = [...cnpj].map((character) => character.charCodeAt(0) - 48)
	const checkDigit = (length: number): number => {
		// Weights run 2..9 from the right, repeating.
		let sum = 0
		for (let i = 0; i < length; i++) sum += d[length - 1 - i]! * ((i % 8) + 2)
		const rest = sum % 11
		return rest < 2 ? 0 : 11 - rest
	}
	return checkDigit(12) === d[12] && checkDigit(13) === d[13]
}

/** '11222333000181' → '11.222.333/0001-81', '12ABC34501DE35' → '12.ABC.345/01DE-35'; anything else is returned unchanged. */
export function formatCnpj(input: string): string {
	const cnpj = normalizeCnpj(input)
	if (!CNPJ.test(cnpj)) return input
	return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`
}
