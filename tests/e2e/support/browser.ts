import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, onTestFinished } from 'vitest'
import { CHROMIUM, CHROMIUM_ARGS } from './chromium'
import { e2eServer } from './e2e-server'
import { describeDatabase, describePage, recordActivityInPage, recordTraffic } from './page-diagnostics'
import { ABORTED_ROUTE_DISCOVERY } from '#tests/support/route-discovery'

const require = createRequire(import.meta.url)
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export type Viewport = { width: number; height: number }
export const MOBILE: Viewport = { width: 375, height: 812 }
export const DESKTOP: Viewport = { width: 1280, height: 900 }

/**
 * One Chromium per test file, a fresh context (cookies, storage) per `newPage()`.
 * Every page records console errors and uncaught exceptions; `expectNoPageErrors`
 * fails the test on them.
 */
export function setupBrowser() {
	let browser: Browser
	const contexts: BrowserContext[] = []
	const pages: Page[] = []
	beforeAll(async () => {
		// Playwright gives every launch its own fresh, temporary profile (--user-data-dir).
		browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
	})
	afterAll(async () => {
		for (const context of contexts) await context.close().catch(() => {})
		await browser?.close()
	})
	// A failed test says where each of its pages stopped and what the database was doing, before
	// its contexts close (afterEach runs before onTestFinished).
	afterEach(async ({ task }) => {
		if (task.result?.state !== 'fail') return
		const open = pages.filter((page) => !page.isClosed())
		const described = await Promise.all(open.map((page) => describePage(page, pageErrorsOf(page))))
		const database = await describeDatabase(e2eServer().databaseUrl)
		console.error(`--- páginas de "${task.name}" ao falhar ---\n${[...described, database].filter(Boolean).join('\n---\n')}`)
	})
	return {
		baseUrl: () => e2eServer().baseUrl,
		/**
		 * The origin the shop writes into canonical, Open Graph and sitemap URLs: its configured
		 * public origin, never the request's (decision 017). The e2e server runs without
		 * PUBLIC_URL, so that is http://localhost:PORT while the browser talks to 127.0.0.1.
		 */
		publicOrigin: () => `http://localhost:${new URL(e2eServer().baseUrl).port}`,
		/** `keep`: the file's tests share it (made lazily inside one), so it lives until afterAll. */
		async newContext(viewport: Viewport = DESKTOP, { keep = false }: { keep?: boolean } = {}) {
			const context = await browser.newContext({
				baseURL: e2eServer().baseUrl,
				viewport,
				locale: 'pt-BR',
				timezoneId: 'America/Sao_Paulo',
			})
			contexts.push(context)
			context.on('page', (page) => {
				recordTraffic(page)
				pages.push(page)
			})
			if (!keep) closeWhenTheTestEnds(context)
			await context.addInitScript(recordToastTexts)
			await context.addInitScript(recordActivityInPage)
			return context
		},
		async newPage(viewport: Viewport = DESKTOP, options: { keep?: boolean } = {}) {
			const context = await this.newContext(viewport, options)
			return trackErrors(await context.newPage())
		},
	}
}

/**
 * A context opened inside a test closes when that test ends: an old test's pages kept their
 * timers, animations and event streams running while every later test of the file ran, on a
 * two-core machine. One opened in beforeAll (a signed-in owner shared by the file's tests) lives
 * until afterAll.
 */
function closeWhenTheTestEnds(context: BrowserContext) {
	try {
		onTestFinished(() => context.close().catch(() => {}))
	} catch {
		// Not inside a test: the file's afterAll closes it.
	}
}

/**
 * Runs in every page before its own scripts: keeps the text of every toast shown, one entry per
 * toast, in `window.__toasts`, so a test asks whether a toast came (Shell.toast) without having to be looking
 * during the 4 s it stays. ci42 and ci45 each lost a toast wait after an admin save on a loaded
 * machine; with this, such a failure means the toast never came.
 */
function recordToastTexts() {
	const shown: { text: string; awaited: string[] }[] = []
	// Each toast's text when last kept: one updated in place (same id, new text) is kept again.
	const kept = new WeakMap<Element, string>()
	;(window as unknown as { __toasts: typeof shown }).__toasts = shown
	new MutationObserver(() => {
		for (const toast of document.querySelectorAll('[data-sonner-toast]')) {
			const text = toast.textContent ?? ''
			if (!text || kept.get(toast) === text) continue
			kept.set(toast, text)
			shown.push({ text, awaited: [] })
		}
	}).observe(document, { childList: true, subtree: true, characterData: true })
}

const pageErrors = new WeakMap<Page, string[]>()

/**
 * Waits until React has hydrated the page's main content: typing into a form before that can be
 * undone by hydration, and a click may submit it without the page's own handlers.
 */
export async function waitForHydration(page: Page, selector = 'main') {
	await page.waitForFunction((target) => {
		const element = document.querySelector(target)
		return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'))
	}, selector)
}


