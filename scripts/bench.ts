/**
 * `npm run bench`: how fast the production server answers its main pages on a large catalogue,
 * compared with the fastest this machine can serve the same bytes.
 *
 * 1. Builds when the build is stale (the test helper's ensureBuilt).
 * 2. Prepares a database: a scratch PostgreSQL database when BENCH_DATABASE_URL (default
 *    postgres://postgres@127.0.0.1:5432/test) answers, else an embedded PGlite directory;
 *    the demo shop plus BENCH_PRODUCTS (5,000) generated products are written before the
 *    server starts (PGlite's files can have one process only).
 * 3. Starts the production server on it, and for /, a category, a product and search:
 *    the response size as the app sends it (Accept-Encoding as Chrome over HTTPS), the JavaScript the page loads gzipped (modulepreload and
 *    script URLs under /assets), and autocannon's requests/s and p50/p99 latency with
 *    BENCH_CONNECTIONS concurrent connections for BENCH_DURATION seconds.
 *    The product page is also asked for as a signed-in customer with a pet ('Produto (logada)',
 *    her session cookie on every request; decision 055).
 * 3b. Then the same pages from a server with the page cache on (PAGE_CACHE=on, issue 14):
 *    requests/s and p99 of a cache hit, and their ratio to the static bound.
 *    'Módulo JS' is the largest module of the home page's first load, as the app sends it
 *    (compressed at build time, decision 064): not a page, so not in the page cache's columns.
 * 4. Serves the very same (gzipped) bytes from a bare node:http process and measures it the
 *    same way: the upper bound. The ratio app/static says how much of it the app reaches.
 * Prints a table and writes bench-results/bench-{time}.json. BENCH_PROFILE=dir also writes a V8
 * CPU profile of the uncached server and prints where its CPU went, by package and by function
 * (scripts/cpu-profile-summary.ts); BENCH_PAGES=produto keeps one page, so the profile is that page's.
 * The servers run one process (WEB_CONCURRENCY=1); BENCH_WORKERS=auto runs them as `npm start` does on
 * PostgreSQL, one per core (decision 062); a profile is always of one.
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process'
import http from 'node:http'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus, tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon, { type Result } from 'autocannon'
import { createScratchPostgresDatabase } from '#tests/setup/scratch-postgres'
import { ensureBuilt, freePort, startAppServer } from '#tests/support/app-server'
import { formatProfileSummary, readCpuProfile, summarizeCpuProfile } from './cpu-profile-summary'

// The seeding below runs app code in this process: keep its info logs out of the report.
process.env.LOG_LEVEL ??= 'warn'

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20)
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10)
const EXTRA_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5000)
/** BENCH_PAGES=início,produto: only those rows (names as printed, lower case). */
const PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',').map((name) => name.trim().toLowerCase()) : null
const PROFILE_DIR = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null
/**
 * BENCH_WORKERS=auto: as `npm start` on PostgreSQL (decision 062: one process per core, at most 4).
 * Default 1: on this 2-core machine the load generator takes a core, and a second server process
 * competes with it (decision 062's figures); one process is also what the issue first measured.
 */
const WORKERS = process.env.BENCH_WORKERS ?? '1'
const POSTGRES_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
/**
 * What Chrome asks for over HTTPS (a shop is served over HTTPS): the app pays for its compression
 * as in real use (brotli for these browsers). BENCH_ACCEPT_ENCODING=gzip measures the older path.
 */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd'
const REQUEST_HEADERS = { 'accept-encoding': ACCEPT_ENCODING }

/** `cookie`: the page as a signed-in customer asks for it (her session cookie). */
type Target = {
	name: string
	path: string
	optional?: boolean
	cookie?: string
	/** Not a page: its cached figures are those of the search suggestion cache (decision 047), not the page cache. */
	suggestions?: true
	/** A file of the browser build, as compressed at build time (decision 064); the page cache has nothing to do with it. */
	asset?: true
}

