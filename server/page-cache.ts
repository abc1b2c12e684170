import { createHash, randomBytes } from 'node:crypto'
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { type RenderRecord, recordRender } from '~/server/render-record.server'
import { themeOfCookieHeader } from '~/server/theme.server'
import { type BrotliWithSlot, type PagePiece, brotliForNonce, brotliWithNonceSlot, gzipWithNonce, pieceOf } from './page-cache-compression'

/**
 * The page cache for storefront pages (issue 14, decisions 045 and 055). The listed pages are the
 * same for everyone: who is looking (the signed-in person, cart, favourites, toast, badges, the
 * pets' size suggestions) reaches the browser after load from `/resources/visitor` (decision
 * 049). So a page is rendered once and served from memory, to shoppers signed in or not, until
 * the catalogue, settings, reviews, stock or media change (store events, which reach every app
 * server through PostgreSQL's LISTEN/NOTIFY) or, as a safety net, FRESH_MS pass.
 *
 * - Only GET/HEAD of the listed storefront paths (never /user, /admin, the cart or checkout). The
 *   theme cookie is part of the key (the HTML's class differs); no other cookie is.
 * - The guard (decision 055): every render runs inside `recordRender`, which notes each cookie the
 *   app reads (`readCookie`, and `getOptionalUser` for the session). A render that read any cookie
 *   but the theme depended on who asked: it is sent to that request only, never stored, whatever
 *   the path. So a loader that starts asking for the user makes its page uncached, never shared.
 * - Only 200 HTML (or `.data`) answers without Set-Cookie nor `private`/`no-store` are stored. The
 *   rendering request's CSP nonce is replaced by a placeholder and each response gets its own
 *   nonce back.
 * - A miss renders once however many requests wait for it (single flight); an entry older than
 *   FRESH_MS is served while one request renders it again in the background (stale-while-revalidate).
 *   An invalidation bumps a generation: the next request for a page renders it (and sees the
 *   change) while those arriving meanwhile get the previous copy; a render that started before
 *   the change is not stored. A render that fails falls back on the previous copy.
 * - Bounded: at most MAX_ENTRIES pages and MAX_BYTES; the least recently used go first.
 */

export type RenderedPage = { status: number; headers: [string, string][]; body: string }
export type Render = (request: ExpressRequest, nonce: string) => Promise<RenderedPage>

type Entry = {
	status: number
	headers: [string, string][]
	template: string
	/** The page split at the nonce, each piece deflated once (gzipWithNonce puts them together). */
	pieces: PagePiece[]
	/** The page in brotli with a slot for the nonce, once compressed (in the background; gzip until then). */
	brotli: BrotliWithSlot | null
	etag: string
	storedAt: number
	/** The invalidation generation it was rendered in: an older one is out of date. */
	generation: number
	bytes: number
}

export type PageCacheOptions = {
	freshMs?: number
	staleMs?: number
	maxEntries?: number
	maxBytes?: number
	now?: () => number
	/** Exact paths tried besides the storefront list (the guard's HTTP test: PAGE_CACHE_ALSO). */
	alsoPaths?: readonly string[]
	/** A render of a listed page read who was asking (a cookie outside the key): it was not stored. */
	onPersonal?: (key: string, cookies: string[]) => void
}

/** Paths whose page is the same for every anonymous visitor. */
const CACHEABLE_PATH =
	/^\/(?:|_root\.data|categoria\/[a-z0-9-]+(?:\.data)?|produto\/[a-z0-9-]+(?:\.data)?|(?:assinaturas|personalize|personalize-colares|atacado|em-breve|trocas-e-devolucoes|privacidade|termos-de-uso)(?:\.data)?|sitemap\.xml|robots\.txt)$/
/** The cookies a stored page may depend on: those in its key. */
const KEY_COOKIES = new Set(['theme'])
/** Links shared on social networks carry these; the page does not depend on them. */
const TRACKING_PARAM = /^(?:utm_[a-z]+|fbclid|gclid|igshid|mc_cid|mc_eid|ttclid|wbraid|gbraid)$/

