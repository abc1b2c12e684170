import http from 'node:http'
import { readFileSync } from 'node:fs'
import { createScratchPostgresDatabase } from '#tests/setup/scratch-postgres'
import { type RunningServer, startAppServer } from '#tests/support/app-server'
import { postUntilAnswered } from '#tests/support/post-until-answered'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

/**
 * The HTTP edge of the production server (docs/decisions/017-security-model.md), behind a
 * simulated reverse proxy: PUBLIC_URL set, 127.0.0.1 allowed as an extra host so the test
 * can reach it, TRUST_PROXY=1 (the test client plays the proxy). One server for the file.
 */

const PUBLIC_URL = 'https://loja.example.com'
const ADMIN = { email: 'dona@loja.test', password: 'senha-forte-da-dona-123' }

type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string }

/** node:http, because fetch() cannot set Host. */
function rawRequest(base: string, options: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<RawResponse> {
	const url = new URL(options.path, base)
	return new Promise((resolve, reject) => {
		const request = http.request(
			{ host: url.hostname, port: url.port, method: options.method ?? 'GET', path: url.pathname + url.search, headers: options.headers },
			(response) => {
				let body = ''
				response.setEncoding('utf8')
				response.on('data', (chunk: string) => (body += chunk))
				response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }))
			},
		)
		request.on('error', reject)
		request.end(options.body)
	})
}

/** Sends up to `total` bytes to /cart (with Content-Length or chunked) and stops writing once the answer arrives. */
function streamLargeBody(base: string, total: number, declareLength: boolean) {
	return postUntilAnswered(new URL('/cart', base), {
		headers: {
			origin: base,
			'content-type': 'application/x-www-form-urlencoded',
			...(declareLength ? { 'content-length': String(total) } : { 'transfer-encoding': 'chunked' }),
		},
		fillerBytes: total,
	})
}

function residentMegabytes(pid: number): number {
	const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)
	return Number(line?.[1] ?? 0) / 1024
}

