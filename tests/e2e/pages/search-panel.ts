import type { Locator, Page } from 'playwright-core'

/** The header's search panel, as a shopper meets it. */
export class SearchPanel {
	constructor(private readonly page: Page) {}

	get toggle(): Locator {
		return this.page.getByRole('banner').getByRole('button', { name: 'Buscar produtos' })
	}

	get panel(): Locator {
		return this.page.locator('#busca-produtos')
	}

	get input(): Locator {
		return this.page.getByRole('searchbox', { name: 'Buscar produtos' })
	}

	/** The result links, in the order shown. */
	get results(): Locator {
		return this.panel.getByRole('list').getByRole('link')
	}

	async open() {
		await this.toggle.click()
		await this.input.waitFor()
	}

	/** Types like a person (key by key), so the debounce and the fetches happen as in real use. */
	async type(text: string) {
		await this.input.pressSequentially(text, { delay: 40 })
	}

	/** Waits for the results of `query` (the list's label names the query answered). */
	async waitForResults(query: string) {
		await this.panel.getByRole('list', { name: `Resultados para "${query}"` }).waitFor()
	}

	async resultTitles(): Promise<string[]> {
		return this.results.locator('span.font-semibold').allTextContents()
	}

	async isOpen(): Promise<boolean> {
		return this.panel.isVisible()
	}
}
