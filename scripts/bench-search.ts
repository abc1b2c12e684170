/**
 * How fast the built-in search answers on a large catalogue (the header's search panel calls
 * it on every pause in typing):
 *
 *   npx tsx scripts/bench-search.ts
 *
 * Creates a scratch PostgreSQL database (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test), writes the demo shop plus BENCH_PRODUCTS (5,000)
 * generated products, ANALYZEs, then times searchProducts() for a few typical queries
 * (BENCH_RUNS each, after a warm-up) and prints the plan of the ranked query for each.
 * The database is dropped at the end unless KEEP_DATABASE=1 (its URL is printed).
 */
import { performance } from 'node:perf_hooks'
import { tmpdir } from 'node:os'
import { createScratchPostgresDatabase } from '#tests/setup/scratch-postgres'

process.env.LOG_LEVEL ??= 'warn'

const POSTGRES_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const EXTRA_PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5000)
const RUNS = Number(process.env.BENCH_RUNS ?? 50)
const QUERIES = ['laco', 'bandana xadres', 'bandana', 'ba', 'coleria', 'vermelho festa', 'shampoo', 'nada disso aqui']

function percentile(sorted: number[], p: number): number {
	return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN
}

async function main() {
	const scratch = await createScratchPostgresDatabase(POSTGRES_BASE, `search_bench_${Date.now()}_${process.pid}`)
	const [{ connectDatabase, setConnection, queryRows }, { seedDemoData }, { seedLargeCatalogue }, search, { sql }] =
		await Promise.all([
			import('~/server/db.server'),
			import('~/server/seed/seed.server'),
			import('~/server/seed/large-catalogue.server'),
			import('~/commerce/builtin/search.server'),
			import('drizzle-orm'),
		])
	const connection = await connectDatabase(scratch.url, tmpdir())
	try {
		await seedDemoData(connection.db)
		await seedLargeCatalogue(connection.db, EXTRA_PRODUCTS)
		await connection.db.execute(sql`analyze`)
		const [count] = await queryRows<{ n: number }>(sql`select count(*)::int as n from products`)
		process.stdout.write(`${count?.n} produtos em ${scratch.url}\n\n`)

		const lines: string[] = []
		for (const query of QUERIES) {
			for (let i = 0; i < 5; i++) await search.searchProducts(query)
			const times: number[] = []
			let found = 0
			for (let i = 0; i < RUNS; i++) {
				const started = performance.now()
				found = (await search.searchProducts(query)).length
				times.push(performance.now() - started)
			}
			times.sort((a, b) => a - b)
			lines.push(
				`${JSON.stringify(query).padEnd(20)} ${String(found).padStart(2)} resultados  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms`,
			)
		}
		process.stdout.write(`searchProducts (consulta + carga dos resumos), ${RUNS} execuções:\n${lines.join('\n')}\n\n`)

		if (process.env.SHOW_PLANS === '1') {
			for (const query of QUERIES) {
				const tokens = search.searchTokens(query)
				if (tokens.length === 0) continue
				const plan = await connection.db.transaction(async (tx) => {
					await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.5', true)`)
					return queryRows<{ 'QUERY PLAN': string }>(
						sql`explain (analyze, buffers) ${search.searchQuery(tokens, 8)}`,
						tx,
					)
				})
				process.stdout.write(`--- ${query}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}\n\n`)
			}
		}
	} finally {
		await connection.close()
		setConnection(undefined)
		if (process.env.KEEP_DATABASE === '1') process.stdout.write(`banco mantido: ${scratch.url}\n`)
		else await scratch.drop()
	}
}

await main()
