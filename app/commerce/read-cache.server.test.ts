import { describe, expect, test } from 'vitest'
import type { CommerceProvider } from './provider'
import { createReadCache, type ReadCacheOptions } from '~/server/store-read-cache.server'
import { withReadCache } from './read-cache.server'
import type { Product } from './types'

/** A provider whose catalogue the test changes, counting the reads that reach it. */
function fakeProvider() {
	const state = { title: 'Bandana Preta', reads: 0, fail: false, gate: null as Promise<void> | null }
	const provider = {
		name: 'builtin',
		async getProductByHandle(handle: string) {
			state.reads += 1
			if (state.gate) await state.gate
			if (state.fail) throw new Error('banco fora do ar')
			return { handle, title: state.title, variants: [{ id: 'v1' }] } as unknown as Product
		},
		async getCart() {
			state.reads += 1
			return null
		},
	} as unknown as CommerceProvider
	return { provider, state }
}

function cachedProvider(provider: CommerceProvider, options?: ReadCacheOptions) {
	const cache = createReadCache(options)
	return Object.assign(withReadCache(provider, cache), { invalidate: () => cache.invalidate() })
}

describe('the catalogue read cache', () => {
	test('a read is kept until a store event; concurrent misses load once; other keys are apart', async () => {
		const { provider, state } = fakeProvider()
		const cached = cachedProvider(provider)
		const [a, b] = await Promise.all([cached.getProductByHandle('bandana-preta'), cached.getProductByHandle('bandana-preta')])
		expect(a?.title).toBe('Bandana Preta')
		expect(b).toBe(a)
		expect(state.reads).toBe(1)
		await cached.getProductByHandle('colar-azul')
		expect(state.reads).toBe(2)

		state.title = 'Bandana Preta Nova'
		expect((await cached.getProductByHandle('bandana-preta'))?.title).toBe('Bandana Preta')
		cached.invalidate()
		expect((await cached.getProductByHandle('bandana-preta'))?.title).toBe('Bandana Preta Nova')
	})

	test('carts are never kept', async () => {
		const { provider, state } = fakeProvider()
		const cached = cachedProvider(provider)
		await cached.getCart('c1')
		await cached.getCart('c1')
		expect(state.reads).toBe(2)
	})

	test('kept values are frozen: a caller cannot change what the next page gets', async () => {
		const { provider } = fakeProvider()
		const cached = cachedProvider(provider)
		const product = (await cached.getProductByHandle('bandana-preta')) as Product
		expect(() => {
			;(product as { title: string }).title = 'outro'
		}).toThrow(TypeError)
		expect(() => (product.variants as unknown[]).push({})).toThrow(TypeError)
	})

	test('a failure is not kept; a load that began before a change is not kept either', async () => {
		const { provider, state } = fakeProvider()
		const cached = cachedProvider(provider)
		state.fail = true
		await expect(cached.getProductByHandle('bandana-preta')).rejects.toThrow('banco fora do ar')
		state.fail = false
		expect((await cached.getProductByHandle('bandana-preta'))?.title).toBe('Bandana Preta')

		cached.invalidate()
		let open = () => {}
		state.gate = new Promise<void>((resolve) => (open = resolve))
		const during = cached.getProductByHandle('bandana-preta')
		state.title = 'Renomeada'
		cached.invalidate()
		state.gate = null
		open()
		await during
		expect((await cached.getProductByHandle('bandana-preta'))?.title).toBe('Renomeada')
	})

	test('entries expire after freshMs and the least recently used go first past maxEntries', async () => {
		let clock = 0
		const { provider, state } = fakeProvider()
		const cached = cachedProvider(provider, { freshMs: 1000, maxEntries: 2, now: () => clock })
		await cached.getProductByHandle('a')
		clock = 999
		await cached.getProductByHandle('a')
		expect(state.reads).toBe(1)
		clock = 1000
		await cached.getProductByHandle('a')
		expect(state.reads).toBe(2)

		await cached.getProductByHandle('b')
		await cached.getProductByHandle('a') // 'a' used last: 'b' is the oldest
		await cached.getProductByHandle('c')
		const before = state.reads
		await cached.getProductByHandle('a')
		expect(state.reads).toBe(before)
		await cached.getProductByHandle('b')
		expect(state.reads).toBe(before + 1)
	})
})
