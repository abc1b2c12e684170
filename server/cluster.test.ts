// Runs on both databases (decision 130): its subject is several processes on one database.
import { readFileSync, readdirSync } from 'node:fs'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createScratchPostgresDatabase } from '#tests/setup/scratch-postgres'
import { type RunningServer, startAppServer } from '#tests/support/app-server'

/**
 * Several server processes on one port (WEB_CONCURRENCY, decision 062), through the production
 * entry: the primary starts the workers, replaces one that dies while the other keeps serving,
 * and stops them all on SIGTERM; the embedded database refuses more than one process.
 */

/** The processes whose parent is `pid` (Linux /proc; the CI machine's). */
function childrenOf(pid: number): number[] {
	const children: number[] = []
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue
		try {
			const parent = /^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1]
			if (Number(parent) === pid) children.push(Number(entry))
		} catch {
			// exited while we looked
		}
	}
	return children.sort((a, b) => a - b)
}

/**
 * A GET on a new connection: a kept-alive socket to a worker that is then killed fails as it
 * would with any server process (ECONNRESET); what is tested is where new connections go.
 */
function statusOf(url: string): Promise<number> {
	return new Promise((resolve, reject) => {
		http
			.get(url, { agent: false }, (response) => {
				response.resume()
				response.on('end', () => resolve(response.statusCode ?? 0))
			})
			.on('error', reject)
	})
}

async function until<T>(read: () => T, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
	const deadline = Date.now() + timeoutMs
	for (;;) {
		const value = read()
		if (done(value)) return value
		if (Date.now() > deadline) throw new Error(`tempo esgotado; último valor: ${JSON.stringify(value)}`)
		await new Promise((r) => setTimeout(r, 100))
	}
}

test('the embedded database refuses more than one process, with the reason', async () => {
	await expect(startAppServer({ WEB_CONCURRENCY: '2' })).rejects.toThrow(
		'WEB_CONCURRENCY acima de 1 exige PostgreSQL (DATABASE_URL=postgres://…): o banco embutido só pode ser aberto por um processo',
	)
})

const METRICS_TOKEN = 'c'.repeat(40)

describe.runIf(process.env.TEST_DATABASE_URL)('two processes on PostgreSQL', () => {
	let server: RunningServer
	let dropDatabase: () => Promise<void> = async () => {}

	beforeAll(async () => {
		const scratch = await createScratchPostgresDatabase(process.env.TEST_DATABASE_URL ?? '', `cluster_${process.pid}_${Date.now()}`)
		dropDatabase = scratch.drop
		server = await startAppServer({ DATABASE_URL: scratch.url, WEB_CONCURRENCY: '2', LOG_LEVEL: 'info', METRICS_TOKEN: METRICS_TOKEN })
	}, 120_000)

	afterAll(async () => {
		await server?.stop()
		await dropDatabase()
	}, 60_000)

	const primary = () => server.process.pid ?? 0
	const readyWorkers = () =>
		server.logs
			.join('')
			.split('\n')
			.filter((line) => line.includes('loja no ar'))
			.map((line) => (JSON.parse(line) as { worker?: number }).worker)

	test('the primary starts two workers that serve the shop on the one port', async () => {
		expect(
			await until(
				() => childrenOf(primary()),
				(c) => c.length === 2,
			),
		).toHaveLength(2)
		expect((await until(readyWorkers, (w) => w.length === 2)).sort()).toEqual([1, 2])
		const statuses = await Promise.all(Array.from({ length: 8 }, () => statusOf(`${server.url}/`)))
		expect(statuses).toEqual(Array(8).fill(200))
	})

	test('/metrics sums every worker: the eight requests above, whichever worker is scraped (decision 081)', async () => {
		for (let scrape = 0; scrape < 3; scrape++) {
			const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` }, keepalive: false })
			expect(response.status).toBe(200)
			expect(await response.text()).toMatch(/loja_http_request_duration_seconds_count\{method="GET",route="\/",status="200"\} 8\n/)
		}
	})

	test('a worker that dies is replaced while the other keeps answering', async () => {
		const [victim, survivor] = await until(
			() => childrenOf(primary()),
			(c) => c.length === 2,
		)
		process.kill(victim ?? 0, 'SIGKILL')
		// Once the primary has seen it die (a connection handed to a worker in the moment it dies is
		// lost with it, as with any process), and before the replacement is up: the survivor answers.
		await until(
			() => server.logs.join(''),
			(logs) => logs.includes('processo do servidor terminou inesperadamente; iniciando outro'),
		)
		const meanwhile = await Promise.all(Array.from({ length: 4 }, () => statusOf(`${server.url}/healthz`)))
		expect(meanwhile).toEqual([200, 200, 200, 200])
		const after = await until(
			() => childrenOf(primary()),
			(c) => c.length === 2 && !c.includes(victim ?? 0),
		)
		expect(after).toContain(survivor)
		expect(await until(readyWorkers, (w) => w.length === 3)).toContain(3)
	}, 30_000)

	test('SIGTERM stops every worker, then the primary, with exit code 0', async () => {
		const workers = childrenOf(primary())
		expect(workers).toHaveLength(2)
		const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)))
		server.process.kill('SIGTERM')
		expect(await exited).toBe(0)
		for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow()
	}, 30_000)
})
