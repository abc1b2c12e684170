/**
 * `npm run loadtest` (issue 14): simulated shoppers against the production server on PostgreSQL
 * with a large catalogue — they arrive over time, browse the home page and categories, search,
 * open products, add to the cart, change quantities and check out with PIX or the test card —
 * then the database is checked: every accepted checkout is one order with its lines, stock was
 * taken exactly once, nothing went below zero, no order was lost.
 *
 * By default the script starts its own servers on 127.0.0.1 with a scratch database. Options
 * (environment or flags):
 *   LOADTEST_SHOPPERS (500)  concurrent shoppers at the peak
 *   LOADTEST_DURATION (300)  seconds of load (the ramp is the first fifth)
 *   LOADTEST_PRODUCTS (5000) generated products besides the demo shop
 *   LOADTEST_WORKERS (1)     server processes (WEB_CONCURRENCY: a number or auto; decision 062)
 *   LOADTEST_FRONT (none)    nginx: the shoppers go through Debian's nginx (round robin, the
 *                            snippets of docs/deploy.md) in front of LOADTEST_SERVERS app servers
 *   LOADTEST_SERVERS (1; 2 with nginx)  app servers, each its own process and DATA_DIR, one database
 *   LOADTEST_BASE_URL        a shop already running (a staging copy: the run places real orders
 *                            there), e.g. https://homolog.minhaloja.com.br or an nginx in front of
 *                            several servers; needs LOADTEST_DATABASE_URL, that shop's database, for
 *                            its catalogue and the check. Adds 12 products 'carga-disputada-*'
 *                            (archived at the end). The shop must take test cards (PAYMENT_MODE=test)
 *                            and allow the run's orders from one address
 *                            (CHECKOUT_ORDERS_PER_HOUR_PER_ADDRESS / _PER_EMAIL).
 *   --short                  50 shoppers for 30 s over 1,000 products (CI, a quick check)
 * Prints a table per step and writes bench-results/loadtest-{time}.json. Exits 1 when the
 * database check fails or more than 1 % of requests fail.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { createScratchPostgresDatabase } from '#tests/setup/scratch-postgres'
import { type RunningServer, ensureBuilt, freePort, startAppServer } from '#tests/support/app-server'
import { type RunningNginx, findNginx, startNginx } from '#tests/support/nginx'
import { HttpSession } from '#tests/e2e/support/http-session'
import { checkoutForm } from '#tests/support/checkout-http'
import { BASE_PRODUCT_HANDLES } from '~/commerce/internal-products'

process.env.LOG_LEVEL ??= 'warn'

const short = process.argv.includes('--short')
const SHOPPERS = Number(process.env.LOADTEST_SHOPPERS ?? (short ? 50 : 500))
const DURATION_S = Number(process.env.LOADTEST_DURATION ?? (short ? 30 : 300))
const PRODUCTS = Number(process.env.LOADTEST_PRODUCTS ?? (short ? 1000 : 5000))
const FRONT = process.env.LOADTEST_FRONT ?? 'none'
const SERVERS = Number(process.env.LOADTEST_SERVERS ?? (FRONT === 'nginx' ? 2 : 1))
const POSTGRES = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
/** A shop already running, and its database (issue 33): the run goes there instead of starting servers. */
const TARGET = process.env.LOADTEST_BASE_URL?.replace(/\/+$/, '') || null
const TARGET_DATABASE = process.env.LOADTEST_DATABASE_URL || null
/** Share of shoppers who check out (the rest browse and leave a cart behind). */
const CHECKOUT_SHARE = 0.4
/** Products with little stock, bought by many: the check that stock is taken exactly once bites here. */
const CONTENDED = { variants: 12, stock: short ? 15 : 60 }
const SEARCH_WORDS = ['bandana', 'laco', 'colar', 'xadrez', 'gravata', 'shampoo', 'veludo', 'azul', 'rosa', 'bandan xadres']
const CATEGORIES = ['bandana', 'bandana-xadrez', 'lacinhos', 'colar', 'gravatas', 'higiene', 'cachecol', 'shinebox']

