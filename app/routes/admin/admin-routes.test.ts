import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, onTestFinished, test, vi } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { clearCommerceTables, createProduct } from '~/commerce/builtin/test-factories.server'
import { db, queryRows } from '~/server/db.server'
import { clearStoreSettingsCache, getStoreSettings } from '~/server/settings.server'
import { action as couponsImportAction } from './coupons-import'
import { action as couponsAction, loader as couponsLoader } from './coupons'
import { action as orderAction, loader as orderLoader } from './order'
import { loader as exportLoader } from './orders-export'
import { action as ordersAction, loader as ordersLoader } from './orders'
import { loader as dashboardLoader } from './dashboard'
import { loader as dashboardRedirectLoader } from './dashboard-redirect'
import { action as settingsAction, loader as settingsLoader } from './settings'
import { resetEnvForTests } from '~/server/env.server'

withTestDatabase()

beforeEach(async () => {
	await db.execute(sql`truncate orders, coupons, coupon_redemptions, order_lines, order_status_history, mail_outbox cascade`)
	await clearCommerceTables()
	await db.execute(sql`delete from store_settings`)
	clearStoreSettingsCache()
})

const context = { clientIp: '203.0.113.9', cspNonce: '' }
type Handler = (args: never) => unknown

/** Calls a loader/action; thrown Responses (redirects) are returned like returned ones. */
async function call(handler: Handler, url: string, init: { cookie?: string; form?: Record<string, string> | FormData; params?: Record<string, string> } = {}) {
	const body = init.form instanceof FormData ? init.form : init.form ? new URLSearchParams(init.form) : undefined
	const request = new Request(`http://loja.test${url}`, {
		method: body ? 'POST' : 'GET',
		body,
		headers: init.cookie ? { cookie: init.cookie } : {},
	})
	try {
		return await handler({ request, params: init.params ?? {}, context } as never)
	} catch (thrown) {
		return thrown
	}
}

function statusOf(result: unknown): number {
	if (result instanceof Response) return result.status
	const init = (result as { init?: ResponseInit | null } | null)?.init
	return init?.status ?? 200
}

function dataOf<T = Record<string, unknown>>(result: unknown): T {
	return ((result as { data?: unknown })?.data ?? result) as T
}

async function insertOrder(values: { reference: string; name?: string; email?: string; status?: string; total?: number }) {
	const total = values.total ?? 5000
	const [row] = await queryRows<{ id: string }>(sql`
		insert into orders (reference, idempotency_key, status, customer_name, email, cpf, phone, cep, street, number, district, city, uf,
			shipping_cents, subtotal_cents, total_cents, payment_method)
		values (${values.reference}, ${randomUUID()}, ${values.status ?? 'aguardando_pagamento'}, ${values.name ?? 'Maria Silva'},
			${values.email ?? 'maria@example.com'}, '52998224725', '11912345678', '01310100', 'Rua A', '1', 'Centro', 'São Paulo', 'SP',
			0, ${total}, ${total}, 'pix')
		returning id`)
	return row?.id as string
}

describe('guards', () => {
	test('customers are denied and anonymous visitors sent to /auth, on loaders and actions', async () => {
		const customer = await userWithSession()
		const denied = await call(ordersLoader as Handler, '/admin/pedidos', { cookie: customer.cookie })
		expect(statusOf(denied)).toBe(302)
		expect((denied as Response).headers.get('location')).toBe('/')
		const anonymous = await call(settingsAction as Handler, '/admin/configuracoes', { form: { storeName: 'X' } })
		expect((anonymous as Response).headers.get('location')).toMatch(/^\/auth/)
		const export_ = await call(exportLoader as Handler, '/admin/pedidos/exportar.csv', { cookie: customer.cookie })
		expect((export_ as Response).headers.get('location')).toBe('/')
	})
})

