import { type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { db } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import { seedDemoData } from '~/server/seed/seed.server'
import type { AriaContext } from './engine'
import { completionsUrl } from './model-engine.server'
import { runReply } from './reply-stream.server'

/**
 * The OpenAI-compatible engine against a fake model server started here (issue 12): it
 * streams chunks in the §7 format, slowly, with an error status, cut off, or with bad JSON.
 */

withTestDatabase()

type Behaviour = 'ok' | 'slow' | 'stall' | 'status' | 'broken' | 'malformed' | 'empty'
let behaviour: Behaviour = 'ok'
let lastRequest: {
	headers: IncomingMessage['headers']
	body: { model: string; stream: boolean; messages: { role: string; content: string }[] }
} | null = null

const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function handle(request: IncomingMessage, response: ServerResponse) {
	let raw = ''
	for await (const part of request) raw += part
	lastRequest = { headers: request.headers, body: JSON.parse(raw) }
	if (behaviour === 'status') {
		response.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":"boom"}')
		return
	}
	response.writeHead(200, { 'Content-Type': 'text/event-stream' })
	const words = ['Olá! ', 'Indico a ', 'Bandana Preta ', 'PRODUCT:bandana-preta']
	if (behaviour === 'empty') {
		response.end('data: [DONE]\n\n')
		return
	}
	if (behaviour === 'malformed') {
		response.end('data: {nao é json\n\n')
		return
	}
	if (behaviour === 'stall') {
		// Says nothing for longer than the timeout.
		await sleep(1500)
		response.end()
		return
	}
	for (const [index, word] of words.entries()) {
		if (behaviour === 'slow') await sleep(150)
		// Two chunks in one write, and a chunk split across writes, as real servers do.
		response.write(chunk(word))
		if (behaviour === 'broken' && index === 1) {
			// The words sent so far reach the client; then the connection breaks.
			await sleep(100)
			response.destroy()
			return
		}
	}
	response.end('data: [DONE]\n\n')
}

const server = createServer((request, response) => void handle(request, response))
let baseUrl = ''
beforeAll(async () => {
	await seedDemoData(db)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
}, 120_000)
afterAll(async () => {
	server.closeAllConnections()
	await new Promise((resolve) => server.close(resolve))
})

const context: AriaContext = { productHandle: 'bandana-preta', cart: null, pets: [{ name: 'Thor', breed: 'Beagle', neckMm: 370 }] }

async function reply(model = { url: baseUrl, apiKey: 'chave-de-teste', model: 'modelo-x', timeoutMs: 1000 }) {
	const pieces: string[] = []
	const outcome = await runReply(
		{
			message: 'quero uma bandana preta',
			history: [
				{ role: 'user', content: 'oi' },
				{ role: 'assistant', content: 'Oi! Sou a Aria' },
			],
			context,
		},
		new AbortController().signal,
		(content) => pieces.push(content),
		{ model, wordDelayMs: 0 },
	)
	return { outcome, pieces }
}

describe('Aria with an OpenAI-compatible model', () => {
	test('completionsUrl takes a base or the whole endpoint', () => {
		expect(completionsUrl('https://api.openai.com/v1')).toBe('https://api.openai.com/v1/chat/completions')
		expect(completionsUrl('https://x.test/v1/chat/completions/')).toBe('https://x.test/v1/chat/completions')
	})

	test('streams the model’s words as they come, having sent the prompt, the history and the key', async () => {
		behaviour = 'ok'
		const { outcome, pieces } = await reply()
		expect(pieces).toEqual(['Olá! ', 'Indico a ', 'Bandana Preta ', 'PRODUCT:bandana-preta'])
		expect(outcome).toEqual({ text: 'Olá! Indico a Bandana Preta PRODUCT:bandana-preta', answered: true, engine: 'modelo', failed: false })
		expect(lastRequest?.headers.authorization).toBe('Bearer chave-de-teste')
		expect(lastRequest?.body.model).toBe('modelo-x')
		expect(lastRequest?.body.stream).toBe(true)
		const [system, ...rest] = lastRequest?.body.messages ?? []
		expect(system?.role).toBe('system')
		// The system prompt carries the shop's data: products by handle, facts from the settings, the shopper.
		expect(system?.content).toContain('bandana-preta | Bandana Preta | R$ 29,90')
		expect(system?.content).toContain('Frete grátis a partir de R$ 100,00')
		expect(system?.content).toContain('Golden Retriever 50 cm')
		expect(system?.content).toContain('Pet do cliente: Thor, Beagle, pescoço 37 cm')
		expect(system?.content).toContain('página do produto bandana-preta')
		expect(rest).toEqual([
			{ role: 'user', content: 'oi' },
			{ role: 'assistant', content: 'Oi! Sou a Aria' },
			{ role: 'user', content: 'quero uma bandana preta' },
		])
	})

	test('a slow stream within the timeout is waited for', async () => {
		behaviour = 'slow'
		const { outcome } = await reply()
		expect(outcome.engine).toBe('modelo')
		expect(outcome.failed).toBe(false)
	})

	test.each(['status', 'stall', 'malformed', 'empty'] as const)(
		'%s before the first word: the embedded assistant answers, with a log line',
		async (kind) => {
			behaviour = kind
			const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined)
			try {
				const { outcome, pieces } = await reply()
				expect(outcome.engine).toBe('embutida')
				expect(outcome.failed).toBe(false)
				expect(pieces.join('')).toBe(outcome.text)
				expect(outcome.text).toContain('PRODUCT:bandana-')
				expect(warn).toHaveBeenCalled()
			} finally {
				warn.mockRestore()
			}
		},
	)

	test('a stream cut off mid-reply ends as failed with what came (the panel shows §8’s error)', async () => {
		behaviour = 'broken'
		const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined)
		try {
			const { outcome, pieces } = await reply()
			expect(pieces).toEqual(['Olá! ', 'Indico a '])
			expect(outcome).toMatchObject({ engine: 'modelo', failed: true, text: 'Olá! Indico a ' })
			expect(error).toHaveBeenCalled()
		} finally {
			error.mockRestore()
		}
	})

	test('an unreachable model falls back too', async () => {
		const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined)
		try {
			const { outcome } = await reply({ url: 'http://127.0.0.1:9/v1', apiKey: 'x', model: 'm', timeoutMs: 1000 })
			expect(outcome.engine).toBe('embutida')
		} finally {
			warn.mockRestore()
		}
	})
})
