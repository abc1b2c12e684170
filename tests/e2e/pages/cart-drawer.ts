import type { Page } from 'playwright-core'

/** The cart drawer (document 000 §2 'Cart drawer') and the header's cart button. */
export class CartDrawer {
	constructor(readonly page: Page) {}

	dialog() {
		return this.page.getByRole('dialog', { name: 'Carrinho de Compras' })
	}

	headerButton() {
		return this.page.getByRole('banner').getByRole('button', { name: /^Carrinho/ })
	}

	async open() {
		await this.headerButton().click()
		await this.dialog().waitFor()
	}

	async close() {
		await this.page.keyboard.press('Escape')
		await this.dialog().waitFor({ state: 'detached' })
	}

	lines() {
		return this.dialog().getByTestId('cart-line')
	}

	giftLines() {
		return this.dialog().locator('[data-testid="cart-line"][data-gift]')
	}

	line(title: string) {
		return this.lines().filter({ hasText: title })
	}

	/** The cart as the server sees it, fetched from inside the page (its httpOnly cookie goes along). */
	async json(): Promise<{ cart: { itemCount: number; lines: { productTitle: string; quantity: number; isGift: boolean }[] } }> {
		return (await this.page.evaluate(() => fetch('/cart', { credentials: 'same-origin' }).then((r) => r.json()))) as never
	}
}
