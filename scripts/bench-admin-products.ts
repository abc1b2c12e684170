/**
 * How fast the back-office product list answers at 50,000 products (issue 11: "search, filters
 * and paging that hold at 50,000 products"):
 *
 *   npx tsx scripts/bench-admin-products.ts
 *
 * Creates a scratch PostgreSQL database (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test), writes the demo shop plus BENCH_PRODUCTS (50,000)
 * generated products, ANALYZEs, then times listProductsForAdmin() for the list's usual views
 * (BENCH_RUNS each, after a warm-up). The database is dropped at the end.
 */
import { performance } from 'node:perf_hooks'
import { tmpdir } from 'node:os'
import { createScratchPostgresDatabase } from '#tests/setup/scratch-postgres'

process.env.LOG_LEVEL ??= 'warn'

const POSTGRES_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 20)

const VIEWS: Record<string, Record<string, string>> = {
	'primeira página': {},
	'página 500': { pagina: '500' },
	'busca por título': { q: 'bandana' },
	'busca por endereço': { q: 'gerado-1234' },
	'status rascunho': { status: 'draft' },
	'estoque baixo': { estoque: 'baixo' },
	esgotados: { estoque: 'esgotado' },
}

function percentile(sorted: number[], p: number): number {
	return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN
}

async function main() {
	const scratch = await createScratchPostgresDatabase(POSTGRES_BASE, `admin_list_bench_${Date.now()}_${process.pid}`)
	const [{ connectDatabase, setConnection }, { seedDemoData }, { seedLargeCatalogue }, list, { sql }] = await Promise.all([
		import('~/server/db.server'),
		import('~/server/seed/seed.server'),
		import('~/server/seed/large-catalogue.server'),
		import('~/server/catalog-admin/product-list.server'),
		import('drizzle-orm'),
	])
	const connection = await connectDatabase(scratch.url, tmpdir())
	try {
		await seedDemoData(connection.db)
		await seedLargeCatalogue(connection.db, PRODUCTS)
		await connection.db.execute(sql`analyze`)
		const lines: string[] = []
		for (const [label, params] of Object.entries(VIEWS)) {
			const query = list.productListQuerySchema.parse(params)
			for (let i = 0; i < 3; i++) await list.listProductsForAdmin(query)
			const times: number[] = []
			let total = 0
			for (let i = 0; i < RUNS; i++) {
				const started = performance.now()
				total = (await list.listProductsForAdmin(query)).total
				times.push(performance.now() - started)
			}
			times.sort((a, b) => a - b)
			lines.push(
				`${label.padEnd(20)} ${String(total).padStart(6)} produtos  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms`,
			)
		}
		process.stdout.write(`listProductsForAdmin (lista + contagem), ${RUNS} execuções:\n${lines.join('\n')}\n`)
	} finally {
		await connection.close()
		setConnection(undefined)
		await scratch.drop()
	}
}

await main()
