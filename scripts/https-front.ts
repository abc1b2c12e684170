import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import http2 from 'node:http2'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * An HTTPS + HTTP/2 front for the production server, standing in for the reverse proxy or load
 * balancer that the README's "Produção" puts in front of every real shop (nginx, Caddy: both speak
 * HTTP/2 over TLS): what a shopper's browser actually talks to. `npm run lighthouse` measures
 * through it (decision 066): over plain HTTP/1.1 a browser opens at most six connections to
 * 127.0.0.1, and Lighthouse's simulation replays a page's ~50 module files six at a time on slow
 * 4G, a queue no visitor of the shop ever waits in.
 *
 * A bench tool, not part of the shop: a self-signed certificate made by the `openssl` command
 * (Debian's), requests passed on to the server unchanged with the original Host, as the README
 * asks of a proxy, and responses streamed back.
 */
export type HttpsFront = { url: string; stop: () => Promise<void> }

// Connection-level headers have no meaning (and are refused) in HTTP/2.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'http2-settings'])

/** The headers that cross the front: no HTTP/2 pseudo-headers (':path'…), no connection-level ones. */
function endToEndHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
	const kept: http.OutgoingHttpHeaders = {}
	for (const [name, value] of Object.entries(headers)) if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) kept[name] = value
	return kept
}

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
	const dir = mkdtempSync(path.join(tmpdir(), 'loja-https-front-'))
	try {
		const keyFile = path.join(dir, 'key.pem')
		const certFile = path.join(dir, 'cert.pem')
		const name = ['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1']
		execFileSync(
			'openssl',
			['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', ...name, '-keyout', keyFile, '-out', certFile],
			{
				stdio: 'ignore',
			},
		)
		return { key: readFileSync(keyFile), cert: readFileSync(certFile) }
	} finally {
		rmSync(dir, { recursive: true, force: true })
	}
}

export async function startHttpsFront(upstreamUrl: string): Promise<HttpsFront> {
	const upstream = new URL(upstreamUrl)
	const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
	const server = http2.createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true }, (request, response) => {
		const headers = endToEndHeaders(request.headers)
		headers.host = request.headers[':authority'] ?? request.headers.host
		headers['x-forwarded-proto'] = 'https'
		const forwarded = http.request(
			{ host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers, agent },
			(answer) => {
				response.writeHead(answer.statusCode ?? 502, endToEndHeaders(answer.headers))
				answer.pipe(response)
			},
		)
		forwarded.on('error', (error) => {
			if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' })
			response.end(`front: ${error.message}`)
		})
		request.pipe(forwarded)
	})
	// A browser keeps its HTTP/2 session open: stop() ends them so that close() returns.
	const sessions = new Set<http2.ServerHttp2Session>()
	server.on('session', (session) => {
		sessions.add(session)
		session.on('close', () => sessions.delete(session))
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	return {
		// 'localhost': the certificate's name, and a secure context for the browser.
		url: `https://localhost:${port}`,
		stop: async () => {
			agent.destroy()
			for (const session of sessions) session.destroy()
			await new Promise<void>((resolve) => server.close(() => resolve()))
		},
	}
}
