import { normalizeCep } from '~/commerce/rules/cep'

/**
 * The CEP 'Calcular frete' remembers on this device (decision 113): in localStorage, never in a
 * cookie, so it is not sent with every request and the shared (cached) pages stay the same for
 * everyone. Storage may be blocked (privacy mode): then nothing is remembered, and nothing fails.
 */
export const REMEMBERED_CEP_KEY = 'loja:cep'

function storage(): Storage | null {
	try {
		return typeof window === 'undefined' ? null : window.localStorage
	} catch {
		return null
	}
}

/** '01310-100' or null. */
export function readRememberedCep(): string | null {
	try {
		const digits = normalizeCep(storage()?.getItem(REMEMBERED_CEP_KEY) ?? '')
		return digits ? `${digits.slice(0, 5)}-${digits.slice(5)}` : null
	} catch {
		return null
	}
}

export function rememberCep(cep: string): void {
	const digits = normalizeCep(cep)
	if (!digits) return
	try {
		storage()?.setItem(REMEMBERED_CEP_KEY, digits)
	} catch {
		// Full or blocked: the quote was shown all the same.
	}
}