describe('/admin/pedidos', () => {
	test('filters by status and searches reference, name or e-mail; the export uses the same filters', async () => {
		const admin = await userWithSession({ admin: true })
		await insertOrder({ reference: 'PET-AAAAAA', name: 'Joana Prado', email: 'joana@example.com', total: 123456 })
		await insertOrder({ reference: 'PET-BBBBBB', name: '=HYPERLINK("x")', email: 'carlos@example.com', status: 'pago' })
		const list = async (query: string) =>
			dataOf<{ orders: Array<{ reference: string }>; total: number }>(await call(ordersLoader as Handler, `/admin/pedidos${query}`, { cookie: admin.cookie }))
		expect((await list('')).total).toBe(2)
		expect((await list('?status=pago')).orders.map((o) => o.reference)).toEqual(['PET-BBBBBB'])
		expect((await list('?q=joana')).orders.map((o) => o.reference)).toEqual(['PET-AAAAAA'])
		expect((await list('?q=carlos%40')).orders.map((o) => o.reference)).toEqual(['PET-BBBBBB'])
		expect((await list('?q=aaaaaa')).orders.map((o) => o.reference)).toEqual(['PET-AAAAAA'])
		expect((await list('?q=%25')).total).toBe(0)
		// Malformed filters are ignored, not an error.
		expect((await list('?status=xyz&page=-3')).total).toBe(2)

		const response = (await call(exportLoader as Handler, '/admin/pedidos/exportar.csv?status=aguardando_pagamento', {
			cookie: admin.cookie,
		})) as Response
		expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
		const bytes = new Uint8Array(await response.arrayBuffer())
		// The UTF-8 BOM (Response.text() would silently drop it).
		expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
		const lines = new TextDecoder().decode(bytes).trim().split('\r\n')
		expect(lines[0]?.startsWith('Pedido;Data;Status;Cliente;E-mail')).toBe(true)
		expect(lines).toHaveLength(2)
		expect(lines[1]).toContain('PET-AAAAAA;')
		expect(lines[1]).toContain(';Aguardando pagamento;Joana Prado;joana@example.com;')
		expect(lines[1]).toContain(';1234,56;')

		const all = await ((await call(exportLoader as Handler, '/admin/pedidos/exportar.csv', { cookie: admin.cookie })) as Response).text()
		// A shopper-typed formula is neutralised.
		expect(all).toContain(`"'=HYPERLINK(""x"")"`)
	})

	test('detail and status actions: allowed moves, tracking code required, history with the admin', async () => {
		vi.stubEnv('PUBLIC_URL', 'https://www.lojapet.test')
		resetEnvForTests()
		onTestFinished(() => {
			vi.unstubAllEnvs()
			resetEnvForTests()
		})
		const admin = await userWithSession({ admin: true })
		const id = await insertOrder({ reference: 'PET-CCCCCC' })
		const detail = dataOf<{ actions: string[]; order: { reference: string } }>(
			await call(orderLoader as Handler, `/admin/pedidos/${id}`, { cookie: admin.cookie, params: { orderId: id } }),
		)
		expect(detail.order.reference).toBe('PET-CCCCCC')
		expect(detail.actions).toEqual(['pago', 'cancelado'])
		expect(statusOf(await call(orderLoader as Handler, '/admin/pedidos/x', { cookie: admin.cookie, params: { orderId: 'x' } }))).toBe(404)

		const post = (form: Record<string, string>) =>
			call(orderAction as Handler, `/admin/pedidos/${id}`, { cookie: admin.cookie, params: { orderId: id }, form })
		const bad = await post({ to: 'enviado', trackingCode: 'BR1' })
		expect(statusOf(bad)).toBe(400)
		expect(dataOf(bad)).toEqual({ error: 'Não é possível mudar o pedido de "Aguardando pagamento" para "Enviado".' })
		expect(statusOf(await post({ to: 'voando' }))).toBe(400)

		const paid = (await post({ to: 'pago' })) as Response
		expect(paid.status).toBe(302)
		expect(paid.headers.get('set-cookie')).toContain('loja_toast')
		await post({ to: 'em_producao' })
		expect(dataOf(await post({ to: 'enviado', trackingCode: '  ' }))).toEqual({
			error: 'Informe o código de rastreio para marcar o pedido como enviado.',
		})
		expect(statusOf(await post({ to: 'enviado', trackingCode: 'BR123456789BR' }))).toBe(302)
		const history = dataOf<{ history: Array<{ who: string; to: string }> }>(
			await call(orderLoader as Handler, `/admin/pedidos/${id}`, { cookie: admin.cookie, params: { orderId: id } }),
		).history
		expect(history.map((h) => h.to)).toEqual(['pago', 'em_producao', 'enviado'])
		expect(history.every((h) => h.who.startsWith('teste.'))).toBe(true)

		// The 'pago' and 'enviado' e-mails link to the order page at PUBLIC_URL.
		const mails = await queryRows<{ subject: string; text: string; html: string }>(
			sql`select subject, text, html from mail_outbox order by created_at, subject`,
		)
		expect(mails.map((m) => m.subject)).toEqual(['Pagamento confirmado: PET-CCCCCC', 'Pedido enviado: PET-CCCCCC'])
		for (const mail of mails) {
			expect(mail.text).toContain('https://www.lojapet.test/pedido/PET-CCCCCC')
			expect(mail.html).toContain('https://www.lojapet.test/pedido/PET-CCCCCC')
			expect(mail.text).not.toContain('localhost')
		}
	})

	test('a body that is not a form is a 400 with a Portuguese message, not a 500', async () => {
		const admin = await userWithSession({ admin: true })
		const id = await insertOrder({ reference: 'PET-DDDDDD' })
		const notAForm = (url: string) =>
			new Request(`http://loja.test${url}`, {
				method: 'POST',
				body: '{"to":"pago"}',
				headers: { cookie: admin.cookie, 'content-type': 'multipart/form-data; boundary=x' },
			})
		for (const [handler, url, params] of [
			[orderAction, `/admin/pedidos/${id}`, { orderId: id }],
			[couponsAction, '/admin/cupons', {}],
			[couponsImportAction, '/admin/cupons/importar', {}],
			[settingsAction, '/admin/configuracoes', {}],
		] as const) {
			const thrown = await Promise.resolve()
				.then(() => (handler as Handler)({ request: notAForm(url), params, context } as never))
				.then(() => null)
				.catch((error: unknown) => error)
			expect(statusOf(thrown)).toBe(400)
			expect(dataOf<string>(thrown)).toBe('Dados inválidos. Confira e tente novamente.')
		}
		const [order] = await queryRows<{ status: string }>(sql`select status from orders where id = ${id}::uuid`)
		expect(order?.status).toBe('aguardando_pagamento')
	})
})