type Step =
	| 'home'
	| 'categoria'
	| 'busca'
	| 'produto'
	| 'carrinho: adicionar'
	| 'carrinho: quantidade'
	| 'checkout: página'
	| 'checkout: PIX'
	| 'checkout: cartão'
const samples = new Map<Step, { ms: number[]; failures: number; statuses: Map<number, number> }>()

function log(message: string) {
	process.stdout.write(`» ${message}\n`)
}

function record(step: Step, ms: number, status: number, ok: boolean) {
	const entry = samples.get(step) ?? { ms: [], failures: 0, statuses: new Map<number, number>() }
	entry.ms.push(ms)
	entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1)
	if (!ok) entry.failures += 1
	samples.set(step, entry)
}

/** Behind nginx: requests per app server that answered (the test header X-Loja-Upstream, tests/support/nginx.ts). */
const answeredBy = new Map<string, number>()

/** Times one request; `ok` decides what counts as a failure for this step. */
async function timed(
	step: Step,
	run: () => Promise<Response>,
	ok: (r: Response) => boolean = (r) => r.status === 200,
): Promise<Response | null> {
	const started = performance.now()
	try {
		const response = await run()
		const good = ok(response)
		const upstream = response.headers.get('x-loja-upstream')?.split(',').pop()?.trim()
		if (upstream) answeredBy.set(upstream, (answeredBy.get(upstream) ?? 0) + 1)
		record(step, performance.now() - started, response.status, good)
		return response
	} catch {
		record(step, performance.now() - started, 0, false)
		return null
	}
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T
const think = () => new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 800))

type Catalogue = { products: { handle: string; variantId: string }[]; contended: string[] }

/** What happens to accepted checkouts, for the database check. */
const accepted: { reference: string; variantId: string; quantity: number }[] = []
let outOfStock = 0
/**
 * Checkouts sent whose answer never arrived: still running when the run stopped waiting, or
 * the connection failed. The server may have placed their orders (the shopper would find them
 * in her e-mail and 'Meus pedidos'); the database check counts them apart from lost orders.
 */
let checkoutsUnanswered = 0

async function shopper(base: string, catalogue: Catalogue) {
	const session = new HttpSession(base)
	const body = async (response: Response | null) => (response ? await response.arrayBuffer() : null)
	await body(await timed('home', () => session.get('/')))
	await think()
	await body(await timed('categoria', () => session.get(`/categoria/${pick(CATEGORIES)}`)))
	await think()
	await body(await timed('busca', () => session.get(`/resources/search?q=${encodeURIComponent(pick(SEARCH_WORDS))}`)))
	await think()
	const browsed = pick(catalogue.products)
	await body(await timed('produto', () => session.get(`/produto/${browsed.handle}`)))
	await think()
	// Most carts hold a product many want (contended stock); some a made-to-order one.
	const contended = Math.random() < 0.7
	const variantId = contended ? pick(catalogue.contended) : browsed.variantId
	// 409: sold out, said to the shopper; an answer, not a failure.
	const cartOk = (r: Response) => r.status === 200 || r.status === 409
	const added = await timed(
		'carrinho: adicionar',
		() => session.post('/cart', { intent: 'add', lines: JSON.stringify([{ variantId, quantity: 1 }]) }),
		cartOk,
	)
	await body(added)
	if (!added || added.status !== 200) return
	const cart = (await (await session.get('/cart')).json()) as {
		cart: { lines: { id: string; quantity: number; isGift: boolean; isSubscription: boolean }[] }
	}
	const line = cart.cart.lines.find((l) => !l.isGift)
	let quantity = line?.quantity ?? 1
	// A subscription's quantity is always 1 (the drawer shows no stepper; the server answers 400).
	if (line && !line.isSubscription && Math.random() < 0.5) {
		quantity += 1
		await body(
			await timed(
				'carrinho: quantidade',
				() => session.post('/cart', { intent: 'update', lineId: line.id, quantity: String(quantity) }),
				cartOk,
			),
		)
	}
	if (Math.random() >= CHECKOUT_SHARE) return
	await think()
	const page = await timed('checkout: página', () => session.get('/checkout'))
	const html = page ? await page.text() : ''
	const idempotencyKey = /<input[^>]*name="idempotencyKey"[^>]*value="([^"]+)"/.exec(html)?.[1]
	if (!idempotencyKey) return
	const paymentMethod = Math.random() < 0.5 ? 'pix' : 'card'
	const step: Step = paymentMethod === 'pix' ? 'checkout: PIX' : 'checkout: cartão'
	// Sold out is an answer, not a failure: the shop says so (409 or the form again).
	checkoutsUnanswered += 1
	const result = await timed(
		step,
		() => session.post('/checkout', checkoutForm({ idempotencyKey, paymentMethod })),
		(r) => r.status === 302 || r.status === 409 || r.status === 400,
	)
	if (!result) return
	checkoutsUnanswered -= 1
	const reference = /^\/pedido\/(PET-[A-Z0-9]{6})$/.exec(result.headers.get('location') ?? '')?.[1]
	await result.arrayBuffer()
	if (reference) accepted.push({ reference, variantId, quantity })
	else outOfStock += 1
}

