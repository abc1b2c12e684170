import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { db, queryRows } from '~/server/db.server'
import { seedDemoData } from '~/server/seed/seed.server'
import { getToast } from '~/server/toast.server'
import { action, loader } from './aria'

/**
 * 'Gerenciar Aria' through its route (document 001 §2/§7/§8, issue 12): real Requests into the
 * loader and action, as the back-office sends them.
 */

withTestDatabase()

let admin: { cookie: string }
let customer: { cookie: string }

beforeAll(async () => {
	await seedDemoData(db)
	admin = await userWithSession({ admin: true })
	customer = await userWithSession()
}, 120_000)

const context = { clientIp: '203.0.113.40', cspNonce: '' }

async function call(handler: typeof loader | typeof action, url: string, init: { cookie?: string; form?: Record<string, string> } = {}) {
	const request = new Request(`http://loja.test${url}`, {
		method: init.form ? 'POST' : 'GET',
		body: init.form ? new URLSearchParams(init.form) : undefined,
		headers: init.cookie ? { cookie: init.cookie } : {},
	})
	try {
		return (await handler({ request, params: {}, context } as never)) as unknown
	} catch (thrown) {
		return thrown
	}
}

const statusOf = (result: unknown) =>
	result instanceof Response ? result.status : ((result as { init?: ResponseInit | null })?.init?.status ?? 200)
const dataOf = <T>(result: unknown) => ((result as { data?: unknown })?.data ?? result) as T

async function toastOf(result: unknown) {
	const headers = result instanceof Response ? result.headers : new Headers((result as { init?: ResponseInit }).init?.headers)
	const cookie = headers.getSetCookie()[0]?.split(';')[0]
	if (!cookie) return null
	return (await getToast(new Request('http://loja.test/', { headers: { cookie } }))).toast
}

const post = (form: Record<string, string>) => call(action, '/admin/aria', { cookie: admin.cookie, form })
const knowledgeCount = async () => Number((await queryRows<{ n: number }>(sql`select count(*)::int as n from aria_knowledge_base`))[0]?.n)

