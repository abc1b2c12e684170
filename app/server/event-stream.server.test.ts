import { afterAll, expect, test } from 'vitest'
import { eventStreamResponse } from './event-stream.server'
import { closeAllEventStreams, getEventBus, resetEventsForTests } from './events.server'

afterAll(async () => {
	await closeAllEventStreams()
	resetEventsForTests()
})

test('sends a heartbeat comment on the interval and cleans up when the client leaves', async () => {
	const controller = new AbortController()
	const response = eventStreamResponse({
		subscriptions: [{ name: 'store', channel: 'store' }],
		signal: controller.signal,
		heartbeatMs: 30,
	})
	const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
	let text = ''
	while (!text.includes(': ping\n\n')) text += (await reader.read()).value ?? ''
	expect(text.startsWith('retry: 3000\n: conectado\n\n')).toBe(true)
	expect(getEventBus().channelCount()).toBe(1)

	controller.abort()
	expect(getEventBus().channelCount()).toBe(0)
	for (;;) {
		const { done } = await reader.read()
		if (done) break
	}
})
