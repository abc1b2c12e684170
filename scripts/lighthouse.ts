/**
 * `npm run lighthouse` (issues 14 and 34): Lighthouse's mobile performance audit with its defaults
 * (a mid-range phone, simulated slow 4G and 4× slower CPU, the 'simulate' method) of the home page,
 * a category and a product page, against the production build with the page cache on, driving
 * Debian's Chromium.
 *
 * Each page is audited twice by default, as anyone would measure the shop: on the plain server
 * (HTTP/1.1, no front) and through an HTTPS + HTTP/2 front (scripts/https-front.ts), as shoppers
 * reach a deployed shop through its proxy (decision 066). LIGHTHOUSE_FRONT=none keeps the plain
 * server only, LIGHTHOUSE_FRONT=only the front only.
 *
 * Prints, per page and way: performance score, LCP, CLS, TBT, FCP, Speed Index, DOM elements, the
 * HTML's bytes (uncompressed) and the JavaScript transferred (KB and files); writes
 * bench-results/lighthouse-{time}.json. Goals (issue 34): score ≥ 95, LCP ≤ 2.0 s, CLS ≤ 0.05,
 * TBT ≤ 200 ms. LIGHTHOUSE_RUNS (default 3) runs each page that many times and keeps the median
 * score's run. LIGHTHOUSE_FULL=1 also writes each run's whole report
 * (bench-results/lighthouse-full-{way}-{method}-{page}-{run}.json): long tasks, the LCP element.
 * LIGHTHOUSE_THROTTLING=devtools (or both) also applies the slow network and CPU to the browser
 * while the page loads, instead of Lantern's estimate (decision 067; the modules wait for the first paint since decision 141).
 * LIGHTHOUSE_BASELINE_URL=http://127.0.0.1:PORT also audits another running build (say the commit
 * before a change, started with `PORT=… PAGE_CACHE=on node build/server-entry/index.js` in its
 * own checkout), one run after the other, so before and after come from the same run and machine.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { ensureBuilt, startAppServer } from '#tests/support/app-server'
import { type HttpsFront, startHttpsFront } from './https-front'
import { CHROMIUM_ARGS, CHROMIUM_BROWSER } from '#tests/e2e/support/chromium'

process.env.LOG_LEVEL ??= 'warn'

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3))
const ALL_PAGES = [
	{ name: 'Início', path: '/' },
	{ name: 'Categoria', path: '/categoria/bandana' },
	{ name: 'Produto', path: '/produto/bandana-preta' },
]
// LIGHTHOUSE_PAGES=início,produto keeps some of them.
const PAGES = process.env.LIGHTHOUSE_PAGES
	? ALL_PAGES.filter((page) => process.env.LIGHTHOUSE_PAGES?.toLowerCase().split(',').includes(page.name.toLowerCase()))
	: ALL_PAGES
const GOALS = { score: 95, lcpMs: 2000, cls: 0.05, tbtMs: 200 }
const lighthouseVersion = (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version
type Throttling = 'devtools' | 'simulate'
// Lighthouse's default ('simulate', Lantern's estimate) unless asked (decision 067).
const THROTTLINGS: Throttling[] =
	process.env.LIGHTHOUSE_THROTTLING === 'both'
		? ['simulate', 'devtools']
		: process.env.LIGHTHOUSE_THROTTLING === 'devtools'
			? ['devtools']
			: ['simulate']
const FRONT_MODE = process.env.LIGHTHOUSE_FRONT === 'none' ? 'none' : process.env.LIGHTHOUSE_FRONT === 'only' ? 'only' : 'both'
const BASELINE_URL = process.env.LIGHTHOUSE_BASELINE_URL?.replace(/\/$/, '')
/** How the browser reaches a build: this build plain or through the front, or the baseline build. */
type Way = { label: string; url: string; viaFront: boolean }

type Figures = {
	score: number
	lcpMs: number
	cls: number
	tbtMs: number
	fcpMs: number
	speedIndexMs: number
	domElements: number
	htmlKb: number
	scriptKb: number
	scriptFiles: number
}

function log(message: string) {
	process.stdout.write(`» ${message}\n`)
}

async function audit(url: string, port: number, throttlingMethod: Throttling, label: string): Promise<Figures> {
	const result = await lighthouse(url, {
		port,
		output: 'json',
		logLevel: 'error',
		onlyCategories: ['performance'],
		throttlingMethod,
	})
	if (!result) throw new Error(`Lighthouse não respondeu para ${url}`)
	const { lhr } = result
	if (process.env.LIGHTHOUSE_FULL) {
		mkdirSync('bench-results', { recursive: true })
		writeFileSync(path.join('bench-results', `lighthouse-full-${label}.json`), JSON.stringify(lhr))
	}
	const numeric = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN)
	const scripts = (
		lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number; requestCount: number }[] } | undefined
	)?.items?.find((item) => item.resourceType === 'script')
	const requests =
		(lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string; resourceSize?: number }[] } | undefined)?.items ?? []
	const documentRequest = requests.find((item) => item.resourceType === 'Document')
	return {
		score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
		lcpMs: Math.round(numeric('largest-contentful-paint')),
		cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
		tbtMs: Math.round(numeric('total-blocking-time')),
		fcpMs: Math.round(numeric('first-contentful-paint')),
		speedIndexMs: Math.round(numeric('speed-index')),
		domElements: Math.round(numeric('dom-size')),
		htmlKb: Math.round((documentRequest?.resourceSize ?? 0) / 102.4) / 10,
		scriptFiles: scripts?.requestCount ?? 0,
		scriptKb: Math.round((scripts?.transferSize ?? 0) / 102.4) / 10,
	}
}

