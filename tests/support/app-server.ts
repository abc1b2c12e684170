import { type ChildProcess, execSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { isBuildStale } from '../../scripts/build-freshness.mjs'
import { warningsInOutput } from './process-warnings'

export type RunningServer = {
	url: string
	dataDir: string
	process: ChildProcess
	logs: string[]
	/** The Node warnings the server printed so far (allow-list left out). */
	warnings(): string[]
	/** Stops the server, removes its data directory, then fails if it printed a Node warning. */
	stop(): Promise<void>
}

const ENTRY = 'build/server-entry/index.js'

/** Builds the production bundle when it is missing or older than the sources. */
export function ensureBuilt() {
	// NODE_ENV=production: inside vitest it is 'test', and Vite would then bundle React's
	// development build (hydration warnings as console errors in every e2e page).
	if (isBuildStale()) execSync('npm run build', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
}

export async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer()
		server.unref()
		server.on('error', reject)
		server.listen(0, '127.0.0.1', () => {
			const address = server.address()
			const port = typeof address === 'object' && address ? address.port : 0
			server.close(() => resolve(port))
		})
	})
}

/**
 * Starts the real production server (node build/server-entry/index.js) on a fresh
 * temporary data directory and waits until /healthz answers.
 */
/** `nodeArgs`: extra flags for node (e.g. `--cpu-prof`, which NODE_OPTIONS refuses), for profiling scripts. */
/** `port`: a stopped server's, to start it again where a proxy expects it (a restart). */
export async function startAppServer(env: Record<string, string> = {}, options: { nodeArgs?: string[]; port?: number } = {}): Promise<RunningServer> {
	ensureBuilt()
	const port = options.port ?? (await freePort())
	const dataDir = mkdtempSync(path.join(tmpdir(), 'loja-e2e-'))
	const logs: string[] = []
	// --trace-warnings: a warning comes with the stack that raised it (stop() fails on any).
	const child = spawn(process.execPath, ['--trace-warnings', ...(options.nodeArgs ?? []), ENTRY], {
		env: {
			...process.env,
			NODE_ENV: 'production',
			PORT: String(port),
			HOST: '127.0.0.1',
			DATA_DIR: dataDir,
			LOG_LEVEL: 'warn',
			VITEST: undefined,
			// Test suites place many orders from 127.0.0.1 with the same e-mail; the checkout
			// limit (decision 20) is tested with its real values in server/checkout-limits.test.ts.
			CHECKOUT_ORDERS_PER_HOUR_PER_ADDRESS: '100000',
			CHECKOUT_ORDERS_PER_HOUR_PER_EMAIL: '100000',
			// Tests never reach the internet: the CEP lookup's own test starts a fake service.
			CEP_LOOKUP_URL: 'off',
			// Tests write the database directly and read the pages at once; the page cache (issue 14)
			// has its own tests (server/page-cache.http.test.ts), which switch it on.
			PAGE_CACHE: 'off',
			CATALOGUE_CACHE: 'off',
			// Likewise the search suggestions (decision 047; tested in app/routes/resources/search.test.ts).
			SEARCH_CACHE_MS: '0',
			// One process: tests read its log and its caches (several are tested in server/cluster.test.ts).
			WEB_CONCURRENCY: '1',
			// A stop is immediate; the drain behind a proxy (decision 131) has its test in
			// server/two-servers.http.test.ts, which sets its own.
			SHUTDOWN_DRAIN_SECONDS: '0',
			...env,
		} as NodeJS.ProcessEnv,
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	child.stdout?.on('data', (d: Buffer) => logs.push(d.toString()))
	child.stderr?.on('data', (d: Buffer) => logs.push(d.toString()))
	const url = `http://127.0.0.1:${port}`
	const deadline = Date.now() + 120_000
	for (;;) {
		if (child.exitCode !== null) throw new Error(`o servidor saiu com código ${child.exitCode}:\n${logs.join('')}`)
		try {
			const response = await fetch(`${url}/healthz`)
			if (response.ok) break
		} catch {
			// not listening yet
		}
		if (Date.now() > deadline) {
			child.kill('SIGKILL')
			throw new Error(`o servidor não respondeu em 120 s:\n${logs.join('')}`)
		}
		await new Promise((r) => setTimeout(r, 200))
	}
	return {
		url,
		dataDir,
		process: child,
		logs,
		warnings: () => warningsInOutput(logs.join('')),
		async stop() {
			// A process killed by a signal (the crash test's SIGKILL) has exited too: signalCode is set.
			if (child.exitCode === null && child.signalCode === null) {
				const exited = new Promise((r) => child.once('exit', r))
				child.kill('SIGTERM')
				// unref: a pending fallback timer must not keep the test runner alive.
				await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())])
				if (child.exitCode === null) child.kill('SIGKILL')
			}
			rmSync(dataDir, { recursive: true, force: true })
			const warnings = warningsInOutput(logs.join(''))
			if (warnings.length > 0) {
				throw new Error(
					`o servidor de produção emitiu ${warnings.length} aviso(s) do Node (nenhum é permitido; veja tests/support/process-warnings.ts):\n${[...new Set(warnings)].slice(0, 5).join('\n')}`,
				)
			}
		},
	}
}
