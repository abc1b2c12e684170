import { randomBytes } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { gunzipSync } from 'node:zlib'
import { type RenderedPage, createPageCache, gzipWithNonce, keyOf } from './page-cache'
import { constants, deflateRawSync } from 'node:zlib'

/**
 * The page cache's rules over real HTTP, with a fake renderer in place of React Router: what is
 * stored, for whom, how each response gets its own nonce, single flight, invalidation and
 * stale-while-revalidate. The production server with it is tested in page-cache.http.test.ts.
 */

let clock = 1_000_000
let renders = 0
let version = 'v1'
let answer: 'page' | 'cookie' | 'missing' | 'broken' = 'page'
/** Resolves the render in progress (tests that hold one). */
let hold: Promise<void> | null = null

async function fakeRender(req: express.Request, nonce: string): Promise<RenderedPage> {
	renders += 1
	const seen = version
	if (hold) await hold
	if (answer === 'missing') return { status: 404, headers: [['content-type', 'text/html']], body: 'não achei' }
	if (answer === 'broken') return { status: 500, headers: [['content-type', 'text/html']], body: 'erro' }
	const headers: [string, string][] = [['content-type', 'text/html; charset=utf-8']]
	if (answer === 'cookie') headers.push(['set-cookie', 'loja_visita=1'])
	return { status: 200, headers, body: `<html><script nonce="${nonce}">x</script><p>${seen} ${req.path}</p></html>` }
}

const cache = createPageCache({ freshMs: 1000, staleMs: 5000, maxEntries: 3, now: () => clock })
const app = express()
app.use((_req, res, next) => {
	res.locals.cspNonce = randomBytes(16).toString('base64')
	res.setHeader('Content-Security-Policy', `script-src 'nonce-${res.locals.cspNonce as string}'`)
	next()
})
app.use((req, res, next) => void cache.handle(req, res, next, fakeRender).catch(next))
// What the app does with requests the cache does not take.
app.use((_req, res) => void res.status(200).send('renderizada para esta pessoa'))

let server: Server
let base = ''
beforeAll(async () => {
	server = await new Promise<Server>((resolve) => {
		const s = app.listen(0, '127.0.0.1', () => resolve(s))
	})
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => server.close(resolve)))
beforeEach(() => {
	cache.clear()
	renders = 0
	version = 'v1'
	answer = 'page'
	hold = null
})

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers })
const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]

describe('gzipWithNonce', () => {
	test('pieces deflated once and a nonce between them make one valid gzip body', () => {
		const texts = ['<html><script nonce="', '">alert(1)</script><p>' + 'olá '.repeat(2000), '"></p>', '']
		const pieces = texts.map((t) => ({
			text: Buffer.from(t),
			deflated: deflateRawSync(Buffer.from(t), { finishFlush: constants.Z_SYNC_FLUSH }),
		}))
		const body = gzipWithNonce(pieces, 'AbC+/123==')
		expect(gunzipSync(body).toString()).toBe(texts.join('AbC+/123=='))
		expect(body.length).toBeLessThan(texts.join('').length / 5)
	})
})

