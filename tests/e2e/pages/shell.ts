import type { Page } from 'playwright-core'
import { whatThePageShows } from '../support/page-shows'

/** Each page's last POST answers, for a failure to say what the server said (ci42's missing toasts). */
const postAnswers = new WeakMap<Page, string[]>()
function recordPostAnswers(page: Page) {
	if (postAnswers.has(page)) return
	const answers: string[] = []
	postAnswers.set(page, answers)
	page.on('response', (response) => {
		if (response.request().method() !== 'POST') return
		const url = new URL(response.url())
		answers.push(`${response.status()} ${url.pathname}${url.search}`)
		if (answers.length > 8) answers.shift()
	})
}

/** The shop's header and toasts, as a shopper meets them. */
export class Shell {
	constructor(private readonly page: Page) {
		recordPostAnswers(page)
	}

	/**
	 * Waits for a toast (sonner) whose text contains `text`; 20 s, as a loaded CI machine may take.
	 * When none comes, the failure says what the page shows instead and what its last posts answered.
	 */
	async toast(text: string) {
		await this.page
			.locator('[data-sonner-toast]')
			.filter({ hasText: text })
			.first()
			.waitFor({ timeout: 20_000 })
			.catch(async (error: unknown) => {
				const shown = await whatThePageShows(this.page)
				const outlet = await this.page
					.evaluate(() => ({ hydrated: document.documentElement.dataset.hydrated ?? 'não', toaster: document.querySelector('section[aria-label*="Notifications"]') !== null }))
					.catch(() => null)
				throw new Error(
					`${String(error)}\nna página ${this.page.url()} (${JSON.stringify(outlet)}): ${JSON.stringify(shown)}\núltimos POST: ${JSON.stringify(postAnswers.get(this.page) ?? [])}`,
				)
			})
	}

	/**
	 * Starts keeping the text of every toast shown from now on, for steps after which a toast may
	 * come and go (4 s) while the test is still busy elsewhere on a loaded machine.
	 */
	async recordToasts() {
		await this.page.evaluate(() => {
			const seen: string[] = []
			;(window as unknown as { __toasts: string[] }).__toasts = seen
			new MutationObserver(() => {
				for (const toast of document.querySelectorAll('[data-sonner-toast]')) {
					const text = toast.textContent ?? ''
					if (!seen.includes(text)) seen.push(text)
				}
			}).observe(document.body, { childList: true, subtree: true, characterData: true })
		})
	}

	/** A toast containing `text` was shown since recordToasts() (it may be gone by now); 20 s. */
	async toastShown(text: string) {
		await this.page.waitForFunction((wanted) => (window as unknown as { __toasts?: string[] }).__toasts?.some((t) => t.includes(wanted)), text, {
			timeout: 20_000,
		})
	}

	async openAccountMenu() {
		await this.page.getByRole('button', { name: 'Minha Conta' }).click()
	}

	async signOut() {
		await this.openAccountMenu()
		await this.page.getByRole('banner').getByRole('button', { name: 'Sair' }).click()
	}

	async toggleTheme() {
		await this.page.getByRole('banner').getByRole('button', { name: 'Alternar tema' }).first().click()
	}

	async isDark() {
		return this.page.evaluate(() => document.documentElement.classList.contains('dark'))
	}
}
