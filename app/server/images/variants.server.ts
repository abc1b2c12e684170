import sharp from 'sharp'
import { z } from 'zod'
import { getEnv } from '~/server/env.server'
import { shopMetrics } from '~/server/metrics/registry.server'
import { storageBackendFor } from '~/server/storage/backend.server'
import type { StorageDriver, StoredObject } from '~/server/storage/driver.server'
import type { Bucket } from '~/server/storage/keys.server'
import { IMAGE_WIDTHS, type ImageWidth, isImageWidth } from '~/utils/responsive-image'
import { onceAcrossServers } from './variant-lock.server'

/**
 * Smaller copies of uploaded photos for srcSet (app/utils/responsive-image.ts). Each width
 * is made once with sharp, as WebP (and AVIF ahead of time), and kept in the storage's variants
 * area — `DATA_DIR/cache/images/` on the local disk, `cache/images/` in the S3 bucket — outside
 * the buckets, so a variant is never mistaken for an upload, and deletable at any time (it is
 * rebuilt on the next request). Made once across app servers (variant-lock.server.ts).
 */

/** Types sharp reads and a smaller copy helps. GIFs may be animated; SVG has no pixels. */
const RESIZABLE = new Set(['image/jpeg', 'image/png', 'image/webp'])

export function isResizable(contentType: string): boolean {
	return RESIZABLE.has(contentType)
}

export const WIDTH_MESSAGE = `Largura de imagem inválida. Use ${IMAGE_WIDTHS.slice(0, -1).join(', ')} ou ${IMAGE_WIDTHS.at(-1)}.`

const widthSchema = z
	.string()
	.regex(/^\d{1,5}$/, WIDTH_MESSAGE)
	.transform(Number)
	.refine(isImageWidth, WIDTH_MESSAGE)

/**
 * The `?w=` of a request: null when absent (the original), the width, or an error with
 * the Portuguese message. Only the listed widths: any number would let a visitor fill the
 * disk with variants.
 */
export function parseWidthParam(searchParams: URLSearchParams): { ok: true; width: ImageWidth | null } | { ok: false; message: string } {
	const values = searchParams.getAll('w')
	if (values.length === 0) return { ok: true, width: null }
	if (values.length > 1) return { ok: false, message: WIDTH_MESSAGE }
	const parsed = widthSchema.safeParse(values[0])
	return parsed.success ? { ok: true, width: parsed.data as ImageWidth } : { ok: false, message: WIDTH_MESSAGE }
}

// A 5 MB upload can still be a decompression bomb (a 30000 × 30000 PNG of one colour):
// refuse to decode more pixels than any camera or phone produces.
const MAX_INPUT_PIXELS = 50_000_000
const WEBP_QUALITY = 78
const AVIF_QUALITY = 55

// Caching inside libvips keeps decoded images in memory for reuse; ours are read once
// and then served from storage.
sharp.cache(false)

function variantsArea(): StorageDriver {
	return storageBackendFor(getEnv()).variants()
}

/**
 * WebP for every browser we serve; AVIF (a third smaller again) for those that say they take it,
 * made ahead of time only (pregenerateImageVariants): encoding AVIF takes a second or more, too
 * slow to make while a shopper waits.
 */
export type VariantFormat = 'webp' | 'avif'

/** Where one variant lives: per upload a folder, named after the version (ETag), width and format. */
export function variantKey(bucket: Bucket, object: StoredObject, width: ImageWidth, format: VariantFormat = 'webp'): string {
	const version = object.etag.replace(/[^A-Za-z0-9-]/g, '') || 'v'
	// The area's driver checks the key again (four safe segments at most).
	return `${bucket}/${object.key}/${version}-w${width}.${format}`
}

export type ImageVariant = {
	contentType: 'image/webp' | 'image/avif'
	size: number
	/** The original's ETag with the width: a new version of the original is a new variant. */
	etag: string
	body(): ReadableStream<Uint8Array>
}

function fromStored(stored: StoredObject, etag: string, format: VariantFormat): ImageVariant {
	return {
		contentType: format === 'avif' ? 'image/avif' : 'image/webp',
		size: stored.size,
		etag,
		body: () => stored.body(),
	}
}

