// Runs on both databases (decision 130): its subject is the database going away.
import { createScratchPostgresDatabase } from '#tests/setup/scratch-postgres'
import { type RunningServer, startAppServer } from '#tests/support/app-server'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

/**
 * A database restart or failover while the production server runs (issue 8, defect 2),
 * on a scratch PostgreSQL database of its own. The shared PostgreSQL server is never
 * restarted: an outage is its backends terminated (what a restart does to them) and, for
 * a lasting one, the database closed to new connections (ALLOW_CONNECTIONS false, which
 * binds superusers too), then reopened.
 */
const base = process.env.TEST_DATABASE_URL

describe.skipIf(!base)('the server through a PostgreSQL outage', () => {
	const name = `outage_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
	let database: Awaited<ReturnType<typeof createScratchPostgresDatabase>>
	let server: RunningServer
	let admin: pg.Client

	beforeAll(async () => {
		database = await createScratchPostgresDatabase(base as string, name)
		server = await startAppServer({
			DATABASE_URL: database.url,
			SEED_DEMO: 'false',
			ADMIN_EMAIL: 'dona@loja.test',
			ADMIN_PASSWORD: 'senha-forte-da-dona-123',
		})
		admin = new pg.Client({ connectionString: base })
		await admin.connect()
	}, 180_000)

	afterAll(async () => {
		await admin?.query(`alter database "${name}" allow_connections true`).catch(() => {})
		await admin?.end().catch(() => {})
		await server?.stop()
		await database?.drop()
	}, 60_000)

	/** Ends every session of the scratch database (the pool's, the LISTEN client's). */
	async function terminateBackends(): Promise<number> {
		const result = await admin.query(
			'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
			[name],
		)
		return result.rowCount ?? 0
	}

	function openEventStream() {
		const controller = new AbortController()
		const response = fetch(`${server.url}/resources/events?channels=store`, { signal: controller.signal })
		let buffer = ''
		let status = 0
		// Never rejects: a failure shows up as what `until` did not receive.
		const reading = response
			.then(async (r) => {
				status = r.status
				const reader = r.body!.pipeThrough(new TextDecoderStream()).getReader()
				for (;;) {
					const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
					if (done) return
					buffer += value
				}
			})
			.catch(() => {})
		return {
			async until(text: string, ms: number) {
				const deadline = Date.now() + ms
				while (!buffer.includes(text)) {
					if (Date.now() > deadline) throw new Error(`não chegou em ${ms} ms: ${text}; status ${status}, recebido: ${buffer}`)
					await new Promise((r) => setTimeout(r, 50))
				}
				const seen = buffer
				buffer = ''
				return seen
			},
			close() {
				controller.abort()
				return reading
			},
		}
	}

	async function untilStatus(path: string, status: number, ms: number): Promise<Response> {
		const deadline = Date.now() + ms
		for (;;) {
			const response = await fetch(`${server.url}${path}`)
			if (response.status === status || Date.now() > deadline) return response
			await response.arrayBuffer()
			await new Promise((r) => setTimeout(r, 200))
		}
	}

	test('terminated connections: the process lives on, the next requests succeed, live streams resync', async () => {
		const stream = openEventStream()
		await stream.until(': conectado', 5000)
		// Warm the pool: several idle connections to be killed.
		await Promise.all(Array.from({ length: 4 }, () => fetch(`${server.url}/`).then((r) => r.arrayBuffer())))

		expect(await terminateBackends()).toBeGreaterThanOrEqual(2) // pooled ones and the LISTEN client
		await new Promise((r) => setTimeout(r, 500))

		expect(server.process.exitCode).toBeNull()
		const home = await fetch(`${server.url}/`)
		expect(home.status).toBe(200)
		expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
		// The LISTEN connection came back and told the open stream to refetch.
		await stream.until('"type":"resync"', 10_000)
		await stream.close()
		expect(server.logs.join('')).not.toContain("Unhandled 'error' event")
	}, 60_000)

	test('a lasting outage: 503 page in Portuguese with Retry-After, no personal data in the log; then recovery without restart', async () => {
		const stream = openEventStream()
		await stream.until(': conectado', 5000)
		const logsBefore = server.logs.length

		await admin.query(`alter database "${name}" allow_connections false`)
		await terminateBackends()
		await new Promise((r) => setTimeout(r, 300))

		// Pages: the shop's 503 page, quickly (no hang on the dead database).
		for (const path of ['/', '/categoria/bandanas']) {
			const started = Date.now()
			const response = await fetch(`${server.url}${path}`)
			expect(Date.now() - started).toBeLessThan(6000)
			expect(response.status, path).toBe(503)
			expect(response.headers.get('retry-after')).toBe('30')
			expect(response.headers.get('cache-control')).toContain('no-store')
			expect(response.headers.get('content-type')).toContain('text/html')
			const html = await response.text()
			expect(html).toContain('Loja temporariamente indisponível')
		}

		// A client-side navigation (single-fetch data request) gets the same status.
		const data = await fetch(`${server.url}/categoria/bandanas.data`)
		expect(data.status).toBe(503)
		expect(data.headers.get('retry-after')).toBe('30')
		await data.arrayBuffer()

		// An action that reads the database with a customer's e-mail as a query parameter.
		const email = 'vazamento.cliente@example.com'
		const signIn = await fetch(`${server.url}/auth`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
			body: new URLSearchParams({ intent: 'signin', email, password: 'uma-senha-qualquer' }),
		})
		expect(signIn.status).toBe(503)
		expect(signIn.headers.get('retry-after')).toBe('30')
		await signIn.arrayBuffer()

		// Resource routes and the health check say the same (the sitemap has no handling of its own).
		const sitemap = await fetch(`${server.url}/sitemap.xml`)
		expect(sitemap.status).toBe(503)
		expect(sitemap.headers.get('retry-after')).toBe('30')
		expect(sitemap.headers.get('cache-control')).toBe('no-store')
		expect(await sitemap.text()).toContain('temporariamente indisponível')
		// The search answers its own 503 (JSON for the search box); it now says when to retry too.
		const search = await fetch(`${server.url}/resources/search?q=laco`)
		expect(search.status).toBe(503)
		expect(search.headers.get('retry-after')).toBe('30')
		await search.arrayBuffer()
		const health = await fetch(`${server.url}/healthz`)
		expect(health.status).toBe(503)
		expect(health.headers.get('retry-after')).toBe('30')

		expect(server.process.exitCode).toBeNull()
		const outageLogs = server.logs.slice(logsBefore).join('')
		expect(outageLogs).toContain('banco de dados indisponível')
		expect(outageLogs).not.toContain(email)
		expect(outageLogs).not.toContain('params:')

		// The database is back: the same process serves again, and the stream resyncs.
		await admin.query(`alter database "${name}" allow_connections true`)
		const recovered = await untilStatus('/', 200, 15_000)
		expect(recovered.status).toBe(200)
		expect((await untilStatus('/healthz', 200, 5000)).status).toBe(200)
		await stream.until('"type":"resync"', 15_000)
		await stream.close()
		expect(server.process.exitCode).toBeNull()
	}, 90_000)
})
