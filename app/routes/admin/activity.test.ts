import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { activityLog, users } from '~/db/schema'
import { ACTIVITY_PAGE_SIZE } from '~/server/activity/activity-log.server'
import { db, queryRows } from '~/server/db.server'
import * as route from './activity'
import { action as couponsAction } from './coupons'
import { action as settingsAction } from './settings'
import { clearStoreSettingsCache } from '~/server/settings.server'

/** /admin/atividade (issue 30): admins only, read only, filtered by kind, person and São Paulo days, paged. */

withTestDatabase()

let admin: { id: string; cookie: string }
let other: { id: string; cookie: string }
let customer: { id: string; cookie: string }
let adminEmail = ''

type Page = {
	entries: { kind: string; kindLabel: string; at: string; actor: string; ip: string | null; subject: string; customer: string | null; link: string | null; changes: { label: string; before: string; after: string }[] }[]
	total: number
	pages: number
	rangeError: string | null
	actors: { id: string; email: string }[]
	retentionDays: number
}

beforeAll(async () => {
	admin = await userWithSession({ admin: true })
	other = await userWithSession({ admin: true })
	customer = await userWithSession()
	adminEmail = (await db.select({ email: users.email }).from(users).where(eq(users.id, admin.id)))[0]!.email
	// São Paulo is UTC-3: 2026-03-10 02:30 UTC is still 9 March there.
	await db.insert(activityLog).values([
		{
			createdAt: new Date('2026-03-10T02:30:00Z'),
			actorId: admin.id,
			actorEmail: adminEmail,
			ip: '2001:db8::7',
			kind: 'price',
			subjectType: 'variant',
			subjectId: '00000000-0000-4000-8000-000000000001',
			subjectLabel: 'Bandana Xadrez — P',
			before: { priceCents: 2990 },
			after: { priceCents: 3490 },
		},
		{
			createdAt: new Date('2026-03-10T15:00:00Z'),
			actorId: other.id,
			ip: '203.0.113.7',
			kind: 'order_status',
			subjectType: 'order',
			subjectId: '00000000-0000-4000-8000-000000000002',
			subjectLabel: 'Pedido PET-AB12CD',
			subjectUserId: customer.id,
			before: { status: 'pago' },
			after: { status: 'enviado' },
		},
		{
			createdAt: new Date('2026-03-11T12:00:00Z'),
			kind: 'order_status',
			subjectType: 'order',
			subjectId: '00000000-0000-4000-8000-000000000003',
			subjectLabel: 'Pedido PET-XY34ZW',
			before: { status: 'aguardando_pagamento' },
			after: { status: 'cancelado' },
		},
	])
	// Enough settings entries for three pages in all.
	await db.execute(sql`
		insert into activity_log (created_at, actor_id, ip, kind, subject_type, subject_label, before, after)
		select timestamptz '2026-01-01 12:00Z' + (n || ' minutes')::interval, ${admin.id}::uuid, '198.51.100.1', 'settings', 'settings',
			'Configurações da loja', jsonb_build_object('city', 'A' || n), jsonb_build_object('city', 'B' || n)
		from generate_series(1, ${2 * ACTIVITY_PAGE_SIZE}) as n`)
})

async function get(query: string, cookie: string): Promise<unknown> {
	const request = new Request(`http://loja.test/admin/atividade${query}`, { headers: { cookie } })
	try {
		return await route.loader({ request, params: {}, context: { clientIp: '203.0.113.7' } } as never)
	} catch (thrown) {
		return thrown
	}
}
const page = async (query: string) => (await get(query, admin.cookie)) as Page

