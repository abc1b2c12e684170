import { data } from 'react-router'
import { z } from 'zod'
import { ARIA_CONTEXT_MESSAGES } from '~/server/aria/engine'
import { ariaChatContext } from '~/server/aria/chat-context.server'
import {
	appendMessage,
	closeConversation,
	ensureConversation,
	loadConversation,
	markUnanswered,
	recentTurns,
} from '~/server/aria/conversations.server'
import { productCards } from '~/server/aria/product-cards.server'
import { runReply } from '~/server/aria/reply-stream.server'
import { getEnv } from '~/server/env.server'
import { logger } from '~/server/logger.server'
import { consumeRateLimit } from '~/server/rate-limit.server'
import { readForm } from '~/server/read-form.server'
import { ensureVisitorId, getVisitorId } from '~/server/visitor.server'
import { ARIA_COPY, ARIA_MESSAGE_MAX_LENGTH, productHandlesOf } from '~/utils/aria-reply'
import type { AriaChatMessage, AriaConversationResponse } from '~/utils/aria-card'
import { userText } from '~/utils/text-schema'
import type { Route } from './+types/aria'
import { clientAddressGroup } from '~/server/address-group.server'

/**
 * The assistant's endpoint (issue 12; document 000 §7):
 * - GET /resources/aria — this browser session's conversation, with its product cards.
 * - POST intent=send (message, page) — the reply as server-sent events, each
 *   'data: {"choices":[{"delta":{"content":"…"}}]}', then 'data: [DONE]'; either engine
 *   stands behind it. Rate-limited per session and per address (decision 9).
 * - POST intent=clear — 'Limpar conversa'.
 * Anyone may chat; the conversation is keyed by the visitor cookie, never by the account.
 */

export type AriaErrorResponse = { error: string }

const NO_STORE = { 'Cache-Control': 'no-store' }
const RATE_WINDOW_SECONDS = 10 * 60

const sendSchema = z.object({
	intent: z.literal('send'),
	message: userText().trim().min(1, ARIA_COPY.empty).max(ARIA_MESSAGE_MAX_LENGTH, ARIA_COPY.tooLong),
	/** The page the chat is open on ('/produto/bandana-preta'), for context only. */
	page: userText().max(300).optional(),
})
const actionSchema = z.discriminatedUnion('intent', [sendSchema, z.object({ intent: z.literal('clear') })], {
	error: 'Ação inválida.',
})

function failure(message: string, status: number, headers: Record<string, string> = {}) {
	return data({ error: message } satisfies AriaErrorResponse, { status, headers: { ...NO_STORE, ...headers } })
}

export async function loader({ request }: Route.LoaderArgs) {
	const visitorId = getVisitorId(request)
	const stored = visitorId ? await loadConversation(visitorId) : []
	const handles = stored.flatMap((m) => (m.role === 'assistant' ? productHandlesOf(m.content) : []))
	const cards = new Map((await productCards(handles.slice(-50))).map((card) => [card.handle, card]))
	const messages: AriaChatMessage[] = stored.map((m) => ({
		id: m.id,
		role: m.role,
		content: m.content,
		products: m.role === 'assistant' ? productHandlesOf(m.content).flatMap((h) => cards.get(h) ?? []) : [],
	}))
	return data({ messages } satisfies AriaConversationResponse, { headers: NO_STORE })
}

export async function action({ request, context }: Route.ActionArgs) {
	if (request.method !== 'POST') return failure('Método não permitido.', 405, { Allow: 'GET, POST' })
	const reading = await readForm(request)
	if (!reading.ok) return failure(reading.message, 400)
	const parsed = actionSchema.safeParse(Object.fromEntries(reading.form))
	if (!parsed.success) return failure(parsed.error.issues[0]?.message ?? 'Ação inválida.', 400)

	const { visitorId, setCookie } = ensureVisitorId(request)
	const cookieHeader: Record<string, string> = setCookie ? { 'Set-Cookie': setCookie } : {}
	if (parsed.data.intent === 'clear') {
		await closeConversation(visitorId)
		return data({ messages: [] } satisfies AriaConversationResponse, { headers: { ...NO_STORE, ...cookieHeader } })
	}

	// Both budgets are counted; the address one is wider (a family or an office shares one).
	const env = getEnv()
	const [perSession, perAddress] = await Promise.all([
		consumeRateLimit({ key: `aria:session:${visitorId}`, limit: env.ARIA_MESSAGES_PER_SESSION, windowSeconds: RATE_WINDOW_SECONDS }),
		consumeRateLimit({ key: `aria:ip:${clientAddressGroup(context.clientIp)}`, limit: env.ARIA_MESSAGES_PER_ADDRESS, windowSeconds: RATE_WINDOW_SECONDS }),
	])
	if (!perSession.allowed || !perAddress.allowed) {
		const retryAfter = Math.max(
			perSession.allowed ? 0 : perSession.retryAfterSeconds,
			perAddress.allowed ? 0 : perAddress.retryAfterSeconds,
		)
		return failure(ARIA_COPY.rateLimited, 429, { 'Retry-After': String(retryAfter), ...cookieHeader })
	}

	const { message, page } = parsed.data
	const conversationId = await ensureConversation(visitorId)
	const [history, chatContext] = await Promise.all([
		recentTurns(conversationId, ARIA_CONTEXT_MESSAGES),
		ariaChatContext(request, page ?? null),
	])
	const questionId = await appendMessage(conversationId, { role: 'user', content: message })
	return replyStream(
		{ message, history, context: chatContext },
		request.signal,
		async (outcome) => {
			if (outcome.text.trim()) await appendMessage(conversationId, { role: 'assistant', content: outcome.text, engine: outcome.engine })
			if (!outcome.answered) await markUnanswered(questionId)
		},
		cookieHeader,
	)
}

const encoder = new TextEncoder()
const event = (payload: unknown) => encoder.encode(`data: ${typeof payload === 'string' ? payload : JSON.stringify(payload)}\n\n`)

/** The reply as server-sent events in the §7 format; saved once it is complete (or cut off). */
function replyStream(
	input: Parameters<typeof runReply>[0],
	signal: AbortSignal,
	save: (outcome: Awaited<ReturnType<typeof runReply>>) => Promise<void>,
	headers: Record<string, string>,
): Response {
	const body = new ReadableStream<Uint8Array>({
		async start(controller) {
			const send = (chunk: Uint8Array) => {
				try {
					controller.enqueue(chunk)
				} catch {
					// The browser left: nothing more to send.
				}
			}
			try {
				const outcome = await runReply(input, signal, (content) => send(event({ choices: [{ delta: { content } }] })))
				if (outcome.failed) send(event({ error: { message: ARIA_COPY.connectFailed } }))
				await save(outcome)
			} catch (error) {
				logger.error({ err: error }, 'Aria: falha ao responder')
				send(event({ error: { message: ARIA_COPY.connectFailed } }))
			}
			send(event('[DONE]'))
			try {
				controller.close()
			} catch {
				// Already closed by a disconnect.
			}
		},
	})
	return new Response(body, {
		status: 200,
		headers: {
			...NO_STORE,
			...headers,
			'Content-Type': 'text/event-stream; charset=utf-8',
			// no-transform: compression and proxies must pass each word on at once.
			'Cache-Control': 'no-store, no-transform',
			'X-Accel-Buffering': 'no',
		},
	})
}