async function main() {
	ensureBuilt()
	const server = await startAppServer({ PAGE_CACHE: 'on', CATALOGUE_CACHE: 'on' })
	let front: HttpsFront | null = null
	if (FRONT_MODE !== 'none') {
		try {
			front = await startHttpsFront(server.url)
		} catch (error) {
			log(`sem a frente HTTPS (${error instanceof Error ? error.message : String(error)}): só o servidor direto`)
		}
	}
	const ways: Way[] = []
	if (FRONT_MODE !== 'only' || !front) ways.push({ label: 'direto (HTTP/1.1)', url: server.url, viaFront: false })
	if (front) ways.push({ label: 'frente (HTTPS + HTTP/2)', url: front.url, viaFront: true })
	if (BASELINE_URL) ways.push({ label: `antes: ${BASELINE_URL}`, url: BASELINE_URL, viaFront: false })
	const chrome = await chromeLauncher.launch({
		chromePath: CHROMIUM_BROWSER,
		// chrome-launcher adds its own flags; --headless=new is Chromium's current headless mode.
		// The front's certificate is self-signed.
		chromeFlags: ['--headless=new', ...CHROMIUM_ARGS.filter((flag) => flag !== '--headless')].concat(
			front ? ['--ignore-certificate-errors'] : [],
		),
	})
	const rows: (Figures & { way: string; name: string; path: string; throttling: Throttling; meetsGoals: boolean })[] = []
	try {
		for (const throttling of THROTTLINGS) {
			for (const page of PAGES) {
				const runs = new Map<Way, Figures[]>(ways.map((way) => [way, []]))
				// One visit first: the page cache (and its brotli copy) and the server's JIT are warm, as for a shared link.
				for (const way of ways) await fetch(`${way.viaFront ? server.url : way.url}${page.path}`).then((r) => r.arrayBuffer())
				await new Promise((resolve) => setTimeout(resolve, 500))
				// The ways take turns, run by run: a slower minute of this shared machine falls on all of them.
				for (let i = 0; i < RUNS; i += 1) {
					for (const way of ways) {
						log(`${throttling} ${way.label} ${page.path} (${i + 1}/${RUNS})`)
						const label = `${way.viaFront ? 'frente' : way.url === server.url ? 'direto' : 'antes'}-${throttling}-${page.name}-${i + 1}`
						runs.get(way)?.push(await audit(`${way.url}${page.path}`, chrome.port, throttling, label))
					}
				}
				for (const way of ways) {
					const figures = (runs.get(way) ?? []).sort((a, b) => a.score - b.score)
					const median = figures[figures.length >> 1] as Figures
					const meetsGoals =
						median.score >= GOALS.score && median.lcpMs <= GOALS.lcpMs && median.cls <= GOALS.cls && median.tbtMs <= GOALS.tbtMs
					rows.push({ way: way.label, name: page.name, path: page.path, throttling, ...median, meetsGoals })
				}
			}
		}
	} finally {
		await chrome.kill()
		await front?.stop()
		await server.stop()
	}
	const header = ['Como', 'Limitação', 'Página', 'nota', 'LCP ms', 'CLS', 'TBT ms', 'FCP ms', 'Speed Index', 'DOM', 'HTML KB', 'JS KB', 'JS arq.', 'metas']
	const lines = rows.map((r) => [
		r.way,
		r.throttling,
		r.name,
		String(r.score),
		String(r.lcpMs),
		String(r.cls),
		String(r.tbtMs),
		String(r.fcpMs),
		String(r.speedIndexMs),
		String(r.domElements),
		String(r.htmlKb),
		String(r.scriptKb),
		String(r.scriptFiles),
		r.meetsGoals ? 'sim' : 'não',
	])
	const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)))
	const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')
	process.stdout.write(`\nLighthouse ${lighthouseVersion}, mediana de ${RUNS} execução(ões) por página, forma e limitação\n`)
	process.stdout.write(`\n${format(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}\n${lines.map(format).join('\n')}\n\n`)
	const report = {
		date: new Date().toISOString(),
		lighthouse: lighthouseVersion,
		throttling: THROTTLINGS,
		ways: ways.map((way) => way.label),
		runs: RUNS,
		goals: GOALS,
		pages: rows,
	}
	mkdirSync('bench-results', { recursive: true })
	const file = path.join('bench-results', `lighthouse-${report.date.replace(/[:.]/g, '-')}.json`)
	writeFileSync(file, `${JSON.stringify(report, null, '\t')}\n`)
	log(`resultado em ${file}`)
	if (rows.some((row) => !row.way.startsWith('antes') && !row.meetsGoals)) process.exitCode = 1
}

main().catch((error: unknown) => {
	console.error(error)
	process.exitCode = 1
})
