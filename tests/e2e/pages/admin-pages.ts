import type { Page } from 'playwright-core'
import { ADMIN } from '../support/accounts'
import { AuthPage } from './auth-page'
import { Shell } from './shell'

/** The back-office pages of issue 4 (orders, coupons, settings, e-mails), as the owner uses them. */
export class AdminPages {
	readonly shell: Shell
	constructor(private readonly page: Page) {
		this.shell = new Shell(page)
	}

	async signIn() {
		const auth = new AuthPage(this.page)
		await auth.goto()
		await auth.signIn(ADMIN.email, ADMIN.password)
		await this.page.waitForURL('**/admin')
	}

	async createCoupon(values: { code: string; kind: 'Porcentagem' | 'Valor fixo' | 'Frete grátis'; value?: string; minSubtotal?: string; usageLimit?: string }) {
		const p = this.page
		await p.goto('/admin/cupons')
		const form = p.getByRole('form', { name: 'Novo cupom' })
		await form.getByLabel('Código').fill(values.code)
		await form.getByLabel('Tipo').selectOption({ label: values.kind })
		await form.getByLabel('Valor', { exact: true }).fill(values.value ?? '')
		await form.getByLabel('Pedido mínimo (R$)').fill(values.minSubtotal ?? '')
		await form.getByLabel('Limite de usos').fill(values.usageLimit ?? '')
		await form.getByRole('button', { name: 'Criar cupom' }).click()
	}

	async checkCouponFile(filePath: string) {
		const p = this.page
		await p.goto('/admin/cupons/importar')
		await p.getByLabel('Arquivo CSV').setInputFiles(filePath)
		await p.getByRole('button', { name: 'Verificar' }).click()
		await p.getByRole('heading', { name: /Resultado da verificação/ }).waitFor()
	}

	/** The number shown under a label of the check summary ('Serão importados', 'Inválidos'…). */
	async summaryCount(label: string): Promise<number> {
		const term = this.page.getByRole('term').filter({ hasText: label })
		const text = await term.locator('xpath=following-sibling::dd[1]').textContent()
		return Number(text)
	}

	/** Follows a sidebar link, opening its folded group first (issue 30: only the current page's group is open). */
	async openFromSidebar(group: string, link: string) {
		const p = this.page
		const nav = p.getByRole('navigation', { name: 'Menu Admin' })
		const target = nav.getByRole('link', { name: link, exact: true })
		if (!(await target.isVisible())) await nav.locator('summary', { hasText: group }).click()
		await target.click()
	}

	async openOrder(reference: string) {
		const p = this.page
		await p.goto(`/admin/pedidos?q=${encodeURIComponent(reference)}`)
		await p.getByRole('link', { name: reference }).click()
		await p.getByRole('heading', { level: 1, name: `Pedido ${reference}` }).waitFor()
	}

	async changeStatus(button: string, trackingCode?: string) {
		const p = this.page
		if (trackingCode) await p.getByLabel('Código de rastreio').fill(trackingCode)
		await p.getByRole('button', { name: button }).click()
		await this.shell.toast('Status atualizado!')
	}
}