describe('/admin/aria', () => {
	test('customers and visitors are refused on the loader and the action; nothing is written', async () => {
		const before = await knowledgeCount()
		for (const cookie of [customer.cookie, undefined]) {
			const page = await call(loader, '/admin/aria', { cookie })
			expect(page).toBeInstanceOf(Response)
			expect([302, 303]).toContain(statusOf(page))
			const write = await call(action, '/admin/aria', { cookie, form: { intent: 'add-knowledge', title: 'Intruso', content: 'x' } })
			expect([302, 303]).toContain(statusOf(write))
		}
		expect(await knowledgeCount()).toBe(before)
	})

	test('knowledge: required fields in §8 words; add, edit and remove with their toasts', async () => {
		const empty = await post({ intent: 'add-knowledge', title: ' ', content: '' })
		expect(statusOf(empty)).toBe(400)
		expect((await toastOf(empty))?.title).toBe('Preencha título e conteúdo')

		const added = await post({
			intent: 'add-knowledge',
			title: 'Horário de atendimento',
			content: 'Atendemos de segunda a sexta, das 9h às 18h.',
			category: 'atendimento',
		})
		expect((await toastOf(added))?.title).toBe('Conhecimento adicionado!')
		const page = dataOf<{ knowledge: { id: string; title: string; category: string | null }[] }>(
			await call(loader, '/admin/aria', { cookie: admin.cookie }),
		)
		const entry = page.knowledge.find((k) => k.title === 'Horário de atendimento')
		expect(entry?.category).toBe('atendimento')

		const edited = await post({
			intent: 'update-knowledge',
			id: entry!.id,
			title: 'Horário de atendimento',
			content: 'Atendemos de segunda a sábado, das 9h às 18h.',
			category: '',
		})
		expect((await toastOf(edited))?.title).toBe('Conhecimento atualizado!')
		const [row] = await queryRows<{ content: string; category: string | null }>(
			sql`select content, category from aria_knowledge_base where id = ${entry!.id}`,
		)
		expect(row).toEqual({ content: 'Atendemos de segunda a sábado, das 9h às 18h.', category: null })

		// What the owner teaches is what Aria answers, tried in the console (nothing stored).
		const tried = dataOf<{ answer: { text: string; answered: boolean } }>(
			await post({ intent: 'test-question', question: 'qual o horario de atendimento?' }),
		)
		expect(tried.answer.text).toContain('segunda a sábado')
		expect(tried.answer.answered).toBe(true)

		const removed = await post({ intent: 'delete-knowledge', id: entry!.id })
		expect((await toastOf(removed))?.title).toBe('Conhecimento removido!')
		const again = await post({ intent: 'delete-knowledge', id: entry!.id })
		expect(statusOf(again)).toBe(404)
		expect((await toastOf(again))?.title).toBe('Erro ao remover conhecimento')
	})

	test("products: sync says 'N produtos sincronizados!', keeps the owner's Inativo, drops what left the catalogue", async () => {
		const [someone] = await queryRows<{ id: string; handle: string }>(
			sql`select id, shopify_handle as handle from aria_products order by shopify_handle limit 1`,
		)
		const toggled = await post({ intent: 'toggle-product', id: someone!.id, active: 'false' })
		expect((await toastOf(toggled))?.title).toBe('Produto atualizado!')
		await db.execute(sql`insert into aria_products (shopify_handle, title, price_cents) values ('produto-que-saiu', 'Saiu', 100)`)
		await db.execute(sql`update aria_products set price_cents = 1 where shopify_handle = ${someone!.handle}`)

		const synced = await post({ intent: 'sync-products' })
		const [browsable] = await queryRows<{ n: number }>(
			sql`select count(*)::int as n from products where status = 'active' and not (tags @> array['uso-interno']::text[])`,
		)
		expect((await toastOf(synced))?.title).toBe(`${browsable!.n} produtos sincronizados!`)
		const [after] = await queryRows<{ is_available: boolean; price_cents: number }>(
			sql`select is_available, price_cents from aria_products where shopify_handle = ${someone!.handle}`,
		)
		expect(after?.is_available).toBe(false)
		expect(after?.price_cents).toBeGreaterThan(1)
		expect(await queryRows(sql`select 1 from aria_products where shopify_handle = 'produto-que-saiu'`)).toEqual([])

		const page = dataOf<{ products: { total: number; active: number } }>(
			await call(loader, '/admin/aria?aba=produtos', { cookie: admin.cookie }),
		)
		expect(page.products.total).toBe(browsable!.n)
		expect(page.products.active).toBe(browsable!.n - 1)

		const unknown = await post({ intent: 'toggle-product', id: '00000000-0000-4000-8000-000000000000', active: 'true' })
		expect((await toastOf(unknown))?.title).toBe('Erro ao atualizar produto')
	})

	test('breeds: added with a neck in cm, a duplicate name refused, and Aria sizes from it', async () => {
		const saved = await post({ intent: 'save-breed', name: 'Corgi', aliases: 'Welsh Corgi, corgi pembroke', neckCm: '42,5' })
		expect((await toastOf(saved))?.title).toBe('Raça salva!')
		const [corgi] = await queryRows<{ id: string; aliases: string[]; neck_mm: number }>(
			sql`select id, aliases, neck_mm from aria_breed_sizes where name = 'Corgi'`,
		)
		expect(corgi).toMatchObject({ aliases: ['welsh corgi', 'corgi pembroke'], neck_mm: 425 })
		const duplicate = await post({ intent: 'save-breed', name: 'corgi', aliases: '', neckCm: '40' })
		expect(statusOf(duplicate)).toBe(400)
		expect((await toastOf(duplicate))?.description).toBe('Já existe uma raça com esse nome.')
		const badNeck = await post({ intent: 'save-breed', name: 'Gigante', aliases: '', neckCm: '200' })
		expect((await toastOf(badNeck))?.description).toBe('Informe o pescoço em cm, ex.: 32 ou 32,5.')

		const tried = dataOf<{ answer: { text: string } }>(
			await post({ intent: 'test-question', question: 'qual bandana pro meu welsh corgi?' }),
		)
		expect(tried.answer.text).toContain('bandana tamanho GG')
		expect(statusOf(await post({ intent: 'delete-breed', id: corgi!.id }))).toBe(200)
	})

	test('conversations: the questions Aria could not answer are listed', async () => {
		const [conversation] = await queryRows<{ id: string }>(
			sql`insert into aria_conversations (visitor_id) values (gen_random_uuid()) returning id`,
		)
		await db.execute(
			sql`insert into aria_messages (conversation_id, role, content, unanswered) values (${conversation!.id}, 'user', 'vocês fazem roupa para cavalo?', true)`,
		)
		const page = dataOf<{ unanswered: { content: string }[]; conversations: { id: string }[] }>(
			await call(loader, '/admin/aria?aba=conversas', { cookie: admin.cookie }),
		)
		expect(page.unanswered.map((q) => q.content)).toContain('vocês fazem roupa para cavalo?')
		expect(page.conversations.map((c) => c.id)).toContain(conversation!.id)
	})

	test('unknown intents and malformed ids get a Portuguese message, never a 500', async () => {
		for (const form of [
			{ intent: 'apagar-tudo' },
			{ intent: 'delete-knowledge', id: 'x' },
			{ intent: 'test-question', question: '' },
		] as Record<string, string>[]) {
			const result = await post(form)
			expect(statusOf(result)).toBe(400)
			expect((await toastOf(result))?.title).toMatch(/inválid|Digite/)
		}
	})
})
