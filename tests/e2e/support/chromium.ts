/** Debian's Chromium, headless, as the machine's notes say (no sandbox, no background traffic). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
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
