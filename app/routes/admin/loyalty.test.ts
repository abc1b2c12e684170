import { randomUUID } from 'node:crypto'
import { asc, eq, sql } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { type ActivitySubjectType, activityLog, badges, loyaltyLevels, pointsHistory, userBadges, userGamification, userPhotos, users } from '~/db/schema'
import { db } from '~/server/db.server'
import { DEFAULT_LOYALTY_POINTS, DEFAULT_PHOTO_POINTS_PER_DAY } from '~/server/loyalty/point-values'
import { awardPointsOnce } from '~/server/loyalty/points.server'
import { clearStoreSettingsCache, getStoreSettings } from '~/server/settings.server'
import { action, loader } from './loyalty'

/** /admin/fidelidade through its loader and action, with the forms a browser posts. */

withTestDatabase()

let admin: { id: string; cookie: string }
let customer: { cookie: string }

beforeAll(async () => {
	admin = await userWithSession({ admin: true })
	customer = await userWithSession()
})

beforeEach(async () => {
	await db.execute(sql`truncate badges, user_badges, points_history, user_gamification, loyalty_levels, store_settings cascade`)
	await db.insert(loyaltyLevels).values([
		{ level: 1, name: 'Filhote', minPoints: 0 },
		{ level: 2, name: 'Companheiro', minPoints: 500 },
	])
	clearStoreSettingsCache()
})

const context = { clientIp: '203.0.113.10', cspNonce: '' }

async function call(handler: (args: never) => unknown, cookie: string, form?: Array<[string, string]>) {
	const request = new Request('http://loja.test/admin/fidelidade', {
		method: form ? 'POST' : 'GET',
		body: form ? new URLSearchParams(form) : undefined,
		headers: { cookie },
	})
	try {
		return await handler({ request, params: {}, context } as never)
	} catch (thrown) {
		return thrown
	}
}
const statusOf = (result: unknown) =>
	result instanceof Response ? result.status : ((result as { init?: ResponseInit | null })?.init?.status ?? 200)
const dataOf = <T>(result: unknown) => (result as { data: T }).data

async function newCustomerWith(points: number): Promise<string> {
	const [user] = await db
		.insert(users)
		.values({ email: `fiel.${randomUUID()}@exemplo.test`, passwordHash: 'x' })
		.returning({ id: users.id })
	if (!user) throw new Error('usuário não criado')
	if (points)
		await awardPointsOnce(db, { userId: user.id, actionType: 'purchase', description: 'Compra', points, eventKey: `seed:${user.id}` })
	return user.id
}

const pointsForm = (overrides: Record<string, string> = {}): Array<[string, string]> => [
	['intent', 'save-points'],
	...Object.entries({
		...Object.fromEntries(Object.entries(DEFAULT_LOYALTY_POINTS).map(([k, v]) => [k, String(v)])),
		photoPointsPerDay: String(DEFAULT_PHOTO_POINTS_PER_DAY),
		...overrides,
	}),
]

