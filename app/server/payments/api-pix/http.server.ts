import { request as httpRequest } from 'node:http'
import { Agent, request as httpsRequest } from 'node:https'

/**
 * One HTTP exchange with the PSP, over mutual TLS when a client certificate is configured
 * (every PSP requires it; only the tests' loopback fake goes without). node:https rather than
 * fetch: fetch cannot present a client certificate without undici's own Agent.
 */
export type TlsIdentity = { cert: Buffer; key: Buffer }

export type HttpAnswer = { status: number; body: string }

export class NetworkError extends Error {}

const MAX_ANSWER_BYTES = 2 * 1024 * 1024

export function createAgent(identity: TlsIdentity | null): Agent | undefined {
	return identity ? new Agent({ cert: identity.cert, key: identity.key, keepAlive: true, maxSockets: 8 }) : undefined
}

export function send(
	url: string,
	options: { method: string; headers: Record<string, string>; body?: string; agent?: Agent; timeoutMs: number },
): Promise<HttpAnswer> {
	const target = new URL(url)
	const isHttps = target.protocol === 'https:'
	return new Promise((resolve, reject) => {
		const headers = { ...options.headers, ...(options.body !== undefined ? { 'Content-Length': String(Buffer.byteLength(options.body)) } : {}) }
		const req = (isHttps ? httpsRequest : httpRequest)(
			target,
			{ method: options.method, headers, ...(isHttps && options.agent ? { agent: options.agent } : {}), timeout: options.timeoutMs },
			(res) => {
				const chunks: Buffer[] = []
				let size = 0
				res.on('data', (chunk: Buffer) => {
					size += chunk.length
					if (size > MAX_ANSWER_BYTES) {
						req.destroy(new NetworkError('resposta do PSP grande demais'))
						return
					}
					chunks.push(chunk)
				})
				res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
				res.on('error', (error) => reject(new NetworkError(error.message)))
			},
		)
		req.on('timeout', () => req.destroy(new NetworkError(`o PSP não respondeu em ${options.timeoutMs} ms`)))
		req.on('error', (error) => reject(error instanceof NetworkError ? error : new NetworkError(error.message)))
		if (options.body !== undefined) req.write(options.body)
		req.end()
	})
}
