import type { Page } from 'playwright-core'

/** /auth: sign in and sign up (document 001 §2 'Login'). */
export class AuthPage {
	constructor(private readonly page: Page) {}

	async goto() {
		await this.page.goto('/auth')
		await this.page.getByRole('button', { name: 'Entrar', exact: true }).waitFor()
	}

	private async fill(email: string, password: string) {
		await this.page.getByLabel(/e-?mail/i).fill(email)
		await this.page.getByLabel(/^senha/i).fill(password)
	}

	async signUp(email: string, password: string) {
		await this.fill(email, password)
		await this.page.getByRole('button', { name: 'Criar Conta' }).click()
	}

	async signIn(email: string, password: string) {
		await this.fill(email, password)
		await this.page.getByRole('button', { name: 'Entrar', exact: true }).click()
	}

	/** Signs up, waits for the confirmation toast, signs in and lands on the customer area. */
	async signUpAndSignIn(email: string, password: string, options: { fromCurrentPage?: boolean } = {}) {
		if (!options.fromCurrentPage) await this.goto()
		await this.signUp(email, password)
		await this.page.locator('[data-sonner-toast]').filter({ hasText: 'Conta criada com sucesso!' }).first().waitFor({ timeout: 10_000 })
		await this.signIn(email, password)
		await this.page.waitForURL('**/user/dashboard')
	}
}
