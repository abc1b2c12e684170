/**
 * `npm run bench:cpu -- <url> [<url>…]` (issue 34, decision 157): the processor time one storefront
 * page load costs, by process and thread, read from /proc (Linux only) around each load.
 *
 * Lighthouse's Total Blocking Time comes from the wall-clock length of the page's main-thread tasks.
 * On a 2-core machine those tasks wait for a core while Chromium's other threads and processes (the
 * raster workers, the compositor, the GPU process, the browser process) and the shop's own server
 * work: a trace of the product page showed 864 ms of main-thread processor time in 2,318 ms of tasks.
 * So what the page makes the *other* threads do counts too; and processor time, unlike wall time,
 * hardly moves with the machine's noise, which makes it the figure to compare builds by.
 *
 * Per page (home, a category, a product) and server (started with `PORT=… PAGE_CACHE=on node
 * build/server-entry/index.js`, from its own directory), LOADS fresh loads (5 by default, cache off,
 * a phone's viewport), each measured from the navigation to WAIT_MS (1500) after the load event.
 * Printed: the mean milliseconds of processor time of the renderer's main thread, its workers (raster,
 * pictures, V8's background compiling and collecting), its compositor and other threads, the GPU
 * process, the browser process and the servers (every process whose command line names
 * build/server-entry: run one server at a time to read its share alone).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_BROWSER } from '#tests/e2e/support/chromium'

const PAGES = ['/', '/categoria/bandana', '/produto/bandana-preta']
const LOADS = Math.max(1, Number(process.env.LOADS ?? 5))
const WAIT_MS = Math.max(0, Number(process.env.WAIT_MS ?? 1500))
const GROUPS = ['renderer', 'trabalhadores', 'compositor', 'renderer (outras)', 'GPU', 'navegador', 'servidor', 'outros'] as const
type Group = (typeof GROUPS)[number]
// Linux counts processor time in clock ticks of 10 ms (USER_HZ = 100 on every usual build).
const MS_PER_TICK = 10

function groupOf(processType: string, thread: string): Group {
	if (processType === 'server') return 'servidor'
	if (processType === 'renderer') {
		// The renderer's main thread keeps the process's name; its worker pool rasters, decodes pictures
		// and runs V8's compiler and garbage collector in the background.
		if (thread === 'chromium') return 'renderer'
		if (thread.startsWith('ThreadPool') || thread.startsWith('CompositorTile')) return 'trabalhadores'
		if (thread.startsWith('Compositor')) return 'compositor'
		return 'renderer (outras)'
	}
	if (processType === 'gpu-process') return 'GPU'
	if (processType === 'browser') return 'navegador'
	return 'outros'
}

/** Processor ticks so far of every thread of Chromium and of the shop's servers, by thread id. */
function threadTicks(): Map<string, { group: Group; ticks: number }> {
	const threads = new Map<string, { group: Group; ticks: number }>()
	for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
		try {
			const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
			const isServer = command.includes('server-entry')
			if (!isServer && !command.includes('chromium')) continue
			const processType = isServer ? 'server' : (/--type=([\w-]+)/.exec(command)?.[1] ?? 'browser')
			for (const tid of readdirSync(`/proc/${pid}/task`)) {
				const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
				const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
				const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
				// utime and stime: the 14th and 15th fields of stat, the 12th and 13th after the name.
				threads.set(tid, { group: groupOf(processType, name), ticks: Number(fields[11]) + Number(fields[12]) })
			}
		} catch {
			// A process or thread that ended between the listing and the read.
		}
	}
	return threads
}

const urls = process.argv.slice(2).map((url) => url.replace(/\/$/, ''))
if (urls.length === 0) {
	console.error('Uso: npm run bench:cpu -- http://127.0.0.1:PORTA [http://127.0.0.1:OUTRA …]')
	process.exit(2)
}
const browser = await chromium.launch({ executablePath: CHROMIUM_BROWSER, args: CHROMIUM_ARGS })
console.log(`Tempo de processador por carga, em ms (média de ${LOADS} cargas, cache desligado, 412 px, até ${WAIT_MS} ms depois do load)\n`)
for (const path of PAGES) {
	const sums = new Map<string, Map<Group, number>>(urls.map((url) => [url, new Map()]))
	for (let load = 0; load < LOADS; load++) {
		// The servers take turns, load by load: a slower minute of the machine falls on all of them.
		for (const url of urls) {
			const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 })
			const session = await page.context().newCDPSession(page)
			await session.send('Network.setCacheDisabled', { cacheDisabled: true })
			await page.goto('about:blank')
			const before = threadTicks()
			await page.goto(`${url}${path}`, { waitUntil: 'load' })
			await page.waitForTimeout(WAIT_MS)
			const after = threadTicks()
			await page.close()
			const byGroup = sums.get(url) ?? new Map<Group, number>()
			for (const [tid, thread] of after) {
				const spent = (thread.ticks - (before.get(tid)?.ticks ?? 0)) * MS_PER_TICK
				if (spent > 0) byGroup.set(thread.group, (byGroup.get(thread.group) ?? 0) + spent / LOADS)
			}
		}
	}
	for (const [url, byGroup] of sums) {
		const total = [...byGroup.values()].reduce((sum, ms) => sum + ms, 0)
		const parts = GROUPS.filter((group) => byGroup.has(group)).map((group) => `${group} ${Math.round(byGroup.get(group) ?? 0)}`)
		console.log(`${url}${path}: ${Math.round(total)} ms — ${parts.join(' | ')}`)
	}
}
await browser.close()
