import { writeReadableStreamToWritable } from '@react-router/node'
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from 'express'
import { type AppLoadContext, type ServerBuild, createRequestHandler } from 'react-router'
import { limitedBody, sendTooLarge } from './body-limit'

/**
 * Express → React Router, like @react-router/express's createRequestHandler, with two
 * differences that are the reason this file exists:
 *  - the body React Router reads is limitedBody(): counted while it streams and cut at the
 *    route's limit with a 413 (the adapter hands React Router the raw request stream);
 *  - the URL's host is Express's `req.host`, which server/host-check.ts has already vetted
 *    (and which follows X-Forwarded-Host only when TRUST_PROXY says so).
 */
export function reactRouterHandler(options: {
	build: ServerBuild | (() => Promise<ServerBuild>)
	mode: 'development' | 'production'
	getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext
	bodyLimitFor: (pathname: string) => number
}) {
	const handleRequest = createRequestHandler(options.build, options.mode)
	return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
		try {
			const request = toWebRequest(req, res, options.bodyLimitFor(req.path))
			const response = await handleRequest(request, options.getLoadContext(req, res))
			await sendResponse(res, response)
		} catch (error) {
			next(error)
		}
	}
}

/**
 * A GET rendered for the page cache (server/page-cache.ts): the answer read whole, so it can be
 * stored. No body, no abort on disconnect: a background refresh outlives the request that
 * started it.
 */
export function pageRenderer(options: { build: ServerBuild | (() => Promise<ServerBuild>); mode: 'development' | 'production' }) {
	const handleRequest = createRequestHandler(options.build, options.mode)
	return async (req: ExpressRequest, nonce: string) => {
		const url = new URL(req.originalUrl, `${req.protocol}://${req.host}`)
		const headers = new Headers()
		for (const [name, value] of Object.entries(req.headers)) {
			if (value === undefined) continue
			for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
		}
		const response = await handleRequest(new Request(url, { method: 'GET', headers }), { cspNonce: nonce, clientIp: req.ip ?? 'desconhecido' })
		return { status: response.status, headers: [...response.headers.entries()], body: await response.text() }
	}
}

function toWebRequest(req: ExpressRequest, res: ExpressResponse, limit: number): Request {
	const url = new URL(req.originalUrl, `${req.protocol}://${req.host}`)
	const headers = new Headers()
	for (const [name, value] of Object.entries(req.headers)) {
		if (value === undefined) continue
		for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
	}
	// Aborted when the client goes away before the answer is complete, as in the adapter.
	const controller = new AbortController()
	let finished = false
	res.on('finish', () => (finished = true))
	res.on('close', () => {
		if (!finished) controller.abort()
	})
	const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
	return new Request(url, {
		method: req.method,
		headers,
		signal: controller.signal,
		...(hasBody ? { body: limitedBody(req, limit, () => sendTooLarge(req, res, limit)), duplex: 'half' } : {}),
	} as RequestInit)
}

async function sendResponse(res: ExpressResponse, response: Response) {
	// Already answered (a 413 while the body streamed) or the client left.
	if (res.destroyed || res.writableEnded) {
		await response.body?.cancel().catch(() => {})
		return
	}
	res.statusMessage = response.statusText
	res.status(response.status)
	for (const [name, value] of response.headers.entries()) res.append(name, value)
	if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) res.flushHeaders()
	if (!response.body) {
		res.end()
		return
	}
	try {
		await writeReadableStreamToWritable(response.body, res)
	} catch (error) {
		if (!res.destroyed && !res.writableEnded) throw error
	}
}
