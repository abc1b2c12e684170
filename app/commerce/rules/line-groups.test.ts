import { describe, expect, test } from 'vitest'
import { countProducts, itemsLabel, productsWithAddons } from './line-groups'

/** Issue 31: a cart counts products, and lists each product's add-ons under it. */

const group = (value: string) => ({ key: '_grupo', value })
const forProduct = { key: 'Para', value: 'Bandana Xadrez' }
const G1 = '0123456789abcdef'
const G2 = 'fedcba9876543210'

type L = { id: string; quantity: number; attributes: { key: string; value: string }[]; unavailable?: boolean }

const bandana: L = { id: 'bandana', quantity: 1, attributes: [group(G1)] }
const extensor: L = { id: 'extensor', quantity: 1, attributes: [forProduct, group(G1)] }
const nome: L = { id: 'nome', quantity: 1, attributes: [forProduct, { key: 'Nome do pet', value: 'Thor' }, group(G1)] }
const colares: L = { id: 'colares', quantity: 12, attributes: [group(G2)] }
const pingentes: L = { id: 'pingentes', quantity: 12, attributes: [{ key: 'Para', value: 'Colar' }, group(G2)] }
const lacinho: L = { id: 'lacinho', quantity: 2, attributes: [] }

describe('countProducts', () => {
	test('one bandana with two extras is 1 item', () => {
		expect(countProducts([bandana, extensor, nome])).toBe(1)
	})
	test('twelve collars with pendants are 12', () => {
		expect(countProducts([pingentes, colares])).toBe(12)
	})
	test('plain lines count their quantity; unavailable lines do not count', () => {
		expect(countProducts([lacinho, bandana, extensor, { ...colares, unavailable: true }, pingentes])).toBe(3)
	})
	test('an add-on whose product is not in the cart counts as itself', () => {
		expect(countProducts([extensor])).toBe(1)
	})
})

describe('productsWithAddons', () => {
	test('add-ons listed before their product come after it', () => {
		const ordered = productsWithAddons([nome, extensor, lacinho, pingentes, bandana, colares], (l) => l)
		expect(ordered.map((o) => o.line.id)).toEqual(['lacinho', 'bandana', 'nome', 'extensor', 'colares', 'pingentes'])
		expect(ordered.map((o) => o.addonOf?.id ?? null)).toEqual([null, null, 'bandana', 'bandana', null, 'colares'])
	})
	test('nothing lost, nothing repeated, order kept when already right', () => {
		const lines = [bandana, extensor, nome, lacinho]
		expect(productsWithAddons(lines, (l) => l).map((o) => o.line)).toEqual(lines)
	})
})

test("itemsLabel: '1 item', 'N itens'", () => {
	expect(itemsLabel(1)).toBe('1 item')
	expect(itemsLabel(0)).toBe('0 itens')
	expect(itemsLabel(24)).toBe('24 itens')
})
