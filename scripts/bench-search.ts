/**
 * `npm run bench:search` (issue 14, decision 047): the built-in search on a large catalogue.
 *
 * 1. A scratch PostgreSQL database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 *    with the demo shop plus BENCH_PRODUCTS (50,000) generated products, then VACUUM ANALYZE.
 * 2. searchProducts() itself (the panel's 8 results: the search queries plus loading the
 *    summaries) over a mix of what shoppers type — whole words, prefixes while typing, words
 *    without their accents, typos, tag and type words, nothing found — BENCH_RUNS times each
 *    after a warm-up: p50/p95/p99 overall, per kind and per query.
 * 3. EXPLAIN (ANALYZE, BUFFERS) of every statement a few of those queries run.
 * 4. GET /resources/search end to end against the production server on that database: one
 *    request at a time, then BENCH_CONNECTIONS at once for BENCH_DURATION seconds; first with
 *    the suggestion cache off (SEARCH_CACHE_MS=0: every request searches), then on (5 s).
 * 5. The same catalogue in an embedded PGlite (BENCH_PGLITE_PRODUCTS, default BENCH_PRODUCTS;
 *    0 skips it): searchProducts() timings and the plans again.
 *
 * Prints the figures and writes bench-results/bench-search-{time}.json. KEEP_DATABASE=1 keeps
 * the PostgreSQL database (its URL is printed). It builds when the build is stale.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { execSync } from 'node:child_process'
import { createScratchPostgresDatabase } from '#tests/setup/scratch-postgres'
import { ensureBuilt, startAppServer } from '#tests/support/app-server'
import type { SQL } from 'drizzle-orm'
import type * as DrizzleModule from 'drizzle-orm'
import type * as SearchModule from '~/commerce/builtin/search.server'
import type * as DbModule from '~/server/db.server'
import type * as LargeCatalogueModule from '~/server/seed/large-catalogue.server'
import type * as SeedModule from '~/server/seed/seed.server'

process.env.LOG_LEVEL ??= 'warn'

const POSTGRES_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const EXTRA_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000)
const PGLITE_PRODUCTS = Number(process.env.BENCH_PGLITE_PRODUCTS ?? EXTRA_PRODUCTS)
const RUNS = Number(process.env.BENCH_RUNS ?? 20)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8)
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10)

/** What shoppers type, by kind (the generated catalogue: bandanas, bows, collars, bow ties, scarves). */
const MIX: Record<string, string[]> = {
	palavra: ['bandana', 'lacinho', 'coleira', 'cachecol', 'gravata borboleta', 'bandana xadrez vermelho'],
	prefixo: ['ba', 'ban', 'band', 'la', 'lac', 'co', 'col', 'gra', 'cach'],
	'sem acento': ['laco', 'lilas', 'verao', 'retro', 'classica', 'poa azul'],
	'erro de digitação': ['bandana xadres', 'coleria', 'cachecou', 'vermleho', 'turqesa', 'gravta borboleta'],
	'tag/tipo': ['xadrez', 'tropical', 'inverno', 'natal', 'gravata'],
	'sem resultado': ['nada disso aqui', 'zq', 'xyzw', 'shampoo de coco'],
}
const QUERIES = Object.entries(MIX).flatMap(([kind, queries]) => queries.map((query) => ({ kind, query })))
/** Whose plans are printed: one of each kind that reaches the typo-tolerant pass, and two that stop early. */
const PLAN_QUERIES = ['bandana', 'ba', 'laco', 'bandana xadres', 'vermleho', 'zq']

type Figures = { n: number; p50: number; p95: number; p99: number }

function figures(samples: number[]): Figures {
	const sorted = [...samples].sort((a, b) => a - b)
	const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)] ?? Number.NaN
	const round = (n: number) => Math.round(n * 10) / 10
	return { n: sorted.length, p50: round(at(50)), p95: round(at(95)), p99: round(at(99)) }
}

function line(label: string, f: Figures): string {
	return `${label.padEnd(28)} p50 ${f.p50.toFixed(1).padStart(6)} ms  p95 ${f.p95.toFixed(1).padStart(6)} ms  p99 ${f.p99.toFixed(1).padStart(6)} ms  (${f.n})`
}

