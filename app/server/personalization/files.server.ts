import { z } from 'zod'
import { consumeRateLimit } from '~/server/rate-limit.server'
import { UPLOAD_RATE_LIMITED_MESSAGE, consumeUploadBudget } from '~/server/upload-budget.server'
import { type PersonalizationPrefix, getBucketStorage, isSafeKey, readMultipartForm, saveUpload, uploadUrl } from '~/server/storage.server'
import { ensureVisitorId, getVisitorId } from '~/server/visitor.server'

/**
 * The shopper's personalization files (document 001 §5, §7): a pet's face, an exclusive art, a
 * wholesale logo or design. Each is uploaded as soon as it is chosen (so a refused order loses
 * nothing, decision 20), checked by magic bytes, 5 MB at most, into the private
 * 'personalizacao-arquivos' bucket under `{prefix}_{visitor}_{timestamp}.{ext}`. The visitor id
 * in the key is what lets the shopper (and nobody else but the admin) see their own preview,
 * and what an order may refer to: a key from another browser is refused.
 */

export const PERSONALIZATION_FILE_BUCKET = 'personalizacao-arquivos' as const

export const FILE_MESSAGES = {
	tooLarge: 'Arquivo muito grande. Máximo 5MB.',
	notImage: 'Por favor, selecione um arquivo de imagem válido.',
	missing: 'Selecione um arquivo de imagem.',
	notYours: 'O arquivo enviado não foi encontrado. Envie a imagem novamente.',
	tooMany: UPLOAD_RATE_LIMITED_MESSAGE,
} as const

const prefixSchema = z.enum(['rosto_pet', 'arte_exclusiva', 'atacado_logo', 'atacado_design'], { error: 'Tipo de arquivo inválido.' })

/** Uploads per visitor per hour: generous for a shopper trying pictures, a wall for a script. */
export const UPLOADS_PER_HOUR = 40

export type FileUploadOutcome =
	| { status: 200; body: { ok: true; key: string; previewUrl: string; prefix: PersonalizationPrefix }; setCookie: string | null }
	| { status: 400 | 413 | 429; body: { ok: false; error: string }; setCookie: string | null }

/**
 * POST of one file (multipart: `prefix`, `file`). Besides this browser's budget, the upload
 * draws from the account's (when signed in) and the address group's, shared with the customer
 * photos (upload-budget.server.ts).
 */
export async function receivePersonalizationFile(request: Request, clientIp: string, userId: string | null = null): Promise<FileUploadOutcome> {
	const { visitorId, setCookie } = ensureVisitorId(request)
	const budget = await consumeRateLimit({ key: `personalizacao-upload:${visitorId}`, limit: UPLOADS_PER_HOUR, windowSeconds: 3600 })
	const shared = await consumeUploadBudget({ userId, clientIp })
	if (!budget.allowed || !shared.allowed) return { status: 429, body: { ok: false, error: FILE_MESSAGES.tooMany }, setCookie }

	const form = await readMultipartForm(request, { kind: 'image' })
	if (!form.ok) return { status: form.status, body: { ok: false, error: form.message }, setCookie }
	const prefix = prefixSchema.safeParse(form.formData.get('prefix'))
	if (!prefix.success)
		return { status: 400, body: { ok: false, error: prefix.error.issues[0]?.message ?? 'Tipo de arquivo inválido.' }, setCookie }

	const saved = await saveUpload({
		file: form.formData.get('file'),
		kind: 'image',
		bucket: PERSONALIZATION_FILE_BUCKET,
		prefix: prefix.data,
		owner: visitorId,
	})
	if (!saved.ok) {
		const error =
			saved.error.code === 'too_large'
				? FILE_MESSAGES.tooLarge
				: saved.error.code === 'missing'
					? FILE_MESSAGES.missing
					: FILE_MESSAGES.notImage
		return { status: saved.error.status, body: { ok: false, error }, setCookie }
	}
	return {
		status: 200,
		body: { ok: true, key: saved.upload.key, previewUrl: saved.upload.url, prefix: prefix.data },
		setCookie,
	}
}

/** The visitor id written into a personalization key, or null for a key of another shape. */
export function ownerOfKey(key: string): string | null {
	const match = /^(?:rosto_pet|arte_exclusiva|atacado_logo|atacado_design)_([0-9a-f-]{36})_\d+\.[a-z0-9]+$/.exec(key)
	return match?.[1] ?? null
}

/** Whether this request's browser uploaded the file (its preview may be shown to it). */
export function requestOwnsKey(request: Request, key: string): boolean {
	const visitor = getVisitorId(request)
	return visitor !== null && ownerOfKey(key) === visitor
}

/**
 * The stored URL of a file an order refers to, after checking it is this browser's upload of
 * the expected kind and still exists; null (with nothing stored) otherwise.
 */
export async function claimUploadedFile(request: Request, key: string, prefixes: readonly PersonalizationPrefix[]): Promise<string | null> {
	if (!isSafeKey(key) || !requestOwnsKey(request, key)) return null
	if (!prefixes.some((prefix) => key.startsWith(`${prefix}_`))) return null
	if (!(await getBucketStorage(PERSONALIZATION_FILE_BUCKET).exists(key))) return null
	return uploadUrl(PERSONALIZATION_FILE_BUCKET, key)
}
