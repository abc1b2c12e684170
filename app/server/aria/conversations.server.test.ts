import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { queryRows } from '~/server/db.server'
import {
	ARIA_CONVERSATION_RETENTION_DAYS,
	appendMessage,
	ensureConversation,
	latestConversations,
	loadConversation,
	purgeOldConversations,
	unansweredQuestions,
	markUnanswered,
} from './conversations.server'

withTestDatabase()

describe('Aria conversations', () => {
	test('two tabs opening the chat at once share one conversation; messages keep their order', async () => {
		const visitor = randomUUID()
		const ids = await Promise.all([ensureConversation(visitor), ensureConversation(visitor), ensureConversation(visitor)])
		expect(new Set(ids).size).toBe(1)
		const id = ids[0] as string
		for (const n of [1, 2, 3, 4]) await appendMessage(id, { role: n % 2 ? 'user' : 'assistant', content: `mensagem ${n}` })
		expect((await loadConversation(visitor)).map((m) => m.content)).toEqual(['mensagem 1', 'mensagem 2', 'mensagem 3', 'mensagem 4'])
	})

	test('the owner sees the latest conversations and the unanswered questions', async () => {
		const id = await ensureConversation(randomUUID())
		const question = await appendMessage(id, { role: 'user', content: 'vocês abrem domingo?' })
		await markUnanswered(question)
		const [latest] = await latestConversations(5)
		expect(latest?.id).toBe(id)
		expect((await unansweredQuestions(5)).map((q) => q.content)).toContain('vocês abrem domingo?')
	})

	test(`conversations untouched for ${ARIA_CONVERSATION_RETENTION_DAYS} days are purged with their messages`, async () => {
		const old = await ensureConversation(randomUUID())
		await appendMessage(old, { role: 'user', content: 'antiga' })
		const recent = await ensureConversation(randomUUID())
		await appendMessage(recent, { role: 'user', content: 'recente' })
		await queryRows(
			sql`update aria_conversations set updated_at = now() - make_interval(days => ${ARIA_CONVERSATION_RETENTION_DAYS + 1}) where id = ${old}`,
		)
		expect(await purgeOldConversations(Date.now())).toBeGreaterThanOrEqual(1)
		const left = await queryRows<{ content: string }>(sql`select content from aria_messages where content in ('antiga', 'recente')`)
		expect(left.map((r) => r.content)).toEqual(['recente'])
	})
})
