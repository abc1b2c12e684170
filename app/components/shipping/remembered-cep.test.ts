import { describe, expect, test, vi } from 'vitest'
import { readRememberedCep, REMEMBERED_CEP_KEY, rememberCep } from './remembered-cep'
import { hasRememberedCep } from './shipping-calculator-slot'

/** Decision 113: the CEP kept on the device — digits in localStorage, masked when read; blocked storage fails nothing. */
function memoryStorage() {
	const items = new Map<string, string>()
	return {
		items,
		getItem: (key: string) => items.get(key) ?? null,
		setItem: (key: string, value: string) => void items.set(key, value),
	}
}

describe('the remembered CEP', () => {
	test('kept as digits, read masked; what is not a CEP is neither kept nor read', () => {
		const storage = memoryStorage()
		vi.stubGlobal('window', { localStorage: storage })
		expect(readRememberedCep()).toBeNull()
		expect(hasRememberedCep()).toBe(false)
		rememberCep('20040-020')
		expect(storage.items.get(REMEMBERED_CEP_KEY)).toBe('20040020')
		expect(readRememberedCep()).toBe('20040-020')
		// The product page's slot asks for the calculator's code at once when a CEP is kept (decision 146).
		expect(hasRememberedCep()).toBe(true)
		rememberCep('2004')
		expect(readRememberedCep()).toBe('20040-020')
		storage.items.set(REMEMBERED_CEP_KEY, '<script>')
		expect(readRememberedCep()).toBeNull()
	})

	test('storage blocked (privacy mode) or absent (the server): nothing is remembered, nothing throws', () => {
		vi.stubGlobal('window', {
			get localStorage(): Storage {
				throw new DOMException('bloqueado', 'SecurityError')
			},
		})
		expect(() => rememberCep('20040-020')).not.toThrow()
		expect(readRememberedCep()).toBeNull()
		vi.stubGlobal('window', { localStorage: { getItem: () => null, setItem: () => { throw new DOMException('cheio', 'QuotaExceededError') } } })
		expect(() => rememberCep('20040-020')).not.toThrow()
		vi.unstubAllGlobals()
		expect(readRememberedCep()).toBeNull()
	})
})
