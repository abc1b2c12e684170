import { describe, expect, test } from 'vitest'
import { REMEMBERED_GUEST_KEY, type GuestStorage, forgetGuest, readRememberedGuest, rememberGuest } from './remembered-guest'

function memoryStorage(): GuestStorage & { items: Map<string, string> } {
	const items = new Map<string, string>()
	return {
		items,
		getItem: (key) => items.get(key) ?? null,
		setItem: (key, value) => void items.set(key, value),
		removeItem: (key) => void items.delete(key),
	}
}

function checkoutForm(extra: Record<string, string> = {}): FormData {
	const form = new FormData()
	const values = {
		name: ' Ana Souza ',
		email: 'ana@example.com',
		phone: '(11) 91234-5678',
		cpf: '529.982.247-25',
		cep: '01310-100',
		street: 'Avenida Paulista',
		number: '1000',
		complement: '',
		district: 'Bela Vista',
		city: 'São Paulo',
		uf: 'SP',
		...extra,
	}
	for (const [name, value] of Object.entries(values)) form.set(name, value)
	return form
}

describe('a guest remembered on her device', () => {
	test('contact and address are kept and read back, trimmed, empty fields left out', () => {
		const storage = memoryStorage()
		expect(readRememberedGuest(storage)).toBeNull()
		expect(rememberGuest(storage, checkoutForm())).toBe(true)
		expect(readRememberedGuest(storage)).toEqual({
			name: 'Ana Souza',
			email: 'ana@example.com',
			phone: '(11) 91234-5678',
			cpf: '529.982.247-25',
			cep: '01310-100',
			street: 'Avenida Paulista',
			number: '1000',
			district: 'Bela Vista',
			city: 'São Paulo',
			uf: 'SP',
		})
	})

	test('never card data, payment, coupon or anything else the form carries', () => {
		const storage = memoryStorage()
		rememberGuest(
			storage,
			checkoutForm({
				cardToken: 'tok_test_approved',
				cardNumber: '4242 4242 4242 4242',
				cvc: '123',
				installments: '3',
				paymentMethod: 'card',
				couponCode: 'BEMVINDO',
				idempotencyKey: 'k',
			}),
		)
		const stored = storage.items.get(REMEMBERED_GUEST_KEY) ?? ''
		for (const secret of ['tok_test', '4242', '123"', 'card', 'BEMVINDO', 'installments', 'idempotencyKey']) expect(stored).not.toContain(secret)
	})

	test('Esquecer removes it; a broken or foreign value and a refusing device remember nothing', () => {
		const storage = memoryStorage()
		rememberGuest(storage, checkoutForm())
		forgetGuest(storage)
		expect(readRememberedGuest(storage)).toBeNull()
		storage.items.set(REMEMBERED_GUEST_KEY, '{not json')
		expect(readRememberedGuest(storage)).toBeNull()
		storage.items.set(REMEMBERED_GUEST_KEY, JSON.stringify({ fields: { cardNumber: '4242424242424242', name: 42 } }))
		expect(readRememberedGuest(storage)).toBeNull()
		const full: GuestStorage = {
			getItem: () => {
				throw new Error('SecurityError')
			},
			setItem: () => {
				throw new Error('QuotaExceededError')
			},
			removeItem: () => {
				throw new Error('SecurityError')
			},
		}
		expect(readRememberedGuest(full)).toBeNull()
		expect(rememberGuest(full, checkoutForm())).toBe(false)
		expect(() => forgetGuest(full)).not.toThrow()
		expect(readRememberedGuest(null)).toBeNull()
	})
})
