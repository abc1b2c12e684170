import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { MOBILE, expectNoPageErrors, setupBrowser, trackErrors } from './support/browser'

const browser = setupBrowser()

/**
 * Loading feedback (document 000 §2: category '8 skeleton cards while loading', product page
 * 'Loader, then product'). The page data requests are held back so the loading state stays
 * on screen long enough to look at, then released.
 */

/** Holds every request for `pattern` until the returned function is called. */
async function holdRequests(page: Page, pattern: RegExp) {
	let release: () => void = () => {}
	const gate = new Promise<void>((resolve) => {
		release = resolve
	})
	await page.route(pattern, async (route) => {
		await gate
		await route.continue().catch(() => {})
	})
	return release
}

async function waitForHydration(page: Page) {
	await page.waitForFunction(() => {
		const node = document.querySelector('#conteudo')
		return node !== null && Object.keys(node).some((key) => key.startsWith('__reactFiber'))
	})
}

/** A client-side navigation, as a link would start it (the router React Router puts on window). */
async function navigateInApp(page: Page, to: string) {
	await page.evaluate((path) => {
		const router = (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter
		void router.navigate(path)
	}, to)
}

const status = (page: Page) => page.locator('[role="status"]').filter({ hasText: 'Carregando…' })

describe('carregamento entre páginas', () => {
	test('home → a short category handle no list knows (/higiene): top bar, status and 8 skeleton cards', async () => {
		const page = await browser.newPage(MOBILE)
		await page.goto('/')
		await waitForHydration(page)
		const release = await holdRequests(page, /\/higiene\.data/)
		await navigateInApp(page, '/higiene')

		const skeleton = page.getByTestId('category-page-skeleton')
		await skeleton.waitFor()
		// The category's own cards: the home being left may still hold its lazy rows' placeholders.
		expect(await skeleton.getByTestId('product-card-skeleton').count()).toBe(8)
		await status(page).waitFor({ state: 'attached' })
		expect(await page.locator('#conteudo').getAttribute('aria-busy')).toBe('true')
		await expect.poll(() => page.getByTestId('navigation-progress').getAttribute('data-state')).toBe('growing')
		// The page being left is hidden, not shown beside the skeleton.
		expect(await page.getByRole('main').count()).toBe(1)

		release()
		await page.waitForURL((url) => url.pathname === '/higiene')
		await page.getByRole('main').getByRole('article').first().waitFor()
		expect(await page.getByTestId('category-page-skeleton').count()).toBe(0)
		expect(await status(page).count()).toBe(0)
		expect(await page.locator('#conteudo').getAttribute('aria-busy')).toBeNull()
		expectNoPageErrors(page)
	})

	test('category → product: the product skeleton (gallery, title, price), then the product', async () => {
		const page = await browser.newPage(MOBILE)
		await page.goto('/cachecol')
		await waitForHydration(page)
		const link = page.getByRole('main').getByRole('article').first().getByRole('heading').getByRole('link')
		const title = (await link.textContent())?.trim() ?? ''
		const release = await holdRequests(page, /\/produto\/[^/]+\.data/)
		await link.click()

		await page.getByTestId('product-page-skeleton').waitFor()
		await status(page).waitFor({ state: 'attached' })
		release()
		await page.getByRole('heading', { level: 1, name: title }).waitFor()
		expect(await page.getByTestId('product-page-skeleton').count()).toBe(0)
		expectNoPageErrors(page)
	})

	test('with reduced motion the bar appears without animation', async () => {
		const context = await browser.newContext(MOBILE)
		const page = trackErrors(await context.newPage())
		await page.emulateMedia({ reducedMotion: 'reduce' })
		await page.goto('/colares')
		await waitForHydration(page)
		const release = await holdRequests(page, /\/lacinhos\.data/)
		await navigateInApp(page, '/lacinhos')
		const bar = page.getByTestId('navigation-progress')
		await expect.poll(() => bar.getAttribute('data-state')).toBe('growing')
		// No property is transitioned: the bar is simply there, it does not creep.
		const transitioned = await bar.locator('div').evaluate((node) => getComputedStyle(node).transitionProperty)
		expect(transitioned).toBe('none')
		expect(await bar.evaluate((node) => getComputedStyle(node).transitionProperty)).toBe('none')
		release()
		await page.getByRole('heading', { level: 1, name: 'Lacinhos' }).waitFor()
		expectNoPageErrors(page)
	})
})
