import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { describe, expect, test } from 'vitest'
import { lowerModulePreloadPriority, ModulePreloadPriorityStream, withLowPriorityModulePreloads } from './module-preload-priority.server'

async function through(pieces: (string | Uint8Array)[]): Promise<{ text: string; chunks: number }> {
	const stream = new ModulePreloadPriorityStream()
	const chunks: Buffer[] = []
	stream.on('data', (chunk: Buffer) => chunks.push(chunk))
	const ended = new Promise<void>((resolve, reject) => {
		stream.on('end', resolve)
		stream.on('error', reject)
	})
	for (const piece of pieces) stream.write(typeof piece === 'string' ? Buffer.from(piece) : piece)
	stream.end()
	await ended
	return { text: Buffer.concat(chunks).toString('utf8'), chunks: chunks.length }
}

const HEAD =
	'<!DOCTYPE html><html lang="pt-BR"><head><title>Início · Loja</title>' +
	'<link rel="preload" as="image" href="/media/home-poster.webp" fetchPriority="high"/>' +
	'<link rel="modulepreload" href="/assets/entry.client-A1.js" nonce="n"/>' +
	'<link rel="modulepreload" href="/assets/root-B2.js" nonce="n"/></head>'

describe('the modules asked for after the content (decision 067)', () => {
	test('every modulepreload in the head gets fetchpriority low; nothing else changes', () => {
		expect(lowerModulePreloadPriority(HEAD)).toBe(
			'<!DOCTYPE html><html lang="pt-BR"><head><title>Início · Loja</title>' +
				'<link rel="preload" as="image" href="/media/home-poster.webp" fetchPriority="high"/>' +
				'<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client-A1.js" nonce="n"/>' +
				'<link rel="modulepreload" fetchpriority="low" href="/assets/root-B2.js" nonce="n"/></head>',
		)
	})

	test('a head split anywhere, even inside a tag or a character, comes out rewritten and whole', async () => {
		const page = `${HEAD}<body><p>Bandana “Pérola” — R$ 34,90</p></body></html>`
		const bytes = Buffer.from(page)
		for (const cut of [10, 150, bytes.indexOf('modulepreload') + 4, bytes.indexOf('</head>') + 3, bytes.indexOf('é') + 1]) {
			const { text } = await through([bytes.subarray(0, cut), bytes.subarray(cut)])
			expect(text).toBe(`${lowerModulePreloadPriority(HEAD)}<body><p>Bandana “Pérola” — R$ 34,90</p></body></html>`)
		}
	})

	test('after the head everything passes as it came, chunk by chunk, even text that looks like a preload', async () => {
		const later = '<pre>&lt;link rel="modulepreload" </pre><link rel="modulepreload" href="/x.js"/>'
		const { text, chunks } = await through([HEAD, '<body>', later, '</body></html>'])
		expect(text).toBe(`${lowerModulePreloadPriority(HEAD)}<body>${later}</body></html>`)
		expect(chunks).toBe(4)
	})

	test('a document that never closes its head is passed on untouched', async () => {
		const fragment = '<link rel="modulepreload" href="/assets/a.js"/><p>sem cabeçalho</p>'
		expect((await through([fragment, fragment])).text).toBe(fragment + fragment)
	})

	test('a page cancelled mid-stream with an error (a visitor gone, the socket reset) is stopped quietly, and the render told', async () => {
		// What React Router does when writing to the socket fails: cancel the body with that error.
		const rendered = new PassThrough()
		const body = createReadableStreamFromReadable(withLowPriorityModulePreloads(rendered)).getReader()
		rendered.write(Buffer.from(HEAD))
		expect(Buffer.from((await body.read()).value ?? []).toString()).toContain('fetchpriority="low"')
		const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })
		await body.cancel(reset)
		// The rendered stream is destroyed: React hears 'close' and stops rendering.
		await new Promise((resolve) => setTimeout(resolve, 20))
		expect(rendered.destroyed).toBe(true)
		// Joined with pipe(), the error was re-thrown with no listener: an uncaught exception, the process gone.
	})
})