describe('/admin/atividade', () => {
	test('admins only: anonymous to /auth, a customer refused; no action at all (read only)', async () => {
		const anonymous = (await get('', '')) as Response
		expect(anonymous.status).toBe(302)
		expect(anonymous.headers.get('location')).toMatch(/^\/auth\?redirectTo=/)
		const refused = (await get('', customer.cookie)) as Response
		expect(refused.status).toBe(302)
		expect(refused.headers.get('location')).toBe('/')
		expect('action' in route).toBe(false)
	})

	test('newest first, in Portuguese: kind, pt-BR date, before → after, who and the IPv6 address', async () => {
		const result = await page('')
		expect(result.total).toBe(3 + 2 * ACTIVITY_PAGE_SIZE)
		expect(result.pages).toBe(3)
		expect(result.retentionDays).toBe(365)
		expect(result.entries[0]).toMatchObject({ kindLabel: 'Status do pedido', at: '11/03/2026, 09:00', actor: 'Sistema', ip: null })
		expect(result.entries[1]).toMatchObject({
			kindLabel: 'Status do pedido',
			subject: 'Pedido PET-AB12CD',
			link: '/admin/pedidos/00000000-0000-4000-8000-000000000002',
			customer: expect.stringContaining('@exemplo.test'),
			changes: [{ label: 'Status', before: 'Pago', after: 'Enviado' }],
		})
		expect(result.entries[2]).toMatchObject({
			kindLabel: 'Preço',
			at: '09/03/2026, 23:30',
			actor: adminEmail,
			ip: '2001:db8::7',
			subject: 'Bandana Xadrez — P',
			changes: [{ label: 'Preço', before: 'R$ 29,90', after: 'R$ 34,90' }],
		})
		expect(result.actors.map((a) => a.id).sort()).toEqual([admin.id, other.id].sort())
	})

	test('filters: kind, person, the shop itself, São Paulo days; pages keep 50', async () => {
		expect((await page('?tipo=price')).entries.map((e) => e.subject)).toEqual(['Bandana Xadrez — P'])
		expect((await page(`?pessoa=${other.id}`)).entries.map((e) => e.subject)).toEqual(['Pedido PET-AB12CD'])
		expect((await page('?pessoa=sistema')).entries.map((e) => e.subject)).toEqual(['Pedido PET-XY34ZW'])
		expect((await page('?tipo=order_status&pessoa=sistema')).total).toBe(1)
		// 9 March in São Paulo holds the entry of 02:30 UTC on the 10th.
		expect((await page('?de=2026-03-09&ate=2026-03-09')).entries.map((e) => e.subject)).toEqual(['Bandana Xadrez — P'])
		expect((await page('?de=2026-03-10')).entries.map((e) => e.subject)).toEqual(['Pedido PET-XY34ZW', 'Pedido PET-AB12CD'])
		expect((await page('?ate=2026-03-01')).total).toBe(2 * ACTIVITY_PAGE_SIZE)
		const last = await page('?pagina=3')
		expect(last.entries).toHaveLength(3)
		expect(last.entries.at(-1)?.changes).toEqual([{ field: 'city', label: 'Cidade', before: 'A1', after: 'B1' }])
		expect((await page('?de=2026-03-12&ate=2026-03-10')).rangeError).toBe('A data inicial é depois da data final.')
	})

	test('hostile or invalid filters are ignored, never an error', async () => {
		for (const query of [
			'?tipo=%3Cscript%3E&pessoa=1%27%20or%201=1&de=2026-02-31&ate=ontem&pagina=-5',
			'?pessoa=00000000-0000-4000-8000-00000000000z&pagina=99999999999',
			'?de=%00&ate=' + 'x'.repeat(5000),
		]) {
			const result = await page(query)
			expect(result.total).toBe(3 + 2 * ACTIVITY_PAGE_SIZE)
		}
	})
})

