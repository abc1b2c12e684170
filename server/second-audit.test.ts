import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type pg from 'pg'
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createScratchPostgresDatabase, scratchPool } from '#tests/setup/scratch-postgres'
import { type RunningServer, ensureBuilt, startAppServer } from '#tests/support/app-server'

/**
 * Issue 28, the second audit through the production server: a DATA_DIR the shop cannot write
 * stops the start with a message naming it, and /healthz reports storage; a client's 4xx is not
 * logged at error level; the /cart action (as the hydrated page posts it, `/cart.data`) refuses
 * add-ons and wholesale products added on their own. One server, on a scratch PostgreSQL when
 * TEST_DATABASE_URL is set, else PGlite.
 */

const onPostgres = !!process.env.TEST_DATABASE_URL
let server: RunningServer
let pool: pg.Pool | null = null
let dropDatabase: () => Promise<void> = async () => {}

beforeAll(async () => {
	const scratch = onPostgres ? await createScratchPostgresDatabase(process.env.TEST_DATABASE_URL as string, `audit_${process.pid}_${Date.now()}`) : null
	if (scratch) {
		dropDatabase = scratch.drop
		pool = scratchPool(scratch.url, 1)
	}
	// LOG_LEVEL=info: what a shop in production writes (the access log included).
	server = await startAppServer({ LOG_LEVEL: 'info', ...(scratch ? { DATABASE_URL: scratch.url } : {}) })
}, 240_000)

afterAll(async () => {
	await server?.stop()
	await pool?.end()
	await dropDatabase()
}, 60_000)

/** The JSON log lines the server wrote so far. */
function logLines(): { level: number; msg?: string; [key: string]: unknown }[] {
	return server.logs
		.join('')
		.split('\n')
		.filter((line) => line.startsWith('{'))
		.map((line) => JSON.parse(line) as { level: number })
}

