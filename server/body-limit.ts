import type { IncomingMessage } from 'node:http'
import type { RequestHandler, Response } from 'express'
import { PRODUCT_CSV_MAX_BYTES, PRODUCT_IMPORT_BODY_BYTES } from '~/server/catalog-admin/shopify-csv'
import { uploadBodyLimit } from '~/server/storage/multipart.server'

/**
 * Request body limits, per route, enforced before React Router reads a byte: a declared
 * Content-Length over the limit is answered 413 at once; a body without one (chunked) or
 * that lies about it is counted as it streams (limitedBody) and cut at the limit.
 * Without this, `request.formData()` buffers whatever a client sends (a 150 MB POST to
 * /cart took 400 MB of memory).
 */

const KB = 1024
const MB = 1024 * KB

/** Forms: a checkout, a review or the settings are a few KB. */
export const DEFAULT_BODY_LIMIT = 64 * KB

type BodyLimitRule = { path: RegExp; bytes: number; why: string }

/**
 * The first matching rule wins, tested against routePathname() (so `/user/photos.data` and
 * `/user/photos/` find the `/user/photos` row). A route that takes uploads adds a row here with
 * `uploadBodyLimit(kind)` (5 MB images, 50 MB videos, plus the form around them) or the action's
 * own maxBytes, so this outer limit never cuts what readMultipartForm would accept. The upload
 * matrix (server/body-limit.test.ts) finds every upload action and fails for one without a row.
 */
export const BODY_LIMIT_RULES: readonly BodyLimitRule[] = [
	{
		path: /^\/admin\/cupons\/importar$/,
		bytes: 4 * MB,
		why: 'a CSV file of up to 1 MB, then the same CSV sent back URL-encoded (up to 3 bytes per byte)',
	},
	{
		path: /^\/resources\/personalizacao\/arquivo$/,
		bytes: uploadBodyLimit('image'),
		why: "one personalization image of up to 5 MB (document 001 §5) and the form around it: storage's uploadBodyLimit('image')",
	},
	{
		path: /^\/user\/photos$/,
		bytes: uploadBodyLimit('image'),
		why: "a customer photo of up to 5 MB (document 001 §9) with its caption: storage's uploadBodyLimit('image')",
	},
	{
		path: /^\/admin\/produtos\/importar\/arquivo$/,
		bytes: PRODUCT_CSV_MAX_BYTES + 64 * KB,
		why: 'a product CSV of up to PRODUCT_CSV_MAX_BYTES (20 MB) as the raw body, streamed to the import stash (decision 122)',
	},
	{
		path: /^\/admin\/produtos\/importar$/,
		bytes: PRODUCT_IMPORT_BODY_BYTES,
		why: "a product CSV of up to PRODUCT_CSV_MAX_BYTES (20 MB) and its form: the action's own maxBytes; the confirmation sends only a token (decision 070)",
	},
	{
		path: /^\/admin\/colecoes\/[^/]+$/,
		bytes: uploadBodyLimit('image'),
		why: "a collection's picture of up to 5 MB with its form: uploadBodyLimit('image')",
	},
	{
		path: /^\/admin\/configuracoes\/logo$/,
		bytes: uploadBodyLimit('image'),
		why: "the store's logo, a picture of up to 5 MB (shrunk in the browser when a phone's photo is larger): uploadBodyLimit('image')",
	},
	{
		path: /^\/admin\/produtos\/[^/]+\/imagens$/,
		bytes: uploadBodyLimit('image'),
		why: "one product picture of up to 5 MB per request (the page sends a multiple choice one by one): uploadBodyLimit('image')",
	},
	{
		path: /^\/admin\/videos\/[a-z-]+\/upload$/,
		bytes: 50 * MB + 64 * KB,
		why: 'a home video of up to 50 MB (document 001 §8) as the raw body, streamed to storage: UPLOAD_LIMITS.video',
	},
	{
		path: /^\/admin\/(banner|subscription-cta-video|personalization-video)$/,
		bytes: uploadBodyLimit('image'),
		why: "a video's address with the poster frame the browser took from it (an image of up to 5 MB): uploadBodyLimit('image')",
	},
	{ path: /^\/admin(\/|$)/, bytes: 1 * MB, why: 'back-office forms (settings, status changes) with room to spare' },
]