type PageFigures = {
	name: string
	path: string
	/** Asked with a customer's session cookie (signed in, with a pet). */
	signedIn: boolean
	status: number
	contentType: string
	bodyBytes: number
	/** As sent by the app with the bench's Accept-Encoding (not the whole body compressed afterwards). */
	bodyGzipBytes: number
	jsFiles: string[]
	jsGzipBytes: number
	/** Median of 20 sequential requests (no concurrency), ms. */
	singleRequestMs: number
	/** The server's own figures for those 20 requests (REQUEST_METRICS=on), medians: database queries, ms until the response finished. */
	server: { queries: number; ms: number; cpuMs: number } | null
	app: LoadFigures
	static: LoadFigures
	/** app requests/s ÷ static requests/s */
	ratio: number
	/** The same page from the page cache (PAGE_CACHE=on, issue 14); null for pages it does not keep. */
	cached: (LoadFigures & { ratio: number; xCache: string | null }) | null
}

type LoadFigures = { requestsPerSecond: number; p50Ms: number; p99Ms: number; non2xx: number; errors: number; total: number }

type Database = { kind: 'postgres' | 'pglite'; url: string; cleanup(): Promise<void> }

function log(message: string) {
	process.stdout.write(`» ${message}\n`)
}

/** Scratch PostgreSQL when the server answers, else a PGlite directory. */
async function createDatabase(): Promise<Database> {
	try {
		const scratch = await createScratchPostgresDatabase(POSTGRES_BASE, `bench_${Date.now()}_${process.pid}`)
		return { kind: 'postgres', url: scratch.url, cleanup: scratch.drop }
	} catch (error) {
		log(`PostgreSQL indisponível em ${POSTGRES_BASE} (${(error as Error).message}); usando PGlite`)
		const dir = mkdtempSync(path.join(tmpdir(), 'loja-bench-db-'))
		return {
			kind: 'pglite',
			url: `pglite://${path.join(dir, 'db')}`,
			cleanup: async () => rmSync(dir, { recursive: true, force: true }),
		}
	}
}

/** Migrates, writes the demo shop and the generated products, analyzes, and lets the database go. */
async function seedDatabase(database: Database): Promise<number> {
	const [{ connectDatabase, setConnection }, { seedDemoData }, { seedLargeCatalogue }, { sql }] = await Promise.all([
		import('~/server/db.server'),
		import('~/server/seed/seed.server'),
		import('~/server/seed/large-catalogue.server'),
		import('drizzle-orm'),
	])
	const connection = await connectDatabase(database.url, tmpdir())
	try {
		await seedDemoData(connection.db)
		await seedLargeCatalogue(connection.db, EXTRA_PRODUCTS)
		// Planner statistics as autovacuum would leave them a minute later: without them the bulk
		// insert looks like an empty catalogue to the planner and the figures measure stale plans.
		await connection.db.execute(sql`analyze`)
		const result = (await connection.db.execute(sql`select count(*)::int as n from products`)) as unknown as {
			rows: { n: number }[]
		}
		return Number(result.rows[0]?.n ?? 0)
	} finally {
		await connection.close()
		setConnection(undefined)
	}
}

async function fetchBytes(url: string, cookie?: string): Promise<{ status: number; contentType: string; body: Buffer }> {
	const response = await fetch(url, cookie ? { headers: { cookie } } : {})
	return {
		status: response.status,
		contentType: response.headers.get('content-type') ?? 'application/octet-stream',
		body: Buffer.from(await response.arrayBuffer()),
	}
}

/** Same level as the server's compression middleware (zlib's default, 6). */
function gzipSize(body: Buffer): number {
	return gzipSync(body).length
}

/**
 * The bytes the server really sends for the bench's Accept-Encoding: a streamed page flushed
 * in small pieces compresses far worse than its whole body would (see entry.server).
 */
function wireBytes(url: string): Promise<number> {
	return new Promise((resolve, reject) => {
		http
			.get(url, { headers: REQUEST_HEADERS }, (res) => {
				let total = 0
				res.on('data', (chunk: Buffer) => (total += chunk.length))
				res.on('end', () => resolve(total))
				res.on('error', reject)
			})
			.on('error', reject)
	})
}

/** Script URLs the page loads from /assets: modulepreload links, script src and import("…"). */
export function assetScripts(html: string): string[] {
	const found = new Set<string>()
	for (const match of html.matchAll(/["'](\/assets\/[^"']+\.m?js)["']/g)) found.add(match[1] as string)
	return [...found]
}