describe('the HTTP edge behind a proxy', () => {
	let server: RunningServer
	let base: string
	let dropDatabase: (() => Promise<void>) | undefined
	let adminCookie = ''

	beforeAll(async () => {
		const database = process.env.TEST_DATABASE_URL
			? await createScratchPostgresDatabase(process.env.TEST_DATABASE_URL, `edge_${process.pid}_${Date.now()}`)
			: null
		dropDatabase = database ? () => database.drop() : undefined
		server = await startAppServer({
			SEED_DEMO: 'false',
			ADMIN_EMAIL: ADMIN.email,
			ADMIN_PASSWORD: ADMIN.password,
			PUBLIC_URL,
			ALLOWED_HOSTS: '127.0.0.1',
			TRUST_PROXY: '1',
			LOG_LEVEL: 'info',
			...(database ? { DATABASE_URL: database.url } : {}),
		})
		base = server.url
		const signIn = await fetch(`${base}/auth`, {
			method: 'POST',
			redirect: 'manual',
			headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ intent: 'signin', ...ADMIN }).toString(),
		})
		expect(signIn.status).toBe(302)
		adminCookie = signIn.headers
			.getSetCookie()
			.map((cookie) => cookie.split(';')[0])
			.join('; ')
	})
	afterAll(async () => {
		await server?.stop()
		await dropDatabase?.()
	})

	async function outboxText(): Promise<string> {
		const page = await fetch(`${base}/admin/emails`, { headers: { cookie: adminCookie } })
		expect(page.status).toBe(200)
		return page.text()
	}

	test('defect 1: a forged Host or X-Forwarded-Host gets 421 and no e-mail; e-mail links use PUBLIC_URL', async () => {
		const form = new URLSearchParams({ email: ADMIN.email }).toString()
		const headers = { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(form.length) }
		const forgedHost = await rawRequest(base, {
			method: 'POST',
			path: '/auth/esqueci-senha',
			headers: { ...headers, host: 'evil.example', origin: 'http://evil.example' },
			body: form,
		})
		expect(forgedHost.status).toBe(421)
		expect(forgedHost.body).toContain('esta loja não atende por este nome de site')
		const forgedForwardedHost = await rawRequest(base, {
			method: 'POST',
			path: '/auth/esqueci-senha',
			headers: { ...headers, 'x-forwarded-host': 'evil.example', origin: 'http://evil.example' },
			body: form,
		})
		expect(forgedForwardedHost.status).toBe(421)
		expect(await outboxText()).not.toContain('Redefinição de senha')

		const accepted = await rawRequest(base, { method: 'POST', path: '/auth/esqueci-senha', headers: { ...headers, origin: base }, body: form })
		expect(accepted.status).toBe(200)
		const outbox = await outboxText()
		// (The page holds each mail twice: in the HTML and in the hydration data.)
		const links = [...new Set([...outbox.matchAll(/https?:\/\/[^\s"<\\]+\/auth\/redefinir-senha\?token=[A-Za-z0-9_-]+/g)].map((m) => m[0]))]
		expect(links).toHaveLength(1)
		expect(links[0]?.startsWith(`${PUBLIC_URL}/auth/redefinir-senha?token=`)).toBe(true)
		expect(outbox).not.toContain('evil.example')
	})

	test('defect 1: canonical and Open Graph URLs use PUBLIC_URL whatever host the request named', async () => {
		const page = await rawRequest(base, { path: '/em-breve' })
		expect(page.status).toBe(200)
		expect(page.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/em-breve"/>`)
		expect(page.body).not.toContain('http://127.0.0.1')
		expect((await rawRequest(base, { path: '/robots.txt' })).body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`)
	})

	test('defect 5: with TRUST_PROXY=1 a forged X-Forwarded-For does not escape the per-address limit', async () => {
		const post = (forwardedFor: string, i: number) =>
			rawRequest(base, {
				method: 'POST',
				path: '/em-breve',
				headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, 'x-forwarded-for': forwardedFor },
				body: new URLSearchParams({ email: `aviso${i}@exemplo.com` }).toString(),
			})
		// The client forges the left-hand entries; the proxy (this test) appends the real address.
		const statuses: number[] = []
		for (let i = 0; i < 11; i++) statuses.push((await post(`10.9.${i}.1, 203.0.113.${i}, 198.51.100.7`, i)).status)
		expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true)
		const limited = await post('10.9.99.1, 198.51.100.7', 11)
		expect(limited.status).toBe(429)
		// Defect 11: the action's Retry-After reaches the client.
		expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
		// Another real client behind the same proxy keeps its own budget.
		expect((await post('198.51.100.8', 12)).status).toBe(200)
	})

	test('defect 7: a 150 MB POST to /cart is refused with 413 without being read', async () => {
		const rssBefore = residentMegabytes(server.process.pid as number)
		const declared = await streamLargeBody(base, 150 * 1024 * 1024, true)
		expect(declared.status).toBe(413)
		expect(declared.body).toBe('O conteúdo enviado é grande demais (máximo 64 KB).')
		// Answered before the client had sent it all (how much it sent meanwhile depends on the machine).
		expect(declared.sent).toBeLessThan(150 * 1024 * 1024)

		const chunked = await streamLargeBody(base, 150 * 1024 * 1024, false)
		expect(chunked.status).toBe(413)
		expect(chunked.body).toContain('grande demais')
		expect(chunked.sent).toBeLessThan(150 * 1024 * 1024)
		expect(residentMegabytes(server.process.pid as number) - rssBefore).toBeLessThan(60)

		// A form within the limit still reaches the action (400: not a valid cart form).
		const small = await fetch(`${base}/cart`, {
			method: 'POST',
			headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
			body: 'intent=add&lines=' + 'x'.repeat(1000),
		})
		expect(small.status).toBe(400)
	})

	test('defect 11: /checkout, /auth pages, /user and /admin pages are private, no-store', async () => {
		for (const path of ['/checkout', '/auth', '/auth/esqueci-senha', '/auth/redefinir-senha?token=abc']) {
			const response = await fetch(`${base}${path}`, { redirect: 'manual' })
			expect(response.headers.get('cache-control'), path).toBe('private, no-store')
		}
		for (const path of ['/admin', '/admin/pedidos', '/admin/configuracoes', '/admin/emails', '/user/dashboard', '/user/favorites']) {
			const response = await fetch(`${base}${path}`, { headers: { cookie: adminCookie }, redirect: 'manual' })
			expect(response.status, path).toBe(200)
			expect(response.headers.get('cache-control'), path).toBe('private, no-store')
		}
		// Client-side navigations fetch the same data as .data: same header.
		const data = await fetch(`${base}/admin/pedidos.data`, { headers: { cookie: adminCookie } })
		expect(data.headers.get('cache-control')).toBe('private, no-store')
	})

	test('defect 13: the access log keeps the path but not the token of an e-mail link', async () => {
		const secret = 'SEGREDO-do-link-123'
		await fetch(`${base}/auth/redefinir-senha?token=${secret}&utm_source=email`)
		await new Promise((resolve) => setTimeout(resolve, 200))
		const logs = server.logs.join('')
		expect(logs).toContain('/auth/redefinir-senha?token=REDACTED&utm_source=email')
		expect(logs).not.toContain(secret)
	})

	test('production cookies are Secure, HttpOnly where scripts do not need them, SameSite=Lax', async () => {
		const theme = await fetch(`${base}/resources/theme`, {
			method: 'POST',
			headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
			body: 'theme=dark',
		})
		const signIn = await fetch(`${base}/auth`, {
			method: 'POST',
			redirect: 'manual',
			headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ intent: 'signin', ...ADMIN }).toString(),
		})
		const session = signIn.headers
			.getSetCookie()
			.map((cookie) => cookie.split(';')[0])
			.join('; ')
		// Sign-out clears the session and the buyer cookie: the clearing cookies count too.
		const signOut = await fetch(`${base}/logout`, { method: 'POST', redirect: 'manual', headers: { origin: base, cookie: session } })
		const cookies = [...theme.headers.getSetCookie(), ...signIn.headers.getSetCookie(), ...signOut.headers.getSetCookie()]
		const names = new Set(cookies.map((cookie) => cookie.split('=')[0]))
		expect(names).toContain('theme')
		expect(names.size).toBeGreaterThanOrEqual(4)
		for (const cookie of cookies) {
			const attributes = cookie.split(';').map((part) => part.trim().toLowerCase())
			expect(attributes, cookie).toContain('secure')
			expect(attributes, cookie).toContain('samesite=lax')
			expect(attributes, cookie).toContain('path=/')
		}
		const sessionCookie = signIn.headers.getSetCookie().find((cookie) => cookie.toLowerCase().includes('httponly'))
		expect(sessionCookie, 'o cookie de sessão é HttpOnly').toBeDefined()
	})
})
