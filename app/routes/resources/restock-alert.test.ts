import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { clearCommerceTables, createProduct } from '~/commerce/builtin/test-factories.server'
import { db, queryRows } from '~/server/db.server'
import { RESTOCK_MESSAGES, type RestockAlertResponse } from '~/utils/restock-alert'
import { action, loader, RESTOCK_RATE_LIMIT } from './restock-alert'
import { loader as cancelLoader, action as cancelAction } from './restock-cancel'
import { loader as confirmLoader } from './restock-confirm'

/**
 * POST /avise-me and its links (issue 31, decision 120): every bad input is a Portuguese message
 * and a 4xx, never a 500; the rate limit counts per client address; the links confirm and cancel.
 */
withTestDatabase()

beforeEach(async () => {
	await db.execute(sql`truncate restock_alerts, mail_outbox, rate_limits`)
	await clearCommerceTables()
})

async function post(fields: Record<string, string> | string, options: { cookie?: string; ip?: string; contentType?: string } = {}) {
	const headers: Record<string, string> = {}
	if (options.cookie) headers.cookie = options.cookie
	if (options.contentType) headers['content-type'] = options.contentType
	const body = typeof fields === 'string' ? fields : new URLSearchParams(fields)
	const result = (await action({
		request: new Request('http://loja.test/avise-me', { method: 'POST', body, headers }),
		params: {},
		context: { clientIp: options.ip ?? '203.0.113.7' },
	} as never)) as unknown as { data: RestockAlertResponse; init: ResponseInit | null }
	return { status: result.init?.status ?? 200, body: result.data, headers: new Headers(result.init?.headers) }
}

async function soldOut() {
	const { variant } = await createProduct({ title: 'Laço Xadrez', variants: [{ title: 'Vermelho', stock: 0 }] })
	return variant
}

async function linkLoader(which: 'confirmar' | 'cancelar', token: string) {
	const request = new Request(`http://loja.test/avise-me/${which}?token=${encodeURIComponent(token)}`)
	const run = which === 'confirmar' ? confirmLoader : cancelLoader
	return (await run({ request, params: {}, context: { clientIp: '203.0.113.7' } } as never)) as Response
}

describe('validation: a Portuguese message, never a 500', () => {
	test('a missing or malformed e-mail: 400 on the e-mail field', async () => {
		const variant = await soldOut()
		expect((await post({ variantId: variant.id })).body).toEqual({ ok: false, message: RESTOCK_MESSAGES.emailRequired, field: 'email' })
		const bad = await post({ variantId: variant.id, email: 'ana@' })
		expect(bad.status).toBe(400)
		expect(bad.body).toEqual({ ok: false, message: RESTOCK_MESSAGES.invalidEmail, field: 'email' })
		expect((await post({ variantId: variant.id, email: `${'a'.repeat(250)}@x.com` })).status).toBe(400)
	})

	test('a variant that is not a uuid, unknown, or can be bought: 4xx with its message', async () => {
		expect((await post({ email: 'ana@exemplo.test', variantId: 'abc' })).body).toEqual({ ok: false, message: RESTOCK_MESSAGES.variant, field: 'variantId' })
		const unknown = await post({ email: 'ana@exemplo.test', variantId: '00000000-0000-4000-8000-000000000000' })
		expect(unknown.status).toBe(404)
		expect(unknown.body).toEqual({ ok: false, message: RESTOCK_MESSAGES.notFound, field: 'variantId' })
		const { variant } = await createProduct({ variants: [{ stock: 3 }] })
		const available = await post({ email: 'ana@exemplo.test', variantId: variant.id })
		expect(available.status).toBe(409)
		expect(available.body).toEqual({ ok: false, message: RESTOCK_MESSAGES.available })
	})

	test('bodies that are not a form, and hostile text, are refused with a message', async () => {
		const variant = await soldOut()
		expect((await post('{"email":"a@b.c"}', { contentType: 'application/json' })).status).toBe(400)
		expect((await post({ email: 'ana\u0000@exemplo.test', variantId: variant.id })).status).toBe(400)
		expect((await post({ email: '<script>@x', variantId: variant.id })).status).toBe(400)
		const wrongMethod = (await loader()) as unknown as { init: ResponseInit | null }
		expect(wrongMethod.init?.status).toBe(405)
	})
})

describe('sign-up', () => {
	test('anonymous: stored lower-cased, pending, and the answer says to confirm by the link', async () => {
		const variant = await soldOut()
		const answer = await post({ email: '  Ana@Exemplo.TEST ', variantId: variant.id })
		expect(answer.status).toBe(200)
		expect(answer.body).toEqual({ ok: true, confirmed: false, message: 'Quase lá! Enviamos um link para ana@exemplo.test: confirme por ele para receber o aviso.' })
		expect(answer.headers.get('Cache-Control')).toBe('no-store')
		expect(await queryRows(sql`select email, confirmed_at from restock_alerts`)).toEqual([{ email: 'ana@exemplo.test', confirmed_at: null }])
	})

	test("signed in with her own address: confirmed at once", async () => {
		const variant = await soldOut()
		const person = await userWithSession()
		const [row] = await queryRows<{ email: string }>(sql`select email from users where id = ${person.id}::uuid`)
		const answer = await post({ email: row!.email, variantId: variant.id }, { cookie: person.cookie })
		expect(answer.body).toEqual({ ok: true, confirmed: true, message: `Pronto! Avisaremos ${row!.email} assim que chegar.` })
		expect(await queryRows(sql`select 1 from mail_outbox`)).toEqual([])
	})
})

describe('rate limit', () => {
	test('per client address, counted before validation: then 429 with Retry-After; another address is not affected', async () => {
		const variant = await soldOut()
		for (let i = 0; i < RESTOCK_RATE_LIMIT.limit; i++) expect((await post({ email: 'x', variantId: variant.id })).status).toBe(400)
		const limited = await post({ email: 'ana@exemplo.test', variantId: variant.id })
		expect(limited.status).toBe(429)
		expect(limited.body).toEqual({ ok: false, message: RESTOCK_MESSAGES.tooMany })
		expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
		expect((await post({ email: 'ana@exemplo.test', variantId: variant.id }, { ip: '198.51.100.4' })).status).toBe(200)
	})
})

describe('the links', () => {
	test('confirm lands on the product with a toast; cancel deletes; a bad link is a toast, never a 500', async () => {
		const variant = await soldOut()
		await post({ email: 'ana@exemplo.test', variantId: variant.id })
		const [row] = await queryRows<{ token: string }>(sql`select token from restock_alerts`)
		const confirmed = await linkLoader('confirmar', row!.token)
		expect(confirmed.status).toBe(302)
		expect(confirmed.headers.get('Location')).toMatch(/^\/produto\/laco-xadrez/)
		expect(await queryRows(sql`select 1 from restock_alerts where confirmed_at is not null`)).toHaveLength(1)

		const bad = await linkLoader('confirmar', '<script>')
		expect(bad.status).toBe(302)
		expect(bad.headers.get('Location')).toBe('/')

		// The mail app's one click (RFC 8058): a POST, a plain 200.
		const oneClick = (await cancelAction({
			request: new Request(`http://loja.test/avise-me/cancelar?token=${row!.token}`, { method: 'POST', body: 'List-Unsubscribe=One-Click' }),
			params: {},
			context: { clientIp: '203.0.113.7' },
		} as never)) as Response
		expect(oneClick.status).toBe(200)
		expect(await queryRows(sql`select 1 from restock_alerts`)).toEqual([])
		expect((await linkLoader('cancelar', row!.token)).status).toBe(302)
	})
})
