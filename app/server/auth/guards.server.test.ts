import { describe, expect, test, vi } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { userProfiles, userRoles, users } from '~/db/schema'
import { db, getConnection } from '~/server/db.server'
import { getToast } from '~/server/toast.server'
import { signIn, signUp } from './accounts.server'
import { getOptionalUser, requireAdmin, requireAnonymous, requireUser, safeRedirectPath } from './guards.server'
import { eq } from 'drizzle-orm'

withTestDatabase()

let ip = 0
async function sessionCookieFor(email: string, options: { admin?: boolean; fullName?: string } = {}) {
	const created = await signUp({ email, password: 'senha-segura-1' })
	if (!created.ok) throw new Error(created.message)
	if (options.admin) {
		// Admins need a confirmed address (decision 021).
		await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, created.userId))
		await db.insert(userRoles).values({ userId: created.userId, role: 'admin' })
	}
	if (options.fullName) await db.update(userProfiles).set({ fullName: options.fullName }).where(eq(userProfiles.userId, created.userId))
	ip += 1
	const result = await signIn({ email, password: 'senha-segura-1', ip: `192.0.2.${ip}`, request: new Request('http://loja.test/auth') })
	if (!result.ok) throw new Error(result.message)
	return result.headers.getSetCookie()[0]!.split(';')[0]!
}

function pageRequest(path: string, cookie?: string) {
	return new Request(`http://loja.test${path}`, { headers: cookie ? { cookie } : {} })
}

async function thrownResponse(promise: Promise<unknown>): Promise<Response> {
	try {
		await promise
	} catch (error) {
		if (error instanceof Response) return error
		throw error
	}
	throw new Error('esperava um redirect')
}

describe('guards', () => {
	test('requireAdmin: anonymous → /auth with redirectTo', async () => {
		const response = await thrownResponse(requireAdmin(pageRequest('/admin/pedidos?pagina=2')))
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/auth?redirectTo=%2Fadmin%2Fpedidos%3Fpagina%3D2')
		expect(response.headers.getSetCookie()).toEqual([])
	})

	test("requireAdmin: a customer → / with the 'Acesso negado' toast", async () => {
		const cookie = await sessionCookieFor('cliente@example.com')
		const response = await thrownResponse(requireAdmin(pageRequest('/admin', cookie)))
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/')
		const toastCookie = response.headers.getSetCookie()[0]!.split(';')[0]!
		const { toast } = await getToast(pageRequest('/', toastCookie))
		expect(toast).toMatchObject({ type: 'error', title: 'Acesso negado', description: 'Você não tem permissão para acessar esta área.' })
	})

	test('requireAdmin: an admin passes and gets the session user', async () => {
		const cookie = await sessionCookieFor('dona@example.com', { admin: true, fullName: 'Dona da Loja' })
		expect(await requireAdmin(pageRequest('/admin', cookie))).toEqual({
			id: expect.any(String),
			email: 'dona@example.com',
			isAdmin: true,
			fullName: 'Dona da Loja',
		})
	})

	test('requireUser and requireAnonymous', async () => {
		const response = await thrownResponse(requireUser(pageRequest('/user/profile')))
		expect(response.headers.get('Location')).toBe('/auth?redirectTo=%2Fuser%2Fprofile')

		const customer = await sessionCookieFor('outra@example.com')
		expect(await requireUser(pageRequest('/user/profile', customer))).toMatchObject({ email: 'outra@example.com', isAdmin: false })
		expect((await thrownResponse(requireAnonymous(pageRequest('/auth', customer)))).headers.get('Location')).toBe('/user/dashboard')

		const admin = await sessionCookieFor('gerente@example.com', { admin: true })
		expect((await thrownResponse(requireAnonymous(pageRequest('/auth', admin)))).headers.get('Location')).toBe('/admin')
		await expect(requireAnonymous(pageRequest('/auth'))).resolves.toBeUndefined()
	})

	test('the user is looked up once per request', async () => {
		const cookie = await sessionCookieFor('cache@example.com')
		const request = pageRequest('/user/dashboard', cookie)
		const select = vi.spyOn(getConnection().db, 'select')
		const [a, b, c] = await Promise.all([getOptionalUser(request), requireUser(request), getOptionalUser(request)])
		expect(a).toBe(b)
		expect(b).toBe(c)
		expect(select).toHaveBeenCalledTimes(1)
		await getOptionalUser(pageRequest('/user/dashboard', cookie))
		expect(select).toHaveBeenCalledTimes(2)
	})

	test('a garbage cookie is just anonymous', async () => {
		expect(await getOptionalUser(pageRequest('/', 'loja_session=nada'))).toBeNull()
		expect(await getOptionalUser(pageRequest('/', `loja_session=${'A'.repeat(43)}`))).toBeNull()
	})

	test('safeRedirectPath keeps same-site paths only', () => {
		expect(safeRedirectPath('/user/orders?x=1')).toBe('/user/orders?x=1')
		for (const unsafe of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '/\t/evil.example', '', null, 42]) {
			expect(safeRedirectPath(unsafe, '/fallback')).toBe('/fallback')
		}
	})
})