function out(text: string) {
	process.stdout.write(`${text}\n`)
}

type App = {
	connectDatabase: typeof DbModule.connectDatabase
	setConnection: typeof DbModule.setConnection
	queryRows: typeof DbModule.queryRows
	db: () => typeof DbModule.db
	seedDemoData: typeof SeedModule.seedDemoData
	seedLargeCatalogue: typeof LargeCatalogueModule.seedLargeCatalogue
	search: typeof SearchModule
	sql: typeof DrizzleModule.sql
}

async function loadApp(): Promise<App> {
	const [dbModule, { seedDemoData }, { seedLargeCatalogue }, search, { sql }] = await Promise.all([
		import('~/server/db.server'),
		import('~/server/seed/seed.server'),
		import('~/server/seed/large-catalogue.server'),
		import('~/commerce/builtin/search.server'),
		import('drizzle-orm'),
	])
	return {
		connectDatabase: dbModule.connectDatabase,
		setConnection: dbModule.setConnection,
		queryRows: dbModule.queryRows,
		db: () => dbModule.db,
		seedDemoData,
		seedLargeCatalogue,
		search,
		sql,
	}
}

/** Demo shop + `count` generated products, then VACUUM ANALYZE (what autovacuum does a minute after a bulk insert). */
async function seed(app: App, url: string, count: number): Promise<{ close(): Promise<void>; products: number; seconds: number }> {
	const started = performance.now()
	const connection = await app.connectDatabase(url, tmpdir())
	await app.seedDemoData(connection.db)
	await app.seedLargeCatalogue(connection.db, count)
	await connection.db.execute(app.sql`vacuum analyze`).catch(() => connection.db.execute(app.sql`analyze`))
	const [row] = await app.queryRows<{ n: number }>(app.sql`select count(*)::int as n from products`)
	return {
		close: async () => {
			await connection.close()
			app.setConnection(undefined)
		},
		products: Number(row?.n ?? 0),
		seconds: Math.round((performance.now() - started) / 100) / 10,
	}
}

/** searchProducts() over the mix: overall, per kind, per query. */
async function timeSearch(app: App) {
	const all: number[] = []
	const byKind = new Map<string, number[]>()
	const byQuery: { kind: string; query: string; found: number; figures: Figures }[] = []
	for (const { kind, query } of QUERIES) {
		for (let i = 0; i < 3; i++) await app.search.searchProducts(query)
		const samples: number[] = []
		let found = 0
		for (let i = 0; i < RUNS; i++) {
			const started = performance.now()
			found = (await app.search.searchProducts(query)).length
			samples.push(performance.now() - started)
		}
		all.push(...samples)
		byKind.set(kind, [...(byKind.get(kind) ?? []), ...samples])
		byQuery.push({ kind, query, found, figures: figures(samples) })
	}
	out(line('searchProducts, todas', figures(all)))
	for (const [kind, samples] of byKind) out(line(`  ${kind}`, figures(samples)))
	for (const q of byQuery) out(line(`    ${JSON.stringify(q.query)} → ${q.found}`, q.figures))
	return { all: figures(all), byKind: Object.fromEntries([...byKind].map(([k, s]) => [k, figures(s)])), byQuery }
}