describe('/admin/cupons', () => {
	test('create with validation, unique code, edit and toggle', async () => {
		const admin = await userWithSession({ admin: true })
		const save = (form: Record<string, string>) => call(couponsAction as Handler, '/admin/cupons', { cookie: admin.cookie, form: { intent: 'save', ...form } })
		const invalid = await save({ code: 'ab c', kind: 'percentage', value: '0', startsAt: '2026-05-10', endsAt: '2026-05-01' })
		expect(statusOf(invalid)).toBe(400)
		expect(dataOf<{ errors: Record<string, string> }>(invalid).errors).toEqual({
			code: 'O código deve ter de 2 a 50 caracteres: letras sem acento, números, - ou _.',
			value: 'A porcentagem deve ser um número inteiro de 1 a 100.',
			endsAt: 'A data de término deve ser depois da data de início.',
		})
		expect(statusOf(await save({ code: 'frete', kind: 'free_shipping', minSubtotal: '80,00', active: 'on' }))).toBe(302)
		const taken = await save({ code: 'FRETE', kind: 'fixed', value: '10,00' })
		expect(dataOf<{ errors: Record<string, string> }>(taken).errors).toEqual({ code: 'Já existe um cupom com este código.' })

		const [row] = await queryRows<{ id: string; code: string; kind: string; min_subtotal_cents: number; active: boolean }>(
			sql`select id, code, kind, min_subtotal_cents, active from coupons`,
		)
		expect(row).toMatchObject({ code: 'FRETE', kind: 'free_shipping', min_subtotal_cents: 8000, active: true })
		const id = row?.id as string
		const editing = dataOf<{ editing: { values: Record<string, unknown> } }>(
			await call(couponsLoader as Handler, `/admin/cupons?editar=${id}`, { cookie: admin.cookie }),
		).editing
		expect(editing.values).toMatchObject({ code: 'FRETE', kind: 'free_shipping', minSubtotal: '80,00' })

		expect(statusOf(await save({ id, code: 'FRETE', kind: 'fixed', value: '12,50', usageLimit: '3', active: 'on' }))).toBe(302)
		await db.execute(sql`update coupons set used_count = 2`)
		const below = await save({ id, code: 'FRETE', kind: 'fixed', value: '12,50', usageLimit: '1', active: 'on' })
		expect(dataOf<{ errors: Record<string, string> }>(below).errors).toEqual({
			usageLimit: 'O limite de usos não pode ser menor que os 2 usos já feitos.',
		})
		expect(statusOf(await call(couponsAction as Handler, '/admin/cupons', { cookie: admin.cookie, form: { intent: 'toggle', id, active: 'false' } }))).toBe(302)
		const [after] = await queryRows<{ value: number; usage_limit: number; active: boolean }>(sql`select value, usage_limit, active from coupons`)
		expect(after).toEqual({ value: 1250, usage_limit: 3, active: false })
	})

	test('import: check writes nothing, import writes the valid rows', async () => {
		const admin = await userWithSession({ admin: true })
		const csv = readFileSync(path.resolve('tests/fixtures/legacy-coupons.csv'), 'utf8')
		const form = new FormData()
		form.set('intent', 'check')
		form.set('file', new File([csv], 'cupons.csv', { type: 'text/csv' }))
		const checked = dataOf<{ report: { valid: unknown[]; invalid: unknown[]; duplicatesInFile: unknown[]; existing: unknown[] } }>(
			await call(couponsImportAction as Handler, '/admin/cupons/importar', { cookie: admin.cookie, form }),
		)
		expect(checked.report.valid).toHaveLength(6)
		expect(checked.report.invalid).toHaveLength(5)
		expect(checked.report.duplicatesInFile).toHaveLength(1)
		const [none] = await queryRows<{ n: number }>(sql`select count(*)::int as n from coupons`)
		expect(none?.n).toBe(0)

		const imported = (await call(couponsImportAction as Handler, '/admin/cupons/importar', {
			cookie: admin.cookie,
			form: { intent: 'import', csv, fileName: 'cupons.csv' },
		})) as Response
		expect(imported.status).toBe(302)
		const [count] = await queryRows<{ n: number }>(sql`select count(*)::int as n from coupons`)
		expect(count?.n).toBe(6)
		// Issue 30: each imported coupon is in the activity log (who, from where, nothing → its fields, the file).
		const logged = await queryRows<{ actor_id: string; ip: string; subject_id: string; before: unknown; after: Record<string, unknown> }>(sql`
			select a.actor_id, host(a.ip) as ip, a.subject_id, a.before, a.after from activity_log a
			join coupons c on c.id::text = a.subject_id where a.kind = 'coupon' and a.subject_type = 'coupon' order by c.code`)
		const codes = await queryRows<{ id: string; code: string }>(sql`select id::text as id, code from coupons order by code`)
		expect(logged).toHaveLength(6)
		expect(logged.map((entry) => [entry.subject_id, entry.after.code])).toEqual(codes.map((c) => [c.id, c.code]))
		for (const entry of logged)
			expect(entry).toMatchObject({ actor_id: admin.id, ip: '203.0.113.9', before: null, after: { source: 'Importação CSV (cupons.csv)' } })
		expect(logged[0]?.after).toEqual(expect.objectContaining({ kind: expect.any(String), active: expect.any(Boolean) }))
		expect(statusOf(await call(couponsImportAction as Handler, '/admin/cupons/importar', { cookie: admin.cookie, form: { intent: 'check', csv: '' } }))).toBe(400)
	})
})

