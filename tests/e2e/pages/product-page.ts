import type { Page } from 'playwright-core'

/** The product page (/produto/:handle) as a shopper uses it. */
export class ProductPage {
	constructor(readonly page: Page) {}

	async goto(handle: string) {
		const response = await this.page.goto(`/produto/${handle}`)
		return response?.status() ?? 0
	}

	main() {
		return this.page.getByRole('main')
	}

	heading() {
		return this.main().getByRole('heading', { level: 1 })
	}

	async price(): Promise<string> {
		return ((await this.page.getByTestId('preco').textContent()) ?? '').trim()
	}

	/** The radio of one option value (inside the option's radio group, named by its label). */
	optionValue(option: string, value: string) {
		return this.main().getByRole('radiogroup', { name: new RegExp(`^${option}`) }).getByRole('radio', { name: new RegExp(`^${value}\\b`) })
	}

	async choose(option: string, value: string) {
		// The radio is visually hidden; its label is the chip the shopper clicks.
		await this.optionValue(option, value).check({ force: true })
	}

	async waitForHydration() {
		// Clicks before hydration do nothing; React marks the DOM nodes it has hydrated.
		await this.page.waitForFunction(() => {
			const h1 = document.querySelector('main h1')
			return h1 !== null && Object.keys(h1).some((key) => key.startsWith('__reactFiber'))
		})
	}

	addToCart() {
		return this.main().getByRole('button', { name: 'Adicionar ao Carrinho' })
	}

	buyNow() {
		return this.main().getByRole('button', { name: 'Comprar Agora' })
	}

	async cartJson(): Promise<{ cart: { lines: { productHandle: string; quantity: number; attributes: { key: string; value: string }[]; optionsLabel: string }[] } }> {
		// From inside the page: the browser sends its (Secure, httpOnly) cart cookie itself.
		return (await this.page.evaluate(() => fetch('/cart', { credentials: 'same-origin' }).then((r) => r.json()))) as never
	}
}