export function trackErrors(page: Page): Page {
	waitForHydrationAfterLoads(page)
	const errors: string[] = []
	pageErrors.set(page, errors)
	page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
	page.on('console', (message) => {
		if (message.type() !== 'error') return
		const text = message.text()
		// 4xx responses the test provokes on purpose show up as console errors; skip those.
		if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return
		// React Router's route discovery request cut off by the test leaving the page (decision 143):
		// only the network-level abort; a discovery the server refuses logs its status and still counts.
		if (ABORTED_ROUTE_DISCOVERY.test(text)) return
		errors.push(`console.error: ${text}`)
	})
	return page
}

/**
 * A page's JavaScript arrives after its first paint (decision 141), so the browser's `load` no
 * longer means the shop has taken over: `goto` and `reload` wait for the root's hydration mark, as a
 * shopper waits for the page to respond. A test that wants the page before that passes its own
 * `waitUntil`. Documents React Router did not draw (a file, a refusal) have nothing to wait for.
 */
function waitForHydrationAfterLoads(page: Page) {
	const hydrated = () =>
		page.waitForFunction(() => !('__reactRouterContext' in window) || document.documentElement.dataset.hydrated === 'true', undefined, {
			timeout: 30_000,
		})
	const goto = page.goto.bind(page)
	page.goto = async (url, options) => {
		const response = await goto(url, options)
		if (!options?.waitUntil) await hydrated()
		return response
	}
	const reload = page.reload.bind(page)
	page.reload = async (options) => {
		const response = await reload(options)
		if (!options?.waitUntil) await hydrated()
		return response
	}
}

/** The errors recorded so far, for a test that provokes one on purpose. */
export function pageErrorsOf(page: Page): string[] {
	return [...(pageErrors.get(page) ?? [])]
}

export function expectNoPageErrors(page: Page) {
	expect(pageErrors.get(page) ?? []).toEqual([])
}

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }

/** Runs axe-core in the page; fails on serious or critical violations. `rules`: only these of axe's rules. */
export async function expectAccessible(page: Page, label = page.url(), { rules }: { rules?: readonly string[] } = {}) {
	// A toast that starts fading out during the scan (its 4 s ran out) was measured half
	// transparent: a failure that depended on the machine's speed. With reduced motion sonner
	// drops its transitions, so a toast is either fully shown or gone while axe looks.
	const reducedBefore = await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)
	await page.emulateMedia({ reducedMotion: 'reduce' })
	try {
		await scanWithAxe(page, label, rules)
	} finally {
		await page.emulateMedia({ reducedMotion: reducedBefore ? 'reduce' : 'no-preference' })
	}
}

async function scanWithAxe(page: Page, label: string, rules?: readonly string[]) {
	// Let finite animations (toasts sliding in, dialogs fading) end: axe measures colours
	// as painted, and a half-faded toast is not what a shopper reads.
	await page.evaluate(() =>
		Promise.all(
			document
				.getAnimations()
				.filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
				.map((a) => a.finished.catch(() => undefined)),
		),
	)
	// evaluate() goes through the DevTools protocol, so the page's CSP does not block it. Once per
	// document: a second scan of the same page (another theme, after a click) finds it there.
	if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
	const violations = await page.evaluate(async (only) => {
		const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe
		// label-content-name-mismatch is 'experimental' in axe, so off by default; a shopper's
		// voice control ('click Carrinho 2') depends on it, so it runs too (issue 13, defect 8).
		const result = await axe.run(
			only
				? { resultTypes: ['violations'], runOnly: { type: 'rule', values: only } }
				: { resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } },
		)
		return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }))
	}, rules ? [...rules] : null)
	const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
	const report = serious.map((v) => `${v.impact} ${v.id}: ${v.help} @ ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
	expect(report, `axe em ${label}`).toEqual([])
}

/** Axe's rules whose answer depends on the theme: colours. The others read the markup, the same in both. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const

/**
 * A page drawn in the dark theme, axe-clean; then the same page's colours in the light theme. The
 * theme is only the `dark` class on <html> (components/shop/theme.tsx: the server writes it for a
 * dark preference and nothing for light), so the light page is this one without the class, and only
 * axe's colour rules can answer differently there. One load and one full scan for both themes,
 * where a pass per theme cost a load, a hydration and a full scan each (decision 074's budget).
 */
export async function expectAccessibleInBothThemes(page: Page, label = page.url()) {
	expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), `${label}: desenhada no tema escuro`).toBe(true)
	await expectAccessible(page, `${label} (escuro)`)
	const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor)
	const darkBackground = await background()
	await page.evaluate(() => document.documentElement.classList.remove('dark'))
	try {
		// Were the theme to move off the class, this would scan the dark colours twice: it fails instead.
		expect(await background(), `${label}: sem a classe dark, as cores mudam`).not.toBe(darkBackground)
		await expectAccessible(page, `${label} (claro)`, { rules: COLOUR_RULES })
	} finally {
		await page.evaluate(() => document.documentElement.classList.add('dark'))
	}
}