export function createPageCache(options: PageCacheOptions = {}) {
	const freshMs = options.freshMs ?? 30_000
	const staleMs = options.staleMs ?? 5 * 60_000
	const maxEntries = options.maxEntries ?? 1000
	const maxBytes = options.maxBytes ?? 64 * 1024 * 1024
	const now = options.now ?? Date.now
	const alsoPaths = new Set(options.alsoPaths ?? [])
	/** A token no page contains, standing for the nonce in stored pages. */
	const placeholder = `__nonce_${randomBytes(12).toString('hex')}__`
	const entries = new Map<string, Entry>()
	const inflight = new Map<string, Promise<Entry | null>>()
	let bytes = 0
	let generation = 0
	const stats = { hits: 0, stale: 0, misses: 0, bypass: 0, invalidations: 0, personal: 0, brotli: 0 }

	function remove(key: string) {
		const entry = entries.get(key)
		if (!entry) return
		bytes -= entry.bytes
		entries.delete(key)
	}

	function store(key: string, entry: Entry) {
		remove(key)
		entries.set(key, entry)
		bytes += entry.bytes
		// Maps iterate in insertion order: the first keys are the least recently used.
		for (const oldest of entries.keys()) {
			if (entries.size <= maxEntries && bytes <= maxBytes) break
			remove(oldest)
		}
	}

	/**
	 * Compresses a stored page with brotli off the main thread and attaches it, unless the page was
	 * replaced or evicted meanwhile. Requests before that (and pages brotli cannot store) get gzip.
	 */
	async function addBrotli(key: string, entry: Entry, texts: string[], nonceLike: string) {
		const brotli = await brotliWithNonceSlot(texts, nonceLike).catch(() => null)
		if (!brotli || entries.get(key) !== entry) return
		entry.brotli = brotli
		entry.bytes += brotli.body.length
		bytes += brotli.body.length
		stats.brotli += 1
	}

	/** Renders `key` once; stores and returns the entry when the answer may be shared. */
	function renderOnce(
		key: string,
		req: ExpressRequest,
		nonce: string,
		render: Render,
	): { promise: Promise<Entry | null>; page: Promise<RenderedPage>; record: RenderRecord } {
		const startedIn = generation
		const { record, result: page } = recordRender(() => render(req, nonce))
		const promise = page
			.then((rendered) => {
				const personal = cookiesOutsideKey(record)
				if (personal.length > 0) {
					stats.personal += 1
					options.onPersonal?.(key, personal)
					return null
				}
				if (!isShareable(rendered) || startedIn !== generation) return null
				const template = rendered.body.split(nonce).join(placeholder)
				const texts = template.split(placeholder)
				const pieces = texts.map(pieceOf)
				const entry: Entry = {
					status: rendered.status,
					headers: rendered.headers.filter(([name]) => KEPT_HEADERS.has(name.toLowerCase())),
					template,
					pieces,
					brotli: null,
					etag: `W/"${createHash('sha1').update(key).update('\0').update(template).digest('base64url').slice(0, 27)}"`,
					storedAt: now(),
					generation: startedIn,
					bytes: template.length * 2 + pieces.reduce((sum, p) => sum + p.text.length + p.deflated.length, 0) + key.length * 2,
				}
				store(key, entry)
				void addBrotli(key, entry, texts, nonce)
				return entry
			})
			.catch(() => null)
			.finally(() => inflight.delete(key))
		inflight.set(key, promise)
		return { promise, page, record }
	}

	function send(req: ExpressRequest, res: ExpressResponse, entry: Entry, state: 'HIT' | 'STALE' | 'MISS') {
		for (const [name, value] of entry.headers) res.setHeader(name, value)
		res.setHeader('Cache-Control', sharedCacheControl(freshMs, staleMs))
		res.setHeader('Vary', 'Cookie, Accept-Encoding')
		res.setHeader('ETag', entry.etag)
		res.setHeader('X-Cache', state)
		if (matchesEtag(req.get('if-none-match'), entry.etag)) {
			// The browser keeps its copy and the policy that came with it: a new nonce in a
			// 304's CSP header would no longer match the scripts of the page it keeps.
			res.removeHeader('Content-Security-Policy')
			res.status(304).end()
			return
		}
		const nonce = res.locals.cspNonce as string
		res.status(entry.status)
		// Brotli whenever the browser takes it at all: every browser that does lists gzip first.
		const brotli = entry.brotli && req.acceptsEncodings('br') === 'br' ? brotliForNonce(entry.brotli, nonce) : null
		if (brotli) {
			res.setHeader('Content-Encoding', 'br')
			res.setHeader('Content-Length', String(brotli.length))
			if (req.method === 'HEAD') res.end()
			else res.end(brotli)
			return
		}
		if (req.acceptsEncodings('gzip') === 'gzip') {
			// Compressed when stored, not per request: the compression middleware leaves an encoded body alone.
			const body = gzipWithNonce(entry.pieces, nonce)
			res.setHeader('Content-Encoding', 'gzip')
			res.setHeader('Content-Length', String(body.length))
			if (req.method === 'HEAD') res.end()
			else res.end(body)
			return
		}
		if (req.method === 'HEAD') res.end()
		else res.send(entry.template.split(placeholder).join(nonce))
	}

	/**
	 * The middleware: serves or fills the cache for eligible requests, hands the others to
	 * `next` (which renders them as usual).
	 */
	async function handle(req: ExpressRequest, res: ExpressResponse, next: () => void, render: Render) {
		const key = keyOf(req, alsoPaths)
		if (key === null) {
			stats.bypass += 1
			return next()
		}
		const entry = entries.get(key)
		/** A copy to fall back on when the new render fails (stale-if-error). */
		let previous: Entry | null = null
		if (entry) {
			// Recently used: to the end of the eviction order.
			entries.delete(key)
			entries.set(key, entry)
			const current = entry.generation === generation
			const age = now() - entry.storedAt
			if (current && age <= freshMs) {
				stats.hits += 1
				return send(req, res, entry, 'HIT')
			}
			if (current && age <= freshMs + staleMs) {
				stats.stale += 1
				if (!inflight.has(key)) void renderOnce(key, req, `${randomBytes(16).toString('base64')}`, render).promise
				return send(req, res, entry, 'STALE')
			}
			// Out of date after a store event: the first request renders the change and waits for it
			// (it sees the change); those arriving while it renders get the copy at once, instead of
			// all waiting on a render a loaded server may take seconds to finish.
			if (!current && inflight.has(key)) {
				stats.stale += 1
				return send(req, res, entry, 'STALE')
			}
			previous = entry
		}
		stats.misses += 1
		const waiting = inflight.get(key)
		if (waiting) {
			const shared = await waiting
			if (shared) return send(req, res, shared, 'HIT')
			return previous ? send(req, res, previous, 'STALE') : next()
		}
		const nonce = res.locals.cspNonce as string
		const { promise, page, record } = renderOnce(key, req, nonce, render)
		let rendered: RenderedPage | null = null
		let failure: unknown = null
		try {
			rendered = await page
		} catch (error) {
			failure = error
		}
		const stored = await promise
		if (stored) return send(req, res, stored, 'MISS')
		// The render failed (an overloaded database, a render cut at its time limit): the last good
		// copy is better than an error page.
		if (previous && (!rendered || rendered.status >= 500)) {
			stats.stale += 1
			return send(req, res, previous, 'STALE')
		}
		if (!rendered) throw failure
		// Not shareable (an error page, a redirect, a cookie set): sent as rendered, to this request only.
		res.status(rendered.status)
		for (const [name, value] of rendered.headers) res.append(name, value)
		// Rendered for this person: no cache on the way may keep it either.
		if (cookiesOutsideKey(record).length > 0) res.setHeader('Cache-Control', 'private, no-store')
		res.setHeader('X-Cache', 'BYPASS')
		if (req.method === 'HEAD') res.end()
		else res.send(rendered.body)
	}

	return {
		handle,
		/**
		 * A store event: every page may have changed. Entries stay as fall-backs, out of date: the
		 * next request for each renders it again.
		 */
		invalidate() {
			generation += 1
			stats.invalidations += 1
		},
		/** Forgets every page (tests). */
		clear() {
			generation += 1
			entries.clear()
			bytes = 0
		},
		stats: () => ({ ...stats, entries: entries.size, bytes }),
	}
}

