import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { pointsHistory, sessions, userProfiles, userRoles, users } from '~/db/schema'
import { createSession } from '~/server/auth/session.server'
import { db, queryRows } from '~/server/db.server'
import { USERS_PAGE_SIZE } from '~/server/admin-users/users.server'
import { action as userAction, loader as userLoader } from './user'
import { loader as usersLoader } from './users'

/** /admin/users and /admin/users/:userId through their loaders and actions (issue 10). */

withTestDatabase()

let admin: { id: string; cookie: string }
let customer: { id: string; cookie: string }
const TAG = randomUUID().slice(0, 6)

beforeAll(async () => {
	admin = await userWithSession({ admin: true })
	customer = await userWithSession()
	// 2,000 accounts in one statement, a day apart, so that paging and search have something to hold.
	await db.execute(sql`
		insert into users (email, password_hash, created_at)
		select 'massa' || n || '.${sql.raw(TAG)}@exemplo.test', 'x', now() - (n || ' hours')::interval
		from generate_series(1, 2000) as n`)
	await db.execute(sql`
		insert into user_profiles (user_id, full_name, phone, instagram_handle)
		select id, 'Cliente ' || split_part(email, '.', 1),
			case when email like 'massa42.%' then '11987654321' else null end, case when email like 'massa9.%' then 'thor_pet' else null end
		from users where email like 'massa%.${sql.raw(TAG)}@exemplo.test'`)
	// Pets live in Meus Pets (issue 31, decision 101).
	await db.execute(sql`
		insert into pets (user_id, name) select id, 'Thor' from users where email = 'massa7.${sql.raw(TAG)}@exemplo.test'`)
}, 60_000)

const context = { clientIp: '203.0.113.11', cspNonce: '' }
async function call(
	handler: (args: never) => unknown,
	url: string,
	cookie: string,
	form?: Record<string, string>,
	params: Record<string, string> = {},
) {
	const request = new Request(`http://loja.test${url}`, {
		method: form ? 'POST' : 'GET',
		body: form ? new URLSearchParams(form) : undefined,
		headers: { cookie },
	})
	try {
		return await handler({ request, params, context } as never)
	} catch (thrown) {
		return thrown
	}
}
const statusOf = (result: unknown) =>
	result instanceof Response ? result.status : ((result as { init?: ResponseInit | null })?.init?.status ?? 200)
type ListData = {
	rows: { email: string; petName: string | null }[]
	total: number
	pages: number
	totals: { total: number; admins: number }
}

describe('/admin/users', () => {
	test('customers are refused', async () => {
		expect(statusOf(await call(usersLoader, '/admin/users', customer.cookie))).toBe(302)
		expect(statusOf(await call(userLoader, `/admin/users/${admin.id}`, customer.cookie, undefined, { userId: admin.id }))).toBe(302)
	})

	test('pages of 50, newest first; the last page holds the rest; totals count everyone', async () => {
		const first = (await call(usersLoader, '/admin/users', admin.cookie)) as ListData
		const everyone = (await db.select({ id: users.id }).from(users)).length
		expect(first.total).toBe(everyone)
		expect(first.totals).toMatchObject({ total: everyone, admins: 1 })
		expect(first.rows).toHaveLength(USERS_PAGE_SIZE)
		expect(first.pages).toBe(Math.ceil(everyone / USERS_PAGE_SIZE))
		const last = (await call(usersLoader, `/admin/users?pagina=${first.pages}`, admin.cookie)) as ListData
		expect(last.rows).toHaveLength(everyone - (first.pages - 1) * USERS_PAGE_SIZE)
		// The oldest generated account is last of all.
		expect(last.rows.at(-1)?.email).toBe(`massa2000.${TAG}@exemplo.test`)
		// No page is missing or repeated between page 2 and 3.
		const two = (await call(usersLoader, '/admin/users?pagina=2', admin.cookie)) as ListData
		const three = (await call(usersLoader, '/admin/users?pagina=3', admin.cookie)) as ListData
		expect(new Set([...two.rows, ...three.rows].map((r) => r.email)).size).toBe(2 * USERS_PAGE_SIZE)
		// A page number out of range or garbage falls back safely.
		expect(((await call(usersLoader, '/admin/users?pagina=abc', admin.cookie)) as ListData).rows).toHaveLength(USERS_PAGE_SIZE)
	})

	test('search by pet, phone digits, Instagram with @, e-mail; LIKE wildcards are searched as text', async () => {
		const search = async (q: string) => (await call(usersLoader, `/admin/users?q=${encodeURIComponent(q)}`, admin.cookie)) as ListData
		expect((await search(`massa42.${TAG}`)).rows.map((r) => r.email)).toEqual([`massa42.${TAG}@exemplo.test`])
		expect((await search('(11) 98765-4321')).rows.map((r) => r.email)).toEqual([`massa42.${TAG}@exemplo.test`])
		expect((await search('@thor_pet')).rows.map((r) => r.email)).toEqual([`massa9.${TAG}@exemplo.test`])
		expect((await search('Thor')).rows.map((r) => r.email).sort()).toEqual(
			[`massa7.${TAG}@exemplo.test`, `massa9.${TAG}@exemplo.test`].sort(),
		)
		expect((await search('%')).total).toBe(0)
	})
})

