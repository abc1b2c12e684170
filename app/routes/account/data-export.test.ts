import { expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { personalizationOrders, userProfiles } from '~/db/schema'
import { db } from '~/server/db.server'
import { loader } from './data-export'

withTestDatabase()

test("the download holds the customer's own data, nothing of others, no secrets", async () => {
	const ana = await userWithSession()
	const bia = await userWithSession()
	await db.insert(userProfiles).values([
		{ userId: ana.id, fullName: 'Ana Souza', petName: 'Thor' },
		{ userId: bia.id, fullName: 'Bia Lima', petName: 'Mel' },
	])
	await db.insert(personalizationOrders).values({ userId: bia.id, productType: 'collar', totalPriceCents: 100 })
	const response = (await loader({
		request: new Request('http://loja.test/user/settings/dados.json', { headers: { cookie: ana.cookie } }),
		params: {},
		context: { clientIp: '203.0.113.7' },
	} as never)) as Response
	expect(response.headers.get('content-disposition')).toBe('attachment; filename="meus-dados.json"')
	expect(response.headers.get('cache-control')).toBe('private, no-store')
	const text = await response.text()
	const body = JSON.parse(text) as {
		perfil: { full_name: string; pet_name: string }
		pedidos_personalizados: unknown[]
		conta: { email: string }
	}
	expect(body.perfil).toMatchObject({ full_name: 'Ana Souza', pet_name: 'Thor' })
	expect(body.pedidos_personalizados).toEqual([])
	expect(text).not.toContain('Bia Lima')
	expect(text).not.toMatch(/password|senha|token/i)
	await expect(
		loader({ request: new Request('http://loja.test/user/settings/dados.json'), params: {}, context: { clientIp: '203.0.113.7' } } as never),
	).rejects.toMatchObject({ status: 302 })
})
