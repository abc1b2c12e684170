import type { RequestHandler } from 'express'

/**
 * One cross-site request check for every state-changing request (POST, PUT, PATCH,
 * DELETE…), page actions and resource routes alike, before React Router sees it: a
 * browser sends `Origin` with such requests, so a page on another site that posts a form
 * or a fetch() to the shop — riding on the shopper's cookies — is refused with 403.
 *
 * Accepted origins: the configured public origin (PUBLIC_URL) and the request's own
 * host (already vetted by host-check.ts), compared as host:port so a TLS-terminating proxy
 * that forwards plain HTTP does not make the shop refuse itself.
 * Without Origin: `Sec-Fetch-Site` must be same-origin or none (typed in the address bar),
 * and a Referer, when present, must be ours. Requests with none of these headers are not
 * from a browser page and carry no ambient authority worth forging (they pass).
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

export const CROSS_SITE_MESSAGE = 'Requisição recusada: ela veio de outro site. Recarregue a página da loja e tente de novo.'

export type OriginHeaders = {
	origin?: string | undefined
	secFetchSite?: string | undefined
	referer?: string | undefined
}

function hostOf(url: string): string | null {
	try {
		const parsed = new URL(url)
		return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.host.toLowerCase() : null
	} catch {
		return null
	}
}

/** Whether a state-changing request comes from the shop's own pages (or from no page at all). */
export function isSameSiteRequest(headers: OriginHeaders, own: { publicOrigin: string; requestHost: string }): boolean {
	const ownHosts = new Set([hostOf(own.publicOrigin), own.requestHost.toLowerCase()])
	const isOwn = (url: string) => {
		const host = hostOf(url)
		return host !== null && ownHosts.has(host)
	}
	// 'null' (sandboxed frames, privacy-redirected forms) is never ours.
	if (headers.origin !== undefined) return isOwn(headers.origin)
	if (headers.secFetchSite !== undefined && !['same-origin', 'none'].includes(headers.secFetchSite)) return false
	if (headers.referer !== undefined) return isOwn(headers.referer)
	return true
}

export function originCheck(publicOrigin: string): RequestHandler {
	return (req, res, next) => {
		if (SAFE_METHODS.has(req.method)) return next()
		const headers = { origin: req.get('origin'), secFetchSite: req.get('sec-fetch-site'), referer: req.get('referer') }
		if (isSameSiteRequest(headers, { publicOrigin, requestHost: req.host ?? '' })) return next()
		res.status(403).set({ 'Cache-Control': 'no-store', Vary: 'Origin' }).type('text/plain; charset=utf-8').send(CROSS_SITE_MESSAGE)
	}
}
