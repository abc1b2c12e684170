import { getEnv } from '~/server/env.server'
import { deleteImageVariants } from '~/server/images/variants.server'
import { type UploadKind, detectMediaType } from './storage/content-type.server'
import { storageBackendFor } from './storage/backend.server'
import type { StorageBackend, StorageDriver } from './storage/driver.server'
import { type Bucket, type UploadTarget, buildKey, isBucket, isSafeKey, uploadUrl } from './storage/keys.server'

export { BUCKETS, BUCKET_VISIBILITY, isBucket, isSafeKey, uploadUrl } from './storage/keys.server'
export type { Bucket, PersonalizationPrefix, UploadTarget, VideoPrefix } from './storage/keys.server'
export type { UploadKind } from './storage/content-type.server'
export type { StorageBackend, StorageDriver, StoredObject } from './storage/driver.server'
export { type MultipartResult, readMultipartForm, uploadBodyLimit } from './storage/multipart.server'

/** document 001 §8: images up to 5 MB, banner videos up to 50 MB. */
export const UPLOAD_LIMITS: Record<UploadKind, number> = {
	image: 5 * 1024 * 1024,
	video: 50 * 1024 * 1024,
}

/** The documents' wording (001 §8 and §10). */
export const UPLOAD_MESSAGES = {
	image: {
		missing: { title: 'Nenhum arquivo selecionado', message: 'Selecione uma foto' },
		tooLarge: { title: 'Arquivo muito grande', message: 'Arquivo muito grande. Máximo 5MB.' },
		invalidType: { title: 'Arquivo inválido', message: 'Por favor, selecione um arquivo de imagem válido.' },
	},
	video: {
		missing: { title: 'Nenhum arquivo selecionado', message: 'Nenhum arquivo selecionado' },
		tooLarge: { title: 'Arquivo muito grande', message: 'O vídeo deve ter no máximo 50MB.' },
		invalidType: { title: 'Arquivo inválido', message: 'Por favor, selecione um arquivo de vídeo válido.' },
	},
} as const satisfies Record<UploadKind, Record<string, { title: string; message: string }>>

/** The configured storage (STORAGE_DRIVER: local disk or an S3 bucket, decision 080). */
export function getStorageBackend(): StorageBackend {
	return storageBackendFor(getEnv())
}

/** The storage for one bucket. */
export function getBucketStorage(bucket: Bucket): StorageDriver {
	return getStorageBackend().bucket(bucket)
}

export type SavedUpload = { bucket: Bucket; key: string; url: string; contentType: string; size: number }

export type UploadError = {
	code: 'missing' | 'too_large' | 'invalid_type'
	/** HTTP status an action should answer with. */
	status: 400 | 413
	title: string
	message: string
}

export type UploadResult = { ok: true; upload: SavedUpload } | { ok: false; error: UploadError }

function failure(kind: UploadKind, code: UploadError['code']): UploadResult {
	const copy =
		code === 'missing'
			? UPLOAD_MESSAGES[kind].missing
			: code === 'too_large'
				? UPLOAD_MESSAGES[kind].tooLarge
				: UPLOAD_MESSAGES[kind].invalidType
	return { ok: false, error: { code, status: code === 'too_large' ? 413 : 400, ...copy } }
}

/**
 * Validates and stores one uploaded file. `file` is what `formData.get(name)` returned:
 * anything other than a non-empty File is "missing". The type is read from the bytes
 * (file-type), never from the browser's claim or the name; size is checked before the
 * bytes are read. Bad input is a typed error with the Portuguese copy, never a throw.
 */
export async function saveUpload(
	options: { file: FormDataEntryValue | null | undefined; kind: UploadKind } & UploadTarget,
): Promise<UploadResult> {
	const { file, kind } = options
	if (!(file instanceof Blob) || file.size === 0) return failure(kind, 'missing')
	if (file.size > UPLOAD_LIMITS[kind]) return failure(kind, 'too_large')

	const bytes = new Uint8Array(await file.arrayBuffer())
	const detected = await detectMediaType(bytes)
	if (!detected || detected.kind !== kind) return failure(kind, 'invalid_type')

	const target = targetOf(options)
	const storage = getBucketStorage(target.bucket)
	// Keys carry a millisecond timestamp; on the rare collision, try the next millisecond.
	const start = Date.now()
	for (let attempt = 0; attempt < 20; attempt++) {
		const key = buildKey(target, detected.extension, start + attempt)
		if (await storage.put(key, bytes, detected.contentType)) {
			return {
				ok: true,
				upload: {
					bucket: target.bucket,
					key,
					url: uploadUrl(target.bucket, key),
					contentType: detected.contentType,
					size: bytes.byteLength,
				},
			}
		}
	}
	throw new Error(`Não foi possível reservar uma chave livre no bucket ${target.bucket}`)
}

function targetOf(options: UploadTarget): UploadTarget {
	switch (options.bucket) {
		case 'personalizacao-arquivos':
			return { bucket: options.bucket, prefix: options.prefix }
		case 'user-photos':
			return { bucket: options.bucket, userId: options.userId }
		case 'hero-videos':
			return { bucket: options.bucket, prefix: options.prefix, poster: options.poster }
		case 'product-images':
			return { bucket: options.bucket, productId: options.productId }
	}
}

/**
 * Removes a stored upload (e.g. the banner video being replaced) and its resized copies,
 * so a deleted customer photo does not live on in the image cache. Unknown keys are ignored.
 */
export async function deleteUpload(bucket: Bucket, key: string): Promise<void> {
	await getBucketStorage(bucket).delete(key)
	await deleteImageVariants(bucket, key)
}

/**
 * The bucket and key behind one of our upload URLs (as stored in the database), or null
 * for anything else: external URLs, other paths, unsafe keys.
 */
export function parseUploadUrl(url: string): { bucket: Bucket; key: string } | null {
	const match = /^\/uploads\/([a-z-]+)\/(.+)$/.exec(url)
	if (!match) return null
	const [, bucket = '', key = ''] = match
	return isBucket(bucket) && isSafeKey(key) ? { bucket, key } : null
}
