import { PassThrough } from 'node:stream'
import type { IncomingMessage } from 'node:http'
import { describe, expect, test } from 'vitest'
import { concretePath, uploadRoutes, urlForms } from '#tests/support/upload-routes'
import { PRODUCT_IMPORT_BODY_BYTES } from '~/server/catalog-admin/shopify-csv'
import { uploadBodyLimit } from '~/server/storage/multipart.server'
import {
	BODY_LIMIT_RULES,
	BodyTooLargeError,
	DEFAULT_BODY_LIMIT,
	bodyLimitFor,
	declaredBodyLimit,
	limitedBody,
	routePathname,
	tooLargeMessage,
} from './body-limit'

/**
 * Issue 28, defect 1: a limit belongs to the route, whatever URL form reaches it. A hydrated
 * page's <Form>/fetcher posts to `<path>.data`; the rules were written for the bare path, so a
 * 300 KB photo sent from /user/photos got 'máximo 64 KB'. No server, no database: the rule
 * lookup and the limit layer are pure; the same matrix against the production server is
 * server/upload-matrix.http.test.ts.
 */

const KB = 1024
const MB = 1024 * KB
/** What a back-office form (settings, a status change) may send: an upload needs its own, larger row. */
const FORM_LIMIT = bodyLimitFor('/admin/configuracoes')

/** What Express hands the limit layer: the URL's path, never its query. */
const pathOf = (url: string) => new URL(url, 'http://loja.test').pathname

/** The limit layer's answer to a POST that declares `length` bytes. */
function declaredAnswer(url: string, length: number) {
	const answer = { passed: false, status: 0, body: '' }
	const res = {
		headersSent: false,
		once: () => res,
		status: (code: number) => ((answer.status = code), res),
		set: () => res,
		type: () => res,
		send: (body: string) => ((answer.body = body), res),
	}
	const req = { path: pathOf(url), headers: { 'content-length': String(length) } }
	declaredBodyLimit()(req as never, res as never, () => (answer.passed = true))
	return answer
}

const uploads = uploadRoutes()

describe('the upload matrix: every upload action of the route table, in every URL form', () => {
	test('the walk finds the upload actions known today (it would find a new one too)', () => {
		expect(uploads.map((route) => route.path)).toEqual(
			expect.arrayContaining([
				'/user/photos',
				'/resources/personalizacao/arquivo',
				'/admin/produtos/importar',
				'/admin/produtos/importar/arquivo',
				'/admin/cupons/importar',
				'/admin/produtos/:productId/imagens',
				'/admin/colecoes/:collectionId',
				'/admin/configuracoes/logo',
				'/admin/banner',
				'/admin/subscription-cta-video',
				'/admin/personalization-video',
				'/admin/videos/:slot/upload',
			]),
		)
	})

	for (const route of uploads) {
		test(`${route.path} (${route.reads}): its own limit in every form; just under passes, just over is 413 in Portuguese`, () => {
			const bare = concretePath(route.path)
			const limit = bodyLimitFor(bare)
			// A row of its own: neither the 64 KB form default nor the back-office's 1 MB.
			expect(limit, `${route.path} não tem regra própria em server/body-limit.ts`).toBeGreaterThan(FORM_LIMIT)
			for (const url of urlForms(bare, route.index)) {
				expect(bodyLimitFor(pathOf(url)), url).toBe(limit)
				expect(declaredAnswer(url, limit), url).toEqual({ passed: true, status: 0, body: '' })
				expect(declaredAnswer(url, limit + 1), url).toEqual({ passed: false, status: 413, body: tooLargeMessage(limit) })
			}
			expect(tooLargeMessage(limit)).toMatch(/^O conteúdo enviado é grande demais \(máximo \d+ MB\)\.$/)
		})
	}

	test('every row but the back-office default belongs to an upload action (no stale rows)', () => {
		const own = BODY_LIMIT_RULES.slice(0, -1)
		for (const rule of own) expect(uploads.some((route) => rule.path.test(concretePath(route.path))), String(rule.path)).toBe(true)
	})

	test('the outer limit never cuts what the action itself accepts', () => {
		for (const route of uploads.filter((r) => r.reads === 'readMultipartForm'))
			expect(bodyLimitFor(`${concretePath(route.path)}.data`), route.path).toBeGreaterThanOrEqual(uploadBodyLimit('image'))
		// products-import.tsx reads with its own maxBytes: the file and its form (decision 070).
		expect(bodyLimitFor('/admin/produtos/importar.data')).toBeGreaterThanOrEqual(PRODUCT_IMPORT_BODY_BYTES)
		expect(bodyLimitFor('/admin/videos/banner/upload.data')).toBeGreaterThanOrEqual(50 * MB)
	})
})

