/**
 * `npm run bench:tasks -- <url> [<url>…]` (issue 34, decisions 154–156): what keeps a storefront
 * page's main thread busy after its first paint, by kind, measured in Debian's Chromium at a phone's
 * viewport on running servers (start each with `PORT=… PAGE_CACHE=on node
 * build/server-entry/index.js`; several URLs are loaded in turn, so a noisy machine treats them alike).
 *
 * Per page (home, a category, a product) and server, over LOADS fresh loads (cache off, 5 by
 * default): each task of the main thread after the first contentful paint, times 4 (Lighthouse's
 * phone runs the CPU 4× slower) less 50 ms, is blocking time, as Total Blocking Time counts it; each
 * task is filed under what most of it was (style, layout, paint, HTML parsing, CSS parsing, script by
 * file, garbage collection). Printed: the mean blocking time per load, and per kind.
 *
 * Lighthouse estimates its own timeline from the same kind of trace (Lantern): the figures here are
 * higher (an unthrottled first paint comes earlier, so more tasks follow it) and are for comparing
 * builds, not for reading as Lighthouse's.
 */
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_BROWSER } from '#tests/e2e/support/chromium'

const PAGES = ['/', '/categoria/bandana', '/produto/bandana-preta']
const LOADS = Math.max(1, Number(process.env.LOADS ?? 5))
const CPU_SLOWDOWN = 4
const LONG_TASK_MS = 50

type TraceEvent = {
	name: string
	ph: string
	ts: number
	dur?: number
	pid: number
	tid: number
	args?: { data?: { url?: string }; beginData?: { url?: string } }
}

const KINDS: [kind: string, names: RegExp][] = [
	['estilo', /^UpdateLayoutTree$/],
	['layout', /^Layout$/],
	['pintura', /^(Paint|PrePaint|Commit|Layerize)$/],
	['HTML', /^ParseHTML$/],
	['CSS', /^ParseAuthorStyleSheet$/],
	['script', /^(v8\.evaluateModule|FunctionCall|EvaluateScript|RunMicrotasks|TimerFire|FireIdleCallback)$/],
	['coleta de lixo', /^(MinorGC|MajorGC)$/],
]

/** Blocking ms per kind in one load's trace of `address`. */
function blockingByKind(events: TraceEvent[], address: string): Map<string, number> {
	// The page's own renderer: Chromium's internal pages (its WebUI) may be in the trace too.
	const parse = events.find((event) => event.name === 'ParseHTML' && event.args?.beginData?.url === address)
	const byKind = new Map<string, number>()
	if (!parse) return byKind
	const main = events.filter((event) => event.pid === parse.pid && event.tid === parse.tid && event.ph === 'X')
	const paint = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === parse.pid)?.ts ?? 0
	for (const task of main.filter((event) => event.name === 'RunTask')) {
		const end = task.ts + (task.dur ?? 0)
		const ms = (end - Math.max(task.ts, paint)) / 1000
		const blocking = ms * CPU_SLOWDOWN - LONG_TASK_MS
		if (blocking <= 0) continue
		const inside = main.filter((event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end)
		let kind = 'outro'
		let most = 0
		for (const [name, pattern] of KINDS) {
			const spent = inside.filter((event) => pattern.test(event.name)).reduce((sum, event) => sum + (event.dur ?? 0), 0)
			if (spent > most) [kind, most] = [name, spent]
		}
		if (kind === 'script') {
			const url = inside.find((event) => event.args?.data?.url)?.args?.data?.url ?? ''
			kind = `script ${url.split('/').pop()?.replace(/-[\w-]{8}\.js$/, '') || '(módulos)'}`
		}
		byKind.set(kind, (byKind.get(kind) ?? 0) + blocking)
	}
	return byKind
}

const urls = process.argv.slice(2).map((url) => url.replace(/\/$/, ''))
if (urls.length === 0) {
	console.error('Uso: npm run bench:tasks -- http://127.0.0.1:PORTA [http://127.0.0.1:OUTRA …]')
	process.exit(2)
}
const browser = await chromium.launch({ executablePath: CHROMIUM_BROWSER, args: CHROMIUM_ARGS })
console.log(`Tempo de bloqueio depois da primeira pintura, CPU ${CPU_SLOWDOWN}× (média de ${LOADS} cargas, cache desligado, 412 px)\n`)
for (const path of PAGES) {
	const totals = new Map<string, Map<string, number>>(urls.map((url) => [url, new Map()]))
	for (let load = 0; load < LOADS; load++) {
		for (const url of urls) {
			const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 })
			const session = await page.context().newCDPSession(page)
			await session.send('Network.setCacheDisabled', { cacheDisabled: true })
			await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] })
			const address = `${url}${path}`
			await page.goto(address, { waitUntil: 'load' })
			await page.waitForTimeout(3500)
			const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
			await page.close()
			const sums = totals.get(url) ?? new Map<string, number>()
			for (const [kind, ms] of blockingByKind(trace.traceEvents, address)) sums.set(kind, (sums.get(kind) ?? 0) + ms / LOADS)
		}
	}
	for (const [url, sums] of totals) {
		const total = [...sums.values()].reduce((sum, ms) => sum + ms, 0)
		const kinds = [...sums].sort((a, b) => b[1] - a[1]).map(([kind, ms]) => `${kind} ${Math.round(ms)}`)
		console.log(`${url}${path}: ${Math.round(total)} ms — ${kinds.join(' | ')}`)
	}
}
await browser.close()
