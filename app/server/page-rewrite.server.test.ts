import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { describe, expect, test } from 'vitest'
import { type PageRewrite, PageRewriteStream, withPageRewrite } from './page-rewrite.server'

/** Upper-cases the shell and wraps each later piece in brackets: what each part went through is visible. */
const marking: PageRewrite = {
	shellEndsAfter: ' type="module" async="">',
	shell: (html) => html.toUpperCase(),
	later: (html) => `[${html}]`,
}

async function through(pieces: (string | Uint8Array)[], rewrite: PageRewrite = marking): Promise<{ text: string; chunks: string[] }> {
	const stream = new PageRewriteStream(rewrite)
	const chunks: string[] = []
	stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')))
	const ended = new Promise<void>((resolve, reject) => {
		stream.on('end', resolve)
		stream.on('error', reject)
	})
	for (const piece of pieces) stream.write(typeof piece === 'string' ? Buffer.from(piece) : piece)
	stream.end()
	await ended
	return { text: chunks.join(''), chunks }
}

const SHELL = '<html><head><title>Bandana “Pérola”</title></head><body><p>R$ 34,90 🐶</p><script nonce="n" type="module" async="">'
const LATER = 'import("/a.js")</script><div hidden id="S:0">Avaliações ★</div>'

describe('a document rewritten on its way out (decision 141)', () => {
	test('the shell is rewritten whole, up to the module script’s tag; what follows in the same chunk is a later piece', async () => {
		const { text } = await through([SHELL + LATER])
		expect(text).toBe(`${SHELL.toUpperCase()}[${LATER}]`)
	})

	test('split anywhere, even inside the closing tag or a character, the shell is still rewritten whole', async () => {
		const bytes = Buffer.from(SHELL + LATER)
		const cuts = [1, 20, bytes.indexOf('é') + 1, bytes.indexOf('🐶') + 2, bytes.indexOf('async') + 2, Buffer.byteLength(SHELL) - 1]
		for (const cut of cuts) {
			const { text } = await through([bytes.subarray(0, cut), bytes.subarray(cut)])
			expect(text, `cut at ${cut}`).toBe(`${SHELL.toUpperCase()}[${LATER}]`)
		}
	})

	test('later pieces go out one by one, as they came, each through the later rewrite (a character cut between two is whole in one)', async () => {
		const star = Buffer.from('★')
		const { chunks } = await through([SHELL, '<div>a</div>', Buffer.concat([Buffer.from('<i>'), star.subarray(0, 1)]), Buffer.concat([star.subarray(1), Buffer.from('</i>')])])
		expect(chunks).toEqual([SHELL.toUpperCase(), '[<div>a</div>]', '[<i>]', '[★</i>]'])
	})

	test('a document without the module script goes out unchanged', async () => {
		const page = '<html><head></head><body><p>Erro 500 — ação inválida</p></body></html>'
		expect((await through([page.slice(0, 10), page.slice(10)])).text).toBe(page)
	})

	test('a page cancelled mid-stream with an error (a visitor gone, the socket reset) is stopped quietly, and the render told', async () => {
		// What React Router does when writing to the socket fails: cancel the body with that error.
		const rendered = new PassThrough()
		const body = createReadableStreamFromReadable(withPageRewrite(rendered, marking)).getReader()
		rendered.write(Buffer.from(SHELL))
		expect(Buffer.from((await body.read()).value ?? []).toString()).toContain('<TITLE>')
		const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })
		await body.cancel(reset)
		// The rendered stream is destroyed: React hears 'close' and stops rendering.
		await new Promise((resolve) => setTimeout(resolve, 20))
		expect(rendered.destroyed).toBe(true)
		// Joined with pipe(), the error was re-thrown with no listener: an uncaught exception, the process gone.
	})
})