describe('routePathname: the route a URL reaches, as React Router normalises and matches it', () => {
	test.each([
		['/user/photos', '/user/photos'],
		['/user/photos.data', '/user/photos'],
		['/user/photos/', '/user/photos'],
		['/user/photos/.data', '/user/photos'],
		['/_root.data', '/'],
		['/', '/'],
		['/admin.data', '/admin'],
		['/User/Photos.data', '/user/photos'],
		['/user/phot%6Fs.data', '/user/photos'],
		['/produto/la%C3%A7o-%F0%9F%90%B6', '/produto/laço-🐶'],
		['/admin/colecoes/a%2Fb', '/admin/colecoes/a%2fb'],
		['/produto/%E0%A4%A', '/produto/%e0%a4%a'],
		['/admin/produtos/importar.data.data', '/admin/produtos/importar.data'],
	])('%s → %s', (pathname, route) => {
		expect(routePathname(pathname)).toBe(route)
	})

	test('forms and pages keep their small limits in every URL form', () => {
		for (const url of urlForms('/cart', false)) expect(bodyLimitFor(pathOf(url)), url).toBe(DEFAULT_BODY_LIMIT)
		for (const url of urlForms('/', true)) expect(bodyLimitFor(pathOf(url)), url).toBe(DEFAULT_BODY_LIMIT)
		for (const url of urlForms('/admin', true)) expect(bodyLimitFor(pathOf(url)), url).toBe(1 * MB)
		for (const url of urlForms('/admin/configuracoes', false)) expect(bodyLimitFor(pathOf(url)), url).toBe(1 * MB)
		expect(bodyLimitFor('/administrador.data')).toBe(DEFAULT_BODY_LIMIT)
		// A collection's picture is not a product's: '/admin/colecoes/x/y' is no route.
		expect(bodyLimitFor('/admin/colecoes/x/imagens.data')).toBe(1 * MB)
	})
})

describe('limitedBody at the route limit of a hydrated upload', () => {
	/** Streams `total` bytes without Content-Length (chunked), as the limit layer sees them. */
	async function stream(total: number, limit: number) {
		const req = new PassThrough()
		let tooLarge = 0
		const body = limitedBody(req as unknown as IncomingMessage, limit, () => (tooLarge += 1))
		const chunk = Buffer.alloc(64 * KB, 0xa5)
		void (async () => {
			for (let sent = 0; sent < total; sent += chunk.byteLength)
				if (!req.write(chunk.subarray(0, Math.min(chunk.byteLength, total - sent)))) await new Promise((r) => req.once('drain', r))
			req.end()
		})()
		let received = 0
		const reader = body.getReader()
		try {
			for (let part = await reader.read(); !part.done; part = await reader.read()) received += part.value.byteLength
			return { received, tooLarge, error: null }
		} catch (error) {
			req.resume()
			return { received, tooLarge, error }
		}
	}

	test('/user/photos.data: a body of exactly the limit arrives whole; one byte more is cut with a 413', async () => {
		const limit = bodyLimitFor('/user/photos.data')
		expect(await stream(limit, limit)).toEqual({ received: limit, tooLarge: 0, error: null })
		const over = await stream(limit + 1, limit)
		expect(over.error).toBeInstanceOf(BodyTooLargeError)
		expect(over.tooLarge).toBe(1)
	})
})
