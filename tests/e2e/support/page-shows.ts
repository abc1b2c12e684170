import type { Page } from 'playwright-core'

/**
 * What the page tells the shopper right now, for a failure message: its alerts, toasts and invalid
 * fields (a field with the value typed in it, which its text would not show). Empty when the page
 * cannot be read (closed, navigating).
 */
export function whatThePageShows(page: Page): Promise<string[]> {
	return page
		.locator('[role="alert"], [data-sonner-toast], [aria-invalid="true"]')
		.evaluateAll((elements) =>
			elements.map((e) => `${e.getAttribute('name') ?? e.tagName}: ${(e instanceof HTMLInputElement ? `valor "${e.value}"` : (e.textContent ?? '')).trim().slice(0, 160)}`),
		)
		.catch(() => [])
}
