import http from 'node:http'

export type StreamedAnswer = { status: number; contentType: string; body: string; sent: number }

const FILLER = Buffer.alloc(256 * 1024, 'a')

/**
 * POSTs a large body as a browser does: `head`, then `fillerBytes` of filler, then `tail`, written
 * piece by piece, and stops writing as soon as the server answers. `stopAfter` stops earlier (the
 * rest only declared by the headers' Content-Length). node:http, because fetch keeps sending a body
 * the server has already refused. Resolves with the answer and how many bytes went out.
 */
export function postUntilAnswered(
	url: URL,
	options: { headers: http.OutgoingHttpHeaders; fillerBytes: number; head?: Buffer; tail?: Buffer; stopAfter?: number; timeoutMs?: number },
): Promise<StreamedAnswer> {
	const head = options.head ?? Buffer.alloc(0)
	const tail = options.tail ?? Buffer.alloc(0)
	const stopAt = options.stopAfter ?? head.byteLength + options.fillerBytes + tail.byteLength
	return new Promise((resolve, reject) => {
		let sent = 0
		let answered = false
		const request = http.request({ host: url.hostname, port: url.port, method: 'POST', path: url.pathname + url.search, headers: options.headers })
		request.on('response', (response) => {
			answered = true
			let body = ''
			response.setEncoding('utf8')
			response.on('data', (chunk: string) => (body += chunk))
			response.on('end', () => {
				request.destroy()
				resolve({ status: response.statusCode ?? 0, contentType: String(response.headers['content-type'] ?? ''), body, sent })
			})
		})
		// The server may close its side once it has answered (a 413): writes still in flight then fail.
		request.on('error', (error) => (answered ? undefined : reject(error)))
		// A server that waited for the rest of a refused body would hang here: fail instead.
		const timeoutMs = options.timeoutMs ?? 30_000
		request.setTimeout(timeoutMs, () => request.destroy(new Error(`${url.pathname}: sem resposta em ${timeoutMs / 1000} s (${sent} bytes enviados)`)))
		const write = (bytes: Buffer) => {
			sent += bytes.byteLength
			return request.write(bytes)
		}
		let fillerLeft = options.fillerBytes
		let headWritten = false
		const pump = () => {
			if (!headWritten) {
				headWritten = true
				if (head.byteLength > 0 && !write(head)) return void request.once('drain', pump)
			}
			while (!answered && fillerLeft > 0 && sent < stopAt) {
				const piece = FILLER.subarray(0, Math.min(FILLER.byteLength, fillerLeft, stopAt - sent))
				fillerLeft -= piece.byteLength
				if (!write(piece)) return void request.once('drain', pump)
			}
			if (answered || sent >= stopAt || fillerLeft > 0) return
			if (tail.byteLength > 0) write(tail)
			request.end()
		}
		pump()
	})
}
