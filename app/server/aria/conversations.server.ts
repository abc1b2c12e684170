import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm'
import { ariaConversations, ariaMessages } from '~/db/schema'
import { nowMs } from '~/server/clock.server'
import { db } from '~/server/db.server'
import type { AriaEngineName, AriaTurn } from './engine'

/**
 * The chats (issue 12): one open conversation per browser session (visitor cookie), so the
 * panel shows it again after a navigation or a reload. Nothing links a conversation to an
 * account, an address or a name. Kept ARIA_CONVERSATION_RETENTION_DAYS for the owner to read.
 */

export const ARIA_CONVERSATION_RETENTION_DAYS = 90
/** What the panel shows of a long chat. */
const PANEL_MESSAGES = 60

export type StoredMessage = { id: string; role: AriaTurn['role']; content: string; createdAt: Date }

async function openConversationId(visitorId: string): Promise<string | null> {
	const [row] = await db
		.select({ id: ariaConversations.id })
		.from(ariaConversations)
		.where(and(eq(ariaConversations.visitorId, visitorId), isNull(ariaConversations.closedAt)))
		.limit(1)
	return row?.id ?? null
}

/** The session's open conversation, opened now if there is none (two tabs at once get the same one). */
export async function ensureConversation(visitorId: string): Promise<string> {
	const existing = await openConversationId(visitorId)
	if (existing) return existing
	await db
		.insert(ariaConversations)
		.values({ visitorId, createdAt: new Date(nowMs()), updatedAt: new Date(nowMs()) })
		.onConflictDoNothing()
	const created = await openConversationId(visitorId)
	if (!created) throw new Error('Aria: conversa não encontrada depois de criada')
	return created
}

/** The session's chat, oldest first (the last PANEL_MESSAGES). */
export async function loadConversation(visitorId: string): Promise<StoredMessage[]> {
	const id = await openConversationId(visitorId)
	if (!id) return []
	const rows = await db
		.select({ id: ariaMessages.id, role: ariaMessages.role, content: ariaMessages.content, createdAt: ariaMessages.createdAt })
		.from(ariaMessages)
		.where(eq(ariaMessages.conversationId, id))
		.orderBy(desc(ariaMessages.seq))
		.limit(PANEL_MESSAGES)
	return rows.reverse()
}

/** The last `count` messages before the one being answered (document 000 §9: 2). */
export async function recentTurns(conversationId: string, count: number): Promise<AriaTurn[]> {
	const rows = await db
		.select({ role: ariaMessages.role, content: ariaMessages.content })
		.from(ariaMessages)
		.where(eq(ariaMessages.conversationId, conversationId))
		.orderBy(desc(ariaMessages.seq))
		.limit(count)
	return rows.reverse()
}

export async function appendMessage(
	conversationId: string,
	message: { role: AriaTurn['role']; content: string; engine?: AriaEngineName; unanswered?: boolean },
): Promise<string> {
	const at = new Date(nowMs())
	const [row] = await db
		.insert(ariaMessages)
		.values({
			conversationId,
			role: message.role,
			content: message.content,
			engine: message.engine ?? null,
			unanswered: message.unanswered ?? false,
			createdAt: at,
		})
		.returning({ id: ariaMessages.id })
	await db.update(ariaConversations).set({ updatedAt: at }).where(eq(ariaConversations.id, conversationId))
	return (row as { id: string }).id
}

/** Marks a shopper's question as one the assistant could not answer (listed on /admin/aria). */
export async function markUnanswered(messageId: string): Promise<void> {
	await db.update(ariaMessages).set({ unanswered: true }).where(eq(ariaMessages.id, messageId))
}

/** 'Limpar conversa': the next message starts a new one; this one stays for the owner until purged. */
export async function closeConversation(visitorId: string): Promise<void> {
	await db
		.update(ariaConversations)
		.set({ closedAt: new Date(nowMs()) })
		.where(and(eq(ariaConversations.visitorId, visitorId), isNull(ariaConversations.closedAt)))
}

/** Drops conversations untouched for the retention period (the purge job). */
export async function purgeOldConversations(now = nowMs()): Promise<number> {
	const before = new Date(now - ARIA_CONVERSATION_RETENTION_DAYS * 24 * 60 * 60 * 1000)
	const rows = await db.delete(ariaConversations).where(lt(ariaConversations.updatedAt, before)).returning({ id: ariaConversations.id })
	return rows.length
}

export type ConversationSummary = {
	id: string
	updatedAt: Date
	messages: { role: AriaTurn['role']; content: string; unanswered: boolean; createdAt: Date }[]
}

/** The owner's view: the latest conversations with their messages, newest first. */
export async function latestConversations(limit: number): Promise<ConversationSummary[]> {
	const conversations = await db
		.select({ id: ariaConversations.id, updatedAt: ariaConversations.updatedAt })
		.from(ariaConversations)
		.where(sql`exists (select 1 from ${ariaMessages} m where m.conversation_id = ${ariaConversations.id})`)
		.orderBy(desc(ariaConversations.updatedAt))
		.limit(limit)
	if (conversations.length === 0) return []
	const messages = await db
		.select({
			conversationId: ariaMessages.conversationId,
			role: ariaMessages.role,
			content: ariaMessages.content,
			unanswered: ariaMessages.unanswered,
			createdAt: ariaMessages.createdAt,
		})
		.from(ariaMessages)
		.where(
			inArray(
				ariaMessages.conversationId,
				conversations.map((c) => c.id),
			),
		)
		.orderBy(asc(ariaMessages.seq))
	return conversations.map((c) => ({ ...c, messages: messages.filter((m) => m.conversationId === c.id) }))
}

/** The latest questions the assistant could not answer, newest first. */
export async function unansweredQuestions(limit: number): Promise<{ id: string; content: string; createdAt: Date }[]> {
	return db
		.select({ id: ariaMessages.id, content: ariaMessages.content, createdAt: ariaMessages.createdAt })
		.from(ariaMessages)
		.where(eq(ariaMessages.unanswered, true))
		.orderBy(desc(ariaMessages.seq))
		.limit(limit)
}
