import { readdirSync, readFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { mp4Bytes } from '#tests/fixtures/media'
import { phoneJpeg } from '#tests/fixtures/phone-photos'
import { HttpSession } from '#tests/e2e/support/http-session'
import { createScratchPostgresDatabase } from '#tests/setup/scratch-postgres'
import { type RunningServer, startAppServer } from '#tests/support/app-server'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { prepareCriticalCss } from '~/server/critical-css.server'
import { classesDrawnLater, partsDrawnLaterIn } from '~/server/parts-drawn-later.server'
import { createLocalDiskDriver } from '~/server/storage/local/driver.server'

/**
 * The HTTP entry as shipped: `node build/server-entry/index.js` in production mode on a
 * temporary data directory (and a scratch PostgreSQL database when TEST_DATABASE_URL is
 * set). The unit global setup builds it first (tests/setup/global-setup.ts).
 */

const onPostgres = !!process.env.TEST_DATABASE_URL

/** A scratch database on TEST_DATABASE_URL for one server, dropped by the caller. */
function scratchDatabase() {
	const name = `srv_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
	return createScratchPostgresDatabase(process.env.TEST_DATABASE_URL as string, name)
}

async function startServer(): Promise<{ server: RunningServer; databaseUrl: string | null; stop(): Promise<void> }> {
	const database = onPostgres ? await scratchDatabase() : null
	const server = await startAppServer({
		SEED_DEMO: 'false',
		ADMIN_EMAIL: 'dona@loja.test',
		ADMIN_PASSWORD: 'senha-forte-da-dona-123',
		...(database ? { DATABASE_URL: database.url } : {}),
	})
	return {
		server,
		databaseUrl: database?.url ?? null,
		async stop() {
			await server.stop()
			await database?.drop()
		},
	}
}

/** Reads a streamed body, resolving when `text` has arrived; rejects after `ms`. */
function streamReader(response: Response) {
	const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
	let buffer = ''
	return {
		get text() {
			return buffer
		},
		async until(text: string, ms = 2000): Promise<string> {
			const deadline = Date.now() + ms
			while (!buffer.includes(text)) {
				const remaining = deadline - Date.now()
				const timeout = new Promise<never>((_, reject) =>
					setTimeout(() => reject(new Error(`não chegou em ${ms} ms: ${JSON.stringify(text)}; recebido: ${buffer}`)), remaining),
				)
				const { value, done } = await Promise.race([reader.read(), timeout])
				if (done) throw new Error(`o fluxo terminou antes de ${JSON.stringify(text)}; recebido: ${buffer}`)
				buffer += value
			}
			return buffer
		},
		async ended(): Promise<void> {
			for (;;) {
				const { done, value } = await reader.read()
				if (done) return
				buffer += value
			}
		},
		cancel: () => reader.cancel().catch(() => {}),
	}
}

describe('the production HTTP server', () => {
	let app: Awaited<ReturnType<typeof startServer>>
	let base: string
	beforeAll(async () => {
		app = await startServer()
		base = app.server.url
	})
	afterAll(async () => {
		await app?.stop()
	})

	test('/healthz answers 200 JSON with the database up', async () => {
		const response = await fetch(`${base}/healthz`)
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toMatch(/^application\/json/)
		expect(await response.json()).toEqual({ status: 'ok', database: true, storage: true })
	})

	test('every page gets a fresh CSP nonce, the one on its <script> tags', async () => {
		const nonces: string[] = []
		for (let i = 0; i < 2; i++) {
			const response = await fetch(`${base}/`)
			expect(response.status).toBe(200)
			const csp = response.headers.get('content-security-policy') ?? ''
			const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1]
			expect(nonce, csp).toBeDefined()
			expect(csp).toContain("script-src 'self' 'strict-dynamic'")
			const html = await response.text()
			const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
			expect(scripts.length).toBeGreaterThan(0)
			for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
			nonces.push(nonce as string)
		}
		expect(nonces[0]).not.toBe(nonces[1])
	})

	test('HTML is gzip-compressed', async () => {
		const response = await fetch(`${base}/`, { headers: { 'accept-encoding': 'gzip' } })
		expect(response.headers.get('content-encoding')).toBe('gzip')
		expect(await response.text()).toContain('<html')
	})

	test('the streamed home page compresses nearly as well as the whole page at once', async () => {
		// React Router flushes gzip after every chunk it passes on; entry.server coalesces
		// React's 2 KB pieces so that each flush ends one deflate block, not hundreds.
		const compressed = await new Promise<Buffer>((resolve, reject) => {
			http
				.get(`${base}/`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
					const chunks: Buffer[] = []
					res.on('data', (chunk: Buffer) => chunks.push(chunk))
					res.on('end', () => resolve(Buffer.concat(chunks)))
				})
				.on('error', reject)
		})
		const page = gunzipSync(compressed)
		expect(page.toString()).toContain('</html>')
		expect(compressed.length).toBeLessThan(gzipSync(page).length * 1.5)
	})

	test('a browser that accepts brotli gets the page in brotli (decision 058)', async () => {
		const compressed = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
			http
				.get(`${base}/`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
					const chunks: Buffer[] = []
					res.on('data', (chunk: Buffer) => chunks.push(chunk))
					res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }))
				})
				.on('error', reject)
		})
		expect(compressed.encoding).toBe('br')
		const page = brotliDecompressSync(compressed.body)
		expect(page.toString()).toContain('</html>')
		expect(compressed.body.length).toBeLessThan(gzipSync(page).length * 1.5)
	})

	test('a page holds its modules until its first paint: the head\'s modulepreloads and the module script are inert as sent (decision 141)', async () => {
		const html = await (await fetch(`${base}/`)).text()
		const headEnd = html.indexOf('</head>')
		const held = [...html.slice(0, headEnd).matchAll(/<link rel="x-modulepreload"[^>]*>/g)].map((m) => m[0])
		expect(held.length).toBeGreaterThan(5)
		expect(held.some((tag) => /href="\/assets\/entry\.client-/.test(tag))).toBe(true)
		// None left to fetch before the paint, in the head or anywhere.
		expect(html).not.toContain('rel="modulepreload"')
		// React Router's module script, once, under a type no browser runs, followed by its starter.
		expect(html.match(/<script nonce="[^"]+" type="module"/g)).toBeNull()
		const heldScripts = [...html.matchAll(/<script nonce="[^"]+" type="x-module-after-paint">([^<]*)<\/script>/g)]
		expect(heldScripts).toHaveLength(1)
		expect(heldScripts[0]?.[1]).toContain('import("/assets/entry.client-')
		expect(html.indexOf('script[type="x-module-after-paint"]')).toBeGreaterThan(html.indexOf('type="x-module-after-paint">'))
		// The stylesheet inside the page is the part its HTML uses; the starter names the whole one, served as a file.
		const inline = /<style data-app-css="">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? ''
		const wholeHref = /"(\/assets\/storefront-[\w-]+\.css)"/.exec(html)?.[1] ?? ''
		const whole = await fetch(`${base}${wholeHref}`)
		expect(whole.status).toBe(200)
		expect(whole.headers.get('content-type')).toContain('text/css')
		const wholeCss = await whole.text()
		expect(inline.length).toBeGreaterThan(10_000)
		// The file holds the class rules only (decision 153): what has no class is inline on every page.
		expect(wholeCss).not.toMatch(/@property|:root\{|(^|[{}])\*\{/)
		expect(inline).toMatch(/@property/)
		expect(inline.length).toBeLessThan(wholeCss.length * 0.7)
		// Each plain class of the page whose rule the whole sheet has is in the page's part, with those of the
		// parts the page says the browser draws after hydration (decision 158); those it does not use are not.
		const wholeCritical = prepareCriticalCss(wholeCss)
		const drawnLater = [...partsDrawnLaterIn(html)].flatMap((part) => [...classesDrawnLater(wholeCritical, part)])
		expect(drawnLater).toContain('favorite-button')
		const pageClasses = new Set([...[...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((match) => (match[1] ?? '').split(/\s+/)), ...drawnLater])
		const plainRules = [...new Set([...wholeCss.matchAll(/(?<=[{}])\.([a-z][a-z0-9-]*)\{/g)].map((match) => match[1] ?? ''))]
		const used = plainRules.filter((name) => pageClasses.has(name))
		// `dark` excepted: the theme script may add it before the whole sheet is there.
		const unused = plainRules.filter((name) => !pageClasses.has(name) && name !== 'dark')
		expect(used.length).toBeGreaterThan(20)
		expect(unused.length).toBeGreaterThan(20)
		for (const name of used) expect(inline, name).toContain(`.${name}{`)
		for (const name of unused) expect(inline, name).not.toMatch(new RegExp(`[{}]\\.${name}\\{`))
	})

	test('hashed assets are cached for a year, immutable', async () => {
		const asset = readdirSync(path.resolve('build/client/assets')).find((name) => /-[A-Za-z0-9_-]{8}\.js$/.test(name))
		expect(asset).toBeDefined()
		const response = await fetch(`${base}/assets/${asset}`)
		expect(response.status).toBe(200)
		expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
	})

	describe("the build's files (decision 064)", () => {
		/** Raw bytes and headers, without fetch's own decompression. */
		const rawGet = (url: string, acceptEncoding?: string) =>
			new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
				http
					// A connection per request: a kept-alive one could be reused as the server times it out.
					.get(url, { agent: false, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
						const chunks: Buffer[] = []
						res.on('data', (chunk: Buffer) => chunks.push(chunk))
						res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
					})
					.on('error', reject)
			})
		// React and React Router's chunk (decision 135), and the client entry, a few hundred bytes:
		// precompressed too since decision 152 (a 700-byte module gzips to ~300).
		const assetNamed = (pattern: RegExp) => readdirSync(path.resolve('build/client/assets')).find((name) => pattern.test(name)) as string
		const clientEntry = assetNamed(/^framework-[\w-]+\.js$/)
		const entryBytes = () => readFileSync(path.resolve('build/client/assets', clientEntry))

		test('a module is sent as compressed at build time: Brotli, else gzip, else as it is', async () => {
			const url = `${base}/assets/${clientEntry}`
			const brotli = await rawGet(url, 'gzip, deflate, br, zstd')
			expect(brotli.status).toBe(200)
			expect(brotli.headers['content-encoding']).toBe('br')
			expect(brotli.headers.vary).toBe('Accept-Encoding')
			expect(brotli.headers['content-type']).toMatch(/^text\/javascript/)
			expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable')
			// Buffer.equals: a deep toEqual over a 300 KB module takes seconds.
			expect(brotliDecompressSync(brotli.body).equals(entryBytes())).toBe(true)
			// The build's file, byte for byte: nothing compressed it again on the way.
			expect(brotli.body.equals(readFileSync(path.resolve('build/client/assets', `${clientEntry}.br`)))).toBe(true)

			const gzip = await rawGet(url, 'gzip')
			expect(gzip.headers['content-encoding']).toBe('gzip')
			expect(gunzipSync(gzip.body).equals(entryBytes())).toBe(true)

			const plain = await rawGet(url)
			expect(plain.headers['content-encoding']).toBeUndefined()
			expect(plain.body.equals(entryBytes())).toBe(true)

			// A small module: its Zopfli gzip is a stream any gzip reader decodes, and smaller than the file.
			const small = assetNamed(/^entry\.client-[\w-]+\.js$/)
			const smallBytes = readFileSync(path.resolve('build/client/assets', small))
			expect(smallBytes.length).toBeLessThan(1024)
			for (const [accept, encoding, decode] of [
				['gzip', 'gzip', gunzipSync],
				['br', 'br', brotliDecompressSync],
			] as const) {
				const response = await rawGet(`${base}/assets/${small}`, accept)
				expect(response.headers['content-encoding'], accept).toBe(encoding)
				expect(response.body.length, accept).toBeLessThan(smallBytes.length)
				expect(decode(response.body).equals(smallBytes), accept).toBe(true)
			}
		})

		test('the files beside the modules (icon, logos, home media in a folder) are served from the build, with its bytes', async () => {
			for (const file of ['favicon.svg', 'logo-dark.svg', 'media/home-poster.webp']) {
				const response = await rawGet(`${base}/${file}`)
				expect(response.status, file).toBe(200)
				expect(response.headers['cache-control'], file).toBe('public, max-age=3600')
				expect(response.body.equals(readFileSync(path.resolve('build/client', file))), file).toBe(true)
			}
		})

		test('a module carries nosniff and its resource policy, not the document headers; a page still has them all', async () => {
			const module = await rawGet(`${base}/assets/${clientEntry}`, 'br')
			expect(module.headers['x-content-type-options']).toBe('nosniff')
			expect(module.headers['cross-origin-resource-policy']).toBe('same-origin')
			for (const documentHeader of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) {
				expect(module.headers[documentHeader], documentHeader).toBeUndefined()
			}
			// An SVG opened on its own is a document: it gets a policy that runs nothing.
			const logo = await rawGet(`${base}/logo-light.svg`)
			expect(logo.status).toBe(200)
			expect(logo.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'")
			expect(logo.headers['x-content-type-options']).toBe('nosniff')

			const page = await rawGet(`${base}/`)
			expect(page.headers['content-security-policy']).toMatch(/'nonce-/)
			expect(page.headers['x-frame-options']).toBe('SAMEORIGIN')
			expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
		})
	})

	describe('uploads', () => {
		const video = mp4Bytes(200_000)
		beforeAll(async () => {
			const storage = createLocalDiskDriver(path.join(app.server.dataDir, 'uploads', 'hero-videos'))
			await storage.put('hero-1.mp4', video, 'video/mp4')
		})

		test('a video is served whole, and in ranges for the player, with one locked-down CSP', async () => {
			const whole = await fetch(`${base}/uploads/hero-videos/hero-1.mp4`, { headers: { 'accept-encoding': 'gzip' } })
			expect(whole.status).toBe(200)
			expect(whole.headers.get('content-type')).toBe('video/mp4')
			expect(whole.headers.get('content-encoding')).toBeNull()
			expect(whole.headers.get('content-security-policy')).toBe("default-src 'none'; media-src 'self'; img-src 'self'; sandbox")
			// Exactly once each (helmet sets them too; see server/index.ts).
			expect(whole.headers.get('x-content-type-options')).toBe('nosniff')
			expect(whole.headers.get('cross-origin-resource-policy')).toBe('same-origin')
			expect(new Uint8Array(await whole.arrayBuffer())).toEqual(video)

			// The demo pictures too: their own CSP, once.
			const picture = await fetch(`${base}/imagens/demo/bandana.svg?forma=bandana&cor=%23c0392b`)
			expect(picture.status).toBe(200)
			expect(picture.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'")
			expect(picture.headers.get('x-content-type-options')).toBe('nosniff')
			expect(picture.headers.get('cross-origin-resource-policy')).toBe('same-origin')

			const part = await fetch(`${base}/uploads/hero-videos/hero-1.mp4`, { headers: { range: 'bytes=1000-1999' } })
			expect(part.status).toBe(206)
			expect(part.headers.get('content-range')).toBe('bytes 1000-1999/200000')
			expect(new Uint8Array(await part.arrayBuffer())).toEqual(video.slice(1000, 2000))

			const etag = whole.headers.get('etag') as string
			const cached = await fetch(`${base}/uploads/hero-videos/hero-1.mp4`, { headers: { 'if-none-match': etag } })
			expect(cached.status).toBe(304)
		})

		test("issue 28: a hydrated page's upload (`<path>.data`) has its route's limit: a 4 MB phone photo is stored, over 5 MB is 413 in Portuguese", async () => {
			const owner = new HttpSession(base)
			await owner.signIn('dona@loja.test', 'senha-forte-da-dona-123')
			const photo = new File([new Uint8Array(await phoneJpeg(4 * 1024 * 1024))], 'Thor no parque — 🐶.jpg', { type: 'image/jpeg' })
			const form = new FormData()
			form.set('photo', photo)
			form.set('caption', 'Thor no parque 🐶')
			// What fetcher.Form sends from /user/photos once hydrated (the 64 KB form default before the fix).
			const sent = await owner.send('POST', '/user/photos.data', { body: form })
			const answer = await sent.text()
			expect(sent.status, answer).toBe(200)
			expect(answer).toContain('Foto enviada com sucesso! Aguarde aprovação.')
			const page = await (await owner.get('/user/photos')).text()
			expect(page).toContain('Thor no parque 🐶')

			const tooBig = new FormData()
			tooBig.set('photo', new File([new Uint8Array(5.5 * 1024 * 1024)], 'enorme.jpg', { type: 'image/jpeg' }))
			const refused = await owner.send('POST', '/user/photos.data', { body: tooBig })
			expect(refused.status).toBe(413)
			expect(await refused.text()).toBe('O conteúdo enviado é grande demais (máximo 5 MB).')
		})

		test('unknown keys 404, private bucket needs the admin', async () => {
			expect((await fetch(`${base}/uploads/hero-videos/hero-2.mp4`)).status).toBe(404)
			const denied = await fetch(`${base}/uploads/personalizacao-arquivos/rosto_pet_x_1.png`, { redirect: 'manual' })
			expect(denied.status).toBe(302)
			expect(denied.headers.get('location')).toMatch(/^\/auth\?redirectTo=/)
		})
	})

	describe('live updates', () => {
		test('the event stream is not held back by compression', async () => {
			const started = Date.now()
			const response = await fetch(`${base}/resources/events?channels=store`, {
				headers: { 'accept-encoding': 'gzip, deflate, br' },
			})
			expect(response.status).toBe(200)
			expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
			expect(response.headers.get('content-encoding')).toBeNull()
			const stream = streamReader(response)
			// A few bytes, written at once: gzip would keep them until it had 16 KB or the
			// stream ended (never). The margin is for a loaded CI machine, not for buffering.
			await stream.until(': conectado', 3000)
			expect(Date.now() - started).toBeLessThan(3000)
			await stream.cancel()
		})

		test('a private channel is refused to anonymous visitors', async () => {
			const response = await fetch(`${base}/resources/events?channels=favorites`)
			expect(response.status).toBe(401)
		})

		// Only PostgreSQL lets another process publish into this server (as a second app
		// server would); on the embedded database nothing outside the server can.
		test.skipIf(!onPostgres)('an event published by another app server reaches the browser at once', async () => {
			const response = await fetch(`${base}/resources/events?channels=store`, { headers: { 'accept-encoding': 'gzip' } })
			const stream = streamReader(response)
			await stream.until(': conectado')

			const other = new pg.Client({ connectionString: app.databaseUrl as string })
			await other.connect()
			try {
				// The server LISTENs from its first subscriber on (a job may be that subscriber since
				// start-up): the other server publishes until this stream receives it, each try waiting
				// 300 ms: one that arrives within that is 'at once' (latency itself is the benchmarks' business).
				const envelope = { v: 1, server: 'outro-servidor', channel: 'store', event: { type: 'changed', id: 'banner' } }
				const expected = 'event: store\ndata: {"type":"changed","id":"banner"}\n\n'
				const deadline = Date.now() + 8000
				for (;;) {
					await other.query('select pg_notify($1, $2)', ['loja_events', JSON.stringify(envelope)])
					try {
						await stream.until(expected, 300)
						break
					} catch (error) {
						if (Date.now() > deadline) throw error
					}
				}
			} finally {
				await other.end()
				await stream.cancel()
			}
		})
	})
})

describe('graceful shutdown', () => {
	test('SIGTERM with an event stream open: the stream ends and the process exits 0 within seconds', async () => {
		const app = await startServer()
		try {
			const response = await fetch(`${app.server.url}/resources/events?channels=store`)
			const stream = streamReader(response)
			await stream.until(': conectado')

			const exited = new Promise<number | null>((resolve) => app.server.process.once('exit', (code) => resolve(code)))
			const signalledAt = Date.now()
			app.server.process.kill('SIGTERM')
			const code = await Promise.race([exited, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 8000))])
			// Exit 0 means the orderly path; the server's own 10 s fallback exits 1.
			expect(code, app.server.logs.join('')).toBe(0)
			expect(Date.now() - signalledAt).toBeLessThan(8000)
			await stream.ended()
		} finally {
			await app.stop()
		}
		// The server starts inside the test: ~5 s idle, ~40 s on a loaded two-core machine.
	}, 120_000)
})
