import { type RunningServer, startAppServer } from '#tests/support/app-server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { EVENT_STREAM_LIMITS } from '~/server/event-stream-limits.server'

/**
 * Live-update streams are capped per client (issue 8, defect 14) and per address (issue 28,
 * defect 5; decision 071): a client cannot hold an unbounded number of long-lived
 * /resources/events responses, fresh carts from one address do not each bring a new budget,
 * and a closed stream gives its slot back. Against the production server on its embedded
 * database (the cap does not depend on the engine); TRUST_PROXY=1 (the test is the one proxy)
 * lets a request come from an IPv6 address with X-Forwarded-For.
 */
describe('live-update stream cap', () => {
	let server: RunningServer

	beforeAll(async () => {
		server = await startAppServer({ SEED_DEMO: 'false', DATABASE_URL: 'pglite://memory', TRUST_PROXY: '1' })
	}, 180_000)

	afterAll(async () => {
		await server?.stop()
	}, 60_000)

	/** Opens a stream on the shop-wide channel; resolves once its first bytes arrived. */
	async function openStream(headers: Record<string, string> = {}) {
		const controller = new AbortController()
		const response = await fetch(`${server.url}/resources/events?channels=store`, { signal: controller.signal, headers })
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

	/** A fresh cart, as anyone can make one (an add that names no real product still creates it). */
	async function freshCart(ip: string): Promise<string> {
		const response = await fetch(`${server.url}/cart`, {
			method: 'POST',
			headers: { origin: server.url, 'x-forwarded-for': ip, 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ intent: 'add', lines: JSON.stringify([{ variantId: crypto.randomUUID(), quantity: 1 }]) }),
		})
		await response.arrayBuffer()
		const cookie = response.headers.getSetCookie().find((c) => c.startsWith('loja_cart='))
		if (!cookie) throw new Error(`sem carrinho (${response.status})`)
		return cookie.split(';')[0]!
	}

	test('per address: fresh carts from one IPv6 /64 share one budget; another /64 still gets in', async () => {
		const subscriber = (n: number) => `2001:db8:5e:1:${n.toString(16)}::${(n * 3).toString(16)}`
		const carts = await Promise.all([1, 2, 3, 4, 5].map((n) => freshCart(subscriber(n))))
		expect(new Set(carts).size).toBe(5)

		// Each cart asks for its full per-client budget, each stream from another address of the /64.
		const streams = []
		let n = 10
		for (const cart of carts) {
			for (let i = 0; i < EVENT_STREAM_LIMITS.perClient; i++) streams.push(await openStream({ cookie: cart, 'x-forwarded-for': subscriber(n++) }))
		}
		const statuses = streams.map((stream) => stream.response.status)
		expect(statuses.filter((status) => status === 200)).toHaveLength(EVENT_STREAM_LIMITS.perAddress)
		expect(statuses.filter((status) => status === 429)).toHaveLength(carts.length * EVENT_STREAM_LIMITS.perClient - EVENT_STREAM_LIMITS.perAddress)
		const refused = streams.find((stream) => stream.response.status === 429)!
		expect(((await refused.response.json()) as { error: string }).error).toContain('Muitas conexões')

		// The neighbouring /64 is another subscriber; an IPv4 client behind a dual-stack proxy too.
		const elsewhere = await openStream({ 'x-forwarded-for': '2001:db8:5e:2::1' })
		const mapped = await openStream({ 'x-forwarded-for': '::ffff:198.51.100.77' })
		expect([elsewhere.response.status, mapped.response.status]).toEqual([200, 200])

		for (const stream of [...streams, elsewhere, mapped]) stream.close()
	}, 60_000)
})
