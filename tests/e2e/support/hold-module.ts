import type { Page } from 'playwright-core'

/**
 * Holds a lazy module's file at the network (decision 146): the page meets the shopper with the
 * server's HTML while that part's code is on its way. `name` is the built file's name before its
 * hash ('restock-alert' for /assets/restock-alert-AbCd1234.js), or a pattern of the files to hold
 * (every module: the page before hydration). `asked()` says whether the page has asked for one;
 * `release()` lets them through.
 */
export async function holdModule(page: Page, name: string | RegExp): Promise<{ asked: () => boolean; release: () => void }> {
	let release: () => void = () => {}
	const gate = new Promise<void>((resolve) => {
		release = resolve
	})
	let asked = false
	await page.route(typeof name === 'string' ? new RegExp(`/assets/${name}-[\\w-]{8}\\.js$`) : name, async (route) => {
		asked = true
		await gate
		await route.continue().catch(() => {})
	})
	return { asked: () => asked, release }
}
