import { describe, expect, test } from 'vitest'
import { readyOrDeferred, valueOrPromise } from './ready-or-deferred.server'

describe('readyOrDeferred', () => {
	test('a settled promise gives its value', async () => {
		const result = await readyOrDeferred(Promise.resolve([1, 2]))
		expect(result).toEqual({ ready: true, value: [1, 2] })
		expect(valueOrPromise(result)).toEqual([1, 2])
	})

	test('a promise settled by chained microtasks is ready too', async () => {
		const read = Promise.resolve(1)
			.then((n) => n + 1)
			.then((n) => n * 10)
		expect(valueOrPromise(await readyOrDeferred(read))).toBe(20)
	})

	test('a pending promise is returned as it is, without waiting for it', async () => {
		let finish: (value: string) => void = () => {}
		const slow = new Promise<string>((resolve) => (finish = resolve))
		const result = await readyOrDeferred(slow)
		expect(result.ready).toBe(false)
		expect(valueOrPromise(result)).toBe(slow)
		finish('depois')
		await expect(valueOrPromise(result)).resolves.toBe('depois')
	})

	test('a rejected promise stays a promise (its section shows its error element)', async () => {
		const failed = Promise.reject(new Error('catálogo fora do ar'))
		const result = await readyOrDeferred(failed)
		expect(result.ready).toBe(false)
		await expect(valueOrPromise(result)).rejects.toThrow('catálogo fora do ar')
	})
})
