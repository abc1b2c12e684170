import { describe, expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { addPet } from '~/server/account/pets.server'
import { createToastHeaders } from '~/server/toast.server'
import { loader } from './visitor'

withTestDatabase()

async function visitorFor(cookie: string | null) {
	const request = new Request('http://loja.test/resources/visitor', { headers: cookie ? { cookie } : {} })
	const result = (await loader({ request, params: {}, context: { clientIp: '203.0.113.7' } } as never)) as unknown as {
		data: {
			user: { id: string } | null
			toast: { title: string } | null
			cartCount: number
			favoriteProductIds: string[]
			pets: { name: string; neckMm: number }[]
		}
		init: ResponseInit | null
	}
	return { data: result.data, headers: new Headers(result.init?.headers) }
}

describe('GET /resources/visitor', () => {
	test('anonymous: nobody, an empty cart, and never stored by a shared cache', async () => {
		const { data, headers } = await visitorFor(null)
		expect(data).toMatchObject({ user: null, toast: null, cartCount: 0, favoriteProductIds: [], pets: [] })
		expect(headers.get('cache-control')).toBe('private, no-store')
		expect(headers.get('set-cookie')).toBeNull()
	})

	test('signed in: the person, and the flash toast once (its cookie cleared in the same answer)', async () => {
		const customer = await userWithSession()
		const toastCookie = (createToastHeaders({ title: 'Login realizado com sucesso!' }).get('set-cookie') ?? '').split(';')[0]!
		const { data, headers } = await visitorFor(`${customer.cookie}; ${toastCookie}`)
		expect(data.user?.id).toBe(customer.id)
		expect(data.toast?.title).toBe('Login realizado com sucesso!')
		expect(headers.get('set-cookie')).toMatch(/^loja_toast=; .*Max-Age=0/)
		expect(headers.get('cache-control')).toBe('private, no-store')
	})

	test("signed in: her pets with a neck, for the product page's size suggestions (decision 055)", async () => {
		const customer = await userWithSession()
		await addPet(customer.id, { name: 'Thor', breed: '', neckCm: '32,5', birthday: '' })
		await addPet(customer.id, { name: 'Mel', breed: '', neckCm: '', birthday: '' })
		const { data } = await visitorFor(customer.cookie)
		expect(data.pets).toEqual([{ name: 'Thor', neckMm: 325 }])
	})
})
