import { describe, expect, it } from 'vitest'
import { pageTitle } from './meta'

describe('pageTitle', () => {
	it('appends the store name from the root loader data', () => {
		const matches = [{ id: 'root', loaderData: { settings: { storeName: 'Pet Estilo' } } }, { id: 'routes/x', loaderData: null }]
		expect(pageTitle('Página não encontrada', matches)).toBe('Página não encontrada | Pet Estilo')
	})

	it('uses the title alone when the root data is missing (root error)', () => {
		expect(pageTitle('Dashboard', [{ id: 'root', loaderData: undefined }])).toBe('Dashboard')
		expect(pageTitle('Dashboard', [])).toBe('Dashboard')
	})
})