export type PageCache = ReturnType<typeof createPageCache>

/** The headers a stored page keeps; per-response ones (Date, Set-Cookie, CSP, Content-Length) are not. */
const KEPT_HEADERS = new Set(['content-type', 'link', 'x-robots-tag', 'content-language'])

/** The cache key, or null when the request must be rendered for itself. */
export function keyOf(
	req: Pick<ExpressRequest, 'method' | 'path' | 'originalUrl'> & { get(name: string): string | undefined },
	alsoPaths: ReadonlySet<string> = new Set(),
): string | null {
	if (req.method !== 'GET' && req.method !== 'HEAD') return null
	if (!CACHEABLE_PATH.test(req.path) && !alsoPaths.has(req.path)) return null
	const query = new URL(req.originalUrl, 'http://x').searchParams
	const params = [...query].filter(([name]) => !TRACKING_PARAM.test(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
	// Too many distinct parameters is not a shopper's link: not worth a slot.
	if (params.length > 8) return null
	// The theme the render will use (validated, defaulted), not a pattern over the header: a
	// malformed cookie renders the light page and must not be stored as the dark one.
	const theme = themeOfCookieHeader(req.get('cookie'))
	return `${req.path}?${new URLSearchParams(params).toString()}#${theme}`
}

/** The cookies a render read that its key does not hold: what made it personal. */
function cookiesOutsideKey(record: RenderRecord): string[] {
	return [...record.cookies].filter((name) => !KEY_COOKIES.has(name))
}

function isShareable(page: RenderedPage): boolean {
	if (page.status !== 200) return false
	if (page.headers.some(([name]) => name.toLowerCase() === 'set-cookie')) return false
	const cacheControl = page.headers.find(([name]) => name.toLowerCase() === 'cache-control')?.[1] ?? ''
	if (/no-store|private/i.test(cacheControl)) return false
	const type = page.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? ''
	return /text\/html|text\/x-script|application\/xml|text\/plain/i.test(type)
}

/** What a CDN in front may do: keep it FRESH_MS, serve it stale while it asks again. */
export function sharedCacheControl(freshMs: number, staleMs: number): string {
	return `public, max-age=0, s-maxage=${Math.round(freshMs / 1000)}, stale-while-revalidate=${Math.round(staleMs / 1000)}`
}

function matchesEtag(header: string | undefined, etag: string): boolean {
	if (!header) return false
	return header.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')
}