/** Starts the built server with `env` and resolves with its exit code and output (it must exit). */
async function startExpectingExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
	ensureBuilt()
	const child = spawn(process.execPath, ['build/server-entry/index.js'], {
		env: { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', VITEST: undefined, ...env } as NodeJS.ProcessEnv,
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout.on('data', (d: Buffer) => (output += d.toString()))
	child.stderr.on('data', (d: Buffer) => (output += d.toString()))
	const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
	return { code, output }
}

describe('DATA_DIR the shop cannot write (issue 28)', () => {
	test('the start stops with exit code 1 and a Portuguese and English message naming the directory, on PGlite and PostgreSQL', async () => {
		const scratch = mkdtempSync(path.join(tmpdir(), 'loja-sem-escrita-'))
		try {
			// Root ignores permission bits; a file where the directory should be fails for everyone.
			writeFileSync(path.join(scratch, 'arquivo'), 'não é uma pasta')
			const dataDir = path.join(scratch, 'arquivo', 'dados')
			// The PostgreSQL address is never reached: the check comes first.
			for (const database of [{}, { DATABASE_URL: 'postgres://postgres@127.0.0.1:9/nenhum' }] as Record<string, string>[]) {
				const { code, output } = await startExpectingExit({ DATA_DIR: dataDir, ...database })
				expect(code).toBe(1)
				expect(output).toContain(`Não é possível gravar na pasta de dados DATA_DIR=${dataDir}`)
				expect(output).toContain(`Cannot write to the data directory DATA_DIR=${dataDir}`)
				expect(output).not.toMatch(/ErrnoError|at .*node:internal/)
			}
		} finally {
			rmSync(scratch, { recursive: true, force: true })
		}
	}, 60_000)

	test('/healthz reports storage: writable, then not (200, status "degradado") while uploads cannot be written, then writable again', async () => {
		const health = async () => {
			const response = await fetch(`${server.url}/healthz`)
			return { status: response.status, body: (await response.json()) as { status: string; database: boolean; storage: boolean } }
		}
		expect(await health()).toEqual({ status: 200, body: { status: 'ok', database: true, storage: true } })
		const uploads = path.join(server.dataDir, 'uploads')
		rmSync(uploads, { recursive: true, force: true })
		writeFileSync(uploads, 'não é uma pasta')
		try {
			// Probed at most once a second: wait for the answer itself.
			let answer = await health()
			for (const deadline = Date.now() + 5000; answer.body.storage && Date.now() < deadline; ) answer = await health()
			expect(answer).toEqual({ status: 200, body: { status: 'degradado', database: true, storage: false } })
			// Said once at error level (the line reaches the test's pipe a moment later).
			const said = () => logLines().filter((l) => l.level === 50 && l.msg === 'não é possível gravar na pasta de dados: envios de arquivos vão falhar')
			for (const deadline = Date.now() + 2000; said().length === 0 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 20))
			expect(said()).toHaveLength(1)
		} finally {
			rmSync(uploads, { force: true })
			mkdirSync(uploads)
		}
		let answer = await health()
		for (const deadline = Date.now() + 5000; !answer.body.storage && Date.now() < deadline; ) answer = await health()
		expect(answer.body).toEqual({ status: 'ok', database: true, storage: true })
	}, 30_000)
})

describe("a client's error is not a server error in the log (issue 28)", () => {
	test('anonymous POSTs to pages without an action answer 405 and write nothing at error level', async () => {
		const before = logLines().length
		for (const target of ['/', '/produto/bandana-preta', '/produto/bandana-preta.data', '/categoria/bandanas?index']) {
			const response = await fetch(`${server.url}${target}`, {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
				body: 'qualquer=coisa',
			})
			expect(response.status, target).toBe(405)
			await response.arrayBuffer()
		}
		// The access log still records each (at info) once its response is finished.
		let lines = logLines().slice(before)
		for (const deadline = Date.now() + 2000; lines.filter((l) => l.msg === 'request completed').length < 4 && Date.now() < deadline; ) {
			await new Promise((resolve) => setImmediate(resolve))
			lines = logLines().slice(before)
		}
		expect(lines.filter((l) => l.level >= 50)).toEqual([])
		expect(lines.filter((l) => l.msg === 'request completed' && l.level === 30).length).toBe(4)
	})
})

describe('/cart.data: add-ons and wholesale products only through their builders and product pages (issue 28)', () => {
	/** POST /cart.data as the hydrated page sends it; the decoded answer. */
	async function addToCart(lines: unknown[]) {
		const response = await fetch(`${server.url}/cart.data`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
			body: new URLSearchParams({ intent: 'add', lines: JSON.stringify(lines) }),
		})
		// An action's single-fetch answer is `{ data }` (a loader's is keyed by route id).
		const result = ((await decodeTurboStream(response.body!, globalThis)).value as { data?: unknown }).data
		return { status: response.status, result, setCookie: response.headers.getSetCookie().join(' ') }
	}

	/** The product page's variant and add-on ids, as the page itself receives them. */
	async function productPage(handle: string) {
		const response = await fetch(`${server.url}/produto/${handle}.data`)
		const decoded = await decodeTurboStream(response.body!, globalThis)
		return (decoded.value as Record<string, { data: unknown }>)['routes/storefront/product']?.data as {
			product: { title: string; variants: { id: string; availableForSale: boolean }[] }
			addons: { key: string; variantId: string }[]
		}
	}

	test("the extensor alone is refused in Portuguese, nothing added; with its bandana it is taken", async () => {
		const page = await productPage('bandana-preta')
		const extensor = page.addons.find((a) => a.key === 'extensor')!.variantId
		const alone = await addToCart([{ variantId: extensor, quantity: 1 }])
		expect(alone.status).toBe(400)
		expect(alone.result).toEqual({ ok: false, error: 'Este adicional não é vendido separadamente: escolha-o na página do produto, junto com ele.' })
		// Nothing in the cart it answered with.
		const cookie = /loja_cart=[^;]+/.exec(alone.setCookie)?.[0] ?? ''
		const cart = (await (await fetch(`${server.url}/cart`, { headers: { cookie, accept: 'application/json' } })).json()) as { cart: { lines: unknown[] } }
		expect(cart.cart.lines).toEqual([])
		const withBandana = await addToCart([
			{ variantId: page.product.variants.find((v) => v.availableForSale)!.id, quantity: 1 },
			{ variantId: extensor, quantity: 1, attributes: [{ key: 'Para', value: page.product.title }] },
		])
		expect(withBandana.status).toBe(200)
		expect(withBandana.result).toMatchObject({ ok: true })
	})

	test('the wholesale builder (/atacado.data) still adds 50 bandanas with their colour and side name', async () => {
		const page = await fetch(`${server.url}/atacado.data`)
		const data = (((await decodeTurboStream(page.body!, globalThis)).value as Record<string, { data: unknown }>)['routes/storefront/wholesale']?.data ?? {}) as {
			bandana: { colours: { name: string }[] }
		}
		const colour = data.bandana.colours[0]!.name
		const response = await fetch(`${server.url}/atacado.data`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
			body: new URLSearchParams({ kind: 'bandana', colour, quantity: '50', sideNameOn: 'on', sideName: 'Pet Shop Ração & Cia' }),
		})
		expect(response.status).toBe(200)
		const result = ((await decodeTurboStream(response.body!, globalThis)).value as { data?: unknown }).data
		expect(result).toMatchObject({ ok: true })
	})

	test.skipIf(!onPostgres)('the side name for R$ 1,00 and 50 wholesale bandanas with no colour are refused (ids from the database)', async () => {
		const { rows } = await pool!.query<{ handle: string; id: string }>(
			`select p.handle, v.id from product_variants v join products p on p.id = v.product_id where p.handle in ('atacado-nome-lateral', 'atacado-bandana-base')`,
		)
		const id = (handle: string) => rows.find((r) => r.handle === handle)!.id
		expect(await addToCart([{ variantId: id('atacado-nome-lateral'), quantity: 1 }])).toMatchObject({
			status: 400,
			result: { ok: false, error: 'Este item só pode ser adicionado pelas páginas de personalização ou de atacado, junto com as escolhas do pedido.' },
		})
		expect(await addToCart([{ variantId: id('atacado-bandana-base'), quantity: 50 }])).toMatchObject({
			status: 400,
			result: { ok: false, error: 'Os produtos de atacado são pedidos pela página Atacado, com a cor e a quantidade escolhidas.' },
		})
	})
})
