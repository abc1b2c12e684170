import { UPLOAD_LIMITS, UPLOAD_MESSAGES, type UploadResult, type VideoPrefix, getBucketStorage, uploadUrl } from '~/server/storage.server'
import { logger } from '~/server/logger.server'
import { detectMediaType } from '~/server/storage/content-type.server'
import { buildKey } from '~/server/storage/keys.server'

/**
 * A video sent as the raw request body (PUT-like POST from the admin's video pages, with
 * XMLHttpRequest's upload progress) and streamed to the `hero-videos` bucket: a 50 MB file is
 * never held in memory. The type is read from the first bytes (magic numbers), the size is
 * counted as it arrives, and a cancelled or oversized upload leaves nothing behind.
 */

/** Enough leading bytes for file-type to tell MP4, WebM and QuickTime apart. */
const SNIFF_BYTES = 4100

export type VideoUploadResult = UploadResult | { ok: false; error: { code: 'aborted'; status: 400; title: string; message: string } }

const ABORTED = {
	ok: false,
	error: { code: 'aborted', status: 400, title: 'Erro ao enviar vídeo', message: 'O envio foi interrompido. Tente novamente.' },
} as const

function failure(code: 'missing' | 'too_large' | 'invalid_type'): VideoUploadResult {
	const copy =
		code === 'missing'
			? UPLOAD_MESSAGES.video.missing
			: code === 'too_large'
				? UPLOAD_MESSAGES.video.tooLarge
				: UPLOAD_MESSAGES.video.invalidType
	return { ok: false, error: { code, status: code === 'too_large' ? 413 : 400, ...copy } }
}

class TooLargeError extends Error {}

export async function receiveVideoUpload(request: Request, prefix: VideoPrefix): Promise<VideoUploadResult> {
	const limit = UPLOAD_LIMITS.video
	const declared = request.headers.get('content-length')
	if (declared !== null && Number(declared) > limit) return failure('too_large')
	if (!request.body) return failure('missing')

	const reader = request.body.getReader()
	const head: Uint8Array[] = []
	let headBytes = 0
	let done = false
	try {
		while (headBytes < SNIFF_BYTES) {
			const next = await reader.read()
			if (next.done) {
				done = true
				break
			}
			head.push(next.value)
			headBytes += next.value.byteLength
		}
	} catch {
		return ABORTED
	}
	if (headBytes === 0) return failure('missing')
	if (headBytes > limit) return failure('too_large')
	const detected = await detectMediaType(concat(head, Math.min(headBytes, SNIFF_BYTES)))
	if (!detected || detected.kind !== 'video') {
		await reader.cancel().catch(() => {})
		return failure('invalid_type')
	}

	// The bytes already read, then the rest, counted: over the limit errors the stream,
	// which makes the driver drop what it wrote.
	let received = headBytes
	const body = new ReadableStream<Uint8Array>({
		start(controller) {
			for (const chunk of head) controller.enqueue(chunk)
			if (done) controller.close()
		},
		async pull(controller) {
			const next = await reader.read()
			if (next.done) return controller.close()
			received += next.value.byteLength
			if (received > limit) {
				await reader.cancel().catch(() => {})
				return controller.error(new TooLargeError())
			}
			controller.enqueue(next.value)
		},
		async cancel(reason) {
			await reader.cancel(reason).catch(() => {})
		},
	})

	const storage = getBucketStorage('hero-videos')
	const target = { bucket: 'hero-videos', prefix } as const
	// A stream can be stored once: pick a free key first (millisecond timestamps make a taken
	// one rare; put still refuses to overwrite if another server raced us to it).
	let key = buildKey(target, detected.extension, Date.now())
	for (let attempt = 1; attempt < 20 && (await storage.exists(key)); attempt++) {
		key = buildKey(target, detected.extension, Date.now() + attempt)
	}
	let stored: boolean
	try {
		stored = await storage.putStream(key, body, detected.contentType)
	} catch (error) {
		if (error instanceof TooLargeError) return failure('too_large')
		// The client went away (cancelled) or the body broke off; a disk error is logged too.
		if (!request.signal.aborted) logger.warn({ error: String(error), key }, 'envio de vídeo interrompido')
		return ABORTED
	}
	if (!stored) throw new Error(`Chave de vídeo já usada por outro envio: ${key}`)
	if (declared !== null && received !== Number(declared)) {
		// A body shorter than announced is a cut-off upload, not a video.
		await storage.delete(key)
		return ABORTED
	}
	return {
		ok: true,
		upload: { bucket: 'hero-videos', key, url: uploadUrl('hero-videos', key), contentType: detected.contentType, size: received },
	}
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
	const bytes = new Uint8Array(length)
	let offset = 0
	for (const chunk of chunks) {
		if (offset >= length) break
		const part = chunk.subarray(0, length - offset)
		bytes.set(part, offset)
		offset += part.byteLength
	}
	return bytes
}
