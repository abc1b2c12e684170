// Brazilian phone numbers: DDD (2 digits) + 8-digit landline or 9-digit mobile.
// Stored as digits only ('11912345678'), shown as '(11) 91234-5678'.

/**
 * '(11) 91234-5678', '11 91234 5678', '+55 11 91234-5678' → '11912345678'.
 * Returns null unless the result is 10 or 11 digits with a DDD that does not start with 0.
 */
export function normalizePhone(input: string): string | null {
	const trimmed = input.trim()
	// Only spaces, parentheses, dots, dashes and a leading + are accepted as decoration.
	if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null
	let digits = trimmed.replace(/\D/g, '')
	// A country code is only assumed when it makes the number too long to be national.
	if (digits.length >= 12 && digits.startsWith('55')) digits = digits.slice(2)
	if (!/^[1-9]\d{9,10}$/.test(digits)) return null
	// An 11-digit number is a mobile: its local part starts with 9.
	if (digits.length === 11 && digits[2] !== '9') return null
	return digits
}

/** '11912345678' → '(11) 91234-5678', '1132345678' → '(11) 3234-5678'; otherwise unchanged. */
export function formatPhone(input: string): string {
	const digits = normalizePhone(input)
	if (!digits) return input
	const ddd = digits.slice(0, 2)
	const local = digits.slice(2)
	const split = local.length - 4
	return `(${ddd}) ${local.slice(0, split)}-${local.slice(split)}`
}

/** E.164 form used by PIX phone keys and WhatsApp links: '+5511912345678'. */
export function toE164(input: string): string | null {
	const digits = normalizePhone(input)
	return digits ? `+55${digits}` : null
}
