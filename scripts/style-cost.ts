/**
 * `npm run bench:style -- <url> [<url>…]` (issue 34, decision 153): what a storefront page costs the
 * browser's main thread in style work after its first paint, measured in Debian's Chromium at a
 * phone's viewport on running servers (start each with `PORT=… PAGE_CACHE=on node
 * build/server-entry/index.js`; several URLs compare builds in one run, on one machine).
 *
 * Per page (home, a category, a product), once it has loaded and settled:
 * - the CSS animations running, and what they animate: without a graphics processor (Lighthouse on
 *   a server, many phones' low-power modes) each one is a style pass per frame on the main thread;
 * - the arrival of the stylesheet file that follows the first paint (decision 141): the page's own
 *   file added again as a `<style>`, and the style pass it causes, from Chromium's trace: how many
 *   elements it restyled and in how many ms (median of 7).
 *
 * Figures are the machine's own (no CPU slowdown): compare ratios between builds, not with a phone.
 */
import { type Browser, chromium, type Page } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_BROWSER } from '#tests/e2e/support/chromium'

const PAGES = ['/', '/categoria/bandana', '/produto/bandana-preta']
const REPEATS = 7

type PageCost = { animations: number; animated: string[]; stylesheetBytes: number; restyled: number; stylesheetMs: number }

/** The style passes (elements restyled, ms) of one arrival of `stylesheet`, from Chromium's trace. */
async function stylesheetArrival(browser: Browser, page: Page, stylesheet: string): Promise<{ elements: number; ms: number }> {
	await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] })
	await page.evaluate((text) => {
		const style = document.createElement('style')
		style.id = 'style-cost-probe'
		style.textContent = text
		void document.body.offsetHeight
		document.head.append(style)
		void document.body.offsetHeight
	}, stylesheet)
	const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
	await page.evaluate(() => {
		document.getElementById('style-cost-probe')?.remove()
		void document.body.offsetHeight
	})
	const passes = trace.traceEvents.filter((event) => event.name === 'UpdateLayoutTree' && event.ph === 'X')
	return {
		elements: passes.reduce((sum, event) => sum + (event.args?.elementCount ?? 0), 0),
		ms: passes.reduce((sum, event) => sum + (event.dur ?? 0), 0) / 1000,
	}
}

type TraceEvent = { name: string; ph: string; dur?: number; args?: { elementCount?: number } }

async function measure(baseUrl: string, path: string): Promise<PageCost> {
	const browser = await chromium.launch({ executablePath: CHROMIUM_BROWSER, args: CHROMIUM_ARGS })
	try {
		const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true })
		const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' })
		const href = /"(\/assets\/storefront-[\w-]+\.css)"/.exec((await response?.text()) ?? '')?.[1]
		if (!href) throw new Error(`${path}: a página não nomeia a folha de estilos (decision 141)`)
		const stylesheet = await (await fetch(`${baseUrl}${href}`)).text()
		await page.waitForTimeout(3000)
		const animated = await page.evaluate(() =>
			document
				.getAnimations()
				.filter((animation) => animation.playState === 'running')
				.map((animation) => {
					const target = (animation.effect as KeyframeEffect | null)?.target
					return target ? `${target.tagName.toLowerCase()}.${[...target.classList].find((name) => name.startsWith('animate-')) ?? ''}` : '?'
				}),
		)
		const arrivals: { elements: number; ms: number }[] = []
		for (let i = 0; i < REPEATS; i++) arrivals.push(await stylesheetArrival(browser, page, stylesheet))
		arrivals.sort((a, b) => a.ms - b.ms)
		const median = arrivals[Math.floor(REPEATS / 2)] ?? { elements: 0, ms: 0 }
		const counts = new Map<string, number>()
		for (const name of animated) counts.set(name, (counts.get(name) ?? 0) + 1)
		return {
			animations: animated.length,
			animated: [...counts].map(([name, count]) => `${count}× ${name}`),
			stylesheetBytes: stylesheet.length,
			restyled: median.elements,
			stylesheetMs: median.ms,
		}
	} finally {
		await browser.close()
	}
}

const urls = process.argv.slice(2).map((url) => url.replace(/\/$/, ''))
if (urls.length === 0) {
	console.error('Uso: npm run bench:style -- http://127.0.0.1:PORTA [http://127.0.0.1:OUTRA …]')
	process.exit(2)
}
console.log(`Estilo depois da primeira pintura (Chromium, 412 px, sem redução de CPU; mediana de ${REPEATS})\n`)
console.log(['servidor', 'página', 'animações', 'folha KB', 'elementos reestilizados', 'ms', 'o que anima'].join(' | '))
for (const url of urls) {
	for (const path of PAGES) {
		const cost = await measure(url, path)
		console.log(
			[url, path, cost.animations, (cost.stylesheetBytes / 1024).toFixed(1), cost.restyled, cost.stylesheetMs.toFixed(1), cost.animated.join(', ') || '—'].join(
				' | ',
			),
		)
	}
}