describe('page cache', () => {
	test('renders once, then serves from memory with a fresh nonce per response', async () => {
		const first = await get('/produto/bandana-preta')
		expect(first.headers.get('x-cache')).toBe('MISS')
		const firstBody = await first.text()
		expect(firstBody).toContain(`nonce="${nonceOf(first)}"`)
		const second = await get('/produto/bandana-preta')
		expect(second.headers.get('x-cache')).toBe('HIT')
		const body = await second.text()
		expect(body).toContain(`nonce="${nonceOf(second)}"`)
		expect(nonceOf(second)).not.toBe(nonceOf(first))
		expect(body).toContain('v1 /produto/bandana-preta')
		expect(renders).toBe(1)
		expect(second.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=5')
		expect(second.headers.get('vary')).toBe('Cookie, Accept-Encoding')
	})

	test('many requests for a cold page wait for one render', async () => {
		let release = () => {}
		hold = new Promise((resolve) => (release = resolve))
		const pending = Array.from({ length: 20 }, () => get('/categoria/bandana'))
		await new Promise((resolve) => setTimeout(resolve, 50))
		release()
		const responses = await Promise.all(pending)
		expect(renders).toBe(1)
		expect(new Set(await Promise.all(responses.map((r) => r.text().then((t) => t.replace(/nonce="[^"]+"/, '')))))).toEqual(
			new Set(['<html><script >x</script><p>v1 /categoria/bandana</p></html>']),
		)
	})

	test('a signed-in request is rendered for itself and never stored; a cart or toast cookie shares the page (decision 049)', async () => {
		const personal = await get('/', { cookie: 'loja_session=abc' })
		expect(await personal.text()).toBe('renderizada para esta pessoa')
		expect(personal.headers.get('x-cache')).toBeNull()
		expect(renders).toBe(0)
		expect((await get('/', { cookie: 'theme=dark; loja_session=abc' })).headers.get('x-cache')).toBeNull()
		// The cart, visitor and toast cookies, and other sites' (analytics), do not make a page
		// personal (the browser asks /resources/visitor for those parts); the theme is part of the key.
		expect((await get('/', { cookie: 'loja_cart=1' })).headers.get('x-cache')).toBe('MISS')
		for (const cookie of ['loja_toast=x', 'loja_visitor=2; loja_buyer=3', '_ga=1'])
			expect((await get('/', { cookie })).headers.get('x-cache'), cookie).toBe('HIT')
		expect((await get('/', { cookie: 'theme=dark' })).headers.get('x-cache')).toBe('MISS')
		expect((await get('/', { cookie: 'theme=dark; _ga=2; loja_cart=9' })).headers.get('x-cache')).toBe('HIT')
	})

	test('only storefront pages; tracking parameters share the page, others do not', async () => {
		for (const path of ['/checkout', '/admin', '/user/orders', '/cart', '/busca?q=x', '/resources/search?q=la', '/pedido/ABC']) {
			expect((await get(path)).headers.get('x-cache'), path).toBeNull()
		}
		expect((await get('/?utm_source=instagram&fbclid=abc')).headers.get('x-cache')).toBe('MISS')
		expect((await get('/?fbclid=outro')).headers.get('x-cache')).toBe('HIT')
		expect((await get('/categoria/bandana?ordem=preco')).headers.get('x-cache')).toBe('MISS')
		expect(keyOf({ method: 'POST', path: '/', originalUrl: '/', get: () => undefined })).toBeNull()
	})

	test('error pages and answers that set a cookie are sent to that request only', async () => {
		answer = 'missing'
		const missing = await get('/produto/nao-existe')
		expect(missing.status).toBe(404)
		expect(missing.headers.get('x-cache')).toBe('BYPASS')
		answer = 'cookie'
		const cookie = await get('/produto/x')
		expect(cookie.headers.get('set-cookie')).toBe('loja_visita=1')
		expect((await get('/produto/x')).headers.get('x-cache')).toBe('BYPASS')
		expect(cache.stats().entries).toBe(0)
	})

	test('an invalidation empties it; a render begun before it is not stored', async () => {
		await get('/')
		version = 'v2'
		cache.invalidate()
		const after = await get('/')
		expect(after.headers.get('x-cache')).toBe('MISS')
		expect(await after.text()).toContain('v2 /')

		let release = () => {}
		hold = new Promise((resolve) => (release = resolve))
		const slow = get('/assinaturas')
		await new Promise((resolve) => setTimeout(resolve, 30))
		version = 'v3'
		cache.invalidate()
		release()
		hold = null
		await (await slow).text()
		const next = await get('/assinaturas')
		expect(next.headers.get('x-cache')).toBe('MISS')
		expect(await next.text()).toContain('v3 /assinaturas')
	})

	test('after an event, the next request renders the change; those meanwhile get the copy; a failed render falls back on it', async () => {
		await get('/produto/a')
		version = 'v2'
		cache.invalidate()
		let release = () => {}
		hold = new Promise((resolve) => (release = resolve))
		const leader = get('/produto/a')
		await new Promise((resolve) => setTimeout(resolve, 30))
		const meanwhile = await get('/produto/a')
		expect(meanwhile.headers.get('x-cache')).toBe('STALE')
		expect(await meanwhile.text()).toContain('v1')
		release()
		hold = null
		const first = await leader
		expect(first.headers.get('x-cache')).toBe('MISS')
		expect(await first.text()).toContain('v2')

		cache.invalidate()
		answer = 'broken'
		const fallback = await get('/produto/a')
		expect(fallback.status).toBe(200)
		expect(fallback.headers.get('x-cache')).toBe('STALE')
		expect(await fallback.text()).toContain('v2')
	})

	test('stale pages are served while one request renders them again', async () => {
		await get('/atacado')
		clock += 1500
		version = 'v2'
		const stale = await get('/atacado')
		expect(stale.headers.get('x-cache')).toBe('STALE')
		expect(await stale.text()).toContain('v1')
		await new Promise((resolve) => setTimeout(resolve, 30))
		const fresh = await get('/atacado')
		expect(fresh.headers.get('x-cache')).toBe('HIT')
		expect(await fresh.text()).toContain('v2')
		expect(renders).toBe(2)
		// Past fresh + stale it is rendered while the shopper waits.
		clock += 10_000
		expect((await get('/atacado')).headers.get('x-cache')).toBe('MISS')
	})

	test('ETag: a repeat visit gets 304 without a new policy; at most maxEntries pages are kept', async () => {
		const first = await get('/privacidade')
		const etag = first.headers.get('etag') ?? ''
		expect(etag).toMatch(/^W\/"/)
		const repeat = await get('/privacidade', { 'if-none-match': etag })
		expect(repeat.status).toBe(304)
		expect(repeat.headers.get('content-security-policy')).toBeNull()
		for (const path of ['/termos-de-uso', '/atacado', '/assinaturas']) await get(path)
		expect(cache.stats().entries).toBe(3)
		expect((await get('/privacidade')).headers.get('x-cache')).toBe('MISS')
	})
})
