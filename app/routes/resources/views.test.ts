import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { createProduct } from '~/commerce/builtin/test-factories.server'
import { userViews } from '~/db/schema'
import { db } from '~/server/db.server'
import { recordProductView, REPEAT_VIEW_WINDOW_MS } from '~/server/views.server'
import { VISITOR_COOKIE_NAME } from '~/server/visitor.server'
import { action, loader, VIEW_RATE_LIMIT } from './views'

withTestDatabase()
afterEach(() => {
	vi.useRealTimers()
})

let ipCounter = 0
function freshIp() {
	ipCounter += 1
	return `198.51.100.${ipCounter}`
}

async function post(fields: Record<string, string>, options: { cookie?: string; ip?: string } = {}) {
	const request = new Request('http://loja.test/resources/views', {
		method: 'POST',
		body: new URLSearchParams(fields),
		headers: options.cookie ? { cookie: options.cookie } : {},
	})
	const result = (await action({
		request,
		params: {},
		context: { clientIp: options.ip ?? freshIp(), cspNonce: '' },
	} as never)) as unknown as {
		data: Record<string, unknown>
		init: ResponseInit | null
	}
	return { status: result.init?.status ?? 200, data: result.data, headers: new Headers(result.init?.headers) }
}

describe('POST /resources/views', () => {
	test('anonymous: a visitor cookie is set and the view stored under it, with catalogue data', async () => {
		const { product } = await createProduct({ title: 'Gravata Borboleta', variants: [{ priceCents: 2490 }] })
		const first = await post({ productId: product.id, productTitle: 'Forjado', priceCents: '1' })
		expect(first.status).toBe(200)
		expect(first.data).toEqual({ ok: true, recorded: true })
		const setCookie = first.headers.get('set-cookie') ?? ''
		expect(setCookie).toMatch(new RegExp(`^${VISITOR_COOKIE_NAME}=[0-9a-f-]{36}; Path=/; HttpOnly; SameSite=Lax`))
		const visitorId = setCookie.split(';')[0]!.split('=')[1]!

		const rows = await db.select().from(userViews).where(eq(userViews.productId, product.id))
		expect(rows).toHaveLength(1)
		expect(rows[0]).toMatchObject({
			userId: null,
			sessionId: visitorId,
			productTitle: 'Gravata Borboleta',
			productHandle: product.handle,
			productImageUrl: `/media/${product.handle}-1.jpg`,
			productPriceCents: 2490,
		})

		// Same visitor again (cookie sent back): no new cookie, and the repeat is not stored.
		const again = await post({ handle: product.handle }, { cookie: setCookie.split(';')[0] })
		expect(again.headers.get('set-cookie')).toBeNull()
		expect(again.data).toEqual({ ok: true, recorded: false })
		expect(await db.select().from(userViews).where(eq(userViews.productId, product.id))).toHaveLength(1)
	})

	test('signed in: the view belongs to the user, not a visitor id', async () => {
		const { product } = await createProduct()
		const person = await userWithSession()
		const result = await post({ productId: product.id }, { cookie: person.cookie })
		expect(result.data).toEqual({ ok: true, recorded: true })
		expect(result.headers.get('set-cookie')).toBeNull()
		const [row] = await db.select().from(userViews).where(eq(userViews.productId, product.id))
		expect(row).toMatchObject({ userId: person.id, sessionId: null })
	})

	test('bad input 400, unknown or draft product 404, in Portuguese', async () => {
		const { product: draft } = await createProduct({ status: 'draft' })
		expect(await post({})).toMatchObject({ status: 400, data: { ok: false, message: 'Informe o produto.' } })
		expect(await post({ productId: 'x' })).toMatchObject({ status: 400, data: { message: 'Produto inválido.' } })
		expect(await post({ handle: 'Não Vale!' })).toMatchObject({ status: 400 })
		expect(await post({ productId: draft.id })).toMatchObject({ status: 404, data: { message: 'Produto não encontrado.' } })
		expect(await post({ handle: 'nao-existe' })).toMatchObject({ status: 404 })
	})

	test('rate-limited per client address', async () => {
		const { product } = await createProduct()
		const ip = freshIp()
		// One fixed window for the whole loop: on a slow machine it could cross a minute boundary.
		vi.useFakeTimers({ toFake: ['Date'] })
		vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 1000)
		for (let i = 0; i < VIEW_RATE_LIMIT.limit; i += 1) await post({ productId: product.id }, { ip })
		const refused = await post({ productId: product.id }, { ip })
		expect(refused.status).toBe(429)
		expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
	})

	test('GET: the home page’s featured products for this visitor (their views; another visitor gets suggestions), never stored by a cache', async () => {
		const { product } = await createProduct({ title: 'Lacinho Xadrez', variants: [{ priceCents: 1990 }] })
		const first = await post({ productId: product.id })
		const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0]!
		const featuredFor = async (headers: Record<string, string>) => {
			const request = new Request('http://loja.test/resources/views', { headers })
			const result = (await loader({ request, params: {}, context: { clientIp: '203.0.113.7' } } as never)) as unknown as {
				data: { mode: string; products?: { handle: string }[] }
				init: ResponseInit | null
			}
			expect(new Headers(result.init?.headers).get('cache-control')).toBe('private, no-store')
			return result.data
		}
		const mine = await featuredFor({ cookie })
		expect(mine.mode).toBe('recently-viewed')
		expect(mine.products?.map((p) => p.handle)).toEqual([product.handle])
		const someoneElse = await featuredFor({})
		expect(someoneElse.mode).toBe('suggestions')
	})
})

describe('recordProductView', () => {
	test('a repeat after the window is stored again; another visitor’s view is separate', async () => {
		const { product } = await createProduct()
		const start = new Date('2026-01-10T10:00:00Z')
		expect(await recordProductView({ sessionId: 'a' }, { id: product.id }, start)).toEqual({ ok: true, recorded: true })
		expect(await recordProductView({ sessionId: 'b' }, { id: product.id }, start)).toEqual({ ok: true, recorded: true })
		const later = new Date(start.getTime() + REPEAT_VIEW_WINDOW_MS + 1000)
		expect(await recordProductView({ sessionId: 'a' }, { id: product.id }, later)).toEqual({ ok: true, recorded: true })
		expect(await db.select().from(userViews).where(eq(userViews.productId, product.id))).toHaveLength(3)
	})
})