describe('/admin/fidelidade', () => {
	test('customers are refused on the page and its action; nothing changes', async () => {
		expect(statusOf(await call(loader, customer.cookie))).toBe(302)
		const refused = await call(action, customer.cookie, pointsForm({ signupBonus: '999' }))
		expect(statusOf(refused)).toBe(302)
		expect((await getStoreSettings()).loyaltyPoints.signupBonus).toBe(0)
	})

	test('points per event: saved when valid; a bad value is refused beside its field and nothing is saved', async () => {
		const bad = await call(action, admin.cookie, pointsForm({ referral: 'cem', signupBonus: '20' }))
		expect(statusOf(bad)).toBe(400)
		expect(dataOf<{ errors: Record<string, string>; values: Record<string, string> }>(bad)).toMatchObject({
			errors: { referral: 'Indicação: informe um número inteiro de pontos.' },
			values: { referral: 'cem', signupBonus: '20' },
		})
		expect((await getStoreSettings()).loyaltyPoints).toEqual(DEFAULT_LOYALTY_POINTS)

		const good = await call(action, admin.cookie, pointsForm({ referral: '150', signupBonus: '1.000' }))
		expect(statusOf(good)).toBe(302)
		clearStoreSettingsCache()
		expect((await getStoreSettings()).loyaltyPoints).toMatchObject({ referral: 150, signupBonus: 1000 })
	})

	test('photos a day that earn points (spec README decision 25): on the form, saved, refused beside the field when bad', async () => {
		const page = (await call(loader, admin.cookie)) as { pointFields: { key: string }[]; photoPointsPerDay: number }
		expect(page.pointFields.map((f) => f.key)).toContain('photoPointsPerDay')
		expect(page.photoPointsPerDay).toBe(DEFAULT_PHOTO_POINTS_PER_DAY)

		const bad = await call(action, admin.cookie, pointsForm({ photoPointsPerDay: '-1' }))
		expect(statusOf(bad)).toBe(400)
		expect(dataOf<{ errors: Record<string, string> }>(bad).errors).toEqual({ photoPointsPerDay: 'Fotos com pontos por dia não pode ser negativo.' })
		clearStoreSettingsCache()
		expect((await getStoreSettings()).photoPointsPerDay).toBe(DEFAULT_PHOTO_POINTS_PER_DAY)

		expect(statusOf(await call(action, admin.cookie, pointsForm({ photoPointsPerDay: '5' })))).toBe(302)
		clearStoreSettingsCache()
		expect((await getStoreSettings()).photoPointsPerDay).toBe(5)
		expect(((await call(loader, admin.cookie)) as { photoPointsPerDay: number }).photoPointsPerDay).toBe(5)
	})

	test('levels: thresholds must start at 0 and rise; preview counts without saving; saving moves every customer', async () => {
		const low = await newCustomerWith(100)
		const mid = await newCustomerWith(700)
		const high = await newCustomerWith(2500)
		const levels = (rows: Array<[string, string]>, intent: string): Array<[string, string]> => [
			['intent', intent],
			...rows.flatMap(([name, min]): Array<[string, string]> => [
				['levelName', name],
				['levelMinPoints', min],
			]),
			// The blank extra row a no-JS form carries is ignored.
			['levelName', ''],
			['levelMinPoints', ''],
		]
		const notRising = await call(
			action,
			admin.cookie,
			levels(
				[
					['Filhote', '0'],
					['Amigo', '600'],
					['Lenda', '600'],
				],
				'save-levels',
			),
		)
		expect(statusOf(notRising)).toBe(400)
		expect(dataOf<{ errors: Record<string, string> }>(notRising).errors).toEqual({
			'level.2.minPoints': 'Os pontos do nível 3 devem ser maiores que os do nível 2 (600).',
		})
		const notZero = await call(action, admin.cookie, levels([['Filhote', '10']], 'save-levels'))
		expect(dataOf<{ errors: Record<string, string> }>(notZero).errors).toEqual({
			'level.0.minPoints': 'O primeiro nível começa em 0 pontos.',
		})

		const rows: Array<[string, string]> = [
			['Filhote', '0'],
			['Amigo', '600'],
			['Lenda', '2.000'],
		]
		const preview = await call(action, admin.cookie, levels(rows, 'preview-levels'))
		expect(statusOf(preview)).toBe(200)
		// Every account counts, the admin's and the customer's fixtures included (0 points: level 1).
		const everyone = (await db.select({ id: users.id }).from(users)).length
		expect(dataOf<{ preview: number[] }>(preview).preview).toEqual([everyone - 2, 1, 1])
		expect((await db.select().from(loyaltyLevels)).map((l) => l.minPoints).sort((a, b) => a - b)).toEqual([0, 500])

		expect(statusOf(await call(action, admin.cookie, levels(rows, 'save-levels')))).toBe(302)
		expect(
			await db
				.select({ level: loyaltyLevels.level, name: loyaltyLevels.name, min: loyaltyLevels.minPoints })
				.from(loyaltyLevels)
				.orderBy(asc(loyaltyLevels.level)),
		).toEqual([
			{ level: 1, name: 'Filhote', min: 0 },
			{ level: 2, name: 'Amigo', min: 600 },
			{ level: 3, name: 'Lenda', min: 2000 },
		])
		const summary = async (id: string) => (await db.select().from(userGamification).where(eq(userGamification.userId, id)))[0]
		expect(await summary(low)).toMatchObject({ level: 1, currentLevelPoints: 100, pointsToNextLevel: 600 })
		expect(await summary(mid)).toMatchObject({ level: 2, currentLevelPoints: 100, pointsToNextLevel: 1400 })
		expect(await summary(high)).toMatchObject({ level: 3, currentLevelPoints: 500, pointsToNextLevel: 0 })
	})

	test('a new badge reaches those who already qualify, its reward once; an earned badge cannot be deleted', async () => {
		const photographer = await newCustomerWith(0)
		const other = await newCustomerWith(0)
		await db.insert(userPhotos).values([
			{ userId: photographer, photoUrl: '/p1.png', isApproved: true },
			{ userId: photographer, photoUrl: '/p2.png', isApproved: true },
			{ userId: other, photoUrl: '/o1.png', isApproved: true },
		])
		const badgeForm = (fields: Record<string, string>): Array<[string, string]> =>
			Object.entries({
				intent: 'create-badge',
				name: 'Duas Fotos',
				description: 'Teve 2 fotos aprovadas.',
				icon: '📷',
				badgeTier: 'prata',
				ruleType: 'photos_approved',
				ruleThreshold: '2',
				pointsReward: '40',
				isActive: 'on',
				...fields,
			})
		const bad = await call(action, admin.cookie, badgeForm({ ruleThreshold: '0', ruleType: 'hackear' }))
		expect(statusOf(bad)).toBe(400)
		expect(dataOf<{ errors: Record<string, string> }>(bad).errors).toEqual({
			ruleType: 'Escolha a regra.',
			ruleThreshold: 'A meta deve ser de pelo menos 1.',
		})
		expect(await db.select().from(badges)).toHaveLength(0)

		expect(statusOf(await call(action, admin.cookie, badgeForm({})))).toBe(302)
		const [badge] = await db.select().from(badges)
		expect(await db.select({ userId: userBadges.userId }).from(userBadges)).toEqual([{ userId: photographer }])
		const rewards = await db.select().from(pointsHistory).where(eq(pointsHistory.actionType, 'badge'))
		expect(rewards.map((r) => [r.userId, r.points, r.description])).toEqual([[photographer, 40, 'Conquista: Duas Fotos']])
		expect((await db.select().from(userGamification).where(eq(userGamification.userId, photographer)))[0]?.totalPoints).toBe(40)

		// Made easier: the other customer earns it now; the first is not rewarded twice.
		const easier = badgeForm({ intent: 'save-badge', ruleThreshold: '1' })
		easier.push(['id', badge!.id])
		expect(statusOf(await call(action, admin.cookie, easier))).toBe(302)
		expect((await db.select().from(userBadges)).length).toBe(2)
		expect((await db.select().from(pointsHistory).where(eq(pointsHistory.actionType, 'badge'))).length).toBe(2)

		const refused = await call(action, admin.cookie, [
			['intent', 'delete-badge'],
			['id', badge!.id],
		])
		expect(statusOf(refused)).toBe(409)
		expect(await db.select().from(badges)).toHaveLength(1)
	})

	test('levels and badges in the activity log (issue 30): who, from where, before → after', async () => {
		const logged = async (subjectType: ActivitySubjectType) =>
			(await db.select().from(activityLog).where(eq(activityLog.subjectType, subjectType)).orderBy(asc(activityLog.seq))).map((e) => ({
				kind: e.kind,
				actorId: e.actorId,
				ip: e.ip,
				subjectId: e.subjectId,
				label: e.subjectLabel,
				before: e.before,
				after: e.after,
			}))
		await db.delete(activityLog)
		const saved = await call(action, admin.cookie, [
			['intent', 'save-levels'],
			['levelName', 'Filhote'],
			['levelMinPoints', '0'],
			['levelName', 'Amigo'],
			['levelMinPoints', '300'],
		])
		expect(statusOf(saved)).toBe(302)
		const who = { kind: 'loyalty', actorId: admin.id, ip: '203.0.113.10' }
		expect(await logged('loyalty_levels')).toEqual([
			{
				...who,
				subjectId: null,
				label: 'Níveis de fidelidade',
				before: { levels: [{ name: 'Filhote', minPoints: 0 }, { name: 'Companheiro', minPoints: 500 }] },
				after: { levels: [{ name: 'Filhote', minPoints: 0 }, { name: 'Amigo', minPoints: 300 }] },
			},
		])

		const badge = {
			name: 'Primeira Compra',
			description: 'Fez o primeiro pedido.',
			icon: '🛍️',
			badgeTier: 'bronze',
			ruleType: 'orders_paid',
			ruleThreshold: '1',
			pointsReward: '10',
			isActive: 'on',
		}
		expect(statusOf(await call(action, admin.cookie, Object.entries({ intent: 'create-badge', ...badge })))).toBe(302)
		const [created] = await db.select().from(badges)
		expect(statusOf(await call(action, admin.cookie, Object.entries({ intent: 'save-badge', id: created!.id, ...badge, pointsReward: '25' })))).toBe(302)
		expect(statusOf(await call(action, admin.cookie, [['intent', 'delete-badge'], ['id', created!.id]]))).toBe(302)
		const snapshot = { name: 'Primeira Compra', description: 'Fez o primeiro pedido.', icon: '🛍️', badgeTier: 'bronze', ruleType: 'orders_paid', ruleThreshold: 1, pointsReward: 10, isActive: true }
		const subject = { ...who, subjectId: created!.id, label: 'Conquista Primeira Compra' }
		expect(await logged('badge')).toEqual([
			{ ...subject, before: null, after: snapshot },
			{ ...subject, before: { pointsReward: 10 }, after: { pointsReward: 25 } },
			{ ...subject, before: { ...snapshot, pointsReward: 25 }, after: null },
		])
	})
})