/** The path of the largest of these files, uncompressed. */
async function largestOf(files: string[], bodyOf: (file: string) => Promise<Buffer>): Promise<string | null> {
	let largest: { file: string; bytes: number } | null = null
	for (const file of files) {
		const body = await bodyOf(file)
		if (!largest || body.length > largest.bytes) largest = { file, bytes: body.length }
	}
	return largest?.file ?? null
}

function withCookie(cookie: string | undefined): Record<string, string> {
	return cookie ? { ...REQUEST_HEADERS, cookie } : REQUEST_HEADERS
}

/**
 * A customer signed in, with a pet whose neck the product page turns into a size suggestion
 * (issue 10): her session cookie, for the signed-in rows. Through the app's own forms.
 */
async function signedInCustomer(base: string): Promise<string> {
	const id = `${Date.now().toString(36)}${process.pid}`
	const email = `bench.${id}@exemplo.test`
	const password = `senha-${id}-segura`
	const post = (pathname: string, form: Record<string, string>, cookie = '') =>
		fetch(`${base}${pathname}`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, cookie },
			body: new URLSearchParams(form).toString(),
		})
	await (await post('/auth', { intent: 'signup', firstName: 'Cliente', email, password })).arrayBuffer()
	const signedIn = await post('/auth', { intent: 'signin', email, password })
	await signedIn.arrayBuffer()
	const session = signedIn.headers
		.getSetCookie()
		.find((c) => c.startsWith('loja_session='))
		?.split(';')[0]
	if (!session) throw new Error(`login do cliente do bench falhou: ${signedIn.status}`)
	const pet = await post('/user/pets', { intent: 'add', name: 'Thor', breed: '', neckCm: '32', birthday: '' }, session)
	await pet.arrayBuffer()
	if (pet.status >= 400) throw new Error(`pet do cliente do bench: ${pet.status}`)
	return session
}

/** A real product handle: the first product linked from the bandana category page. */
async function productPath(base: string): Promise<string> {
	const { body } = await fetchBytes(`${base}/categoria/bandanas`)
	const match = /href="(\/produto\/[a-z0-9-]+)"/.exec(body.toString('utf8'))
	if (!match?.[1]) throw new Error('nenhum produto na página /categoria/bandanas')
	return match[1]
}

async function load(url: string, cookie?: string): Promise<LoadFigures> {
	const result: Result = await autocannon({
		url,
		connections: CONNECTIONS,
		duration: DURATION_SECONDS,
		headers: withCookie(cookie),
		timeout: 30,
	})
	return {
		requestsPerSecond: Math.round(result.requests.average * 10) / 10,
		p50Ms: result.latency.p50,
		p99Ms: result.latency.p99,
		non2xx: result.non2xx,
		errors: result.errors + result.timeouts,
		total: result.requests.total,
	}
}

/**
 * Sequential requests first, so the load run does not measure cold caches and JIT; their
 * median is the page's cost with no queue in front of it (one connection).
 */
async function warmUp(url: string, cookie?: string): Promise<number> {
	const times: number[] = []
	for (let i = 0; i < 20; i += 1) {
		const started = performance.now()
		await fetch(url, { headers: withCookie(cookie) }).then((r) => r.arrayBuffer())
		times.push(performance.now() - started)
	}
	times.sort((a, b) => a - b)
	return Math.round((times[times.length >> 1] ?? 0) * 10) / 10
}

/**
 * Untimed rounds over every page before the first measured one: V8 optimises the server's render
 * code only after many calls, and without this the first page measured paid for it (the anonymous
 * product page measured ~14 ms of CPU before the signed-in one and ~8 ms after it, in either order).
 */
async function warmUpServer(base: string, targets: { path: string; cookie?: string }[]): Promise<void> {
	for (let round = 0; round < 3; round += 1) {
		for (const target of targets) {
			for (let i = 0; i < 30; i += 1)
				await fetch(`${base}${target.path}`, { headers: withCookie(target.cookie) }).then((r) => r.arrayBuffer())
		}
	}
}

