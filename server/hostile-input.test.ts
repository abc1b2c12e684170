import { createScratchPostgresDatabase, scratchPool } from '#tests/setup/scratch-postgres'
import { type RunningServer, startAppServer } from '#tests/support/app-server'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { COMMERCE_MESSAGES } from '~/commerce/errors'
import { SAFE_TEXT_MESSAGE } from '~/utils/safe-text'
import { QUERY_TEXT_MESSAGE } from './query-text'

/**
 * Hostile text and malformed bodies at the boundary (issue 8, defect 10; decision 022),
 * through HTTP against the production server. Before: NUL in a query or a JSON-escaped lone
 * surrogate reached PostgreSQL (500/503), and a body that is not a form threw in
 * `request.formData()` (500). The parts that need catalogue ids or must look into the
 * database run on PostgreSQL (TEST_DATABASE_URL, as CI does); PGlite's files are the server's.
 */
const ADMIN = { email: 'dona@loja.test', password: 'senha-forte-da-dona-123' }
const onPostgres = !!process.env.TEST_DATABASE_URL

class Client {
	private cookies = new Map<string, string>()
	constructor(private readonly base: string) {}

	async send(method: string, path: string, init: { headers?: Record<string, string>; body?: BodyInit } = {}) {
		const response = await fetch(new URL(path, this.base), {
			method,
			redirect: 'manual',
			headers: { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '), origin: this.base, ...init.headers },
			body: init.body,
		})
		for (const header of response.headers.getSetCookie()) {
			const [pair = ''] = header.split(';')
			const index = pair.indexOf('=')
			const value = pair.slice(index + 1)
			if (value && !/max-age=0/i.test(header)) this.cookies.set(pair.slice(0, index), value)
			else this.cookies.delete(pair.slice(0, index))
		}
		return response
	}

	post(path: string, form: Record<string, string>) {
		return this.send('POST', path, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) })
	}
}

const JSON_BODY = { headers: { 'content-type': 'application/json' }, body: '{"intent":"signin","email":"a@b.c","password":"x"}' }
const CUT_MULTIPART = {
	headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
	body: '--XyZ\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--XyZ\r\nContent-Disposition: form-da',
}

