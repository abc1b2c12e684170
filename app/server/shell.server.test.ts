import { describe, expect, test } from 'vitest'
import { getCommerce } from '~/commerce/index.server'
import { createProduct } from '~/commerce/builtin/test-factories.server'
import { userFavorites } from '~/db/schema'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { getOptionalUser } from './auth/guards.server'
import { CART_COOKIE_NAME } from './cart-cookie.server'
import { db } from './db.server'
import { getShellCounts } from './shell.server'

withTestDatabase()

const request = (cookie = '') => new Request('http://loja.test/', { headers: { cookie } })

describe('header badges', () => {
	test('a visitor without a cart or session sees zeros', async () => {
		expect(await getShellCounts(request(), null)).toMatchObject({ cartCount: 0, favoritesCount: 0, favoriteProductIds: [], cart: { lines: [] } })
	})

	test('the cart badge counts the quantities in the cookie’s cart; a forged cookie counts nothing', async () => {
		const { variant } = await createProduct({ title: 'Bandana Badge' })
		const { variant: other } = await createProduct({ title: 'Laço Badge' })
		const commerce = getCommerce()
		const cart = await commerce.createCart()
		await commerce.addCartLines(cart.id, [
			{ variantId: variant.id, quantity: 2 },
			{ variantId: other.id, quantity: 1 },
		])
		expect((await getShellCounts(request(`${CART_COOKIE_NAME}=${cart.id}`), null)).cartCount).toBe(3)
		expect((await getShellCounts(request(`${CART_COOKIE_NAME}=nao-e-um-id`), null)).cartCount).toBe(0)
		expect(
			(await getShellCounts(request(`${CART_COOKIE_NAME}=00000000-0000-4000-8000-000000000000`), null)).cartCount,
		).toBe(0)
	})

	test('the favourites badge counts only the signed-in customer’s favourites', async () => {
		const { product } = await createProduct({ title: 'Colar Favorito' })
		const ana = await userWithSession()
		const bia = await userWithSession()
		const row = { productId: product.id, productTitle: product.title, productHandle: product.handle, productPriceCents: 2990 }
		await db.insert(userFavorites).values([{ ...row, userId: ana.id }])
		const anaUser = await getOptionalUser(request(ana.cookie))
		const biaUser = await getOptionalUser(request(bia.cookie))
		expect(await getShellCounts(request(ana.cookie), anaUser)).toMatchObject({ favoritesCount: 1, favoriteProductIds: [product.id] })
		expect(await getShellCounts(request(bia.cookie), biaUser)).toMatchObject({ favoritesCount: 0, favoriteProductIds: [] })
	})
})