/** Medians of the server's `request-metrics` lines (server/request-metrics-log.ts) for one path. */
function requestMetrics(logChunks: string[], pagePath: string): { queries: number; ms: number; cpuMs: number } | null {
	const pathname = new URL(pagePath, 'http://bench').pathname
	const lines = logChunks
		.join('')
		.split('\n')
		.filter((line) => line.startsWith('request-metrics '))
		.map((line) => JSON.parse(line.slice('request-metrics '.length)) as { path: string; queries: number; ms: number; cpuMs: number })
		.filter((line) => line.path === pathname)
	if (lines.length === 0) return null
	const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1] ?? 0
	return { queries: median(lines.map((l) => l.queries)), ms: median(lines.map((l) => l.ms)), cpuMs: median(lines.map((l) => l.cpuMs)) }
}

/** The last profile `--cpu-prof` wrote into `dir`. */
function newestCpuProfile(dir: string): string | null {
	const files = readdirSync(dir)
		.filter((name) => name.endsWith('.cpuprofile'))
		.map((name) => path.join(dir, name))
	return files.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0] ?? null
}

async function startStaticServer(pages: { path: string; body: Buffer; contentType: string }[], dir: string) {
	const manifest = pages.map((page, index) => {
		const file = path.join(dir, `${index}.gz`)
		writeFileSync(file, gzipSync(page.body))
		return { path: page.path, file, contentType: page.contentType }
	})
	const manifestFile = path.join(dir, 'pages.json')
	writeFileSync(manifestFile, JSON.stringify(manifest))
	const port = await freePort()
	const child: ChildProcess = spawn(process.execPath, ['scripts/bench-static-server.mjs', manifestFile, String(port)], {
		stdio: ['ignore', 'pipe', 'inherit'],
	})
	await new Promise<void>((resolve, reject) => {
		child.once('exit', (code) => reject(new Error(`servidor estático saiu com código ${code}`)))
		child.stdout?.once('data', () => resolve())
	})
	return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') }
}

function kb(bytes: number): string {
	return (bytes / 1024).toFixed(1)
}

function printTable(rows: PageFigures[]) {
	const header = [
		'Página',
		'Caminho',
		'1 req ms',
		'consultas',
		'servidor ms',
		'CPU ms',
		'req/s',
		'p50 ms',
		'p99 ms',
		'não-2xx',
		'HTML KB enviado',
		'JS gz KB',
		'estático req/s',
		'estático p99',
		'app/estático',
		'cache req/s',
		'cache p99',
		'cache/estático',
	]
	const lines = rows.map((r) => [
		r.name,
		r.path,
		String(r.singleRequestMs),
		r.server ? String(r.server.queries) : '–',
		r.server ? String(r.server.ms) : '–',
		r.server ? String(r.server.cpuMs) : '–',
		String(r.app.requestsPerSecond),
		String(r.app.p50Ms),
		String(r.app.p99Ms),
		String(r.app.non2xx + r.app.errors),
		kb(r.bodyGzipBytes),
		kb(r.jsGzipBytes),
		String(r.static.requestsPerSecond),
		String(r.static.p99Ms),
		`${(r.ratio * 100).toFixed(1)}%`,
		r.cached ? String(r.cached.requestsPerSecond) : '–',
		r.cached ? String(r.cached.p99Ms) : '–',
		r.cached ? `${(r.cached.ratio * 100).toFixed(1)}%` : '–',
	])
	const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)))
	const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')
	process.stdout.write(`\n${format(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}\n`)
	for (const line of lines) process.stdout.write(`${format(line)}\n`)
}

