import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { db, queryRows } from '~/server/db.server'
import { resetEnvForTests } from '~/server/env.server'
import { seedDemoData } from '~/server/seed/seed.server'
import { VISITOR_COOKIE_NAME } from '~/server/visitor.server'
import { ARIA_COPY } from '~/utils/aria-reply'
import type { AriaConversationResponse } from '~/utils/aria-card'
import { action, loader } from './aria'
import { loader as cardsLoader } from './aria-products'

/**
 * The assistant's endpoint through its route (issue 12): the §7 event stream, the conversation
 * kept per browser session, 'Limpar conversa', validation and the rate limit.
 */

withTestDatabase()

beforeAll(async () => {
	process.env.ARIA_MESSAGES_PER_SESSION = '4'
	resetEnvForTests()
	await seedDemoData(db)
}, 120_000)
afterAll(() => {
	delete process.env.ARIA_MESSAGES_PER_SESSION
	resetEnvForTests()
})

let address = 0
/** A browser session: its own visitor cookie and address. */
function session() {
	let cookie = ''
	const clientIp = `203.0.113.${++address}`
	const call = async (handler: typeof action | typeof loader | typeof cardsLoader, path: string, form?: Record<string, string>) => {
		const request = new Request(`http://loja.test${path}`, {
			method: form ? 'POST' : 'GET',
			body: form ? new URLSearchParams(form) : undefined,
			headers: cookie ? { cookie } : {},
		})
		const result = (await handler({ request, params: {}, context: { clientIp, cspNonce: '' } } as never)) as unknown
		const response = result instanceof Response ? result : toResponse(result)
		const set = response.headers.get('set-cookie')
		if (set?.startsWith(`${VISITOR_COOKIE_NAME}=`)) cookie = set.split(';')[0] as string
		return response
	}
	return {
		send: (message: string, page = '/') => call(action, '/resources/aria', { intent: 'send', message, page }),
		clear: () => call(action, '/resources/aria', { intent: 'clear' }),
		conversation: async () => (await (await call(loader, '/resources/aria')).json()) as AriaConversationResponse,
		cards: (handles: string) => call(cardsLoader, `/resources/aria/produtos?handles=${handles}`),
	}
}

/** `data(...)` results are DataWithResponseInit objects: turned into Responses as the framework does. */
function toResponse(result: unknown): Response {
	const { data: body, init } = result as { data: unknown; init: ResponseInit | null }
	return new Response(JSON.stringify(body), {
		...init,
		headers: { 'Content-Type': 'application/json', ...(init?.headers as Record<string, string>) },
	})
}

/** The §7 stream: the 'data:' lines, the deltas joined, whether [DONE] ended it. */
async function readStream(response: Response) {
	const text = await response.text()
	const lines = text.split('\n\n').filter(Boolean)
	const payloads = lines.map((line) => line.replace(/^data: /, ''))
	const done = payloads.at(-1) === '[DONE]'
	const events = payloads
		.slice(0, done ? -1 : undefined)
		.map((p) => JSON.parse(p) as { choices?: { delta: { content: string } }[]; error?: { message: string } })
	return { done, events, reply: events.map((e) => e.choices?.[0]?.delta.content ?? '').join(''), lines }
}

