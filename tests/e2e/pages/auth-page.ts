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

	/** Sign-up asks a first name and signs the customer in at once (issue 31). */
	async signUp(email: string, password: string, firstName = 'Cliente') {
		await this.page.getByLabel(/^primeiro nome/i).fill(firstName)
		await this.fill(email, password)
		await this.page.getByRole('button', { name: 'Criar Conta' }).click()
	}

	async signIn(email: string, password: string) {
		await this.fill(email, password)
		await this.page.getByRole('button', { name: 'Entrar', exact: true }).click()
	}

	/** Signs up, which signs in at once (issue 31): the toast, and the customer area. */
	async signUpAndSignIn(email: string, password: string, options: { fromCurrentPage?: boolean } = {}) {
		if (!options.fromCurrentPage) await this.goto()
		await this.signUp(email, password)
		await this.page.locator('[data-sonner-toast]').filter({ hasText: 'Conta criada com sucesso!' }).first().waitFor({ timeout: 10_000 })
		await this.page.waitForURL('**/user/dashboard')
	}
}
