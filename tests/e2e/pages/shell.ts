import type { Page } from 'playwright-core'

/** The shop's header and toasts, as a shopper meets them. */
export class Shell {
	constructor(private readonly page: Page) {}

	/**
	 * Waits for a toast (sonner) whose text contains `text` to have been shown on this page (every
	 * page keeps the toasts it showed: support/browser.ts); 20 s, as a loaded CI machine may take.
	 * When none comes, the failed test prints what each of its pages shows instead, the toasts it
	 * did show, its last requests and which still wait (setupBrowser, support/page-diagnostics.ts).
	 */
	async toast(text: string) {
		await this.page
			.waitForFunction(
				(wanted) => {
					// A toast answers each text once: a second wait for the same text needs a second toast
					// (its title and its description may be two waits on one toast).
					const shown = (window as unknown as { __toasts?: { text: string; awaited: string[] }[] }).__toasts ?? []
					const toast = shown.find((candidate) => candidate.text.includes(wanted) && !candidate.awaited.includes(wanted))
					toast?.awaited.push(wanted)
					return toast !== undefined
				},
				text,
				{ timeout: 20_000 },
			)
			.catch((error: unknown) => {
				throw new Error(`o aviso "${text}" não apareceu em 20 s (${String(error)}); o estado das páginas do teste está na saída de erro dele (stderr)`)
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
