import { PHOTO_MESSAGES } from '~/utils/photo-upload'

/**
 * A phone photo made small enough to send (decision 073). Phones write 3–12 MB pictures and the
 * shop takes 5 MB; a 2,560 px picture is more than any page, print preview or the owner's
 * download needs. Loaded with import() when a shopper picks a file, so no page carries it in
 * its first load. The pure parts (the plan, the sizes, the messages) are tested as units; the
 * decoding and encoding are the browser's (createImageBitmap, canvas).
 */

export const SHRINK = {
	/** Longest side of what is sent. */
	maxSide: 2560,
	/** A picture below this and within maxSide is sent exactly as chosen (nothing to gain). */
	sendAsIsBelowBytes: 1.5 * 1024 * 1024,
	/** The server's limit (document 001 §5). */
	maxBytes: 5 * 1024 * 1024,
	/** Tried in turn until the picture fits maxBytes: a noisy photo may not fit at the first. */
	qualities: [0.85, 0.75, 0.6] as const,
} as const

/** What the browser and the server both take and every browser shows, so it may go unchanged. */
const SENDABLE_AS_IS = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif'])
/** May be transparent (a logo, an art): re-encoded as WebP, which keeps transparency; JPEG would not. */
const MAY_HAVE_ALPHA = new Set(['image/png', 'image/webp', 'image/gif'])

export type ImageFacts = { bytes: number; type: string; width: number; height: number }
export type ShrinkPlan = { action: 'send-as-is' } | { action: 'shrink'; width: number; height: number; type: 'image/jpeg' | 'image/webp' }

/** The size that fits `maxSide` on the longest side, proportions kept, never enlarged. */
export function targetSize(width: number, height: number, maxSide: number = SHRINK.maxSide): { width: number; height: number } {
	const longest = Math.max(width, height)
	if (longest <= maxSide) return { width, height }
	const scale = maxSide / longest
	return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/** Send the file as chosen, or re-encode it (at which size and type). `width`/`height` as displayed (EXIF applied). */
export function shrinkPlan(image: ImageFacts): ShrinkPlan {
	const fits = Math.max(image.width, image.height) <= SHRINK.maxSide
	if (fits && image.bytes < SHRINK.sendAsIsBelowBytes && SENDABLE_AS_IS.has(image.type)) return { action: 'send-as-is' }
	return { action: 'shrink', ...targetSize(image.width, image.height), type: MAY_HAVE_ALPHA.has(image.type) ? 'image/webp' : 'image/jpeg' }
}

/**
 * After re-encoding: when the original was already within the limits of size and side (only
 * over the as-is threshold) and the new file is no smaller, the original is the better one.
 */
export function keepOriginal(image: ImageFacts, encodedBytes: number): boolean {
	return (
		SENDABLE_AS_IS.has(image.type) &&
		Math.max(image.width, image.height) <= SHRINK.maxSide &&
		image.bytes <= SHRINK.maxBytes &&
		encodedBytes >= image.bytes
	)
}

/** HEIC/HEIF by its type or, as some systems give none, by its name. */
export function isHeic(file: { name: string; type: string }): boolean {
	return /^image\/hei[cf](-sequence)?$/i.test(file.type) || /\.hei[cf]$/i.test(file.name)
}

/** What the shopper reads when the browser could not open the picture. */
export function unreadableMessage(file: { name: string; type: string }): string {
	return isHeic(file) ? PHOTO_MESSAGES.heic : PHOTO_MESSAGES.notImage
}

/** A picked file that is not a picture at all (a PDF, a video): nothing to try. */
export function notAPicture(file: { name: string; type: string }): boolean {
	return !file.type.startsWith('image/') && !isHeic(file)
}

/** The name of the re-encoded file: the shopper's name, the new extension. */
export function renamed(name: string, type: 'image/jpeg' | 'image/webp'): string {
	const base = name.replace(/\.[^./\\]*$/, '') || 'foto'
	return `${base}.${type === 'image/webp' ? 'webp' : 'jpg'}`
}

/** A refusal with the words to show. */
export class ShrinkError extends Error {
	override name = 'ShrinkError'
}

export type PreparedImage = {
	file: File
	shrunk: boolean
	/** As displayed (EXIF orientation applied). */
	width: number
	height: number
	originalBytes: number
}

/** The file to send for the one the shopper picked; throws ShrinkError with the message to show. */
export async function prepareImage(file: File): Promise<PreparedImage> {
	if (notAPicture(file)) throw new ShrinkError(PHOTO_MESSAGES.notImage)
	let bitmap: ImageBitmap
	try {
		// 'from-image' turns the pixels as the camera's EXIF orientation says: a portrait stays upright.
		bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
	} catch {
		throw new ShrinkError(unreadableMessage(file))
	}
	try {
		const facts: ImageFacts = { bytes: file.size, type: file.type, width: bitmap.width, height: bitmap.height }
		const plan = shrinkPlan(facts)
		if (plan.action === 'send-as-is') return { file, shrunk: false, width: facts.width, height: facts.height, originalBytes: file.size }

		const canvas = document.createElement('canvas')
		canvas.width = plan.width
		canvas.height = plan.height
		const context = canvas.getContext('2d')
		if (!context) throw new ShrinkError(PHOTO_MESSAGES.tooLarge)
		context.imageSmoothingEnabled = true
		context.imageSmoothingQuality = 'high'
		context.drawImage(bitmap, 0, 0, plan.width, plan.height)

		let blob: Blob | null = null
		for (const quality of SHRINK.qualities) {
			blob = await encode(canvas, plan.type, quality)
			if (blob.size <= SHRINK.maxBytes) break
		}
		canvas.width = canvas.height = 0 // gives the pixels back now (Safari keeps canvases long)
		if (!blob) throw new ShrinkError(PHOTO_MESSAGES.tooLarge)
		if (keepOriginal(facts, blob.size)) return { file, shrunk: false, width: facts.width, height: facts.height, originalBytes: file.size }
		if (blob.size > SHRINK.maxBytes) throw new ShrinkError(PHOTO_MESSAGES.tooLarge)
		const type = blob.type === 'image/webp' ? 'image/webp' : 'image/jpeg'
		return {
			file: new File([blob], renamed(file.name, type), { type, lastModified: file.lastModified }),
			shrunk: true,
			width: plan.width,
			height: plan.height,
			originalBytes: file.size,
		}
	} finally {
		bitmap.close()
	}
}

/** Encodes the canvas; a browser that cannot write WebP (older Safari answers PNG) gets JPEG. */
async function encode(canvas: HTMLCanvasElement, type: 'image/jpeg' | 'image/webp', quality: number): Promise<Blob> {
	const blob = await toBlob(canvas, type, quality)
	if (blob.type === type || type === 'image/jpeg') return blob
	return toBlob(canvas, 'image/jpeg', quality)
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
	return new Promise((resolve, reject) =>
		canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new ShrinkError(PHOTO_MESSAGES.tooLarge))), type, quality),
	)
}
