import { randomBytes } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { brotliCompressSync, brotliDecompressSync, constants, deflateRawSync, gunzipSync, gzipSync } from 'node:zlib'
import { getOptionalUser } from '~/server/auth/guards.server'
import { readCookie } from '~/server/cookies.server'
import { type RenderedPage, createPageCache, keyOf } from './page-cache'
import { brotliForNonce, brotliWithNonceSlot, gzipWithNonce } from './page-cache-compression'

/**
 * The page cache's rules over real HTTP, with a fake renderer in place of React Router: what is
 * stored, for whom, how each response gets its own nonce, single flight, invalidation and
 * stale-while-revalidate. The production server with it is tested in page-cache.http.test.ts.
 */

let clock = 1_000_000
let renders = 0
let version = 'v1'
let answer: 'page' | 'cookie' | 'private' | 'missing' | 'broken' | 'user' | 'cart' | 'theme' = 'page'
/** Resolves the render in progress (tests that hold one). */
let hold: Promise<void> | null = null

/**
 * Resolves once the fake render has been entered `count` times in all: a held render has begun,
 * known from the render itself, not guessed from a sleep (a loaded machine took longer than 30 ms).
 */
async function rendersReach(count: number) {
	while (renders < count) await new Promise((resolve) => setTimeout(resolve, 1))
}

/** The request as React Router's loaders see it. */
const webRequest = (req: express.Request) =>
	new Request(`http://loja.test${req.originalUrl}`, { headers: { cookie: req.get('cookie') ?? '' } })

async function fakeRender(req: express.Request, nonce: string): Promise<RenderedPage> {
	renders += 1
	const seen = version
	if (hold) await hold
	// What a loader may read about who is asking, after some awaiting as a real one would.
	let who = ''
	if (answer === 'user' || answer === 'cart' || answer === 'theme') await new Promise((resolve) => setTimeout(resolve, 5))
	if (answer === 'user') who = (await getOptionalUser(webRequest(req)))?.email ?? 'ninguém'
	if (answer === 'cart') who = readCookie(webRequest(req), 'loja_cart') ?? 'sem carrinho'
	if (answer === 'theme') who = readCookie(webRequest(req), 'theme') ?? 'sem tema'
	if (answer === 'missing') return { status: 404, headers: [['content-type', 'text/html']], body: 'não achei' }
	if (answer === 'broken') return { status: 500, headers: [['content-type', 'text/html']], body: 'erro' }
	const headers: [string, string][] = [['content-type', 'text/html; charset=utf-8']]
	if (answer === 'cookie') headers.push(['set-cookie', 'loja_visita=1'])
	if (answer === 'private') headers.push(['cache-control', 'private, max-age=60'])
	return { status: 200, headers, body: `<html><script nonce="${nonce}">x</script><p>${seen} ${req.path}${who ? ` ${who}` : ''}</p></html>` }
}

const personal: { key: string; cookies: string[] }[] = []
const cache = createPageCache({
	freshMs: 1000,
	staleMs: 5000,
	maxEntries: 3,
	now: () => clock,
	onPersonal: (key, cookies) => personal.push({ key, cookies }),
})
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
	personal.length = 0
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

