import { ARIA_COPY } from '~/utils/aria-reply'
import { takeSseData } from '~/utils/sse-data'

/**
 * Reads the assistant's reply as it streams (document 000 §7): lines 'data: {json}' with
 * choices[0].delta.content, ending with 'data: [DONE]'. Calls `onText` with the whole text so
 * far after each piece; resolves with the full text. Throws §8's errors: a body-less response
 * is 'Resposta vazia do servidor'; an error event or a stream that breaks is
 * 'Falha ao conectar com o assistente'.
 */
export async function readReplyStream(response: Response, onText: (text: string) => void): Promise<string> {
	if (!response.body) throw new Error(ARIA_COPY.emptyBody)
	const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
	let buffer = ''
	let text = ''
	for (;;) {
		let chunk: ReadableStreamReadResult<string>
		try {
			chunk = await reader.read()
		} catch {
			throw new Error(ARIA_COPY.connectFailed)
		}
		if (chunk.done) break
		const { payloads, rest } = takeSseData(buffer + chunk.value)
		buffer = rest
		for (const payload of payloads) {
			if (payload === '[DONE]') {
				if (!text.trim()) throw new Error(ARIA_COPY.emptyBody)
				return text
			}
			const event = parse(payload)
			if (event.error) throw new Error(ARIA_COPY.connectFailed)
			const content = event.choices?.[0]?.delta?.content
			if (typeof content === 'string' && content) {
				text += content
				onText(text)
			}
		}
	}
	if (!text.trim()) throw new Error(ARIA_COPY.emptyBody)
	// Ended without [DONE]: what came is shown, but the reply was cut.
	throw new Error(ARIA_COPY.connectFailed)
}

type StreamEvent = { choices?: { delta?: { content?: unknown } }[]; error?: unknown }

function parse(payload: string): StreamEvent {
	try {
		return JSON.parse(payload) as StreamEvent
	} catch {
		throw new Error(ARIA_COPY.connectFailed)
	}
}