describe('/admin/configuracoes', () => {
	test('saves money typed as 100,00 and refuses bad fields with their messages', async () => {
		const admin = await userWithSession({ admin: true })
		await createProduct({ handle: 'laco-novo', title: 'Laço novo' })
		const base = {
			storeName: 'Pet Estilo',
			logoUrl: '',
			contactEmail: 'contato@petestilo.com.br',
			whatsappNumber: '55 11 99999-9999',
			city: 'São Paulo',
			instagramUrl: '',
			pixKey: 'contato@petestilo.com.br',
			pixMerchantName: 'Pet Estilo',
			pixMerchantCity: 'São Paulo',
			freeShippingThreshold: '150,00',
			shippingRate: '19,90',
			giftProductHandle: 'laco-novo',
			giftThreshold: '120,00',
			pixPaymentWindowHours: '48',
		}
		const bad = await call(settingsAction as Handler, '/admin/configuracoes', {
			cookie: admin.cookie,
			form: { ...base, pixMerchantCity: 'São José dos Campos', giftProductHandle: 'nao-existe', giftThreshold: 'cem', pixPaymentWindowHours: '1,5' },
		})
		expect(statusOf(bad)).toBe(400)
		expect(dataOf<{ errors: Record<string, string> }>(bad).errors).toEqual({
			pixMerchantCity: 'A cidade do recebedor PIX pode ter no máximo 15 caracteres (sem acentos).',
			giftThreshold: 'O valor para ganhar o brinde: use o formato 100,00.',
			pixPaymentWindowHours: 'Prazo do PIX: informe um número inteiro de horas.',
		})
		const tooLong = await call(settingsAction as Handler, '/admin/configuracoes', { cookie: admin.cookie, form: { ...base, pixPaymentWindowHours: '721' } })
		expect(dataOf<{ errors: Record<string, string> }>(tooLong).errors).toEqual({
			pixPaymentWindowHours: 'O prazo do PIX deve ser de no máximo 720 horas (30 dias).',
		})
		const missing = await call(settingsAction as Handler, '/admin/configuracoes', { cookie: admin.cookie, form: { ...base, giftProductHandle: 'nao-existe' } })
		expect(dataOf<{ errors: Record<string, string> }>(missing).errors).toEqual({ giftProductHandle: 'Nenhum produto com o identificador "nao-existe".' })

		expect(statusOf(await call(settingsAction as Handler, '/admin/configuracoes', { cookie: admin.cookie, form: base }))).toBe(302)
		clearStoreSettingsCache()
		expect(await getStoreSettings()).toMatchObject({
			whatsappNumber: '5511999999999',
			logoUrl: null,
			instagramUrl: null,
			pixMerchantName: 'Pet Estilo',
			pixMerchantCity: 'Sao Paulo',
			freeShippingThresholdCents: 15_000,
			shippingRateCents: 1990,
			giftProductHandle: 'laco-novo',
			giftThresholdCents: 12_000,
			pixPaymentWindowHours: 48,
		})

		// Issue 32 (decisions 085, 087): the promise and the carrier fields, with their messages.
		const shipping = { productionDays: '5', personalizedProductionDays: '8', deliveryCutoffHour: '14', shippingOriginCep: '04538-133', carrierServices: '2, 1 ,3', freeShippingServiceId: '' }
		const refused = await call(settingsAction as Handler, '/admin/configuracoes', {
			cookie: admin.cookie,
			form: { ...base, ...shipping, productionDays: '99', deliveryCutoffHour: '24', shippingOriginCep: '123', carrierServices: 'PAC', freeShippingServiceId: 'x' },
		})
		expect(statusOf(refused)).toBe(400)
		expect(dataOf<{ errors: Record<string, string> }>(refused).errors).toEqual({
			productionDays: 'Produção: informe de 0 a 60 dias úteis.',
			deliveryCutoffHour: 'Horário de corte: informe uma hora de 0 a 23.',
			carrierServices: 'Serviços de entrega: informe os números dos serviços separados por vírgula (ex.: 1, 2).',
			freeShippingServiceId: 'Frete grátis: informe o número de um serviço (ex.: 1 para PAC) ou deixe vazio.',
		})
		const badCep = await call(settingsAction as Handler, '/admin/configuracoes', { cookie: admin.cookie, form: { ...base, ...shipping, shippingOriginCep: '123' } })
		expect(dataOf<{ errors: Record<string, string> }>(badCep).errors).toEqual({ shippingOriginCep: 'CEP de origem: informe 8 números.' })
		expect(statusOf(await call(settingsAction as Handler, '/admin/configuracoes', { cookie: admin.cookie, form: { ...base, ...shipping } }))).toBe(302)
		clearStoreSettingsCache()
		expect(await getStoreSettings()).toMatchObject({
			productionDays: 5,
			personalizedProductionDays: 8,
			deliveryCutoffHour: 14,
			shippingOriginCep: '04538133',
			carrierServices: [2, 1, 3],
			freeShippingServiceId: null,
		})
	})
})

