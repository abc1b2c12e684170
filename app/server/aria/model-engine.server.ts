import { takeSseData } from '~/utils/sse-data'
import type { AriaTurn } from './engine'

/**
 * An OpenAI-compatible chat model (issue 12): POST {url}/chat/completions with `stream: true`,
 * read as server-sent events ('data: {choices:[{delta:{content}}]}' … 'data: [DONE]'), the
 * format our own endpoint speaks (document 000 §7). Yields the content deltas; throws
 * ModelFailure on an error status, a timeout (before the answer starts or between chunks),
 * malformed JSON or a stream that ends without [DONE].
 */

export type ModelConfig = { url: string; apiKey: string | null; model: string; timeoutMs: number }

export class ModelFailure extends Error {
	constructor(
		message: string,
		readonly reason: 'status' | 'timeout' | 'malformed' | 'broken' | 'network',
	) {
		super(message)
		this.name = 'ModelFailure'
	}
}

/** 'https://api.openai.com/v1' → '…/v1/chat/completions'; a URL already ending so is kept. */
export function completionsUrl(base: string): string {
	const trimmed = base.replace(/\/+$/, '')
	return /\/chat\/completions$/.test(trimmed) ? trimmed : `${trimmed}/chat/completions`
}

export async function* streamFromModel(
	config: ModelConfig,
	messages: { role: 'system' | AriaTurn['role']; content: string }[],
	signal: AbortSignal,
): AsyncGenerator<string> {
	const timeout = new AbortController()
	let timer = setTimeout(() => timeout.abort(), config.timeoutMs)
	const restartTimer = () => {
		clearTimeout(timer)
		timer = setTimeout(() => timeout.abort(), config.timeoutMs)
	}
	const combined = AbortSignal.any([signal, timeout.signal])
	try {
		let response: Response
		try {
			response = await fetch(completionsUrl(config.url), {
				method: 'POST',
				headers: {
					'Content-Type': 'application/json',
					Accept: 'text/event-stream',
					...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}),
				},
				body: JSON.stringify({ model: config.model, messages, stream: true, temperature: 0.3, max_tokens: 600 }),
				signal: combined,
			})
		} catch (error) {
			if (timeout.signal.aborted) throw new ModelFailure(`o modelo não respondeu em ${config.timeoutMs} ms`, 'timeout')
			throw new ModelFailure(`falha de rede: ${(error as Error).message}`, 'network')
		}
		if (!response.ok || !response.body) {
			await response.body?.cancel().catch(() => undefined)
			throw new ModelFailure(`o modelo respondeu HTTP ${response.status}`, 'status')
		}
		const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
		let buffer = ''
		for (;;) {
			let chunk: ReadableStreamReadResult<string>
			try {
				chunk = await reader.read()
			} catch {
				if (timeout.signal.aborted) throw new ModelFailure(`o modelo parou de responder por ${config.timeoutMs} ms`, 'timeout')
				throw new ModelFailure('a resposta do modelo foi interrompida', 'broken')
			}
			if (chunk.done) throw new ModelFailure('a resposta do modelo terminou sem [DONE]', 'broken')
			restartTimer()
			const { payloads, rest } = takeSseData(buffer + chunk.value)
			buffer = rest
			for (const payload of payloads) {
				if (payload === '[DONE]') {
					await reader.cancel().catch(() => undefined)
					return
				}
				const content = deltaContent(payload)
				if (content) yield content
			}
		}
	} finally {
		clearTimeout(timer)
	}
}

function deltaContent(payload: string): string {
	let parsed: unknown
	try {
		parsed = JSON.parse(payload)
	} catch {
		throw new ModelFailure('o modelo enviou JSON inválido', 'malformed')
	}
	const choice = (parsed as { choices?: { delta?: { content?: unknown } }[] })?.choices?.[0]
	const content = choice?.delta?.content
	return typeof content === 'string' ? content : ''
}
