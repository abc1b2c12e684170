import { HtmlValidate, type Message } from 'html-validate'
import pg from 'pg'
import { beforeAll, describe, expect, test } from 'vitest'
import { renderCheckout, shopperWith, submitCheckout } from '#tests/support/checkout-http'
import { ADMIN, newCustomer } from './support/accounts'
import { e2eServer } from './support/e2e-server'
import { HttpSession } from './support/http-session'
import { loadBuild, routeTable } from './support/route-table'

/**
 * The HTML the server sends is valid HTML (issue 28, defect 6): a `<figcaption>` out of place and
 * `autocomplete="tel-national"` on a phone field reached production because nothing read the
 * markup as a validator does. html-validate's 'standard' preset (the HTML standard's content
 * models, attributes and values; no style rules) reads every page of the route table without a
 * parameter, for the role that may open it, and the main pages with one (a category, a product, an
 * order). HTTP only: the server's own HTML, before any script runs.
 */
const validator = new HtmlValidate({
	extends: ['html-validate:standard'],
	rules: {
		// React writes `<input/>`-style void elements and lowercases nothing by hand: formatting only.
		'void-style': 'off',
	},
})

type Role = 'anonymous' | 'customer' | 'admin'

function roleFor(path: string): Role {
	if (path.startsWith('/admin')) return 'admin'
	if (path.startsWith('/user')) return 'customer'
	return 'anonymous'
}

function describeMessage(message: Message): string {
	return `${message.ruleId}: ${message.message} @ ${message.selector ?? `${message.line}:${message.column}`}`
}

describe('HTML válido (issue 28)', () => {
	const sessions = {} as Record<Role, HttpSession>
	let paths: string[] = []

	beforeAll(async () => {
		sessions.anonymous = new HttpSession()
		sessions.customer = new HttpSession()
		sessions.admin = new HttpSession()
		const customer = newCustomer()
		await sessions.customer.signUp(customer.email, customer.password)
		await sessions.customer.signIn(customer.email, customer.password)
		await sessions.admin.signIn(ADMIN.email, ADMIN.password)
		// Every page route with no parameter (a resource route answers something other than HTML and
		// is left out below by its content type).
		const staticPaths = routeTable(await loadBuild())
			.filter((route) => route.hasLoader && !route.path.includes(':') && !route.path.includes('*'))
			// Not pages: the session's end, JSON and webhook endpoints.
			.filter((route) => !/^\/(logout|cart|resources|webhooks)(\/|$)/.test(route.path))
			.map((route) => route.path)
		paths = [...new Set(staticPaths)].sort()
	})

	/** The page's HTML when it is a page (200, text/html); null for redirects and resources. */
	async function pageHtml(path: string): Promise<string | null> {
		const response = await sessions[roleFor(path)].get(path)
		expect(response.status, `${path} respondeu ${response.status}`).toBeLessThan(500)
		if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/html')) return null
		return response.text()
	}

	async function invalidities(path: string, html: string): Promise<string[]> {
		const report = await validator.validateString(html, path)
		return report.results.flatMap((result) => result.messages.map((message) => `${path} — ${describeMessage(message)}`))
	}

	test('every page without a parameter, for the role that opens it', async () => {
		const found: string[] = []
		let validated = 0
		for (const path of paths) {
			const html = await pageHtml(path)
			if (html === null) continue
			validated += 1
			found.push(...(await invalidities(path, html)))
		}
		// The storefront, the customer area and the back-office: dozens of pages, not a handful.
		expect(validated).toBeGreaterThan(30)
		expect(found).toEqual([])
	})

	test('a category, a product, and an order as the shopper and the owner see it', async () => {
		const found: string[] = []
		const home = (await pageHtml('/')) ?? ''
		const category = /href="(\/categoria\/[^"?#]+)"/.exec(home)?.[1]
		expect(category, 'a home liga uma categoria').toBeTruthy()
		const categoryHtml = (await pageHtml(category ?? '/')) ?? ''
		const product = /href="(\/produto\/[^"?#]+)"/.exec(categoryHtml)?.[1]
		expect(product, 'a categoria liga um produto').toBeTruthy()
		const pages = [category, product] as string[]
		const { databaseUrl } = e2eServer()
		if (databaseUrl) {
			// An order placed through the shop's own routes, as a browser would (PIX: the QR code page).
			const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 })
			try {
				const { rows } = await pool.query<{ id: string }>(`
					select v.id from product_variants v join products p on p.id = v.product_id
					where p.status = 'active' and v.available and (v.stock is null or v.stock >= 5)
						and not ('uso-interno' = any(p.tags)) and p.handle <> 'brinde-lacinho-pet'
					order by p.handle, v.position limit 1`)
				const shopper = await shopperWith(e2eServer().baseUrl, rows[0]!.id)
				// The checkout with a filled cart (empty, it sends the shopper back to the shop).
				const checkout = await shopper.get('/checkout')
				expect(checkout.status).toBe(200)
				found.push(...(await invalidities('/checkout', await checkout.text())))
				const placed = await submitCheckout(shopper, { idempotencyKey: await renderCheckout(shopper), paymentMethod: 'pix' })
				expect(placed.status).toBe(302)
				const [order] = (await pool.query<{ id: string }>(`select id from orders where reference = $1`, [placed.reference])).rows
				const shopperPage = `/pedido/${placed.reference}`
				const shopperHtml = await shopper.get(shopperPage)
				expect(shopperHtml.status).toBe(200)
				found.push(...(await invalidities(shopperPage, await shopperHtml.text())))
				pages.push(`/admin/pedidos/${order!.id}`)
			} finally {
				await pool.end()
			}
		}
		for (const path of pages) {
			const html = await pageHtml(path)
			expect(html, `${path} é uma página`).not.toBeNull()
			found.push(...(await invalidities(path, html ?? '')))
		}
		expect(found).toEqual([])
	})
})