/**
 * The path of the route a request reaches, whatever URL form the client used, so that a limit
 * belongs to the route and not to one spelling of its address. It mirrors what React Router's
 * server does before matching (getNormalizedPath in react-router's server-runtime/urls.ts, not
 * exported; this app sets no basename and not v8_trailingSlashAwareDataRequests), then what its
 * matcher does (matchRoutes: each segment percent-decoded, '%2F' kept; case ignored):
 *  - a hydrated page's <Form>/fetcher posts to `<path>.data` (single fetch), `/_root.data` for `/`;
 *  - a trailing slash is the same route;
 *  - `?index` and `?_routes=` are in the query, never in the path (Express's req.path).
 */
export function routePathname(pathname: string): string {
	let path = pathname === '/_root.data' ? '/' : pathname.replace(/\.data$/, '')
	if (path !== '/' && path.endsWith('/')) path = path.slice(0, -1)
	return path
		.split('/')
		.map((segment) => {
			try {
				return decodeURIComponent(segment).replace(/\//g, '%2F')
			} catch {
				return segment // React Router too matches a malformed segment as it is.
			}
		})
		.join('/')
		.toLowerCase()
}

/** The route's limit; the rules are written for routePathname()'s form (no `.data`, no trailing slash, lower case). */
export function bodyLimitFor(pathname: string): number {
	const path = routePathname(pathname)
	return BODY_LIMIT_RULES.find((rule) => rule.path.test(path))?.bytes ?? DEFAULT_BODY_LIMIT
}

function describeBytes(bytes: number): string {
	return bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / KB)} KB`
}

export function tooLargeMessage(limit: number): string {
	return `O conteúdo enviado é grande demais (máximo ${describeBytes(limit)}).`
}

/** How long the rest of an oversized body is read and thrown away before the socket is cut. */
const LINGER_MS = 5_000

/**
 * Answers 413. The rest of the body is then read and discarded (never buffered) for a few
 * seconds, as nginx's lingering close does: closing a socket with unread data makes the
 * kernel send a reset, and the client, still uploading, never sees the answer.
 */
export function sendTooLarge(req: IncomingMessage, res: Response, limit: number) {
	if (res.headersSent) return
	res.once('finish', () => {
		req.resume()
		setTimeout(() => req.socket?.destroy(), LINGER_MS).unref()
	})
	res.status(413).set('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(tooLargeMessage(limit))
}

/** 413 at once for a declared Content-Length over the route's limit. */
export function declaredBodyLimit(limitFor: (pathname: string) => number = bodyLimitFor): RequestHandler {
	return (req, res, next) => {
		const declared = req.headers['content-length']
		if (declared === undefined) return next()
		const limit = limitFor(req.path)
		if (Number(declared) > limit) return sendTooLarge(req, res, limit)
		next()
	}
}

export class BodyTooLargeError extends Error {
	constructor(readonly limit: number) {
		super(`corpo da requisição acima de ${limit} bytes`)
	}
}

/**
 * The request body as a web stream that errors (BodyTooLargeError) as soon as more than
 * `limit` bytes have arrived, calling `onTooLarge` once (which answers 413 and discards
 * the rest); the request stream is not destroyed, so that answer reaches the client. Backpressure as in @react-router/node: the socket pauses while the consumer lags.
 */
export function limitedBody(req: IncomingMessage, limit: number, onTooLarge: () => void): ReadableStream<Uint8Array> {
	let received = 0
	let listening = true
	let controller!: ReadableStreamDefaultController<Uint8Array>
	const stop = () => {
		listening = false
		req.off('data', onData)
		req.off('end', onEnd)
		req.off('error', onError)
		req.off('aborted', onAborted)
	}
	const onData = (chunk: Buffer) => {
		received += chunk.byteLength
		if (received > limit) {
			stop()
			controller.error(new BodyTooLargeError(limit))
			onTooLarge()
			return
		}
		controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
		if ((controller.desiredSize ?? 0) <= 0) req.pause()
	}
	const onEnd = () => {
		stop()
		controller.close()
	}
	const onError = (error: Error) => {
		stop()
		controller.error(error)
	}
	// A client that disconnects mid-body: an error, never a short body taken as the whole.
	const onAborted = () => onError(new Error('requisição interrompida pelo cliente'))
	return new ReadableStream<Uint8Array>(
		{
			start(streamController) {
				controller = streamController
				req.on('data', onData)
				req.once('end', onEnd)
				req.once('error', onError)
				req.once('aborted', onAborted)
			},
			pull() {
				if (listening) req.resume()
			},
			cancel() {
				// The consumer gave up on the body: discard the rest instead of buffering it.
				stop()
				req.resume()
			},
		},
		{ highWaterMark: 64 * KB, size: (chunk) => chunk.byteLength },
	)
}
