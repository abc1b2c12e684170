import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { ADMIN } from '#tests/e2e/support/accounts'
import { HttpSession } from '#tests/e2e/support/http-session'
import { createScratchPostgresDatabase } from '#tests/setup/scratch-postgres'
import { type RunningServer, startAppServer } from '#tests/support/app-server'
import { postUntilAnswered } from '#tests/support/post-until-answered'
import { concretePath, uploadRoutes, urlForms } from '#tests/support/upload-routes'
import { bodyLimitFor, tooLargeMessage } from './body-limit'

/**
 * Issue 28, defect 1, against the production server: every upload action of the route table
 * (found in the code, tests/support/upload-routes.ts), in every URL form the app sends (bare,
 * trailing slash, a hydrated page's `.data`, a revalidation's `?_routes=`, `?index` for an index
 * route), takes a body of exactly its route's limit past the limit layer, and one byte more is
 * refused by that layer with 413 and its Portuguese message. server/body-limit.test.ts proves
 * the same rules on the middleware alone; this proves them on the real stack (Express's path,
 * React Router's handler, the streamed count), where the defect was.
 *
 * A body at the limit is sent whole, as a browser would; what the action then says is its own
 * business (most refuse the filler: 'Ação inválida.', no file; the raw uploads refuse a body
 * past their own maximum, 64 KB below the route's): only the limit layer's refusal fails the
 * test. A body over the limit is only declared (Content-Length): the layer answers from the
 * headers, and the client stops sending at its answer, as a browser does. One server for the file.
 */

const onPostgres = !!process.env.TEST_DATABASE_URL
const LIMIT_REFUSAL = 'O conteúdo enviado é grande demais'
const BOUNDARY = '----matrizDeEnvios7d9f0335'
const uploads = uploadRoutes()

/**
 * POSTs `length` bytes to `url`: a multipart form whose one file part fills it (a field no action
 * reads, so no action stores it) or, for a raw upload (`request.body`), the bytes themselves.
 * 'only' declares the length and sends the first KB: all the limit layer needs to answer.
 */
function postBody(base: string, url: string, options: { length: number; declare: 'all' | 'only'; raw: boolean; cookie: string }) {
	const head = options.raw
		? Buffer.alloc(0)
		: Buffer.from(
				`--${BOUNDARY}\r\nContent-Disposition: form-data; name="preenchimento"; filename="preenchimento.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
			)
	const tail = options.raw ? Buffer.alloc(0) : Buffer.from(`\r\n--${BOUNDARY}--\r\n`)
	return postUntilAnswered(new URL(url, base), {
		headers: {
			origin: base,
			cookie: options.cookie,
			'content-type': options.raw ? 'application/octet-stream' : `multipart/form-data; boundary=${BOUNDARY}`,
			'content-length': String(options.length),
		},
		head,
		tail,
		fillerBytes: options.length - head.byteLength - tail.byteLength,
		stopAfter: options.declare === 'only' ? Math.min(options.length, 1024) : undefined,
	})
}

describe('the upload matrix through HTTP: every upload route, every URL form, at and over its limit', () => {
	let server: RunningServer
	let dropDatabase: () => Promise<void> = async () => {}
	let cookie = ''

	beforeAll(async () => {
		const database = onPostgres
			? await createScratchPostgresDatabase(process.env.TEST_DATABASE_URL as string, `${inject('testRunId')}_envios_${process.pid}`.toLowerCase(), {
					template: inject('postgresTemplate') || undefined,
				})
			: null
		if (database) dropDatabase = database.drop
		server = await startAppServer({
			SEED_DEMO: 'false',
			ADMIN_EMAIL: ADMIN.email,
			ADMIN_PASSWORD: ADMIN.password,
			...(database ? { DATABASE_URL: database.url } : {}),
		})
		// The owner: every upload route is hers (the admin's), /user/photos any signed-in account's.
		const owner = new HttpSession(server.url)
		await owner.signIn(ADMIN.email, ADMIN.password)
		cookie = owner.cookieHeader()
	}, 180_000)

	afterAll(async () => {
		await server?.stop()
		await dropDatabase()
	})

	test('the walk finds the upload routes (the unit matrix lists them)', () => {
		expect(uploads.length).toBeGreaterThanOrEqual(12)
	})

	for (const route of uploads) {
		test(`${route.path} (${route.reads}): a body of its limit passes the limit layer in every URL form; one byte more is 413 in Portuguese`, async () => {
			const limit = bodyLimitFor(concretePath(route.path))
			const raw = route.reads === 'request.body'
			for (const url of urlForms(concretePath(route.path), route.index)) {
				const atLimit = await postBody(server.url, url, { length: limit, declare: 'all', raw, cookie })
				const what = `${url} com ${limit} bytes: ${atLimit.status} ${atLimit.body.slice(0, 200)}`
				expect(atLimit.body, what).not.toContain(LIMIT_REFUSAL)
				expect(atLimit.status, what).toBeLessThan(500)
				// Not sent to sign in: the action itself answered (a redirect to /auth would prove nothing).
				expect(atLimit.status, what).not.toBe(302)
				expect(atLimit.body, what).not.toContain('/auth?redirectTo')
				// A multipart action answers once it has read the form: the whole body went up first.
				if (!raw) expect(atLimit.sent, what).toBe(limit)

				const over = await postBody(server.url, url, { length: limit + 1, declare: 'only', raw, cookie })
				expect({ status: over.status, body: over.body }, `${url} com ${limit + 1} bytes`).toEqual({ status: 413, body: tooLargeMessage(limit) })
				expect(over.contentType).toBe('text/plain; charset=utf-8')
			}
		}, 120_000)
	}
})