function percentile(sorted: number[], p: number): number {
	if (sorted.length === 0) return 0
	return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number)
}

async function checkDatabase(pool: pg.Pool, contended: string[], runStart: Date): Promise<string[]> {
	const problems: string[] = []
	const references = accepted.map((a) => a.reference)
	const { rows: orders } = await pool.query<{ reference: string; lines: number }>(
		`select o.reference, count(l.id)::int as lines from orders o left join order_lines l on l.order_id = o.id where o.reference = any($1) group by o.reference`,
		[references],
	)
	if (orders.length !== new Set(references).size)
		problems.push(`${references.length} checkouts aceitos, ${orders.length} pedidos encontrados`)
	const withoutLines = orders.filter((o) => o.lines === 0)
	if (withoutLines.length) problems.push(`${withoutLines.length} pedidos sem linhas`)
	const { rows: negative } = await pool.query(`select id from product_variants where stock < 0`)
	if (negative.length) problems.push(`${negative.length} variantes com estoque negativo`)
	// Stock taken exactly once: initial stock − what the orders hold (cancelled ones gave it back).
	const { rows: stock } = await pool.query<{ id: string; stock: number; sold: number }>(
		`select v.id, v.stock, coalesce((select sum(l.quantity) from order_lines l join orders o on o.id = l.order_id
			where l.variant_id = v.id and o.status <> 'cancelado'), 0)::int as sold
		from product_variants v where v.id = any($1::uuid[])`,
		[contended],
	)
	for (const row of stock) {
		if (row.stock + row.sold !== CONTENDED.stock)
			problems.push(`variante ${row.id}: estoque ${row.stock} + vendidos ${row.sold} ≠ ${CONTENDED.stock}`)
	}
	// Orders beyond the accepted ones must be checkouts whose answer never came (still running
	// when the run stopped waiting, or a dropped connection): anything more is an order lost. A
	// declined card (402) leaves its order cancelled, the shopper told: only orders that stand count.
	const { rows: total } = await pool.query<{ n: number }>(
		`select count(*)::int as n from orders where created_at >= $1 and status <> 'cancelado'`,
		[runStart],
	)
	const standing = Number(total[0]?.n)
	const unaccounted = standing - orders.length
	if (unaccounted > checkoutsUnanswered)
		problems.push(`${standing} pedidos novos no banco (cancelados fora), ${orders.length} aceitos e ${checkoutsUnanswered} sem resposta: pedido perdido`)
	else if (unaccounted > 0)
		log(`${unaccounted} pedido(s) feitos cuja resposta não chegou ao comprador (${checkoutsUnanswered} checkouts sem resposta)`)
	return problems
}