export function variantEtag(object: StoredObject, width: ImageWidth, format: VariantFormat = 'webp'): string {
	return `"${object.etag.replace(/"/g, '')}-w${width}${format === 'avif' ? '-avif' : ''}"`
}

// Requests for the same variant arriving together share one resize per process; across
// processes and servers, onceAcrossServers lets one make it and the others read it.
const inFlight = new Map<string, Promise<unknown>>()

/** Counts encodes, for the lock's tests and /metrics. */
let encodes = 0
export function variantEncodeCount(): number {
	return encodes
}

async function encode(object: StoredObject, width: ImageWidth, format: VariantFormat): Promise<Uint8Array> {
	encodes += 1
	shopMetrics().variantEncodes.inc({ format })
	const original = new Uint8Array(await new Response(object.body()).arrayBuffer())
	// Phone photos carry their rotation in EXIF, which the variant drops: autoOrient turns
	// the pixels first.
	const resized = sharp(original, { autoOrient: true, limitInputPixels: MAX_INPUT_PIXELS }).resize({ width, withoutEnlargement: true })
	const bytes = await (
		format === 'avif' ? resized.avif({ quality: AVIF_QUALITY, effort: 3 }) : resized.webp({ quality: WEBP_QUALITY })
	).toBuffer()
	return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

/** Makes the variant unless it is there, once across servers; resolves when it is stored. */
function ensureVariant(bucket: Bucket, object: StoredObject, width: ImageWidth, format: VariantFormat): Promise<unknown> {
	const key = variantKey(bucket, object, width, format)
	let pending = inFlight.get(key)
	if (!pending) {
		const area = variantsArea()
		pending = onceAcrossServers(
			`variante:${key}`,
			() => area.exists(key),
			async () => {
				const bytes = await encode(object, width, format)
				// false: the key is taken, by the same bytes (another server got there first).
				await area.put(key, bytes, format === 'avif' ? 'image/avif' : 'image/webp')
			},
		).finally(() => inFlight.delete(key))
		inFlight.set(key, pending)
	}
	return pending
}

/**
 * The `width` variant of a stored JPEG, PNG or WebP, from the variants' area or made now.
 * Never wider than the original. Throws when the bytes cannot be decoded (the caller
 * serves the original instead).
 */
export async function getImageVariant(bucket: Bucket, object: StoredObject, width: ImageWidth): Promise<ImageVariant> {
	const area = variantsArea()
	const key = variantKey(bucket, object, width)
	const etag = variantEtag(object, width)
	const found = await area.get(key)
	if (found) return fromStored(found, etag, 'webp')
	await ensureVariant(bucket, object, width, 'webp')
	const made = await area.get(key)
	if (!made) throw new Error(`variante não encontrada depois de feita: ${key}`)
	return fromStored(made, etag, 'webp')
}

/** Forgets every variant of an upload (called when the upload is deleted). */
export async function deleteImageVariants(bucket: Bucket, key: string): Promise<void> {
	const area = variantsArea()
	const keys: string[] = []
	for await (const entry of area.list(`${bucket}/${key}/`)) keys.push(entry.key)
	await Promise.all(keys.map((variant) => area.delete(variant)))
}

/** The AVIF of `width` when it has been made already, else null (the caller sends WebP). */
export async function readyAvifVariant(bucket: Bucket, object: StoredObject, width: ImageWidth): Promise<ImageVariant | null> {
	const found = await variantsArea().get(variantKey(bucket, object, width, 'avif'))
	return found ? fromStored(found, variantEtag(object, width, 'avif'), 'avif') : null
}

/**
 * Makes every width of an upload, WebP and AVIF, one after the other (issue 11: product pictures
 * are turned into variants in the background, so no shopper waits for a resize and AVIF is ready
 * to send). Widths past the original's are skipped; a failure is the caller's to log.
 */
export async function pregenerateImageVariants(bucket: Bucket, object: StoredObject, originalWidth: number | null): Promise<number> {
	let made = 0
	for (const width of IMAGE_WIDTHS) {
		await ensureVariant(bucket, object, width, 'webp')
		await ensureVariant(bucket, object, width, 'avif')
		made += 1
		// The first width at or above the original's stands for it (responsive-image.ts); none wider is asked for.
		if (originalWidth !== null && width >= originalWidth) break
	}
	return made
}
