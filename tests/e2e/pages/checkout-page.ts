import type { Page } from 'playwright-core'
import { waitForHydration } from '../support/browser'

/** /checkout (the built-in checkout) and the order page it leads to. */
export const VALID_CUSTOMER = {
	name: 'Ana Souza',
	email: 'ana.souza@example.com',
	// A CPF with valid check digits (the classic documentation example).
	cpf: '529.982.247-25',
	phone: '(11) 91234-5678',
	cep: '01310-100',
	street: 'Avenida Paulista',
	number: '1578',
	district: 'Bela Vista',
	city: 'São Paulo',
	uf: 'SP',
}

export class CheckoutPage {
	constructor(private readonly page: Page) {}

	/** Puts a variant in this browser's cart through the /cart action (the drawer's own contract). */
	async addToCart(variantId: string, quantity = 1) {
		const status = await this.page.evaluate(
			async ({ variantId, quantity }) => {
				const body = new FormData()
				body.set('intent', 'add')
				body.set('lines', JSON.stringify([{ variantId, quantity }]))
				const response = await fetch('/cart', { method: 'POST', body })
				return response.status
			},
			{ variantId, quantity },
		)
		if (status !== 200) throw new Error(`/cart add answered ${status}`)
	}

	async goto() {
		await this.page.goto('/checkout')
		await this.page.getByRole('heading', { level: 1, name: 'Finalizar compra' }).waitFor()
		// Fields typed before hydration can be reset by it, and the submit then posts an empty
		// form that never leads to the order page (seen on a loaded machine).
		await waitForHydration(this.page, 'main form')
	}

	async fillCustomer(customer: typeof VALID_CUSTOMER = VALID_CUSTOMER) {
		const p = this.page
		await p.getByLabel('Nome completo').fill(customer.name)
		await p.getByLabel('E-mail').fill(customer.email)
		await p.getByLabel('Telefone').fill(customer.phone)
		await p.getByLabel('CPF').fill(customer.cpf)
		await p.getByLabel('CEP', { exact: true }).fill(customer.cep)
		await p.getByLabel('Rua').fill(customer.street)
		await p.getByLabel('Número', { exact: true }).fill(customer.number)
		await p.getByLabel('Bairro').fill(customer.district)
		await p.getByLabel('Cidade').fill(customer.city)
		await p.getByLabel('Estado (UF)').selectOption(customer.uf)
	}

	// The radios sit under the shipping quote, which arrives after the CEP and moves them on a
	// phone: a click at their coordinates once landed beside one (CI). The element's own click is
	// what a tap on it does, React's change handler included.
	async choosePix() {
		await this.choosePayment(/PIX/)
	}

	private async choosePayment(name: RegExp) {
		const radio = this.page.getByRole('radio', { name })
		await radio.evaluate((input: HTMLInputElement) => input.click())
		if (!(await radio.isChecked())) throw new Error(`o meio de pagamento ${name} não ficou marcado`)
	}

	async payWithCard(number: string, installments = 1, card: { expiry?: string; cvc?: string } = {}) {
		const p = this.page
		await this.choosePayment(/Cartão de crédito/)
		await p.getByText('Ambiente de teste').first().waitFor()
		await p.getByLabel('Número do cartão').fill(number)
		await p.getByLabel('Nome impresso no cartão').fill('ANA SOUZA')
		await p.getByLabel('Validade (MM/AA)').fill(card.expiry ?? '12/39')
		await p.getByLabel('CVV').fill(card.cvc ?? '123')
		await p.getByLabel('Parcelas').selectOption(String(installments))
	}

	async submit() {
		await this.page.getByRole('button', { name: 'Finalizar Pedido' }).click()
	}
}

/** Every request a page sends from now on: its URL and body, as the server would receive them. */
export function recordRequests(page: Page): Array<{ url: string; body: string }> {
	const sent: Array<{ url: string; body: string }> = []
	page.on('request', (request) => {
		const body = request.postDataBuffer()
		sent.push({ url: request.url(), body: body ? body.toString('utf8') : '' })
	})
	return sent
}
