import { type RunningServer, startAppServer } from '#tests/support/app-server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { EVENT_STREAM_LIMITS } from '~/server/event-stream-limits.server'

/**
 * Live-update streams are capped per client (issue 8, defect 14): a client cannot hold an
 * unbounded number of long-lived /resources/events responses, and a closed stream gives its
 * slot back. Against the production server on its embedded database (the cap does not
 * depend on the engine).
 */
describe('live-update stream cap', () => {
	let server: RunningServer

	beforeAll(async () => {
		server = await startAppServer({ SEED_DEMO: 'false', DATABASE_URL: 'pglite://memory' })
	}, 180_000)

	afterAll(async () => {
		await server?.stop()
	}, 60_000)

	/** Opens an anonymous stream on the shop-wide channel; resolves once its first bytes arrived. */
	async function openStream() {
		const controller = new AbortController()
		const response = await fetch(`${server.url}/resources/events?channels=store`, { signal: controller.signal })
		if (response.status === 200) {
			const reader = response.body!.getReader()
			await reader.read() // ': conectado'
			return { response, close: () => controller.abort() }
		}
		return { response, close: () => controller.abort() }
	}

	test('beyond the per-client cap: 429 in Portuguese with Retry-After; a closed stream frees its slot', async () => {
		const open = []
		for (let i = 0; i < EVENT_STREAM_LIMITS.perClient; i++) {
			const stream = await openStream()
			expect(stream.response.status).toBe(200)
			open.push(stream)
		}

		const refused = await openStream()
		expect(refused.response.status).toBe(429)
		expect(refused.response.headers.get('retry-after')).toBe('30')
		expect(refused.response.headers.get('cache-control')).toBe('no-store')
		const body = (await refused.response.json()) as { error: string }
		expect(body.error).toContain('Muitas conexões')

		// The browser leaves one tab: its slot is released when the connection closes.
		open.pop()?.close()
		const deadline = Date.now() + 5000
		let again = await openStream()
		while (again.response.status !== 200 && Date.now() < deadline) {
			await again.response.arrayBuffer()
			await new Promise((r) => setTimeout(r, 100))
			again = await openStream()
		}
		expect(again.response.status).toBe(200)
		open.push(again)

		for (const stream of open) stream.close()
		expect(server.process.exitCode).toBeNull()
	}, 60_000)
})
