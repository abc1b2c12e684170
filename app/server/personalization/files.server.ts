import { and, eq, or } from 'drizzle-orm'
import { z } from 'zod'
import { personalizationFiles } from '~/db/schema'
import { getOptionalUser } from '~/server/auth/guards.server'
import { db } from '~/server/db.server'
import { consumeRateLimit } from '~/server/rate-limit.server'
import { type PersonalizationPrefix, deleteUpload, getBucketStorage, isSafeKey, readMultipartForm, saveUpload, uploadUrl } from '~/server/storage.server'
import { UPLOAD_RATE_LIMITED_MESSAGE, consumeUploadBudget } from '~/server/upload-budget.server'
import { ensureVisitorId, getVisitorId } from '~/server/visitor.server'

/**
 * The shopper's personalization files (document 001 §5, §7): a pet's face, an exclusive art, a
 * wholesale logo or design. Each is uploaded as soon as it is chosen (so a refused order loses
 * nothing, decision 20), checked by magic bytes, 5 MB at most, into the private
 * 'personalizacao-arquivos' bucket under `{prefix}_{random}_{timestamp}.{ext}`. Who uploaded it
 * (the browser session and, signed in, the account) is recorded in personalization_files: that
 * record, never the key, lets the shopper (and nobody else but the admin) see their own preview,
 * and decides what an order may refer to: a file of another browser or account is refused.
 * (Issue 28: the key used to hold the visitor id, so a key seen anywhere gave away the cookie that
 * opened all of that browser's files and its Aria chat.)
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
	const user = await getOptionalUser(request)
	try {
		await db.insert(personalizationFiles).values({ key: saved.upload.key, visitorId, userId: user?.id ?? null })
	} catch (error) {
		// A file nobody owns could never be used: it goes, and the failure is the server's.
		await deleteUpload(PERSONALIZATION_FILE_BUCKET, saved.upload.key)
		throw error
	}
	return {
		status: 200,
		body: { ok: true, key: saved.upload.key, previewUrl: saved.upload.url, prefix: prefix.data },
		setCookie,
	}
}

/**
 * Whether this request's browser session or signed-in account uploaded the file (its preview may be
 * shown to it, an order may name it). Read from personalization_files; the key says nothing.
 */
export async function requestOwnsKey(request: Request, key: string): Promise<boolean> {
	if (!isSafeKey(key)) return false
	const visitorId = getVisitorId(request)
	const user = await getOptionalUser(request)
	const owners = [
		...(visitorId ? [eq(personalizationFiles.visitorId, visitorId)] : []),
		...(user ? [eq(personalizationFiles.userId, user.id)] : []),
	]
	if (owners.length === 0) return false
	const [row] = await db
		.select({ key: personalizationFiles.key })
		.from(personalizationFiles)
		.where(and(eq(personalizationFiles.key, key), or(...owners)))
		.limit(1)
	return row !== undefined
}

/**
 * The stored URL of a file an order refers to, after checking it is this browser's upload of
 * the expected kind and still exists; null (with nothing stored) otherwise.
 */
export async function claimUploadedFile(request: Request, key: string, prefixes: readonly PersonalizationPrefix[]): Promise<string | null> {
	if (!prefixes.some((prefix) => key.startsWith(`${prefix}_`))) return null
	if (!(await requestOwnsKey(request, key))) return null
	if (!(await getBucketStorage(PERSONALIZATION_FILE_BUCKET).exists(key))) return null
	return uploadUrl(PERSONALIZATION_FILE_BUCKET, key)
}
