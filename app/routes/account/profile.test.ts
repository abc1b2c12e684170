import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { userProfiles, userRoles } from '~/db/schema'
import { db } from '~/server/db.server'
import { action, loader } from './profile'

withTestDatabase()

async function post(cookie: string, fields: Record<string, string>) {
	const request = new Request('http://loja.test/user/profile', { method: 'POST', body: new URLSearchParams(fields), headers: { cookie } })
	const result = (await action({ request, params: {}, context: { clientIp: '203.0.113.7' } } as never)) as { data: unknown; init: ResponseInit | null }
	return { status: result.init?.status ?? 200, body: result.data as { ok: boolean; errors?: Record<string, string> } }
}

test('a customer saves their own profile; the phone is validated; nothing else can be set', async () => {
	const ana = await userWithSession()
	const bia = await userWithSession()
	const saved = await post(ana.cookie, {
		fullName: 'Ana Souza',
		phone: '(11) 91234-5678',
		instagramHandle: '@ana.pets',
		// Pets are not the profile's any more (issue 31): ignored like any other unknown field.
		petName: 'Thor',
		petBreed: 'Shih-tzu',
		// Mass assignment: none of these may reach the database.
		userId: bia.id,
		role: 'admin',
		referredByUserId: bia.id,
	})
	expect(saved).toEqual({ status: 200, body: { ok: true } })
	const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, ana.id))
	expect(row).toMatchObject({
		fullName: 'Ana Souza',
		phone: '11912345678',
		instagramHandle: 'ana.pets',
		petName: null,
		petBreed: null,
		referredByUserId: null,
	})
	expect(await db.select().from(userProfiles).where(eq(userProfiles.userId, bia.id))).toEqual([])
	expect(await db.select().from(userRoles).where(eq(userRoles.userId, ana.id))).toEqual([])

	const loaded = await loader({
		request: new Request('http://loja.test/user/profile', { headers: { cookie: ana.cookie } }),
		params: {},
		context: { clientIp: '203.0.113.7' },
	} as never)
	expect(loaded.profile).toEqual({
		fullName: 'Ana Souza',
		phone: '(11) 91234-5678',
		instagramHandle: '@ana.pets',
	})

	const refused = await post(ana.cookie, { fullName: 'Ana S.', phone: '1234', instagramHandle: 'ana pets!' })
	expect(refused.status).toBe(400)
	expect(refused.body.errors).toEqual({
		phone: 'Informe um telefone com DDD, por exemplo (11) 91234-5678.',
		instagramHandle: 'O Instagram deve ter até 30 letras, números, ponto ou sublinhado.',
	})
	const [unchanged] = await db.select().from(userProfiles).where(eq(userProfiles.userId, ana.id))
	expect(unchanged?.fullName).toBe('Ana Souza')

	const anonymous = new Request('http://loja.test/user/profile', { method: 'POST', body: new URLSearchParams({ fullName: 'x' }) })
	await expect(action({ request: anonymous, params: {}, context: { clientIp: '203.0.113.7' } } as never)).rejects.toMatchObject({ status: 302 })
})