describe('/admin/users/:userId', () => {
	test('an unknown account is a 404', async () => {
		const missing = randomUUID()
		expect(statusOf(await call(userLoader, `/admin/users/${missing}`, admin.cookie, undefined, { userId: missing }))).toBe(404)
		expect(statusOf(await call(userLoader, '/admin/users/nao-e-id', admin.cookie, undefined, { userId: 'nao-e-id' }))).toBe(404)
	})

	test("a role change ends the account's sessions; an unconfirmed account cannot be admin; an admin cannot demote themselves", async () => {
		const target = await userWithSession()
		await createSession(target.id, new Request('http://loja.test/'))
		const post = (userId: string, form: Record<string, string>) =>
			call(userAction, `/admin/users/${userId}`, admin.cookie, form, { userId })

		const unconfirmed = await post(target.id, { intent: 'role', role: 'admin' })
		expect(statusOf(unconfirmed)).toBe(400)
		expect((unconfirmed as { data: { errors: Record<string, string> } }).data.errors.role).toBe(
			'Esta conta ainda não confirmou o e-mail e não pode ser administradora.',
		)
		expect(await db.select().from(sessions).where(eq(sessions.userId, target.id))).toHaveLength(2)

		await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, target.id))
		expect(statusOf(await post(target.id, { intent: 'role', role: 'admin' }))).toBe(302)
		expect((await db.select().from(userRoles).where(eq(userRoles.userId, target.id))).map((r) => r.role).sort()).toEqual([
			'admin',
			'customer',
		])
		expect(await db.select().from(sessions).where(eq(sessions.userId, target.id))).toHaveLength(0)

		const self = await post(admin.id, { intent: 'role', role: 'customer' })
		expect(statusOf(self)).toBe(400)
		expect((await db.select().from(userRoles).where(eq(userRoles.userId, admin.id))).some((r) => r.role === 'admin')).toBe(true)
		expect(statusOf(await post(target.id, { intent: 'role', role: 'dono' }))).toBe(400)
	})

	test('a point adjustment is one ledger row even when posted twice; bad input is refused and stores nothing', async () => {
		const target = await userWithSession()
		await db.insert(userProfiles).values({ userId: target.id }).onConflictDoNothing()
		const post = (form: Record<string, string>) => call(userAction, `/admin/users/${target.id}`, admin.cookie, form, { userId: target.id })
		const key = randomUUID()
		const bad = await post({ intent: 'points', points: '0', reason: 'x', key })
		expect(statusOf(bad)).toBe(400)
		expect((bad as { data: { errors: Record<string, string>; values: Record<string, string> } }).data).toMatchObject({
			errors: { points: 'Informe um número diferente de zero.', reason: 'Informe o motivo (ao menos 3 caracteres).' },
			values: { points: '0', reason: 'x' },
		})
		const form = { intent: 'points', points: '-15', reason: 'Pedido devolvido na loja física', key }
		expect(statusOf(await post(form))).toBe(302)
		expect(statusOf(await post(form))).toBe(302)
		const ledger = await db.select().from(pointsHistory).where(eq(pointsHistory.userId, target.id))
		expect(ledger.map((r) => [r.actionType, r.points, r.description])).toEqual([['adjustment', -15, 'Pedido devolvido na loja física']])
		// Issue 30: in the activity log once (the repeated post changed nothing), under the customer for her LGPD export.
		await post({ intent: 'points', points: '+40', reason: 'Brinde de aniversário', key: randomUUID() })
		const logged = await queryRows<Record<string, unknown>>(sql`
			select actor_id, host(ip) as ip, kind, subject_type, subject_id, subject_user_id, before, after
			from activity_log where subject_user_id = ${target.id}::uuid order by seq`)
		expect(logged).toEqual([
			{
				actor_id: admin.id,
				ip: '203.0.113.11',
				kind: 'loyalty',
				subject_type: 'user',
				subject_id: target.id,
				subject_user_id: target.id,
				before: { totalPoints: 0, pointsAdjustment: null, reason: null },
				after: { totalPoints: -15, pointsAdjustment: -15, reason: 'Pedido devolvido na loja física' },
			},
			{
				actor_id: admin.id,
				ip: '203.0.113.11',
				kind: 'loyalty',
				subject_type: 'user',
				subject_id: target.id,
				subject_user_id: target.id,
				before: { totalPoints: -15, pointsAdjustment: null, reason: null },
				after: { totalPoints: 25, pointsAdjustment: 40, reason: 'Brinde de aniversário' },
			},
		])

		const detail = (await call(userLoader, `/admin/users/${target.id}`, admin.cookie, undefined, { userId: target.id })) as {
			user: { totalPoints: number; ledger: unknown[] }
			adjustmentKey: string
		}
		expect(detail.user).toMatchObject({ totalPoints: 25, ledger: expect.arrayContaining([expect.objectContaining({ points: -15 })]) })
		expect(detail.adjustmentKey).toMatch(/^[0-9a-f-]{36}$/)
	})
})