describe('issue 30: the owner on a phone and the set-up', () => {
	test('the orders list offers each order its next step, and the one-tap step moves it', async () => {
		const admin = await userWithSession({ admin: true })
		const waiting = await insertOrder({ reference: 'PET-EEEEEE' })
		await insertOrder({ reference: 'PET-FFFFFF', status: 'em_producao' })
		await insertOrder({ reference: 'PET-GGGGGG', status: 'entregue' })
		const list = dataOf<{ orders: Array<{ reference: string; next: unknown }> }>(
			await call(ordersLoader as Handler, '/admin/pedidos', { cookie: admin.cookie }),
		)
		expect(Object.fromEntries(list.orders.map((o) => [o.reference, o.next]))).toEqual({
			'PET-EEEEEE': { kind: 'move', to: 'pago', label: 'Marcar como pago' },
			'PET-FFFFFF': { kind: 'open', label: 'Informar rastreio' },
			'PET-GGGGGG': { kind: 'open', label: 'Ver pedido' },
		})

		const post = (form: Record<string, string>, cookie = admin.cookie) => call(ordersAction as Handler, '/admin/pedidos', { cookie, form })
		// Shipping (needs a tracking code) and cancelling are not one-tap steps; a wrong move is refused by the status rule.
		expect(statusOf(await post({ id: waiting, to: 'enviado' }))).toBe(400)
		expect(statusOf(await post({ id: waiting, to: 'cancelado' }))).toBe(400)
		expect(statusOf(await post({ id: 'x', to: 'pago' }))).toBe(400)
		expect(statusOf(await post({ id: waiting, to: 'entregue' }))).toBe(400)
		const customer = await userWithSession()
		expect((await post({ id: waiting, to: 'pago' }, customer.cookie)) as Response).toMatchObject({ status: 302 })

		const paid = await post({ id: waiting, to: 'pago' })
		expect(statusOf(paid)).toBe(200)
		expect(dataOf(paid)).toEqual({ ok: true })
		const [order] = await queryRows<{ status: string }>(sql`select status from orders where id = ${waiting}::uuid`)
		expect(order?.status).toBe('pago')
		// The same tap again (a stale list): refused with the status rule's message, nothing changes.
		expect(statusOf(await post({ id: waiting, to: 'pago' }))).toBe(400)
	})

	test("the dashboard's checklist reads the shop's real state; /admin/dashboard goes to /admin", async () => {
		const admin = await userWithSession({ admin: true })
		const product = await createProduct({ handle: 'bandana-demo', title: 'Bandana demo' })
		await db.execute(sql`insert into product_images (product_id, url, position) values (${product.product.id}, '/imagens/demo/bandana.svg?cor=azul', 9)`)
		const readiness = async () =>
			dataOf<{ readiness: Array<{ id: string; done: boolean; detail: string }> }>(await call(dashboardLoader as Handler, '/admin', { cookie: admin.cookie }))
				.readiness
		const fresh = Object.fromEntries((await readiness()).map((item) => [item.id, item]))
		expect(fresh.pix?.done).toBe(false)
		expect(fresh['demo-images']).toMatchObject({ done: false, detail: '1 produto à venda ainda mostra os desenhos da demonstração.' })
		expect(fresh.email?.done).toBe(false)

		await db.execute(sql`delete from product_images where url like '/imagens/demo/%'`)
		await db.execute(sql`insert into store_settings (key, value) values ('pixKey', '"52998224725"'::jsonb)`)
		clearStoreSettingsCache()
		const later = Object.fromEntries((await readiness()).map((item) => [item.id, item]))
		expect(later.pix?.done).toBe(true)
		expect(later['demo-images']?.done).toBe(true)

		const moved = (await call(dashboardRedirectLoader as Handler, '/admin/dashboard', { cookie: admin.cookie })) as Response
		expect(moved.status).toBe(301)
		expect(moved.headers.get('location')).toBe('/admin')
		const customer = await userWithSession()
		expect(((await call(dashboardRedirectLoader as Handler, '/admin/dashboard', { cookie: customer.cookie })) as Response).headers.get('location')).toBe('/')
	})

	test('the gift product is picked by name among the products on sale', async () => {
		const admin = await userWithSession({ admin: true })
		await createProduct({ handle: 'laco-azul', title: 'Laço azul' })
		await createProduct({ handle: 'apito', title: 'Apito' })
		await createProduct({ handle: 'rascunho', title: 'Rascunho', status: 'draft' })
		const loaded = dataOf<{ giftChoices: Array<{ handle: string; title: string }> }>(
			await call(settingsLoader as Handler, '/admin/configuracoes', { cookie: admin.cookie }),
		)
		expect(loaded.giftChoices).toEqual([
			{ handle: 'apito', title: 'Apito' },
			{ handle: 'laco-azul', title: 'Laço azul' },
		])
	})
})
