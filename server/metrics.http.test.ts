import sharp from 'sharp'
import { type RunningServer, startAppServer } from '#tests/support/app-server'
import { CookieJar } from '#tests/support/cookie-jar'
import { type RunningS3Server, startS3Server } from '#tests/support/s3-server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createS3Backend } from '~/server/storage/backend.server'

/**
 * /metrics and /readyz on the real production server (issue 33, decision 081), one server for
 * the file, its uploads in a real S3-compatible bucket (s3rver) so that readiness checks the
 * bucket: the token's answers, the series Prometheus reads (requests by route pattern, pool,
 * page cache, live-update connections, outbox), readiness while everything answers and once
 * the bucket is gone, while /healthz (liveness) stays up; and a customer's photo sent through the
 * real server lands in the bucket and is served back by its checks. Embedded database: the pool's figures
 * on both engines are a unit test (app/server/metrics/pool-stats.test.ts).
 */
const TOKEN = 'f'.repeat(48)

describe('/metrics and /readyz', () => {
	let s3: RunningS3Server
	let server: RunningServer

	beforeAll(async () => {
		s3 = await startS3Server()
		server = await startAppServer({ ...s3.env, METRICS_TOKEN: TOKEN, PAGE_CACHE: 'on', DATABASE_URL: 'pglite://memory' })
	}, 180_000)

	afterAll(async () => {
		await server?.stop()
		await s3?.stop()
	}, 60_000)

	const scrape = () => fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })

	test('/readyz: database, bucket and migrations ready → 200, not cached; /healthz sees the bucket', async () => {
		expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok', database: true, storage: true })
		const response = await fetch(`${server.url}/readyz`)
		expect(response.status).toBe(200)
		expect(response.headers.get('cache-control')).toBe('no-store')
		expect(await response.json()).toEqual({ status: 'pronto', ready: true, database: true, storage: true, migrations: true })
	})

	test('/metrics asks for the token, also from any Host', async () => {
		const anonymous = await fetch(`${server.url}/metrics`)
		expect(anonymous.status).toBe(401)
		expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="metrics"')
		const wrong = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${'e'.repeat(48)}` } })
		expect(wrong.status).toBe(401)
		// Prometheus scrapes by address: the host check (421) does not apply here.
		const byAddress = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}`, host: '10.0.0.7:3000' } })
		expect(byAddress.status).toBe(200)
	})

	test('requests by route pattern and status, never by raw URL; pool, page cache, streams and outbox', async () => {
		for (const path of ['/', '/', '/produto/nao-existe-xyz', '/categoria/bandana']) await (await fetch(`${server.url}${path}`)).arrayBuffer()
		// One live-update stream open while Prometheus scrapes.
		const controller = new AbortController()
		const stream = await fetch(`${server.url}/resources/events?channels=store`, { signal: controller.signal })
		expect(stream.status).toBe(200)
		await stream.body!.getReader().read()

		const response = await scrape()
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
		expect(response.headers.get('cache-control')).toBe('no-store')
		const text = await response.text()
		controller.abort()

		expect(text).toMatch(/loja_http_request_duration_seconds_count\{method="GET",route="\/",status="200"\} [2-9]/)
		expect(text).toMatch(/loja_http_request_duration_seconds_count\{method="GET",route="\/produto\/:handle",status="404"\} 1/)
		expect(text).toMatch(/loja_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/categoria\/:handle",status="200"\} \d+/)
		expect(text).toMatch(/loja_http_request_duration_seconds_count\{method="GET",route="\/readyz",status="200"\} 1/)
		expect(text).not.toContain('nao-existe-xyz')

		expect(text).toMatch(/loja_db_pool_connections\{state="in_use"\} [01]/)
		expect(text).toMatch(/loja_db_pool_connections\{state="waiting"\} \d+/)
		expect(text).toMatch(/loja_page_cache_requests_total\{result="miss"\} [1-9]/)
		expect(text).toMatch(/loja_page_cache_requests_total\{result="hit"\} [1-9]/)
		expect(text).toContain('loja_live_update_connections 1')
		expect(text).toMatch(/loja_mail_outbox_backlog\{status="stored"\} \d+/)
		expect(text).toMatch(/loja_mail_outbox_backlog\{status="failed"\} 0/)
		// The process's own figures come along (prom-client's defaults).
		expect(text).toContain('loja_process_resident_memory_bytes')
	})

	test('a photo sent through the real server is stored in the bucket and served back only to its owner until approved', async () => {
		const jar = new CookieJar()
		const send = async (method: string, path: string, body?: FormData | URLSearchParams) => {
			const response = await fetch(new URL(path, server.url), { method, redirect: 'manual', headers: { cookie: jar.header(), origin: server.url }, body })
			jar.remember(response)
			return response
		}
		const credentials = { email: 'cliente.s3@exemplo.test', password: 'senha-da-cliente-123' }
		await (await send('POST', '/auth', new URLSearchParams({ intent: 'signup', firstName: 'Cliente', ...credentials }))).arrayBuffer()
		const signedIn = await send('POST', '/auth', new URLSearchParams({ intent: 'signin', ...credentials }))
		await signedIn.arrayBuffer()
		expect(signedIn.headers.get('location')).toBe('/user/dashboard')

		const photo = new Uint8Array(await sharp({ create: { width: 640, height: 480, channels: 3, background: '#aa5500' } }).jpeg().toBuffer())
		const form = new FormData()
		form.set('photo', new File([photo as BlobPart], 'IMG_0001.jpg', { type: 'image/jpeg' }))
		form.set('caption', 'Meu cachorro no bucket')
		const sent = await send('POST', '/user/photos', form)
		await sent.arrayBuffer()
		expect(sent.status).toBeLessThan(400)

		// In the bucket, under user-photos/, not on the server's disk.
		const bucket = createS3Backend({ endpoint: s3.endpoint, bucket: s3.bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true })
		const keys: string[] = []
		try {
			for await (const entry of bucket.bucket('user-photos').list()) keys.push(entry.key)
		} finally {
			await bucket.close()
		}
		expect(keys).toHaveLength(1)
		const url = `/uploads/user-photos/${keys[0]}`
		const mine = await send('GET', url)
		expect(mine.status).toBe(200)
		expect(mine.headers.get('cache-control')).toBe('private, no-store')
		expect(new Uint8Array(await mine.arrayBuffer())).toEqual(photo)
		// Waiting for approval: to anyone else it does not exist.
		expect((await fetch(`${server.url}${url}`)).status).toBe(404)
	})

	// Last: it stops the bucket.
	test('the bucket gone: /readyz 503 naming the storage, /healthz still 200 (liveness)', async () => {
		await s3.stop()
		// Readiness is shared for a second: ask until the new answer is in.
		const deadline = Date.now() + 15_000
		let response = await fetch(`${server.url}/readyz`)
		while (response.status === 200 && Date.now() < deadline) {
			await response.arrayBuffer()
			await new Promise((resolve) => setTimeout(resolve, 200))
			response = await fetch(`${server.url}/readyz`)
		}
		expect(response.status).toBe(503)
		expect(await response.json()).toMatchObject({ status: 'indisponível', ready: false, database: true, storage: false, migrations: true, detail: expect.stringMatching(/^armazenamento: /) })
		// Liveness: the process answers; the bucket shows as storage: false ('degradado', decision 072).
		let health = await fetch(`${server.url}/healthz`)
		let body = (await health.json()) as { storage: boolean }
		while (body.storage && Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, 200))
			health = await fetch(`${server.url}/healthz`)
			body = (await health.json()) as { storage: boolean }
		}
		expect(health.status).toBe(200)
		expect(body).toEqual({ status: 'degradado', database: true, storage: false })
	})
})
