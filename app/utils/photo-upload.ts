/**
 * Sending a shopper's photo with its progress (decision 073). fetch() cannot report how much
 * of a request body has left (streamed request bodies need HTTP/2 in Chromium, and the shop is
 * often behind HTTP/1.1), so this is XMLHttpRequest, whose `upload.onprogress` can.
 *
 * Kept apart from the shrinking (utils/image-shrink.ts, loaded only when a file is chosen):
 * these few lines and the messages are all a page loads up front.
 */

/** The documents' wording (document 001 §5, §8). */
export const PHOTO_MESSAGES = {
	tooLarge: 'Arquivo muito grande. Máximo 5MB.',
	notImage: 'Por favor, selecione um arquivo de imagem válido.',
	heic: 'Não conseguimos abrir esta foto (HEIC). No iPhone, escolha "Mais compatível" em Ajustes > Câmera > Formatos, ou envie em JPEG.',
	failed: 'Não foi possível enviar a foto. Verifique sua conexão e tente novamente.',
	tooMany: 'Muitos arquivos enviados em pouco tempo. Aguarde alguns minutos e tente novamente.',
} as const

export type UploadResponse = { status: number; text: string }

/**
 * The message for an answer that is not a success: the server's own words when it gave some
 * (they name the real reason: a caption too long, a file that is not an image), otherwise one
 * chosen by the status. `status` 0 is a request that never got an answer (offline, reset).
 */
export function uploadFailureMessage(status: number, serverMessage?: string | null): string {
	if (serverMessage && serverMessage.trim() !== '') return serverMessage
	if (status === 413) return PHOTO_MESSAGES.tooLarge
	if (status === 415 || status === 400) return PHOTO_MESSAGES.notImage
	if (status === 429) return PHOTO_MESSAGES.tooMany
	return PHOTO_MESSAGES.failed
}

/**
 * POSTs a form and reports the share of its body sent (0–1). Resolves with any HTTP answer
 * (the caller reads the status); rejects only when no answer came (network error, abort).
 */
export function sendWithProgress(
	url: string,
	body: FormData,
	options: { onProgress?: (fraction: number) => void; signal?: AbortSignal; accept?: string } = {},
): Promise<UploadResponse> {
	return new Promise((resolve, reject) => {
		const request = new XMLHttpRequest()
		request.open('POST', url)
		request.withCredentials = true
		if (options.accept) request.setRequestHeader('Accept', options.accept)
		request.upload.onprogress = (event) => {
			if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total)
		}
		request.upload.onload = () => options.onProgress?.(1)
		request.onload = () => resolve({ status: request.status, text: request.responseText })
		request.onerror = () => reject(new Error('falha de rede ao enviar a foto'))
		request.ontimeout = request.onerror
		request.onabort = () => reject(new DOMException('envio cancelado', 'AbortError'))
		options.signal?.addEventListener('abort', () => request.abort(), { once: true })
		request.send(body)
	})
}
