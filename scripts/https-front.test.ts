import http from 'node:http'
import http2 from 'node:http2'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type HttpsFront, startHttpsFront } from './https-front'

/** `npm run lighthouse`'s front (decision 066): HTTP/2 over TLS to the browser, the request passed on as a proxy would. */
describe('the HTTPS + HTTP/2 front', () => {
	let upstream: http.Server
	let front: HttpsFront
	const seen: { host?: string; proto?: string | string[]; method?: string; body: string }[] = []

	beforeAll(async () => {
		upstream = http.createServer((request, response) => {
			let body = ''
			request.on('data', (chunk: Buffer) => (body += chunk.toString()))
			request.on('end', () => {
				seen.push({
					host: request.headers.host,
					proto: request.headers['x-forwarded-proto'],
					method: request.method,
					body,
				})
				response.writeHead(request.url === '/falta' ? 404 : 200, {
					'content-type': 'text/html; charset=utf-8',
					'set-cookie': ['a=1', 'b=2'],
					connection: 'keep-alive',
				})
				response.end(`<p>${request.method} ${request.url}</p>`)
			})
		})
		await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
		front = await startHttpsFront(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`)
	})
	afterAll(async () => {
		await front?.stop()
		await new Promise((resolve) => upstream?.close(resolve))
	})

	function request(path: string, method = 'GET', body?: string) {
		const session = http2.connect(front.url, { rejectUnauthorized: false })
		return new Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: string; alpn: string | false }>((resolve, reject) => {
			const stream = session.request({ ':path': path, ':method': method })
			let text = ''
			let headers: http2.IncomingHttpHeaders = {}
			stream.on('response', (h) => (headers = h))
			stream.on('data', (chunk: Buffer) => (text += chunk.toString()))
			stream.on('end', () => {
				const alpn = session.alpnProtocol ?? false
				session.close()
				resolve({ status: Number(headers[':status']), headers, body: text, alpn })
			})
			stream.on('error', reject)
			stream.end(body)
		})
	}

	test('speaks HTTP/2 over TLS and passes the request on with its Host and the forwarded protocol', async () => {
		const answer = await request('/produto/bandana-preta?cor=preta')
		expect(answer.alpn).toBe('h2')
		expect(answer.status).toBe(200)
		expect(answer.body).toBe('<p>GET /produto/bandana-preta?cor=preta</p>')
		expect(answer.headers['set-cookie']).toEqual(['a=1', 'b=2'])
		expect(answer.headers.connection).toBeUndefined()
		const last = seen.at(-1)
		expect(last?.host).toBe(new URL(front.url).host)
		expect(last?.proto).toBe('https')
	})

	test('a form and a status pass through unchanged', async () => {
		const posted = await request('/carrinho', 'POST', 'intent=add')
		expect(posted.body).toBe('<p>POST /carrinho</p>')
		expect(seen.at(-1)?.body).toBe('intent=add')
		expect((await request('/falta')).status).toBe(404)
	})
})