describe('brotliWithNonceSlot', () => {
	// A page as React Router writes it: the nonce on every script and preload, accents and emoji around.
	const texts = [
		'<!DOCTYPE html><html lang="pt-BR"><head><link rel="modulepreload" href="/assets/a.js" nonce="',
		...Array.from({ length: 40 }, (_, i) => `"/><link rel="modulepreload" href="/assets/chunk-${i}.js" nonce="`),
		`"/></head><body><h1>Bandana xadrez 🐶 — Coleção Verão</h1>${'<p>Laço de cetim, tamanho PP ao GG, R$ 29,90 à vista.</p>'.repeat(300)}<script nonce="`,
		'">window.__reactRouterContext = {"state":{"loaderData":{}}};</script></body></html>',
	]
	const nonceLike = () => randomBytes(16).toString('base64')

	test('stored once, it decodes to the page with whatever nonce each response copies in', async () => {
		const stored = await brotliWithNonceSlot(texts, nonceLike())
		expect(stored).not.toBeNull()
		for (let i = 0; i < 25; i++) {
			const nonce = nonceLike()
			expect(brotliDecompressSync(brotliForNonce(stored!, nonce)!).toString()).toBe(texts.join(nonce))
		}
		// As small as compressing the whole page at once (the stand-in costs a few bytes), far below gzip.
		const whole = brotliCompressSync(Buffer.from(texts.join(nonceLike())), { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
		expect(stored!.body.length).toBeLessThan(whole.length * 1.05 + 64)
		expect(stored!.body.length).toBeLessThan(gzipSync(texts.join(nonceLike())).length * 0.8)
	})

	test('a nonce of another shape is refused (the caller sends gzip); a page without nonce is plain brotli', async () => {
		const stored = (await brotliWithNonceSlot(texts, nonceLike()))!
		expect(brotliForNonce(stored, 'curto==')).toBeNull()
		expect(brotliForNonce(stored, randomBytes(16).toString('base64url'))).toBeNull()
		const plain = (await brotliWithNonceSlot(['<p>sem scripts</p>'], nonceLike()))!
		expect(brotliDecompressSync(brotliForNonce(plain, nonceLike())!).toString()).toBe('<p>sem scripts</p>')
	})
})

describe('page cache', () => {
	test('serves brotli, compressed once in the background, to browsers that accept it; gzip to the others', async () => {
		const br = { 'accept-encoding': 'gzip, deflate, br' }
		const first = await get('/produto/laco-azul', br)
		expect(first.headers.get('content-encoding')).toBe('gzip')
		await first.text()
		await expect.poll(() => cache.stats().brotli).toBe(1)
		const second = await get('/produto/laco-azul', br)
		expect(second.headers.get('x-cache')).toBe('HIT')
		expect(second.headers.get('content-encoding')).toBe('br')
		expect(await second.text()).toBe(`<html><script nonce="${nonceOf(second)}">x</script><p>v1 /produto/laco-azul</p></html>`)
		const gzipOnly = await get('/produto/laco-azul', { 'accept-encoding': 'gzip' })
		expect(gzipOnly.headers.get('content-encoding')).toBe('gzip')
		expect(await gzipOnly.text()).toContain(`nonce="${nonceOf(gzipOnly)}"`)
		expect(renders).toBe(1)
	})

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

	test('a signed-in shopper shares the page (decision 055); so do the cart and toast cookies (decision 049); the theme is in the key', async () => {
		expect((await get('/', { cookie: 'loja_session=abc' })).headers.get('x-cache')).toBe('MISS')
		const signedIn = await get('/', { cookie: 'loja_session=outra; loja_cart=1' })
		expect(signedIn.headers.get('x-cache')).toBe('HIT')
		expect(signedIn.headers.get('cache-control')).toMatch(/^public, /)
		for (const cookie of ['loja_toast=x', 'loja_visitor=2; loja_buyer=3', '_ga=1', ''])
			expect((await get('/', { cookie })).headers.get('x-cache'), cookie).toBe('HIT')
		expect((await get('/', { cookie: 'theme=dark; loja_session=abc' })).headers.get('x-cache')).toBe('MISS')
		expect((await get('/', { cookie: 'theme=dark; _ga=2; loja_cart=9' })).headers.get('x-cache')).toBe('HIT')
		expect(renders).toBe(2)
	})

	test('the guard: a render that asked who is signed in is sent to its requester only, never stored, whoever asked', async () => {
		answer = 'user'
		// Signed out: getOptionalUser answers null without a query, but the page depended on it.
		for (const cookie of ['', 'loja_session=abc']) {
			const response = await get('/produto/bandana-preta', { cookie })
			expect(response.status).toBe(200)
			expect(response.headers.get('x-cache')).toBe('BYPASS')
			expect(response.headers.get('cache-control')).toBe('private, no-store')
			expect(await response.text()).toContain('/produto/bandana-preta ninguém')
		}
		expect(renders).toBe(2)
		expect(cache.stats()).toMatchObject({ entries: 0, personal: 2 })
		expect(personal).toEqual([
			{ key: '/produto/bandana-preta?#light', cookies: ['loja_session'] },
			{ key: '/produto/bandana-preta?#light', cookies: ['loja_session'] },
		])
		// Any cookie but the theme counts: the cart identifies a shopper as well.
		answer = 'cart'
		const cart = await get('/categoria/bandanas', { cookie: 'loja_cart=c1' })
		expect(cart.headers.get('x-cache')).toBe('BYPASS')
		expect(await cart.text()).toContain('c1')
		expect((await get('/categoria/bandanas', { cookie: 'loja_cart=c2' })).headers.get('x-cache')).toBe('BYPASS')
		expect(cache.stats().entries).toBe(0)
		// The theme is part of the key: reading it is allowed.
		answer = 'theme'
		await get('/assinaturas', { cookie: 'theme=dark; loja_session=abc' })
		const dark = await get('/assinaturas', { cookie: 'theme=dark' })
		expect(dark.headers.get('x-cache')).toBe('HIT')
		expect(await dark.text()).toContain('/assinaturas dark')
	})

	test('the guard holds for waiters: requests waiting on a render that turned out personal render for themselves', async () => {
		answer = 'user'
		let release = () => {}
		hold = new Promise((resolve) => (release = resolve))
		const pending = [get('/', { cookie: 'loja_session=a' }), get('/'), get('/')]
		await new Promise((resolve) => setTimeout(resolve, 30))
		release()
		const responses = await Promise.all(pending)
		expect(responses[0]?.headers.get('x-cache')).toBe('BYPASS')
		// The others were handed on to the app (which renders for each person).
		for (const response of responses.slice(1)) expect(await response.text()).toBe('renderizada para esta pessoa')
		expect(cache.stats().entries).toBe(0)
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
		answer = 'private'
		const own = await get('/produto/y')
		expect(own.headers.get('x-cache')).toBe('BYPASS')
		expect(own.headers.get('cache-control')).toBe('private, max-age=60')
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
		const rendersBefore = renders
		const slow = get('/assinaturas')
		await rendersReach(rendersBefore + 1)
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
		const rendersBefore = renders
		const leader = get('/produto/a')
		await rendersReach(rendersBefore + 1)
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
		// The render in the background has begun and, once stored, answers: asked until then (each
		// request meanwhile gets the stale copy and starts no other render).
		await rendersReach(2)
		let fresh = await get('/atacado')
		while (fresh.headers.get('x-cache') === 'STALE') fresh = await get('/atacado')
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
