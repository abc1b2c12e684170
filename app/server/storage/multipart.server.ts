import type { UploadKind } from './content-type.server'

/**
 * Reading an upload form in a React Router action without letting a client fill the
 * server's memory: `request.formData()` buffers the whole body, so the size is checked
 * first — from Content-Length when the client sends it, else by counting bytes as they
 * stream in and stopping at the limit.
 */
export type MultipartResult =
	| { ok: true; formData: FormData }
	| { ok: false; status: 400 | 413; message: string }

/** Room for the other fields and the multipart framing around the file. */
const FORM_OVERHEAD_BYTES = 256 * 1024

/** The largest request body an upload form of this kind may send. */
export function uploadBodyLimit(kind: UploadKind): number {
	return (kind === 'video' ? 50 : 5) * 1024 * 1024 + FORM_OVERHEAD_BYTES
}

const TOO_LARGE_MESSAGE: Record<UploadKind, string> = {
	image: 'Arquivo muito grande. Máximo 5MB.',
	video: 'O vídeo deve ter no máximo 50MB.',
}
const UNREADABLE_MESSAGE = 'Não foi possível ler o formulário enviado. Tente novamente.'

export async function readMultipartForm(
	request: Request,
	options: { kind: UploadKind; maxBytes?: number },
): Promise<MultipartResult> {
	const maxBytes = options.maxBytes ?? uploadBodyLimit(options.kind)
	const tooLarge = { ok: false, status: 413, message: TOO_LARGE_MESSAGE[options.kind] } as const

	const declared = request.headers.get('content-length')
	if (declared !== null) {
		const length = Number(declared)
		if (!Number.isSafeInteger(length) || length < 0) return { ok: false, status: 400, message: UNREADABLE_MESSAGE }
		if (length > maxBytes) return tooLarge
	}
	if (!request.body) return { ok: false, status: 400, message: UNREADABLE_MESSAGE }

	// Count what actually arrives too: Content-Length may be absent (chunked) or a lie.
	let received = 0
	let exceeded = false
	const limited = request.body.pipeThrough(
		new TransformStream<Uint8Array, Uint8Array>({
			transform(chunk, controller) {
				received += chunk.byteLength
				if (received > maxBytes) {
					exceeded = true
					controller.error(new Error('corpo da requisição acima do limite'))
					return
				}
				controller.enqueue(chunk)
			},
		}),
	)
	const contentType = request.headers.get('content-type') ?? ''
	try {
		const formData = await new Response(limited, { headers: { 'content-type': contentType } }).formData()
		return { ok: true, formData }
	} catch {
		return exceeded ? tooLarge : { ok: false, status: 400, message: UNREADABLE_MESSAGE }
	}
}
