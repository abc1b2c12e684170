import { describe, expect, test, vi } from 'vitest'
import { loadOnce } from './load-once'

describe('loadOnce', () => {
	test('imports once for every caller, and the value is readable once it has come', async () => {
		const importer = vi.fn(async () => ({ answer: 42 }))
		const module = loadOnce(importer)
		expect(module.current()).toBeNull()
		const [a, b] = await Promise.all([module.load(), module.load()])
		expect(a).toBe(b)
		expect(await module.load()).toBe(a)
		expect(module.current()).toBe(a)
		expect(importer).toHaveBeenCalledTimes(1)
	})

	test('a failed load is forgotten: the next call tries again', async () => {
		const importer = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('rede caiu')).mockResolvedValueOnce('módulo')
		const module = loadOnce(importer)
		await expect(module.load()).rejects.toThrow('rede caiu')
		expect(module.current()).toBeNull()
		expect(await module.load()).toBe('módulo')
		expect(importer).toHaveBeenCalledTimes(2)
	})
})
