// Runs on both databases (decision 130): its subject is the catalogue's filter and sort queries.
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { db, queryRows } from '~/server/db.server'
import { parseBrowseParams } from '../rules/browse'
import { INTERNAL_TAG } from '../internal-products'
import { builtinProvider as commerce } from './provider.server'
import { clearCommerceTables, createCollection, createProduct } from './test-factories.server'

withTestDatabase()

const params = (query = '') => parseBrowseParams(new URLSearchParams(query))
const sized = (size: string, color: string, priceCents: number, stock: number | null = null) => ({
	priceCents,
	stock,
	selectedOptions: [
		{ name: 'Tamanho', value: size },
		{ name: 'Cor', value: color },
	],
})

beforeAll(async () => {
	await clearCommerceTables()
	const options = [
		{ name: 'Tamanho', values: ['P', 'M', 'G'] },
		{ name: 'Cor', values: ['Preto', 'Rosa'] },
	]
	// The sold-out P size is the cheapest: the card (and the sort) use the lowest sellable price.
	const preta = await createProduct({
		title: 'Bandana Preta',
		options,
		variants: [sized('P', 'Preto', 2990, 0), sized('M', 'Preto', 3490, 5)],
		createdAt: new Date('2026-01-03T00:00:00Z'),
	})
	const rosa = await createProduct({
		title: 'Bandana Rosa',
		options,
		variants: [sized('G', 'Rosa', 3990, 0)],
		createdAt: new Date('2026-01-01T00:00:00Z'),
	})
	const xadrez = await createProduct({
		title: 'Bandana Xadrez',
		options,
		variants: [sized('M', 'Rosa', 2490), sized('G', 'Preto', 2490)],
		createdAt: new Date('2026-01-02T00:00:00Z'),
	})
	const addon = await createProduct({ title: 'Bandana adicional interno', tags: [INTERNAL_TAG] })
	// Colours typed two ways by the owner; the second product's P is sold out, its M unavailable.
	const lacoA = await createProduct({ title: 'Laço Listrado', variants: [sized('P', 'Azul bebê', 1990, 3)] })
	const lacoB = await createProduct({
		title: 'Laço Liso',
		variants: [sized('P', 'azul bebe', 1990, 0), { ...sized('M', 'Azul bebe', 1990), available: false }, sized('G', 'Azul bebe', 1990)],
	})
	await createCollection({ handle: 'laco', productIds: [lacoA.product.id, lacoB.product.id] })
	await createCollection({
		handle: 'bandana',
		productIds: [preta.product.id, rosa.product.id, xadrez.product.id, addon.product.id],
	})
	// Xadrez sold 3 units in a placed order, Rosa 7 in a cancelled one (not counted).
	for (const [variantId, productId, status, quantity] of [
		[xadrez.variant.id, xadrez.product.id, 'pago', 3],
		[rosa.variant.id, rosa.product.id, 'cancelado', 7],
	] as const) {
		const [order] = await queryRows<{ id: string }>(sql`insert into orders (reference, idempotency_key, status, customer_name, email, cpf, phone, cep,
				street, number, district, city, uf, shipping_cents, subtotal_cents, total_cents, payment_method)
				values (${`PET-T${quantity}`}, ${`k${quantity}`}, ${status}, 'A', 'a@example.com', '52998224725', '11912345678', '01310100',
				'Rua', '1', 'Centro', 'São Paulo', 'SP', 0, 100, 100, 'pix') returning id`)
		await db.execute(sql`insert into order_lines (order_id, product_id, variant_id, product_handle, product_title, variant_title,
			selected_options, unit_price_cents, quantity, line_total_cents)
			values (${order!.id}::uuid, ${productId}::uuid, ${variantId}::uuid, 'h', 'T', 'V', '[]'::jsonb, 100, ${quantity}, ${100 * quantity})`)
	}
})

async function titles(query: string) {
	const result = await commerce.browseProducts({ collectionHandle: 'bandana', params: params(query) })
	return result?.products.map((p) => p.title)
}