async function main() {
	if (TARGET) {
		if (!TARGET_DATABASE) throw new Error('LOADTEST_BASE_URL precisa de LOADTEST_DATABASE_URL (o banco dessa loja: catálogo e conferência)')
		if (!/^https?:\/\//.test(TARGET)) throw new Error(`LOADTEST_BASE_URL=${TARGET}? (http:// ou https://)`)
	} else {
		if (!['none', 'nginx'].includes(FRONT)) throw new Error(`LOADTEST_FRONT=${FRONT}? (none ou nginx)`)
		if (!Number.isInteger(SERVERS) || SERVERS < 1 || SERVERS > 8) throw new Error(`LOADTEST_SERVERS=${SERVERS}? (1 a 8)`)
		if (SERVERS > 1 && FRONT !== 'nginx') throw new Error('LOADTEST_SERVERS acima de 1 precisa de um balanceador na frente: LOADTEST_FRONT=nginx')
		if (FRONT === 'nginx' && !findNginx()) throw new Error('LOADTEST_FRONT=nginx: nginx não encontrado (apt-get install -y nginx, ou NGINX_PATH)')
		ensureBuilt()
	}
	const runId = `${Date.now()}_${process.pid}`
	const scratch = TARGET ? null : await createScratchPostgresDatabase(POSTGRES, `loadtest_${runId}`)
	const pool = new pg.Pool({ connectionString: scratch?.url ?? (TARGET_DATABASE as string), max: 4 })
	const servers: RunningServer[] = []
	let nginx: RunningNginx | undefined
	const contended: string[] = []
	try {
		if (scratch) {
			log(`banco: demonstração + ${PRODUCTS} produtos`)
			const [{ connectDatabase, setConnection }, { seedDemoData }, { seedLargeCatalogue }, { sql }] = await Promise.all([
				import('~/server/db.server'),
				import('~/server/seed/seed.server'),
				import('~/server/seed/large-catalogue.server'),
				import('drizzle-orm'),
			])
			const connection = await connectDatabase(scratch.url, path.resolve('.'))
			await seedDemoData(connection.db)
			await seedLargeCatalogue(connection.db, PRODUCTS)
			await connection.db.execute(sql`analyze`)
			await connection.close()
			setConnection(undefined)
		}

		// Named after the run, so a shop already running can take several runs.
		for (let i = 0; i < CONTENDED.variants; i += 1) {
			const { rows } = await pool.query<{ id: string }>(
				`with p as (insert into products (handle, title) values ($1, $2) returning id)
				insert into product_variants (product_id, title, price_cents, stock) select id, 'Único', 4990, $3 from p returning id`,
				[`carga-disputada-${runId.replace('_', '-')}-${i}`, `Bandana Disputada ${i}`, CONTENDED.stock],
			)
			contended.push(rows[0]!.id)
		}
		const { rows: products } = await pool.query<{ handle: string; variantId: string }>(
			`select p.handle, (select v.id from product_variants v where v.product_id = p.id order by v.position limit 1) as "variantId"
			from products p where p.status = 'active' and not (p.tags @> array['uso-interno']) and p.handle not like 'carga-disputada-%'
				and p.handle <> all($1::text[])
			order by random() limit 300`,
			// The builders' base products: their pages send the shopper to the builder (301 to /atacado)
			// and the cart takes them only from it (issue 28), which the simulated shoppers do not use.
			[Object.values(BASE_PRODUCT_HANDLES)],
		)

		// Behind nginx the public address is nginx's (PUBLIC_URL: host and origin checks) and one proxy
		// is trusted for the client's address, as docs/deploy.md sets them.
		const frontPort = !TARGET && FRONT === 'nginx' ? await freePort() : 0
		for (let i = 0; !TARGET && i < SERVERS; i += 1)
			servers.push(
				await startAppServer({
					DATABASE_URL: scratch!.url,
					SEED_DEMO: 'false',
					// The production server's caches (the test harness switches them off).
					PAGE_CACHE: 'on',
					CATALOGUE_CACHE: 'on',
					SEARCH_CACHE_MS: '5000',
					// LOADTEST_WORKERS=auto: one process per core, as `npm start` on PostgreSQL (decision 062).
					WEB_CONCURRENCY: process.env.LOADTEST_WORKERS ?? '1',
					...(FRONT === 'nginx' ? { PUBLIC_URL: `http://127.0.0.1:${frontPort}`, TRUST_PROXY: '1' } : {}),
				}),
			)
		if (!TARGET && FRONT === 'nginx') nginx = await startNginx({ upstreams: servers.map((s) => new URL(s.url).host), port: frontPort })
		const base = TARGET ?? nginx?.url ?? (servers[0] as RunningServer).url
		const { rows: before } = await pool.query<{ at: Date }>(`select now() as at`)
		const runStart = before[0]?.at ?? new Date(0)
		log(
			`${TARGET ? `loja em ${base}` : nginx ? `nginx em ${base} na frente de ${servers.map((s) => s.url).join(' e ')}` : `servidor em ${base}`}: até ${SHOPPERS} compradores ao mesmo tempo por ${DURATION_S} s`,
		)
		const catalogue: Catalogue = { products: products.filter((p) => p.variantId), contended }

		const started = Date.now()
		const rampMs = (DURATION_S * 1000) / 5
		const endAt = started + DURATION_S * 1000
		let active = 0
		let peak = 0
		let finished = 0
		const running = new Set<Promise<void>>()
		while (Date.now() < endAt) {
			const elapsed = Date.now() - started
			const target = Math.min(SHOPPERS, Math.ceil((SHOPPERS * elapsed) / rampMs))
			while (active < target) {
				active += 1
				peak = Math.max(peak, active)
				const run = shopper(base, catalogue)
					.catch(() => undefined)
					.finally(() => {
						active -= 1
						finished += 1
						running.delete(run)
					})
				running.add(run)
			}
			await new Promise((resolve) => setTimeout(resolve, 100))
		}
		log(`fim da chegada: esperando ${running.size} compradores terminarem`)
		await Promise.race([Promise.all(running), new Promise((resolve) => setTimeout(resolve, 60_000))])
		if (running.size > 0) log(`${running.size} compradores ainda esperando resposta após 60 s: o relatório segue sem eles`)
		const seconds = (Date.now() - started) / 1000

		const rows = [...samples].map(([step, s]) => {
			const sorted = [...s.ms].sort((a, b) => a - b)
			return {
				step,
				requests: s.ms.length,
				perSecond: Math.round((s.ms.length / seconds) * 10) / 10,
				p50: percentile(sorted, 50),
				p95: percentile(sorted, 95),
				p99: percentile(sorted, 99),
				failures: s.failures,
				statuses: Object.fromEntries(s.statuses),
			}
		})
		const header = ['Passo', 'pedidos', 'por s', 'p50 ms', 'p95 ms', 'p99 ms', 'falhas', 'status']
		const lines = rows.map((r) => [
			r.step,
			String(r.requests),
			String(r.perSecond),
			String(r.p50),
			String(r.p95),
			String(r.p99),
			String(r.failures),
			JSON.stringify(r.statuses),
		])
		const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)))
		const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')
		process.stdout.write(`\n${format(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}\n${lines.map(format).join('\n')}\n\n`)

		const totalRequests = rows.reduce((sum, r) => sum + r.requests, 0)
		const totalFailures = rows.reduce((sum, r) => sum + r.failures, 0)
		log(
			`${finished} compradores (pico ${peak}), ${totalRequests} pedidos HTTP em ${seconds.toFixed(0)} s (${(totalRequests / seconds).toFixed(0)}/s), ${totalFailures} falhas`,
		)
		if (answeredBy.size > 0)
			log(`respostas por servidor (nginx): ${[...answeredBy].map(([server, n]) => `${server} ${n}`).join(', ')}`)
		log(`${accepted.length} checkouts aceitos, ${outOfStock} recusados (esgotado ou inválido), ${checkoutsUnanswered} sem resposta`)
		// What the server logged as errors, grouped by message (the raw lines go beside the report).
		const errorLines = servers
			.flatMap((server) => server.logs)
			.join('')
			.split('\n')
			.filter((line) => /"level":(50|60)/.test(line))
		const serverErrors: Record<string, number> = {}
		for (const line of errorLines) {
			const parsed = JSON.parse(line) as { msg?: string; err?: { message?: string } }
			const label = `${parsed.msg ?? '?'}${parsed.err?.message ? `: ${parsed.err.message.slice(0, 120)}` : ''}`
			serverErrors[label] = (serverErrors[label] ?? 0) + 1
		}
		if (errorLines.length)
			log(
				`erros no log do servidor:\n  ${Object.entries(serverErrors)
					.map(([m, n]) => `${n}× ${m}`)
					.join('\n  ')}`,
			)
		// nginx's own errors (an upstream refused, timed out, a retry): none in a good run.
		const nginxLines = (nginx?.logs.join('') ?? '').split('\n').filter((line) => line.trim() !== '')
		if (nginxLines.length) log(`nginx registrou ${nginxLines.length} linha(s) de erro; as primeiras:\n  ${nginxLines.slice(0, 5).join('\n  ')}`)
		const problems = await checkDatabase(pool, contended, runStart)
		log(
			problems.length === 0
				? 'banco conferido: cada checkout aceito é um pedido com linhas, estoque baixado uma vez, nada negativo'
				: `PROBLEMAS:\n  ${problems.join('\n  ')}`,
		)

		const report = {
			date: new Date().toISOString(),
			cpus: availableParallelism(),
			target: TARGET ?? 'servidores locais',
			front: FRONT,
			servers: SERVERS,
			workersPerServer: process.env.LOADTEST_WORKERS ?? '1',
			shoppers: SHOPPERS,
			durationSeconds: DURATION_S,
			products: PRODUCTS,
			peakConcurrent: peak,
			shoppersFinished: finished,
			requests: totalRequests,
			failures: totalFailures,
			checkoutsAccepted: accepted.length,
			checkoutsUnanswered,
			checkoutsRefused: outOfStock,
			steps: rows,
			databaseProblems: problems,
			serverErrors,
			nginxErrors: nginxLines.length,
			answeredBy: Object.fromEntries(answeredBy),
		}
		mkdirSync('bench-results', { recursive: true })
		const file = path.join('bench-results', `loadtest-${report.date.replace(/[:.]/g, '-')}.json`)
		writeFileSync(file, `${JSON.stringify(report, null, '\t')}\n`)
		log(`resultado em ${file}`)
		if (problems.length > 0 || totalFailures > totalRequests * 0.01) process.exitCode = 1
	} finally {
		await nginx?.stop().catch(() => undefined)
		for (const server of servers) await server.stop().catch(() => undefined)
		// A shop already running keeps its orders; the run's own products leave the storefront.
		if (TARGET && contended.length)
			await pool
				.query(`update products set status = 'archived' where id in (select product_id from product_variants where id = any($1::uuid[]))`, [
					contended,
				])
				.catch((error: unknown) => log(`não foi possível arquivar os produtos 'carga-disputada-*': ${String(error)}`))
		await pool.end()
		await scratch?.drop()
	}
}

main().catch((error: unknown) => {
	console.error(error)
	process.exitCode = 1
})
