/**
 * A guest's contact and address kept on her own device for the next checkout (issue 31), only
 * when she ticks 'Lembrar meus dados neste dispositivo' and until she clicks 'Esquecer meus
 * dados'. Stored in localStorage, never on our server. Only the fields listed here are ever
 * written, whatever the form holds: no card number, holder, expiry, CVC, token, coupon or
 * payment choice can reach the storage.
 */

/** The remembered fields, by the checkout form's field names (app/utils/checkout-schema.ts). */
export const REMEMBERED_GUEST_FIELDS = [
	'name',
	'email',
	'phone',
	'cpf',
	'cep',
	'street',
	'number',
	'complement',
	'district',
	'city',
	'uf',
] as const
export type RememberedGuestField = (typeof REMEMBERED_GUEST_FIELDS)[number]
export type RememberedGuest = Partial<Record<RememberedGuestField, string>>

export const REMEMBERED_GUEST_KEY = 'checkout:dados-do-cliente'
/** The longest value kept: the schema's longest field (the name, 120) with room to spare. */
const MAX_LENGTH = 200

/** What the storage needs: window.localStorage, or a stand-in in the tests. */
export type GuestStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The remembered fields of a form's data, trimmed; empty and unknown fields left out. */
export function guestFieldsOf(formData: Pick<FormData, 'get'>): RememberedGuest {
	const guest: RememberedGuest = {}
	for (const field of REMEMBERED_GUEST_FIELDS) {
		const value = formData.get(field)
		if (typeof value === 'string' && value.trim() && value.length <= MAX_LENGTH) guest[field] = value.trim()
	}
	return guest
}

/** What this device remembers; null when nothing (or something unreadable, or no storage at all). */
export function readRememberedGuest(storage: GuestStorage | null): RememberedGuest | null {
	try {
		return parseRememberedGuest(storage?.getItem(REMEMBERED_GUEST_KEY) ?? null)
	} catch {
		// Private browsing or storage switched off: nothing remembered.
		return null
	}
}

/** The kept text read back: only the known fields, as text; null when nothing usable. */
export function parseRememberedGuest(text: string | null): RememberedGuest | null {
	if (!text) return null
	let parsed: unknown
	try {
		parsed = JSON.parse(text)
	} catch {
		// A value some other code left: nothing remembered.
		return null
	}
	const fields = typeof parsed === 'object' && parsed !== null ? (parsed as { fields?: unknown }).fields : null
	if (typeof fields !== 'object' || fields === null) return null
	const guest = guestFieldsOf({ get: (name: string) => (fields as Record<string, unknown>)[name] as FormDataEntryValue | null })
	return Object.keys(guest).length > 0 ? guest : null
}

/** Keeps the form's remembered fields (replacing what was kept); false when the device refuses. */
export function rememberGuest(storage: GuestStorage | null, formData: Pick<FormData, 'get'>): boolean {
	const fields = guestFieldsOf(formData)
	if (!storage || Object.keys(fields).length === 0) return false
	try {
		storage.setItem(REMEMBERED_GUEST_KEY, JSON.stringify({ v: 1, fields }))
		return true
	} catch {
		return false
	}
}

export function forgetGuest(storage: GuestStorage | null): void {
	try {
		storage?.removeItem(REMEMBERED_GUEST_KEY)
	} catch {
		// Nothing can be kept where nothing can be removed.
	}
}

/** window.localStorage, or null on the server or where reading it throws (blocked storage). */
export function deviceStorage(): GuestStorage | null {
	try {
		return typeof window === 'undefined' ? null : window.localStorage
	} catch {
		return null
	}
}