function gitCommit(): string | null {
	try {
		return execSync('git rev-parse HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
			.toString()
			.trim()
	} catch {
		return null
	}
}

async function main() {
	const started = Date.now()
	log('build (só quando desatualizado)')
	ensureBuilt()

	const database = await createDatabase()
	const workDir = mkdtempSync(path.join(tmpdir(), 'loja-bench-'))
	let server: Awaited<ReturnType<typeof startAppServer>> | undefined
	let staticServer: Awaited<ReturnType<typeof startStaticServer>> | undefined
	try {
		log(`banco ${database.kind}: demonstração + ${EXTRA_PRODUCTS} produtos gerados`)
		const seedStarted = Date.now()
		const productCount = await seedDatabase(database)
		log(`${productCount} produtos em ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`)

		// First without the page cache (every request rendered), then with it (issue 14).
		server = await startAppServer(
			{
				DATABASE_URL: database.url,
				LOG_LEVEL: 'warn',
				SEED_DEMO: 'false',
				PAGE_CACHE: 'off',
				CATALOGUE_CACHE: 'on',
				// Every search runs, as every page renders; the cached run below keeps them 5 s.
				SEARCH_CACHE_MS: '0',
				REQUEST_METRICS: 'on',
				// BENCH_WORKERS (decision 062); one process when profiling it.
				WEB_CONCURRENCY: PROFILE_DIR ? '1' : WORKERS,
			},
			// BENCH_PROFILE=dir: a V8 CPU profile of the uncached server (open it in Chrome's DevTools).
			{ nodeArgs: PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR] : [] },
		)
		log(`servidor em ${server.url} (${database.kind === 'postgres' ? `WEB_CONCURRENCY=${PROFILE_DIR ? 1 : WORKERS}` : '1 processo'})`)

		const product = await productPath(server.url)
		const session = await signedInCustomer(server.url)
		const allTargets: Target[] = [
			{ name: 'Início', path: '/' },
			{ name: 'Categoria', path: '/categoria/bandanas' },
			// Optional while those routes are being built: reported when they answer 200.
			{ name: 'Produto', path: product, optional: true },
			// The same page for a signed-in customer with a pet (decision 055).
			{ name: 'Produto (logada)', path: product, cookie: session },
			{ name: 'Busca', path: '/resources/search?q=laco', optional: true, suggestions: true },
			{ name: 'Assinaturas', path: '/assinaturas', optional: true },
			{ name: 'Sitemap', path: '/sitemap.xml', optional: true },
		]

		// The largest module a first visit loads (the client entry: React DOM), as the app sends it to a
		// browser that takes Brotli: what a spike of first visits asks for ~50 times per page (decision 064).
		// Each module is fetched once: for the largest one here and for the JavaScript per page below.
		const moduleBodies = new Map<string, Buffer>()
		const appUrl = server.url
		const moduleBody = async (file: string): Promise<Buffer> => {
			const known = moduleBodies.get(file)
			if (known) return known
			const asset = await fetchBytes(`${appUrl}${file}`)
			if (asset.status !== 200) throw new Error(`${file} respondeu ${asset.status}`)
			moduleBodies.set(file, asset.body)
			return asset.body
		}
		const homeScripts = assetScripts((await fetchBytes(`${server.url}/`)).body.toString('utf8'))
		const largestModule = await largestOf(homeScripts, moduleBody)
		if (largestModule) allTargets.push({ name: 'Módulo JS', path: largestModule, asset: true })

		const targets = allTargets.filter((target) => PAGES === null || PAGES.includes(target.name.toLowerCase()))
		const pages: { target: Target; status: number; contentType: string; body: Buffer; jsFiles: string[]; jsGzipBytes: number }[] = []
		const assetSizes = new Map<string, number>()
		for (const target of targets) {
			const page = await fetchBytes(`${server.url}${target.path}`, target.cookie)
			if (page.status !== 200) {
				if (target.optional) {
					log(`${target.path} respondeu ${page.status}: fora do relatório`)
					continue
				}
				throw new Error(`${target.path} respondeu ${page.status}`)
			}
			const jsFiles = page.contentType.includes('text/html') ? assetScripts(page.body.toString('utf8')) : []
			let jsGzipBytes = 0
			for (const file of jsFiles) {
				if (!assetSizes.has(file)) assetSizes.set(file, gzipSize(await moduleBody(file)))
				jsGzipBytes += assetSizes.get(file) ?? 0
			}
			pages.push({ target, ...page, jsFiles, jsGzipBytes })
		}

		// One static copy per path (the signed-in row asks for a path already listed).
		const staticPages = pages.filter((p, index) => pages.findIndex((q) => q.target.path === p.target.path) === index)
		staticServer = await startStaticServer(
			staticPages.map((p) => ({ path: p.target.path, body: p.body, contentType: p.contentType })),
			workDir,
		)

		log('aquecimento: 3 voltas de 30 pedidos por página, fora das medidas')
		await warmUpServer(
			server.url,
			pages.filter((page) => !page.target.asset).map((page) => page.target),
		)

		const rows: PageFigures[] = []
		const cookies = new Map<PageFigures, string | undefined>()
		for (const page of pages) {
			const { path: pagePath, cookie } = page.target
			log(`carga: ${page.target.name} ${pagePath} (${CONNECTIONS} conexões, ${DURATION_SECONDS} s, app e estático)`)
			const logsBefore = server.logs.length
			const singleRequestMs = await warmUp(`${server.url}${pagePath}`, cookie)
			const serverFigures = requestMetrics(server.logs.slice(logsBefore), pagePath)
			const app = await load(`${server.url}${pagePath}`, cookie)
			// The bound for a path already measured is the one measured.
			let bound = rows.find((r) => r.path === pagePath)?.static
			if (!bound) {
				await warmUp(`${staticServer.url}${pagePath}`)
				bound = await load(`${staticServer.url}${pagePath}`)
			}
			const row: PageFigures = {
				name: page.target.name,
				path: pagePath,
				signedIn: cookie !== undefined,
				status: page.status,
				contentType: page.contentType,
				bodyBytes: page.body.length,
				bodyGzipBytes: await wireBytes(`${server.url}${pagePath}`),
				jsFiles: page.jsFiles,
				jsGzipBytes: page.jsGzipBytes,
				singleRequestMs,
				server: serverFigures,
				app,
				static: bound,
				ratio: bound.requestsPerSecond > 0 ? app.requestsPerSecond / bound.requestsPerSecond : 0,
				cached: null,
			}
			rows.push(row)
			cookies.set(row, cookie)
		}

		await server.stop()
		// The profile is written as the server exits: where its CPU went, by package and function.
		const profile = PROFILE_DIR ? newestCpuProfile(PROFILE_DIR) : null
		const profileSummary = profile ? summarizeCpuProfile(readCpuProfile(profile)) : null
		server = await startAppServer({
			DATABASE_URL: database.url,
			LOG_LEVEL: 'warn',
			SEED_DEMO: 'false',
			PAGE_CACHE: 'on',
			CATALOGUE_CACHE: 'on',
			SEARCH_CACHE_MS: '5000',
			WEB_CONCURRENCY: WORKERS,
		})
		log(`servidor com cache de páginas em ${server.url}`)
		for (const row of rows) {
			const cookie = cookies.get(row)
			const target = targets.find((t) => t.path === row.path)
			if (target?.asset) continue
			await warmUp(`${server.url}${row.path}`, cookie)
			const probe = await fetch(`${server.url}${row.path}`, { headers: withCookie(cookie) })
			await probe.arrayBuffer()
			const xCache = target?.suggestions ? 'sugestões' : probe.headers.get('x-cache')
			if (xCache !== 'HIT' && xCache !== 'sugestões') {
				log(`${row.name} ${row.path}: fora do cache de páginas (${xCache ?? 'sem X-Cache'})`)
				continue
			}
			log(`carga com cache: ${row.name} ${row.path}`)
			const figures = await load(`${server.url}${row.path}`, cookie)
			row.cached = {
				...figures,
				xCache,
				ratio: row.static.requestsPerSecond > 0 ? figures.requestsPerSecond / row.static.requestsPerSecond : 0,
			}
		}

		printTable(rows)
		if (profile && profileSummary) process.stdout.write(`\n${formatProfileSummary(profile, profileSummary)}\n`)
		const report = {
			date: new Date().toISOString(),
			commit: gitCommit(),
			node: process.version,
			cpus: availableParallelism(),
			cpuModel: cpus()[0]?.model ?? null,
			database: database.kind,
			products: productCount,
			connections: CONNECTIONS,
			durationSeconds: DURATION_SECONDS,
			requestHeaders: REQUEST_HEADERS,
			webConcurrency: database.kind === 'postgres' ? WORKERS : '1',
			pages: rows,
			cpuProfile: profile ? { file: profile, ...profileSummary } : null,
		}
		mkdirSync('bench-results', { recursive: true })
		const file = path.join('bench-results', `bench-${report.date.replace(/[:.]/g, '-')}.json`)
		writeFileSync(file, `${JSON.stringify(report, null, '\t')}\n`)
		log(`resultado em ${file} (${((Date.now() - started) / 1000).toFixed(0)} s no total)`)
	} finally {
		staticServer?.stop()
		await server?.stop()
		await database.cleanup()
		rmSync(workDir, { recursive: true, force: true })
	}
}

main().catch((error: unknown) => {
	console.error(error)
	process.exitCode = 1
})
