import { data } from 'react-router'
import { COMMERCE_MESSAGES } from '~/commerce/errors'
import { isSafeText, SAFE_TEXT_MESSAGE } from '~/utils/safe-text'

export type FormReading = { ok: true; form: FormData } | { ok: false; message: string }

/**
 * The body of a form POST, checked at the boundary (decision 022). Every action reads its
 * body through here, so that:
 *  - a body that is not a form (JSON, cut-off multipart, wrong or no content type) is
 *    refused: `request.formData()` throws a TypeError on those, which was a 500;
 *  - a field name or text value with control characters or lone surrogates is refused:
 *    PostgreSQL rejects NUL in text (another 500), and neither belongs in stored text.
 * For actions that answer in their own shape (the fetcher routes).
 */
export async function readForm(request: Request): Promise<FormReading> {
	let form: FormData
	try {
		form = await request.formData()
	} catch {
		return { ok: false, message: COMMERCE_MESSAGES.invalidInput }
	}
	for (const [name, value] of form) {
		if (!isSafeText(name) || (typeof value === 'string' && !isSafeText(value))) return { ok: false, message: SAFE_TEXT_MESSAGE }
		if (typeof value !== 'string' && !isSafeText(value.name)) return { ok: false, message: SAFE_TEXT_MESSAGE }
	}
	return { ok: true, form }
}

/** readForm for page actions: a refused body answers 400 with its Portuguese message (the route's error boundary shows it). */
export async function readFormData(request: Request): Promise<FormData> {
	const reading = await readForm(request)
	if (!reading.ok) throw data(reading.message, { status: 400 })
	return reading.form
}
