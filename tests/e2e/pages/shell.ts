import type { Page } from 'playwright-core'

/** The shop's header and toasts, as a shopper meets them. */
export class Shell {
	constructor(private readonly page: Page) {}

	/** Waits for a toast (sonner) whose text contains `text`; 20 s, as a loaded CI machine may take. */
	async toast(text: string) {
		await this.page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor({ timeout: 20_000 })
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