describe("'Guardar o registro de atividade por N dias' on /admin/configuracoes", () => {
	test('90 to 3650 days, with a Portuguese message beside the field; the change itself is logged with the address', async () => {
		const base = {
			storeName: 'Pet Estilo',
			logoUrl: '',
			contactEmail: 'contato@petestilo.com.br',
			whatsappNumber: '5511999999999',
			city: 'São Paulo',
			instagramUrl: '',
			pixKey: 'contato@petestilo.com.br',
			pixMerchantName: 'PET ESTILO',
			pixMerchantCity: 'SAO PAULO',
			freeShippingThreshold: '100,00',
			shippingRate: '19,90',
			giftProductHandle: '',
			giftThreshold: '100,00',
			pixPaymentWindowHours: '24',
		}
		const post = async (form: Record<string, string>) => {
			const request = new Request('http://loja.test/admin/configuracoes', { method: 'POST', body: new URLSearchParams(form), headers: { cookie: admin.cookie } })
			return (await settingsAction({ request, params: {}, context: { clientIp: '2001:db8::90' } } as never)) as unknown
		}
		const errorsOf = (r: unknown) => (r as { data: { errors: Record<string, string> } }).data.errors
		expect(errorsOf(await post({ ...base, activityLogRetentionDays: '30' }))).toEqual({
			activityLogRetentionDays: 'Registro de atividade: guarde por pelo menos 90 dias.',
		})
		expect(errorsOf(await post({ ...base, activityLogRetentionDays: 'um ano' }))).toEqual({
			activityLogRetentionDays: 'Registro de atividade: informe um número inteiro de dias.',
		})
		await db.execute(sql`delete from activity_log where kind = 'settings'`)
		expect(((await post({ ...base, activityLogRetentionDays: '730' })) as Response).status).toBe(302)
		clearStoreSettingsCache()
		const result = await page('?tipo=settings')
		expect(result.retentionDays).toBe(730)
		expect(result.entries[0]).toMatchObject({
			actor: adminEmail,
			ip: '2001:db8::90',
			changes: expect.arrayContaining([{ field: 'activityLogRetentionDays', label: 'Guardar o registro de atividade (dias)', before: '365', after: '730' }]),
		})
	})
})

describe('coupons in the activity log (issue 30)', () => {
	test('created, edited and deactivated: each an entry with who, from where, and before → after', async () => {
		const post = async (form: Record<string, string>) => {
			const request = new Request('http://loja.test/admin/cupons', { method: 'POST', body: new URLSearchParams(form), headers: { cookie: admin.cookie } })
			return (await couponsAction({ request, params: {}, context: { clientIp: '203.0.113.7' } } as never)) as unknown
		}
		const fields = { intent: 'save', id: '', code: 'BEMVINDO10', kind: 'percentage', value: '10', minSubtotal: '', usageLimit: '', startsAt: '', endsAt: '', active: 'on' }
		expect(((await post(fields)) as Response).status).toBe(302)
		const [coupon] = await queryRows<{ id: string }>(sql`select id from coupons where code = 'BEMVINDO10'`)
		expect(((await post({ ...fields, id: coupon!.id, value: '15', usageLimit: '100' })) as Response).status).toBe(302)
		expect(((await post({ intent: 'toggle', id: coupon!.id, active: 'false' })) as Response).status).toBe(302)
		// A refused save (a code already taken) writes nothing.
		expect(((await post({ ...fields, id: '' })) as { init: ResponseInit }).init.status).toBe(400)

		const entries = await db.select().from(activityLog).where(eq(activityLog.subjectId, coupon!.id)).orderBy(activityLog.seq)
		expect(entries.map((e) => [e.kind, e.actorId, e.ip, e.subjectType, e.subjectLabel])).toEqual([
			['coupon', admin.id, '203.0.113.7', 'coupon', 'Cupom BEMVINDO10'],
			['coupon', admin.id, '203.0.113.7', 'coupon', 'Cupom BEMVINDO10'],
			['coupon', admin.id, '203.0.113.7', 'coupon', 'Cupom BEMVINDO10'],
		])
		expect(entries[0]).toMatchObject({ before: null, after: { code: 'BEMVINDO10', kind: 'percentage', value: 10, usageLimit: null, active: true } })
		expect(entries.slice(1).map((e) => [e.before, e.after])).toEqual([
			[
				{ value: 10, usageLimit: null },
				{ value: 15, usageLimit: 100 },
			],
			[{ active: true }, { active: false }],
		])
		const shown = await page('?tipo=coupon')
		expect(shown.entries[0]).toMatchObject({
			kindLabel: 'Cupom',
			actor: adminEmail,
			subject: 'Cupom BEMVINDO10',
			changes: [{ field: 'active', label: 'Ativo', before: 'Sim', after: 'Não' }],
		})
		expect(shown.entries[1]?.changes).toEqual([
			{ field: 'value', label: 'Valor do desconto', before: '10', after: '15' },
			{ field: 'usageLimit', label: 'Limite de usos', before: '—', after: '100' },
		])
	})
})
