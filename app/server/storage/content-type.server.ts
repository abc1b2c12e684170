import { fileTypeFromBuffer } from 'file-type'

/**
 * What a file really is, from its first bytes. The browser's type and the file name are
 * whatever the sender chose, so they are never consulted: a PNG named .mp4 is a PNG, and
 * an SVG or HTML page named .png is text, which we refuse (served from our origin it
 * could run script).
 */
export type UploadKind = 'image' | 'video'

/** Detected MIME type → extension we store under. Anything not listed is refused. */
const ALLOWED: Record<UploadKind, Record<string, string>> = {
	image: {
		'image/jpeg': 'jpg',
		'image/png': 'png',
		'image/webp': 'webp',
		'image/gif': 'gif',
		'image/avif': 'avif',
		'image/heic': 'heic',
		'image/heif': 'heif',
	},
	video: {
		'video/mp4': 'mp4',
		'video/webm': 'webm',
		'video/quicktime': 'mov',
	},
}

export type DetectedType = { kind: UploadKind; contentType: string; extension: string }

/** The file's real type if it is an allowed image or video, else null. */
export async function detectMediaType(bytes: Uint8Array): Promise<DetectedType | null> {
	const detected = await fileTypeFromBuffer(bytes)
	if (!detected) return null
	for (const kind of ['image', 'video'] as const) {
		const extension = ALLOWED[kind][detected.mime]
		if (extension) return { kind, contentType: detected.mime, extension }
	}
	return null
}

/** Every content type we may have stored, for serving decisions. */
export function isMediaContentType(contentType: string): boolean {
	return contentType in ALLOWED.image || contentType in ALLOWED.video
}
