import { setTimeout as sleep } from 'node:timers/promises'
import { getEnv } from '~/server/env.server'
import { logger } from '~/server/logger.server'
import { answerEmbedded } from './embedded-engine.server'
import type { AriaContext, AriaEngineName, AriaTurn } from './engine'
import { type ModelConfig, ModelFailure, streamFromModel } from './model-engine.server'
import { buildSystemPrompt } from './system-prompt.server'

/**
 * One reply, streamed (issue 12): from the configured model when there is one, else from the
 * embedded engine, word by word. A model that fails before its first word (error status,
 * timeout, broken or malformed stream) is replaced by the embedded engine, with a log line;
 * one that fails mid-reply cannot be taken back: the reply ends there as failed, and the
 * panel shows document 000 §8's error.
 */

/** The embedded engine's answer arrives at once; sent a word at a time it reads like typing. */
export const EMBEDDED_WORD_DELAY_MS = 12

export type ReplyOutcome = { text: string; answered: boolean; engine: AriaEngineName; failed: boolean }

export function ariaModelConfig(): ModelConfig | null {
	const env = getEnv()
	if (!env.ARIA_API_URL || !env.ARIA_MODEL) return null
	return { url: env.ARIA_API_URL, apiKey: env.ARIA_API_KEY ?? null, model: env.ARIA_MODEL, timeoutMs: env.ARIA_API_TIMEOUT_MS }
}

/** Phrases a model uses when it does not know: such replies are listed for the owner too. */
const DID_NOT_KNOW = /n[aã]o sei|n[aã]o tenho (essa |esta )?informa|n[aã]o consigo responder/i

export async function runReply(
	input: { message: string; history: AriaTurn[]; context: AriaContext },
	signal: AbortSignal,
	emit: (content: string) => void,
	options: { wordDelayMs?: number; model?: ModelConfig | null } = {},
): Promise<ReplyOutcome> {
	const model = options.model === undefined ? ariaModelConfig() : options.model
	if (model) {
		let text = ''
		try {
			const messages = [
				{ role: 'system' as const, content: await buildSystemPrompt(input.context) },
				...input.history,
				{ role: 'user' as const, content: input.message },
			]
			for await (const content of streamFromModel(model, messages, signal)) {
				text += content
				emit(content)
			}
			if (text.trim()) return { text, answered: !DID_NOT_KNOW.test(text), engine: 'modelo', failed: false }
			logger.warn('Aria: o modelo respondeu vazio; a assistente embutida responde')
		} catch (error) {
			if (signal.aborted) return { text, answered: true, engine: 'modelo', failed: true }
			const reason = error instanceof ModelFailure ? error.message : String(error)
			if (text) {
				logger.error({ reason }, 'Aria: a resposta do modelo foi interrompida')
				return { text, answered: true, engine: 'modelo', failed: true }
			}
			logger.warn({ reason }, 'Aria: o modelo falhou; a assistente embutida responde')
		}
	}
	const reply = await answerEmbedded(input)
	const delay = options.wordDelayMs ?? EMBEDDED_WORD_DELAY_MS
	// Words with the space before them: the client appends each delta as it comes.
	for (const piece of reply.text.match(/\s*\S+/g) ?? []) {
		if (signal.aborted) break
		emit(piece)
		if (delay > 0) await sleep(delay)
	}
	return { text: reply.text, answered: reply.answered, engine: 'embutida', failed: false }
}