/** EXPLAIN ANALYZE of each statement the search runs for `query` (the functions of decision 047). */
async function plans(app: App): Promise<Record<string, string[]>> {
	const { search, sql, queryRows } = app
	const result: Record<string, string[]> = {}
	if (!('literalTitleParts' in search)) {
		out('(planos: esta versão da busca não expõe suas consultas)')
		return result
	}
	for (const query of PLAN_QUERIES) {
		const tokens = search.searchTokens(query)
		const text = await app.db().transaction(async (tx) => {
			await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.5', true)`)
			const explain = async (label: string, statement: SQL) => {
				const rows = await queryRows<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers, costs off) ${statement}`, tx)
				return [`-- ${label}`, ...rows.map((r) => r['QUERY PLAN'])]
			}
			const lines: string[] = []
			const literal: string[] = []
			// Decision 056: the catalogue's words holding each typed word; one that none holds skips the first tier.
			const terms = 'catalogueTerms' in search ? await search.catalogueTerms(tokens, tx) : undefined
			if (terms)
				lines.push(
					...(await explain(
						`0. catalogueTerms: ${JSON.stringify(terms.map((t) => t.length))} palavras`,
						search.catalogueTermsQuery(tokens),
					)),
				)
			const absent = terms?.some((t) => t.length === 0) ?? false
			for (const [i, part] of absent ? [] : search.literalTitleParts(tokens).entries()) {
				const statement = search.literalTitleQuery(part, 8, { prefix: i === 0 })
				lines.push(...(await explain(`1.${i + 1} literalTitleQuery`, statement)))
				for (const { id } of await queryRows<{ id: string }>(statement, tx)) if (!literal.includes(id)) literal.push(id)
				if (literal.length >= 8) return [...lines, '(8 no primeiro nível: a busca para aqui)']
			}
			const similar = await search.similarWords(tokens, tx)
			lines.push(`-- 2. similarWords: ${JSON.stringify(similar)}`)
			if (terms?.some((t, i) => t.length === 0 && (similar[i] ?? []).length === 0))
				return [...lines, '(uma palavra sem correspondência: a busca para aqui)']
			const words = terms ? await search.productWords(tokens, terms, similar, tx) : undefined
			if (words && 'productSearchQuery' in search) {
				// Decision 056, "Common-word typos": the candidates, a title length at a time, then
				// ranked in the same statement (searchProductIds runs the second one only).
				const statement = search.productSearchQuery(tokens, words, 200)
				lines.push(...(await explain('3. productSearchQuery', statement)))
				lines.push(...(await explain('4. rankedQuery(productSearchQuery)', search.rankedQuery(tokens, statement, 8 - literal.length))))
				return lines
			}
			const queries = search.candidateQueries(tokens, similar, 200)
			lines.push(...(await explain('3a. candidateQueries.walk', queries.walk)))
			let candidates = (await queryRows<{ id: string }>(queries.walk, tx)).map((r) => r.id)
			if (candidates.length < 200) {
				await tx.execute(queries.allSettings)
				lines.push(...(await explain('3b. candidateQueries.all', queries.all)))
				candidates = (await queryRows<{ id: string }>(queries.all, tx)).map((r) => r.id)
				await tx.execute(sql`select set_config('enable_indexscan', 'on', true), set_config('enable_seqscan', 'on', true)`)
			}
			if (candidates.length === 0) return lines
			lines.push(
				...(await explain(`4. rankedQuery (${candidates.length} candidatos)`, search.rankedQuery(tokens, candidates, 8 - literal.length))),
			)
			return lines
		})
		result[query] = text
		out(`--- ${JSON.stringify(query)}\n${text.join('\n')}\n`)
	}
	return result
}

/** GET /resources/search for each query of the mix, one at a time, RUNS rounds. */
async function sequential(base: string): Promise<Figures> {
	const samples: number[] = []
	for (const { query } of QUERIES) await (await fetch(`${base}/resources/search?q=${encodeURIComponent(query)}`)).arrayBuffer()
	for (let round = 0; round < RUNS; round++) {
		for (const { query } of QUERIES) {
			const started = performance.now()
			const response = await fetch(`${base}/resources/search?q=${encodeURIComponent(query)}`)
			await response.arrayBuffer()
			if (response.status !== 200) throw new Error(`/resources/search?q=${query} respondeu ${response.status}`)
			samples.push(performance.now() - started)
		}
	}
	return figures(samples)
}

/** CONNECTIONS loops over the mix (each from its own place in it) for DURATION_SECONDS. */
async function concurrent(base: string): Promise<Figures & { requestsPerSecond: number; errors: number }> {
	const samples: number[] = []
	let errors = 0
	const started = performance.now()
	const until = started + DURATION_SECONDS * 1000
	await Promise.all(
		Array.from({ length: CONNECTIONS }, async (_, worker) => {
			for (let i = worker * 5; performance.now() < until; i++) {
				const { query } = QUERIES[i % QUERIES.length] as { query: string }
				const t0 = performance.now()
				const response = await fetch(`${base}/resources/search?q=${encodeURIComponent(query)}`)
				await response.arrayBuffer()
				if (response.status !== 200) errors++
				samples.push(performance.now() - t0)
			}
		}),
	)
	const seconds = (performance.now() - started) / 1000
	return { ...figures(samples), requestsPerSecond: Math.round(samples.length / seconds), errors }
}

async function endToEnd(databaseUrl: string) {
	const result: Record<string, { sequential: Figures; concurrent: Awaited<ReturnType<typeof concurrent>> }> = {}
	for (const [label, cacheMs] of [
		['sem cache de sugestões', '0'],
		['com cache de sugestões', '5000'],
	] as const) {
		const server = await startAppServer({ DATABASE_URL: databaseUrl, SEED_DEMO: 'false', SEARCH_CACHE_MS: cacheMs })
		try {
			const one = await sequential(server.url)
			const many = await concurrent(server.url)
			out(line(`GET /resources/search, ${label}, 1 por vez`, one))
			out(
				`${line(`GET /resources/search, ${label}, ${CONNECTIONS} conexões`, many)}  ${many.requestsPerSecond} req/s, ${many.errors} erros`,
			)
			result[label] = { sequential: one, concurrent: many }
		} finally {
			await server.stop()
		}
	}
	return result
}

async function main() {
	const started = Date.now()
	out('» build (só quando desatualizado)')
	ensureBuilt()
	const app = await loadApp()
	const report: Record<string, unknown> = {
		date: new Date().toISOString(),
		commit: execSync('git rev-parse --short HEAD').toString().trim(),
		runs: RUNS,
		connections: CONNECTIONS,
		durationSeconds: DURATION_SECONDS,
		mix: MIX,
		// Other work on the machine skews every figure: the load before and after says how much.
		loadAverageBefore: loadavg(),
	}

	const scratch = await createScratchPostgresDatabase(POSTGRES_BASE, `search_bench_${Date.now()}_${process.pid}`)
	try {
		const pg = await seed(app, scratch.url, EXTRA_PRODUCTS)
		out(`» PostgreSQL: ${pg.products} produtos em ${pg.seconds} s (${scratch.url})\n`)
		const postgres: Record<string, unknown> = { products: pg.products, seedSeconds: pg.seconds }
		try {
			postgres.search = await timeSearch(app)
			out('')
			postgres.plans = await plans(app)
		} finally {
			await pg.close()
		}
		postgres.endToEnd = await endToEnd(scratch.url)
		report.postgres = postgres
	} finally {
		if (process.env.KEEP_DATABASE === '1') out(`banco mantido: ${scratch.url}`)
		else await scratch.drop()
	}

	if (PGLITE_PRODUCTS > 0) {
		const dir = mkdtempSync(path.join(tmpdir(), 'loja-bench-search-'))
		try {
			const lite = await seed(app, `pglite://${path.join(dir, 'db')}`, PGLITE_PRODUCTS)
			out(`\n» PGlite: ${lite.products} produtos em ${lite.seconds} s\n`)
			try {
				report.pglite = { products: lite.products, seedSeconds: lite.seconds, search: await timeSearch(app), plans: await plans(app) }
			} finally {
				await lite.close()
			}
		} finally {
			rmSync(dir, { recursive: true, force: true })
		}
	}

	report.loadAverageAfter = loadavg()
	out(
		`» carga da máquina (1, 5, 15 min): antes ${(report.loadAverageBefore as number[]).map((n) => n.toFixed(1)).join(' ')}, depois ${loadavg()
			.map((n) => n.toFixed(1))
			.join(' ')}`,
	)
	mkdirSync('bench-results', { recursive: true })
	const file = path.join('bench-results', `bench-search-${String(report.date).replace(/[:.]/g, '-')}.json`)
	writeFileSync(file, `${JSON.stringify(report, null, '\t')}\n`)
	out(`» resultado em ${file} (${((Date.now() - started) / 1000).toFixed(0)} s no total)`)
}

main().catch((error: unknown) => {
	console.error(error)
	process.exitCode = 1
})