describe('/resources/aria', () => {
	test('a reply streams as §7 events, word by word, ending with [DONE]; the chat is kept for the session', async () => {
		const shopper = session()
		const response = await shopper.send('tem bandana xadrez?')
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
		expect(response.headers.get('cache-control')).toContain('no-store')
		const stream = await readStream(response)
		expect(stream.done).toBe(true)
		expect(stream.events.length).toBeGreaterThan(5)
		expect(stream.lines.every((line) => line.startsWith('data: '))).toBe(true)
		expect(stream.reply).toMatch(/PRODUCT:bandana-xadrez-/)

		const { messages } = await shopper.conversation()
		expect(messages.map((m) => m.role)).toEqual(['user', 'assistant'])
		expect(messages[0]?.content).toBe('tem bandana xadrez?')
		expect(messages[1]?.content).toBe(stream.reply)
		// The cards come with the conversation: prices from the catalogue, sellable variants only.
		const cards = messages[1]?.products ?? []
		expect(cards.length).toBeGreaterThan(0)
		expect(cards.every((card) => card.handle.startsWith('bandana-xadrez-') && card.priceCents > 0 && card.variants.length > 0)).toBe(true)

		// Another browser session sees nothing of it.
		expect((await session().conversation()).messages).toEqual([])
	})

	test('the reply sees the last messages: a breed said before sizes the next question', async () => {
		const shopper = session()
		await readStream(await shopper.send('tenho um labrador'))
		const next = await readStream(await shopper.send('qual tamanho de bandana?'))
		expect(next.reply).toContain('Labrador')
		expect(next.reply).toContain('bandana tamanho GG')
	})

	test('a question it cannot answer is marked for the owner', async () => {
		const shopper = session()
		const question = `vcs abrem no feriado de carnaval? ${Math.random()}`
		const stream = await readStream(await shopper.send(question))
		expect(stream.reply).toContain('WhatsApp')
		const rows = await queryRows<{ unanswered: boolean }>(sql`select unanswered from aria_messages where content = ${question}`)
		expect(rows).toEqual([{ unanswered: true }])
	})

	test("'Limpar conversa' starts afresh; the old one stays for the owner", async () => {
		const shopper = session()
		await readStream(await shopper.send('oi'))
		const cleared = await shopper.clear()
		expect(cleared.status).toBe(200)
		expect((await shopper.conversation()).messages).toEqual([])
		const [row] = await queryRows<{ n: number }>(sql`select count(*)::int as n from aria_conversations where closed_at is not null`)
		expect(Number(row?.n)).toBeGreaterThan(0)
	})

	test('empty, too long or unknown input gets a Portuguese message and stores nothing', async () => {
		const shopper = session()
		const [before] = await queryRows<{ n: number }>(sql`select count(*)::int as n from aria_messages`)
		for (const [form, message] of [
			[{ intent: 'send', message: '   ' }, ARIA_COPY.empty],
			[{ intent: 'send', message: 'a'.repeat(501) }, ARIA_COPY.tooLong],
			[{ intent: 'apagar-tudo' }, 'Ação inválida.'],
		] as const) {
			const response = await (form.intent === 'send'
				? shopper.send(form.message)
				: (async () => {
						const request = new Request('http://loja.test/resources/aria', { method: 'POST', body: new URLSearchParams(form) })
						return toResponse(await action({ request, params: {}, context: { clientIp: '203.0.113.200', cspNonce: '' } } as never))
					})())
			expect(response.status).toBe(400)
			expect(await response.json()).toEqual({ error: message })
		}
		const [after] = await queryRows<{ n: number }>(sql`select count(*)::int as n from aria_messages`)
		expect(after?.n).toBe(before?.n)
	})

	test('the session budget runs out with a clear message and Retry-After', async () => {
		const shopper = session()
		for (let i = 0; i < 4; i += 1) expect((await shopper.send(`oi ${i}`)).status).toBe(200)
		const refused = await shopper.send('mais uma')
		expect(refused.status).toBe(429)
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
		expect(await refused.json()).toEqual({ error: ARIA_COPY.rateLimited })
		// Another session is not affected.
		expect((await session().send('oi')).status).toBe(200)
	})

	test('cards: only products on sale, never add-ons; bad handles are refused', async () => {
		const shopper = session()
		const response = await shopper.cards('bandana-preta,adicional-extensor,nao-existe')
		expect(response.status).toBe(200)
		const { products } = (await response.json()) as { products: { handle: string }[] }
		expect(products.map((p) => p.handle)).toEqual(['bandana-preta'])
		expect((await shopper.cards('<script>')).status).toBe(400)
	})
})
