import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { afterAll, describe, expect, test } from 'vitest'
import { closeAllEventStreams, getEventBus, publish, resetEventsForTests } from '~/server/events.server'
import { loader } from './events'

withTestDatabase()
afterAll(async () => {
	await closeAllEventStreams()
	resetEventsForTests()
})

type LoaderResult = Response | { data: unknown; init: ResponseInit | null }

async function open(channels: string, cookie?: string) {
	const controller = new AbortController()
	const request = new Request(`http://loja.test/resources/events?channels=${encodeURIComponent(channels)}`, {
		headers: cookie ? { cookie } : {},
		signal: controller.signal,
	})
	const result = (await loader({ request, params: {}, context: { clientIp: '203.0.113.7' } } as unknown as Parameters<
		typeof loader
	>[0])) as LoaderResult
	return { result, abort: () => controller.abort() }
}

/** Reads the stream until `text` has arrived (or fails after 2 s). */
function reader(response: Response) {
	const stream = response.body!.pipeThrough(new TextDecoderStream()).getReader()
	let buffer = ''
	return {
		async until(text: string): Promise<string> {
			const deadline = Date.now() + 2000
			while (!buffer.includes(text)) {
				const timeout = new Promise<never>((_, reject) =>
					setTimeout(() => reject(new Error(`não chegou: ${text}\nrecebido: ${buffer}`)), deadline - Date.now()),
				)
				const { value, done } = await Promise.race([stream.read(), timeout])
				if (done) throw new Error(`fluxo terminou antes de: ${text}`)
				buffer += value
			}
			return buffer
		},
		get received() {
			return buffer
		},
		async ended(): Promise<boolean> {
			for (;;) {
				const { done, value } = await stream.read()
				if (done) return true
				buffer += value
			}
		},
	}
}

describe('GET /resources/events', () => {
	test('anonymous visitors cannot open favorites', async () => {
		const { result } = await open('favorites')
		expect(result).not.toBeInstanceOf(Response)
		expect(result).toMatchObject({ init: { status: 401 }, data: { error: expect.stringMatching(/Entre/) } })
	})

	test('customers cannot open admin channels; unknown channels are a 400', async () => {
		const customer = await userWithSession()
		expect((await open('admin:orders', customer.cookie)).result).toMatchObject({ init: { status: 403 } })
		expect((await open(`favorites:${customer.id}`, customer.cookie)).result).toMatchObject({ init: { status: 400 } })
	})

	test("a signed-in customer receives their own favourites' events, and only theirs", async () => {
		const ana = await userWithSession()
		const bruno = await userWithSession()
		const { result, abort } = await open('favorites', ana.cookie)
		if (!(result instanceof Response)) throw new Error(`esperava um fluxo: ${JSON.stringify(result)}`)
		expect(result.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
		expect(result.headers.get('cache-control')).toBe('no-cache, no-transform')
		expect(result.headers.get('x-accel-buffering')).toBe('no')

		const stream = reader(result)
		await stream.until(': conectado')
		await getEventBus().whenListening()

		await publish(`favorites:${bruno.id}`, { type: 'changed', id: 'de-outra-pessoa' })
		await publish(`favorites:${ana.id}`, { type: 'changed', id: 'produto-1' })
		const text = await stream.until('produto-1')
		expect(text).toContain('event: favorites\ndata: {"type":"changed","id":"produto-1"}\n\n')
		expect(text).not.toContain('de-outra-pessoa')
		// The bus channel (with the user id) never reaches the browser.
		expect(text).not.toContain(ana.id)

		const before = getEventBus().channelCount()
		abort()
		expect(await stream.ended()).toBe(true)
		expect(getEventBus().channelCount()).toBe(before - 1)
	})

	test('the admin opens admin:orders; closeAllEventStreams ends open streams', async () => {
		const admin = await userWithSession({ admin: true })
		const { result } = await open('admin:orders,store', admin.cookie)
		if (!(result instanceof Response)) throw new Error('esperava um fluxo')
		const stream = reader(result)
		await stream.until(': conectado')
		await publish('admin:orders', { type: 'created', id: 42 })
		await stream.until('event: admin:orders\ndata: {"type":"created","id":42}')

		await closeAllEventStreams()
		expect(await stream.ended()).toBe(true)
		resetEventsForTests()
	})
})
