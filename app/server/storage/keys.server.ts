import { randomBytes } from 'node:crypto'

/**
 * The three buckets of document 001 §7 and the object keys inside them. Keys become
 * file paths on disk (and object names on S3), so they are built here from a fixed
 * shape and anything else is refused before it reaches a driver.
 */

export const BUCKETS = ['personalizacao-arquivos', 'user-photos', 'hero-videos', 'product-images'] as const
export type Bucket = (typeof BUCKETS)[number]

/**
 * Who may read a bucket by URL. Customer personalisation files (pet faces, logos, art)
 * are private: only the admin downloads them (and the browser that uploaded one sees its
 * preview). Shopper photos are public only once the admin approves them (decision 12);
 * before that only their owner and the admin see them. Banner videos (with their poster
 * frames) and product pictures are public.
 */
export const BUCKET_VISIBILITY: Record<Bucket, 'public' | 'admin' | 'approved'> = {
	'personalizacao-arquivos': 'admin',
	'user-photos': 'approved',
	'hero-videos': 'public',
	'product-images': 'public',
}

export function isBucket(value: string): value is Bucket {
	return (BUCKETS as readonly string[]).includes(value)
}

/**
 * document 001 §7 named personalisation uploads `{prefix}_{session}_{timestamp}.{ext}`; the session
 * part is now a random token (issue 28): a key seen anywhere (the access log, the admin's pages, an
 * order) must not give away the visitor cookie that opened the uploader's files and chat. The owner
 * is recorded in personalization_files.
 */
export const PERSONALIZATION_PREFIXES = ['rosto_pet', 'arte_exclusiva', 'atacado_logo', 'atacado_design'] as const
export type PersonalizationPrefix = (typeof PERSONALIZATION_PREFIXES)[number]

/** document 001 §7: banner, subscription CTA and personalisation-page videos. */
export const VIDEO_PREFIXES = ['hero', 'subscription-cta', 'personalization'] as const
export type VideoPrefix = (typeof VIDEO_PREFIXES)[number]

/** Where an upload goes; the key shape follows from it. */
export type UploadTarget =
	| { bucket: 'personalizacao-arquivos'; prefix: PersonalizationPrefix }
	| { bucket: 'user-photos'; userId: string }
	| { bucket: 'hero-videos'; prefix: VideoPrefix; poster?: boolean }
	| { bucket: 'product-images'; productId: string }

// One path segment: starts with a letter or digit (so never '.', '..' or a hidden
// '.meta'), then letters, digits, '.', '_' or '-'. No spaces, no unicode look-alikes,
// no backslashes, no percent-encoding.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/
const MAX_KEY_LENGTH = 256
const MAX_DEPTH = 2

/** True when `key` is a key we could have generated: safe to join onto a directory. */
export function isSafeKey(key: string): boolean {
	return isSafeObjectKey(key, MAX_DEPTH)
}

/**
 * The same rules for keys of other depths: the image variants' area keys a variant by its
 * upload (`<bucket>/<key>/<version>-w<width>.<format>`, four segments at most).
 */
export function isSafeObjectKey(key: string, maxDepth: number): boolean {
	if (key.length === 0 || key.length > MAX_KEY_LENGTH * 2) return false
	const segments = key.split('/')
	if (segments.length > maxDepth) return false
	if (maxDepth === MAX_DEPTH && key.length > MAX_KEY_LENGTH) return false
	return segments.every((segment) => SEGMENT.test(segment) && !segment.includes('..'))
}

/** Depth of the variants' keys: a bucket, an upload key of up to two segments, the variant's name. */
export const VARIANT_KEY_DEPTH = 4

export class UnsafeKeyError extends Error {
	constructor(key: string) {
		super(`Chave de arquivo inválida: ${JSON.stringify(key.slice(0, 80))}`)
		this.name = 'UnsafeKeyError'
	}
}

export function assertSafeKey(key: string, maxDepth = MAX_DEPTH): void {
	if (!isSafeObjectKey(key, maxDepth)) throw new UnsafeKeyError(key)
}

/** Session ids and user ids go into file names: keep only characters that are safe there. */
function keyPart(value: string): string {
	const cleaned = value.replace(/[^A-Za-z0-9-]/g, '').slice(0, 64)
	return cleaned.length > 0 ? cleaned : 'anonimo'
}

/**
 * The key for a new object. `timestamp` is milliseconds since the epoch (Date.now());
 * callers bump it when a key is already taken, so an upload never overwrites another.
 */
export function buildKey(target: UploadTarget, extension: string, timestamp: number): string {
	const ext = extension.toLowerCase().replace(/[^a-z0-9]/g, '')
	let key: string
	switch (target.bucket) {
		case 'personalizacao-arquivos':
			// 128 random bits: the key cannot be guessed, and names nobody.
			key = `${target.prefix}_${randomBytes(16).toString('hex')}_${timestamp}.${ext}`
			break
		case 'user-photos':
			key = `${keyPart(target.userId)}/${timestamp}.${ext}`
			break
		case 'hero-videos':
			// A poster frame is named after its video's slot: hero-poster-1712345678901.jpg.
			key = `${target.prefix}${target.poster ? '-poster' : ''}-${timestamp}.${ext}`
			break
		case 'product-images':
			key = `${keyPart(target.productId)}/${timestamp}.${ext}`
			break
	}
	assertSafeKey(key)
	return key
}

/** The URL the app serves an object at (app/routes/resources/uploads.ts). */
export function uploadUrl(bucket: Bucket, key: string): string {
	return `/uploads/${bucket}/${key}`
}