describe('browseProducts (category)', () => {
	test('sorts by the lowest sellable price, newest and units sold; internal products never listed', async () => {
		expect(await titles('')).toEqual(['Bandana Preta', 'Bandana Rosa', 'Bandana Xadrez'])
		expect(await titles('ordem=menor-preco')).toEqual(['Bandana Xadrez', 'Bandana Preta', 'Bandana Rosa'])
		expect(await titles('ordem=maior-preco')).toEqual(['Bandana Rosa', 'Bandana Preta', 'Bandana Xadrez'])
		expect(await titles('ordem=novidades')).toEqual(['Bandana Preta', 'Bandana Xadrez', 'Bandana Rosa'])
		expect((await titles('ordem=mais-vendidos'))?.[0]).toBe('Bandana Xadrez')
	})

	test('filters by size, colour, price and stock, with counts from the database', async () => {
		// Bandana Rosa's only G is sold out: it is not listed under G (and not counted there).
		expect(await titles('tamanho=G')).toEqual(['Bandana Xadrez'])
		expect(await titles('tamanho=G&cor=Preto')).toEqual(['Bandana Xadrez'])
		expect(await titles('estoque=1')).toEqual(['Bandana Preta', 'Bandana Xadrez'])
		expect(await titles('preco-min=30&preco-max=36')).toEqual(['Bandana Preta'])
		const result = await commerce.browseProducts({ collectionHandle: 'bandana', params: params('cor=Rosa') })
		expect(result).toMatchObject({ total: 2, page: 1, pageCount: 1 })
		expect(result?.facets.sizes).toEqual([
			{ value: 'M', count: 1 },
			{ value: 'G', count: 1 },
		])
		expect(result?.facets.colors).toEqual([
			{ value: 'Preto', count: 2 },
			{ value: 'Rosa', count: 2 },
		])
	})

	test('sizes count only what is in stock; colours typed with and without accents are one facet', async () => {
		const all = await commerce.browseProducts({ collectionHandle: 'laco', params: params() })
		expect(all?.facets.sizes).toEqual([
			{ value: 'P', count: 1 },
			{ value: 'G', count: 1 },
		])
		expect(all?.facets.colors).toEqual([{ value: 'Azul bebê', count: 2 }])
		const laco = async (query: string) =>
			(await commerce.browseProducts({ collectionHandle: 'laco', params: params(query) }))?.products.map((p) => p.title).sort()
		expect(await laco('cor=Azul%20bebe')).toEqual(['Laço Liso', 'Laço Listrado'])
		expect(await laco('cor=azul%20beb%C3%AA')).toEqual(['Laço Liso', 'Laço Listrado'])
		expect(await laco('tamanho=P')).toEqual(['Laço Listrado'])
		expect(await laco('tamanho=M')).toEqual([])
	})

	test('an unknown collection is null; pages hold the page size', async () => {
		expect(await commerce.browseProducts({ collectionHandle: 'nao-existe', params: params() })).toBeNull()
		const second = await commerce.browseProducts({ collectionHandle: 'bandana', params: params('pagina=2'), pageSize: 2 })
		expect(second).toMatchObject({ total: 3, page: 2, pageCount: 2 })
		expect(second?.products.map((p) => p.title)).toEqual(['Bandana Xadrez'])
	})
})

describe('browseProducts (search)', () => {
	test('the whole ranked result list, with the same filters; no match is an empty page', async () => {
		const all = await commerce.browseProducts({ query: 'bandana', params: params() })
		expect(all?.total).toBe(3)
		const typo = await commerce.browseProducts({ query: 'bandana xadres', params: params() })
		expect(typo?.products.map((p) => p.title)).toEqual(['Bandana Xadrez'])
		const filtered = await commerce.browseProducts({ query: 'bandana', params: params('ordem=menor-preco&estoque=1') })
		expect(filtered?.products.map((p) => p.title)).toEqual(['Bandana Xadrez', 'Bandana Preta'])
		expect(await commerce.browseProducts({ query: 'zzzz', params: params() })).toMatchObject({ total: 0, products: [] })
		expect(await commerce.browseProducts({ query: 'a', params: params() })).toMatchObject({ total: 0 })
	})
})
