import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import sharp from 'sharp'
import { z } from 'zod'
import { getEnv } from '~/server/env.server'
import type { Bucket, StoredObject } from '~/server/storage.server'
import { IMAGE_WIDTHS, type ImageWidth, isImageWidth } from '~/utils/responsive-image'

/**
 * Smaller copies of uploaded photos for srcSet (app/utils/responsive-image.ts). Each width
 * is made once with sharp, as WebP, and kept under `DATA_DIR/cache/images/` — outside the
 * buckets, so a variant is never mistaken for an upload, and deletable at any time (it is
 * rebuilt on the next request).
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
// and then served from disk.
sharp.cache(false)

function cacheRoot(): string {
	return path.resolve(getEnv().DATA_DIR, 'cache', 'images')
}

/**
 * WebP for every browser we serve; AVIF (a third smaller again) for those that say they take it,
 * made ahead of time only (pregenerateImageVariants): encoding AVIF takes a second or more, too
 * slow to make while a shopper waits.
 */
export type VariantFormat = 'webp' | 'avif'

/** Where one variant lives: per upload a folder, named after the version (ETag), width and format. */
function variantPath(bucket: Bucket, object: StoredObject, width: ImageWidth, format: VariantFormat = 'webp'): string {
	const root = cacheRoot()
	const version = object.etag.replace(/[^A-Za-z0-9-]/g, '')
	const file = path.resolve(root, bucket, object.key, `${version}-w${width}.${format}`)
	// The key was checked by isSafeKey already; a path is still the last line of defence.
	if (!file.startsWith(root + path.sep)) throw new Error('Variante de imagem fora do diretório de cache')
	return file
}

export type ImageVariant = {
	contentType: 'image/webp' | 'image/avif'
	size: number
	/** The original's ETag with the width: a new version of the original is a new variant. */
	etag: string
	body(): ReadableStream<Uint8Array>
}

function fromFile(file: string, size: number, etag: string, format: VariantFormat = 'webp'): ImageVariant {
	return {
		contentType: format === 'avif' ? 'image/avif' : 'image/webp',
		size,
		etag,
		body: () => Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
	}
}

export function variantEtag(object: StoredObject, width: ImageWidth, format: VariantFormat = 'webp'): string {
	return `"${object.etag.replace(/"/g, '')}-w${width}${format === 'avif' ? '-avif' : ''}"`
}

// Requests for the same variant arriving together share one resize (per process). Across
// processes the rename below keeps the file whole: each writes its own temporary file and
// the last rename wins with identical bytes.
const inFlight = new Map<string, Promise<{ file: string; size: number }>>()

async function resize(
	object: StoredObject,
	width: ImageWidth,
	file: string,
	format: VariantFormat = 'webp',
): Promise<{ file: string; size: number }> {
	const original = new Uint8Array(await new Response(object.body()).arrayBuffer())
	// Phone photos carry their rotation in EXIF, which the variant drops: autoOrient turns
	// the pixels first.
	const resized = sharp(original, { autoOrient: true, limitInputPixels: MAX_INPUT_PIXELS }).resize({ width, withoutEnlargement: true })
	const bytes = await (
		format === 'avif' ? resized.avif({ quality: AVIF_QUALITY, effort: 3 }) : resized.webp({ quality: WEBP_QUALITY })
	).toBuffer()
	await mkdir(path.dirname(file), { recursive: true })
	const temporary = path.join(path.dirname(file), `.tmp-${randomBytes(8).toString('hex')}`)
	try {
		await writeFile(temporary, bytes)
		// rename() replaces atomically: a reader sees the old file or the new one, never half.
		await rename(temporary, file)
	} finally {
		await unlink(temporary).catch(() => {})
	}
	return { file, size: bytes.byteLength }
}

/**
 * The `width` variant of a stored JPEG, PNG or WebP, from the disk cache or made now.
 * Never wider than the original. Throws when the bytes cannot be decoded (the caller
 * serves the original instead).
 */
export async function getImageVariant(bucket: Bucket, object: StoredObject, width: ImageWidth): Promise<ImageVariant> {
	const file = variantPath(bucket, object, width)
	const etag = variantEtag(object, width)
	try {
		const info = await stat(file)
		if (info.isFile()) return fromFile(file, info.size, etag)
	} catch {
		// Not made yet.
	}
	let pending = inFlight.get(file)
	if (!pending) {
		pending = resize(object, width, file).finally(() => inFlight.delete(file))
		inFlight.set(file, pending)
	}
	const made = await pending
	return fromFile(made.file, made.size, etag)
}

/** Forgets every variant of an upload (called when the upload is deleted). */
export async function deleteImageVariants(bucket: Bucket, key: string): Promise<void> {
	const root = cacheRoot()
	const folder = path.resolve(root, bucket, key)
	if (!folder.startsWith(root + path.sep)) return
	await rm(folder, { recursive: true, force: true })
}

/** The AVIF of `width` when it has been made already, else null (the caller sends WebP). */
export async function readyAvifVariant(bucket: Bucket, object: StoredObject, width: ImageWidth): Promise<ImageVariant | null> {
	const file = variantPath(bucket, object, width, 'avif')
	try {
		const info = await stat(file)
		return info.isFile() ? fromFile(file, info.size, variantEtag(object, width, 'avif'), 'avif') : null
	} catch {
		return null
	}
}

/**
 * Makes every width of an upload, WebP and AVIF, one after the other (issue 11: product pictures
 * are turned into variants in the background, so no shopper waits for a resize and AVIF is ready
 * to send). Widths past the original's are skipped; a failure is the caller's to log.
 */
export async function pregenerateImageVariants(bucket: Bucket, object: StoredObject, originalWidth: number | null): Promise<number> {
	let made = 0
	for (const width of IMAGE_WIDTHS) {
		await getImageVariant(bucket, object, width)
		const avif = variantPath(bucket, object, width, 'avif')
		const exists = await stat(avif)
			.then((info) => info.isFile())
			.catch(() => false)
		if (!exists) await resize(object, width, avif, 'avif')
		made += 1
		// The first width at or above the original's stands for it (responsive-image.ts); none wider is asked for.
		if (originalWidth !== null && width >= originalWidth) break
	}
	return made
}