describe('hostile input at the boundary', () => {
	let server: RunningServer
	let database: { url: string; drop(): Promise<unknown> } | null = null
	let pool: pg.Pool | null = null
	let admin: Client
	let customer: Client
	const customerEmail = `hostil.${Date.now()}@exemplo.test`

	beforeAll(async () => {
		database = onPostgres
			? await createScratchPostgresDatabase(process.env.TEST_DATABASE_URL as string, `hostile_${process.pid}_${Date.now()}`)
			: null
		server = await startAppServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...(database ? { DATABASE_URL: database.url } : {}) })
		pool = database ? scratchPool(database.url, 2) : null
		admin = new Client(server.url)
		expect((await admin.post('/auth', { intent: 'signin', ...ADMIN })).status).toBe(302)
		customer = new Client(server.url)
		await customer.post('/auth', { intent: 'signup', firstName: 'Cliente', email: customerEmail, password: 'senha-segura-123' })
		expect((await customer.post('/auth', { intent: 'signin', email: customerEmail, password: 'senha-segura-123' })).status).toBe(302)
	}, 180_000)

	afterAll(async () => {
		await pool?.end()
		await server?.stop()
		await database?.drop()
	})

	test.each(['/auth', '/auth/esqueci-senha', '/auth/redefinir-senha', '/em-breve'])(
		'%s: a JSON or cut-off multipart body gets 400 with a Portuguese message',
		async (path) => {
			for (const init of [JSON_BODY, CUT_MULTIPART]) {
				const response = await new Client(server.url).send('POST', path, init)
				expect(response.status).toBe(400)
				expect(await response.text()).toContain(COMMERCE_MESSAGES.invalidInput)
			}
		},
	)

	test('/resources/theme: a JSON or cut-off multipart body gets 400 and no theme cookie', async () => {
		for (const init of [JSON_BODY, CUT_MULTIPART]) {
			const response = await new Client(server.url).send('POST', '/resources/theme', init)
			expect(response.status).toBe(400)
			expect(response.headers.getSetCookie()).toEqual([])
			expect(await response.json()).toEqual({ ok: false, error: COMMERCE_MESSAGES.invalidInput })
		}
	})

	test('a form field with NUL or control characters gets 400 with the safe-text message', async () => {
		for (const email of ['a\u0000@b.c', 'a\u0001\u001b@b.c']) {
			const response = await new Client(server.url).post('/em-breve', { email })
			expect(response.status).toBe(400)
			expect(await response.text()).toContain(SAFE_TEXT_MESSAGE.slice(0, 40))
		}
	})

	test('checkout fields and coupon codes with NUL or a control character get 400 with the safe-text message', async () => {
		for (const [client, path, form] of [
			[customer, '/checkout', { intent: 'apply-coupon', couponCode: 'BEMVINDO\u0000' }],
			[customer, '/checkout', { intent: 'place-order', name: 'Maria\u0000 Silva', street: 'Rua A\u0007', city: 'São Paulo' }],
			[admin, '/admin/cupons', { intent: 'create', code: 'NATAL\u0000', name: 'Natal\u0001' }],
		] as const) {
			const response = await client.post(path, form)
			expect(response.status, path).toBe(400)
			expect(await response.text()).toContain(SAFE_TEXT_MESSAGE.slice(0, 40))
		}
	})

	test('NUL in the query of the searches gets 400 (was a 500 and a 503)', async () => {
		const anonymous = new Client(server.url)
		for (const [client, path] of [
			[anonymous, '/resources/search?q=la%00co'],
			[admin, '/admin/pedidos?q=%00'],
			[admin, '/admin/pedidos/exportar.csv?q=a%00'],
			[admin, '/admin/cupons?q=%01%00'],
		] as const) {
			const response = await client.send('GET', path)
			expect(response.status, path).toBe(400)
			expect(response.headers.get('cache-control')).toBe('no-store')
			expect(await response.text()).toBe(QUERY_TEXT_MESSAGE)
		}
		// Ordinary searches, accents and emoji included, still work.
		expect((await anonymous.send('GET', '/resources/search?q=la%C3%A7o')).status).toBe(200)
		expect((await admin.send('GET', '/admin/pedidos?q=%F0%9F%90%B6')).status).toBe(200)
	})

	describe.skipIf(!onPostgres)('on PostgreSQL', () => {
		/** A product the home page links to (so its page renders), with its first variant. */
		async function plainVariant() {
			// A category page lists its products in the HTML (the home draws its rows' cards in the browser, decision 089).
			const category = await (await fetch(`${server.url}/categoria/bandana`)).text()
			const linked = /href="\/produto\/([^"/?]+)"/.exec(category)?.[1]
			const { rows } = await pool!.query<{ id: string; product_id: string; handle: string }>(
				`select v.id, p.id as product_id, p.handle from product_variants v join products p on p.id = v.product_id
				 where p.handle = $1 order by v.id limit 1`,
				[linked],
			)
			const row = rows[0]
			if (!row) throw new Error('nenhum produto na página da categoria')
			return row
		}

		test('cart attributes with a JSON-escaped NUL or lone surrogate get 400 and add nothing', async () => {
			const { id } = await plainVariant()
			const client = new Client(server.url)
			for (const value of ['Rex\\u0000', '\\ud800Rex']) {
				const lines = `[{"variantId":"${id}","quantity":1,"attributes":[{"key":"Nome do pet","value":"${value}"}]}]`
				const response = await client.post('/cart', { intent: 'add', lines })
				expect(response.status).toBe(400)
				expect(await response.json()).toEqual({ ok: false, error: SAFE_TEXT_MESSAGE })
			}
			const { rows } = await pool!.query(`select count(*)::int as n from cart_lines`)
			expect(rows[0].n).toBe(0)
		})

		test('a review comment or name with NUL or control characters gets 400 and stores nothing', async () => {
			const { product_id: productId } = await plainVariant()
			for (const [comment, name] of [
				['Adorei a bandana\u0000, ficou ótima', 'Ana'],
				['Adorei a bandana, ficou ótima', 'Ana\u0007'],
			] as const) {
				const response = await new Client(server.url).post('/resources/reviews', { productId, rating: '5', comment, name })
				expect(response.status).toBe(400)
				expect((await response.json()).message).toBe(SAFE_TEXT_MESSAGE)
			}
			const { rows } = await pool!.query(`select count(*)::int as n from reviews where comment like 'Adorei a bandana%'`)
			expect(rows[0].n).toBe(0)
		})

		test('review text and the customer name with HTML come back escaped', async () => {
			const { product_id: productId, handle } = await plainVariant()
			const script = '<script>alert("xss")</script><img src=x onerror=alert(1)>'
			const anonymous = new Client(server.url)
			const posted = await anonymous.post('/resources/reviews', { productId, rating: '4', comment: `Muito boa ${script}`, name: '<script>alert(2)</script>' })
			expect(posted.status).toBe(201)
			await pool!.query(`update reviews set is_approved = true where product_id = $1`, [productId])
			await pool!.query(
				`insert into user_profiles (user_id, full_name) select id, $2 from users where email = $1
				 on conflict (user_id) do update set full_name = excluded.full_name`,
				[customerEmail, `${script} Silva`],
			)
			const pages = [
				await (await anonymous.send('GET', `/produto/${handle}`)).text(),
				await (await customer.send('GET', '/user/dashboard')).text(),
			]
			// (Booleans, not toContain: a failure would print the whole page.)
			expect(pages[0]?.includes('Muito boa &lt;script&gt;alert'), 'comentário escapado').toBe(true)
			expect(pages[0]?.includes('&lt;script&gt;alert(2)'), 'nome do avaliador escapado').toBe(true)
			expect(pages[1]?.includes('&lt;script&gt;alert'), 'nome do cliente escapado').toBe(true)
			for (const html of pages) {
				expect(html.includes('<script>alert'), 'script cru na página').toBe(false)
				expect(html.includes('<img src=x'), 'img cru na página').toBe(false)
			}
		})
	})
})
