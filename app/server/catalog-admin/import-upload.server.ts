import { stashImportFile } from './import-stash.server'
import { PRODUCT_CSV_MAX_BYTES } from './shopify-csv'
import { errorForLog } from '~/server/log-safe-error.server'
import { logger } from '~/server/logger.server'

/**
 * The product CSV as the raw body of a POST (issue 28, decision 122): the import page sends it
 * with XMLHttpRequest, the one browser API that reports upload progress, so the owner sees a real
 * percentage while a 20 MB export goes up; the file is streamed to the import stash as it arrives
 * (never held in memory) and the page then asks for the check with the stash's token. Without
 * JavaScript the page's multipart form still works (the action's own path).
 */
export type CsvUploadAnswer = { ok: true; token: string; fileName: string } | { ok: false; title: string; message: string }

const MB = 1024 * 1024
export const CSV_TOO_LARGE = `O arquivo é grande demais (máximo ${PRODUCT_CSV_MAX_BYTES / MB} MB).`

class TooLarge extends Error {}

/** Counts the bytes as they pass and fails the stream past `limit` (a chunked body has no declared length). */
function limited(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
	let received = 0
	return body.pipeThrough(
		new TransformStream<Uint8Array, Uint8Array>({
			transform(chunk, controller) {
				received += chunk.byteLength
				if (received > limit) controller.error(new TooLarge())
				else controller.enqueue(chunk)
			},
		}),
	)
}

/** A name for the page to show: the browser's file name, without control characters, 200 characters at most. */
export function uploadedFileName(raw: string | null): string {
	// eslint-disable-next-line no-control-regex -- control characters are what is removed
	return (raw ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200)
}

export async function receiveProductCsvUpload(request: Request, adminId: string): Promise<{ status: number; answer: CsvUploadAnswer }> {
	const fail = (status: number, title: string, message: string) => ({ status, answer: { ok: false as const, title, message } })
	const declared = request.headers.get('content-length')
	if (declared !== null && Number(declared) > PRODUCT_CSV_MAX_BYTES) return fail(413, 'Arquivo muito grande', CSV_TOO_LARGE)
	if (!request.body || declared === '0') return fail(400, 'Nenhum arquivo', 'Escolha o arquivo CSV de produtos.')
	const fileName = uploadedFileName(new URL(request.url).searchParams.get('nome'))
	try {
		const token = await stashImportFile(adminId, limited(request.body, PRODUCT_CSV_MAX_BYTES))
		return { status: 200, answer: { ok: true, token, fileName } }
	} catch (error) {
		if (error instanceof TooLarge) return fail(413, 'Arquivo muito grande', CSV_TOO_LARGE)
		// A dropped connection, a full disk or an unreachable bucket: nothing kept (the driver removes a partial object), and the page says so.
		logger.warn({ error: errorForLog(error) }, 'envio do CSV de produtos interrompido')
		return fail(422, 'Envio interrompido', 'O arquivo não chegou inteiro. Verifique a internet e tente novamente.')
	}
}
