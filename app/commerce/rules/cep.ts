// CEP (Brazilian postal code): eight digits, shown as '01310-100'.

/** '01310-100', '01310100' or ' 01310-100 ' → '01310100'; anything else → null. */
export function normalizeCep(input: string): string | null {
	const match = /^(\d{5})-?(\d{3})$/.exec(input.trim())
	return match ? `${match[1]}${match[2]}` : null
}

/** '01310100' → '01310-100'; input that is not a CEP is returned unchanged. */
export function formatCep(input: string): string {
	const cep = normalizeCep(input)
	return cep ? `${cep.slice(0, 5)}-${cep.slice(5)}` : input
}
