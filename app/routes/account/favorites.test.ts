import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { clearCommerceTables, createProduct } from '~/commerce/builtin/test-factories.server'
import { products, userFavorites } from '~/db/schema'
import { signIn, signUp } from '~/server/auth/accounts.server'
import { db } from '~/server/db.server'
import { addFavorite } from '~/server/favorites.server'
import { loader } from './favorites'

withTestDatabase()

const ORIGIN = 'http://loja.test'

beforeEach(async () => {
	await db.execute(sql`truncate user_favorites cascade`)
	await clearCommerceTables()
})

let ip = 0
async function signedIn(email: string) {
	const created = await signUp({ email, password: 'senha-segura-1' })
	if (!created.ok) throw new Error(created.message)
	ip += 1
	const result = await signIn({ email, password: 'senha-segura-1', ip: `198.51.100.${ip}`, request: new Request(`${ORIGIN}/auth`) })
	if (!result.ok) throw new Error(result.message)
	const cookie = result.headers.getSetCookie().find((c) => c.startsWith('loja_session='))?.split(';')[0] ?? ''
	return { userId: created.userId, cookie }
}

async function load(cookie?: string) {
	const request = new Request(`${ORIGIN}/user/favorites`, { headers: cookie ? { Cookie: cookie } : {} })
	return loader({ request, params: {}, context: { clientIp: '203.0.113.7' } } as never)
}

describe('/user/favorites loader', () => {
	test('signed out: redirected to /auth', async () => {
		const thrown = await load().then(
			() => null,
			(error: unknown) => error,
		)
		expect(thrown).toBeInstanceOf(Response)
		const response = thrown as Response
		expect(response.status).toBeGreaterThanOrEqual(300)
		expect(response.status).toBeLessThan(400)
		expect(new URL(response.headers.get('Location') ?? '', ORIGIN).pathname).toBe('/auth')
	})

	test("lists only the person's own favourites, newest first, as cards with today's price", async () => {
		const ana = await signedIn('ana.favoritos@example.com')
		const bia = await signedIn('bia.favoritos@example.com')
		const { product: first } = await createProduct({ title: 'Bandana Xadrez', variants: [{ priceCents: 3990 }] })
		const { product: second } = await createProduct({ title: 'Colar Rosa', variants: [{ priceCents: 4590 }] })
		await addFavorite(ana.userId, first.id)
		await db.execute(sql`update user_favorites set created_at = now() - interval '1 minute'`)
		await addFavorite(ana.userId, second.id)
		await addFavorite(bia.userId, first.id)

		const { favorites } = await load(ana.cookie)
		expect(favorites.map((f) => f.title)).toEqual(['Colar Rosa', 'Bandana Xadrez'])
		expect(favorites[0]).toMatchObject({ id: second.id, handle: second.handle, priceCents: 4590, availableForSale: true })
		expect(favorites[0]?.image?.url).toBe(`/media/${second.handle}-1.jpg`)

		const other = await load(bia.cookie)
		expect(other.favorites.map((f) => f.id)).toEqual([first.id])
	})

	test('a product withdrawn from the catalogue stays listed (so it can be removed), as unavailable', async () => {
		const ana = await signedIn('carla.favoritos@example.com')
		const { product } = await createProduct({ title: 'Gravata Azul', variants: [{ priceCents: 2500 }] })
		await addFavorite(ana.userId, product.id)
		await db.update(products).set({ status: 'draft' }).where(eq(products.id, product.id))

		const { favorites } = await load(ana.cookie)
		expect(favorites).toHaveLength(1)
		expect(favorites[0]).toMatchObject({ id: product.id, title: 'Gravata Azul', priceCents: 2500, availableForSale: false })
		expect(await db.select().from(userFavorites).where(eq(userFavorites.userId, ana.userId))).toHaveLength(1)
	})

	test('no favourites: an empty list (the page shows its empty state)', async () => {
		const ana = await signedIn('dora.favoritos@example.com')
		expect((await load(ana.cookie)).favorites).toEqual([])
	})
})
