import { describe, expect, test } from 'vitest'
import { ARIA_COPY } from '~/utils/aria-reply'
import { readReplyStream } from './read-reply-stream'

/** A response whose body arrives in the given pieces (a line may be split between two). */
function streamed(pieces: string[]): Response {
	const encoder = new TextEncoder()
	return new Response(
		new ReadableStream({
			start(controller) {
				for (const piece of pieces) controller.enqueue(encoder.encode(piece))
				controller.close()
			},
		}),
	)
}
const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`

describe('readReplyStream (document 000 §7/§8)', () => {
	test('joins the deltas, reporting the text so far after each; lines split across pieces are fine', async () => {
		const whole = chunk('Oi! ') + chunk('Tudo ') + chunk('bem?') + 'data: [DONE]\n\n'
		const seen: string[] = []
		const text = await readReplyStream(streamed([whole.slice(0, 20), whole.slice(20, 61), whole.slice(61)]), (t) => seen.push(t))
		expect(text).toBe('Oi! Tudo bem?')
		expect(seen).toEqual(['Oi! ', 'Oi! Tudo ', 'Oi! Tudo bem?'])
	})

	test('no body or nothing before [DONE] is an empty reply', async () => {
		await expect(readReplyStream(new Response(null), () => {})).rejects.toThrow(ARIA_COPY.emptyBody)
		await expect(readReplyStream(streamed(['data: [DONE]\n\n']), () => {})).rejects.toThrow(ARIA_COPY.emptyBody)
	})

	test('an error event, bad JSON or a stream cut before [DONE] is a connection failure', async () => {
		await expect(readReplyStream(streamed([chunk('Oi'), 'data: {"error":{"message":"x"}}\n\n']), () => {})).rejects.toThrow(
			ARIA_COPY.connectFailed,
		)
		await expect(readReplyStream(streamed(['data: {quebrado\n\n']), () => {})).rejects.toThrow(ARIA_COPY.connectFailed)
		await expect(readReplyStream(streamed([chunk('Oi, tudo')]), () => {})).rejects.toThrow(ARIA_COPY.connectFailed)
	})
})
