import type { Page } from 'playwright-core'

/** The Aria chat panel (issue 12), as a shopper uses it. */
export class AriaPanel {
	constructor(readonly page: Page) {}

	dialog() {
		return this.page.getByRole('dialog', { name: 'Aria Assistente' })
	}

	log() {
		return this.dialog().getByRole('log', { name: 'Conversa com a Aria' })
	}

	input() {
		return this.dialog().getByRole('textbox', { name: 'Mensagem para a Aria' })
	}

	sendButton() {
		return this.dialog().getByRole('button', { name: 'Enviar mensagem' })
	}

	cards() {
		return this.dialog().getByRole('list', { name: 'Produtos sugeridos' }).getByRole('article')
	}

	/** Opens it from the floating button (waits until the page is hydrated and the panel loaded). */
	async openFromLauncher() {
		await this.page.getByRole('button', { name: 'Aria Assistente' }).click()
		await this.dialog().waitFor()
	}

	/**
	 * Counts how many times the last reply's text changed while it arrived (a streamed reply
	 * changes many times; a reply shown at once, once).
	 */
	async watchReplyUpdates() {
		await this.page.evaluate(() => {
			const log = document.querySelector('[role="log"]')
			const w = window as unknown as { __ariaUpdates: number }
			w.__ariaUpdates = 0
			new MutationObserver(() => (w.__ariaUpdates += 1)).observe(log as Node, { subtree: true, characterData: true, childList: true })
		})
	}

	async replyUpdates(): Promise<number> {
		return this.page.evaluate(() => (window as unknown as { __ariaUpdates: number }).__ariaUpdates)
	}

	/** Types a message and sends it with Enter; waits until the reply has fully arrived. */
	async ask(text: string) {
		const before = await this.log().locator(':scope > ol > li').count()
		await this.input().fill(text)
		await this.input().press('Enter')
		await this.page.waitForFunction(
			(count) => {
				const log = document.querySelector('[role="log"]')
				const items = log?.querySelectorAll(':scope > ol > li') ?? []
				const textarea = document.querySelector('textarea[aria-label="Mensagem para a Aria"]') as HTMLTextAreaElement | null
				return items.length >= count + 2 && !log?.querySelector('[aria-busy="true"]') && textarea !== null && !textarea.disabled
			},
			before,
			{ timeout: 20_000 },
		)
	}

	/** The text of the last reply. */
	async lastReply(): Promise<string> {
		return (await this.log().locator(':scope > ol > li').last().innerText()).trim()
	}
}
