import type { Page } from 'playwright-core'

/**
 * Holds a lazy module's file at the network (decision 146): the page meets the shopper with the
 * server's HTML while that part's code is on its way. `name` is the built file's name before its
 * hash ('restock-alert' for /assets/restock-alert-AbCd1234.js), or a pattern of the files to hold
 * (every module: the page before hydration). `asked()` says whether the page has asked for one,
 * `url()` the last file it asked for; `release()` lets them through.
 */
export async function holdModule(
	page: Page,
	name: string | RegExp,
): Promise<{ asked: () => boolean; url: () => string | null; release: () => void }> {
	let release: () => void = () => {}
	const gate = new Promise<void>((resolve) => {
		release = resolve
	})
	let askedUrl: string | null = null
	await page.route(typeof name === 'string' ? new RegExp(`/assets/${name}-[\\w-]{8}\\.js$`) : name, async (route) => {
		askedUrl = route.request().url()
		await gate
		await route.continue().catch(() => {})
	})
	return { asked: () => askedUrl !== null, url: () => askedUrl, release }
}
