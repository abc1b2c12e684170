import { existsSync } from 'node:fs'

/** Debian's Chromium, the whole browser: what Lighthouse measures, as a shopper's Chrome would load the page. */
export const CHROMIUM_BROWSER = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * What the tests drive: Debian's Chromium headless shell (package chromium-headless-shell) when it is
 * installed, else the whole browser. The shell is the same Chromium build (Blink, V8, the same
 * version) without the browser's UI layer, and Playwright's own default for headless runs; the
 * Chromium stage took 21% less time on it (decision 129). CHROMIUM_PATH picks one explicitly.
 */
export const CHROMIUM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
export const CHROMIUM =
	process.env.CHROMIUM_PATH ?? (existsSync(CHROMIUM_HEADLESS_SHELL) ? CHROMIUM_HEADLESS_SHELL : '/usr/bin/chromium')

/** Headless, as the machine's notes say (no sandbox, no background traffic). */
export const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
]
