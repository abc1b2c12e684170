import { describe, expect, test } from 'vitest'
import { CoalescingStream } from './coalescing-stream.server'

function collect(stream: CoalescingStream): Promise<Buffer[]> {
	const chunks: Buffer[] = []
	stream.on('data', (chunk: Buffer) => chunks.push(chunk))
	return new Promise((resolve, reject) => {
		stream.on('end', () => resolve(chunks))
		stream.on('error', reject)
	})
}

describe('CoalescingStream', () => {
	test('what is written in one turn comes out as one chunk; a later turn as another', async () => {
		const stream = new CoalescingStream()
		const out = collect(stream)
		for (let i = 0; i < 50; i++) stream.write(Buffer.from(`<div class="card">${i}</div>`))
		await new Promise((resolve) => setImmediate(resolve))
		stream.write(Buffer.from('<p>depois</p>'))
		stream.end()
		const chunks = await out
		expect(chunks).toHaveLength(2)
		expect(chunks[0]?.toString()).toBe(Array.from({ length: 50 }, (_, i) => `<div class="card">${i}</div>`).join(''))
		expect(chunks[1]?.toString()).toBe('<p>depois</p>')
	})

	test('ending right after writing still delivers everything, once', async () => {
		const stream = new CoalescingStream()
		const out = collect(stream)
		stream.write(new Uint8Array([104, 105]))
		stream.end(Buffer.from('!'))
		expect(Buffer.concat(await out).toString()).toBe('hi!')
	})

})
