import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { withTestDatabase } from '#tests/setup/with-database'
import { INTERNAL_TAG } from '~/commerce/internal-products'
import { builtinProvider } from '~/commerce/builtin/provider.server'
import { createProduct } from '~/commerce/builtin/test-factories.server'
import { products } from '~/db/schema'
import { db } from '~/server/db.server'
import { STORE_CHANNEL } from '~/server/event-channels.server'
import { publish } from '~/server/events.server'
import { logger } from '~/server/logger.server'
import { searchSuggestionCache } from '~/server/search-suggestions.server'
import { type SearchResponse, loader, oneLine, searchMessages } from './search'

withTestDatabase()

async function get(query: string | null) {
	const url = new URL('http://loja.test/resources/search')
	if (query !== null) url.searchParams.set('q', query)
	const result = (await loader({
		request: new Request(url),
		params: {},
		context: { clientIp: '203.0.113.9' },
	} as never)) as unknown as {
		data: SearchResponse
		init: { status?: number; headers: Record<string, string> } | null
	}
	return {
		body: result.data,
		status: result.init?.status ?? 200,
		headers: new Headers(result.init?.headers),
	}
}

beforeAll(async () => {
	await createProduct({
		title: 'Laço Rosa Cetim',
		handle: 'laco-rosa-cetim',
		tags: ['lacinho'],
		description:
			'Laço de cetim\n\nfeito à mão,   com acabamento delicado e presilha de metal que não machuca o pelo do seu pet. Ideal para festas, passeios e ensaios de fotos.',
		variants: [{ priceCents: 1990 }, { priceCents: 1490 }],
	})
	await createProduct({
		title: 'Laço Azul',
		handle: 'laco-azul',
		tags: ['lacinho'],
		variants: [{ priceCents: 1290 }],
	})
	await createProduct({
		title: 'Laço Brinde',
		handle: 'brinde-laco',
		tags: [INTERNAL_TAG],
	})
	await createProduct({
		title: 'Bandana Xadrez Vermelha',
		handle: 'bandana-xadrez-vermelha',
		tags: ['bandana', 'xadrez'],
	})
	for (let i = 1; i <= 12; i++) await createProduct({ title: `Gravata Listrada ${i}`, images: 0 })
})

describe('GET /resources/search', () => {
	// Each test sees the database, not an answer an earlier test left in the suggestion cache.
	beforeEach(() => searchSuggestionCache().clear())

	test("'laco' answers the bows as JSON for the panel, cheapest price and first picture", async () => {
		const { body, status, headers } = await get('laco')
		expect(status).toBe(200)
		expect(headers.get('Cache-Control')).toBe('private, max-age=30')
		expect(body.query).toBe('laco')
		expect(body.results.map((r) => r.handle).sort()).toEqual(['laco-azul', 'laco-rosa-cetim'])
		const rosa = body.results.find((r) => r.handle === 'laco-rosa-cetim')
		expect(rosa).toMatchObject({
			title: 'Laço Rosa Cetim',
			minPriceCents: 1490,
			priceVaries: true,
			image: {
				url: '/media/laco-rosa-cetim-1.jpg',
				alt: 'Laço Rosa Cetim 1',
				width: 800,
				height: 800,
			},
		})
		expect(rosa?.description).not.toMatch(/\n|\s{2}/)
		expect(rosa?.description.length).toBeLessThanOrEqual(140)
		expect(rosa?.description.endsWith('…')).toBe(true)
		expect(body.results.find((r) => r.handle === 'laco-azul')?.priceVaries).toBe(false)
	})

	test("tolerates a typo ('bandana xadres') and never shows internal products", async () => {
		expect((await get('bandana xadres')).body.results.map((r) => r.handle)).toEqual(['bandana-xadrez-vermelha'])
		expect((await get('laco brinde')).body.results).toEqual([])
	})

	test('answers at most 8 results; products without pictures have image null', async () => {
		const { body } = await get('gravata listrada')
		expect(body.results).toHaveLength(8)
		expect(body.results[0]?.image).toBeNull()
	})

	test('fewer than 2 trimmed characters, or no q at all, answer no results without searching', async () => {
		const search = vi.spyOn(builtinProvider, 'searchProducts')
		for (const query of ['l', '  l  ', '', null]) {
			const { body, status } = await get(query)
			expect(status).toBe(200)
			expect(body.results).toEqual([])
		}
		expect(search).not.toHaveBeenCalled()
		search.mockRestore()
	})

	test('a query over 100 characters is refused with a Portuguese message, not a 500', async () => {
		const { body, status, headers } = await get('a'.repeat(101))
		expect(status).toBe(400)
		expect(body).toEqual({
			query: '',
			results: [],
			error: searchMessages.tooLong,
		})
		expect(headers.get('Cache-Control')).toBe('no-store')
	})

	test('a failing provider empties the results, logs, and says so in Portuguese', async () => {
		const search = vi.spyOn(builtinProvider, 'searchProducts').mockRejectedValueOnce(new Error('conexão perdida'))
		const log = vi.spyOn(logger, 'error').mockImplementation(() => undefined)
		const { body, status } = await get('laco')
		expect(status).toBe(503)
		expect(body).toEqual({
			query: 'laco',
			results: [],
			error: searchMessages.failed,
		})
		expect(log).toHaveBeenCalledOnce()
		search.mockRestore()
		log.mockRestore()
	})
})

describe('suggestion cache (decision 047)', () => {
	test('answers a repeated query from memory until a store event; a renamed product shows right after its event', async () => {
		searchSuggestionCache().clear()
		const [bow] = await db.select({ id: products.id }).from(products).where(eq(products.handle, 'laco-azul'))
		expect((await get('Laço  AZUL')).body.results.map((r) => r.title)).toEqual(['Laço Azul'])

		// Renamed behind the application's back: no event, so the cached answer stands
		// (and, in the same breath, 'laço azul' spelt otherwise shares the entry).
		const search = vi.spyOn(builtinProvider, 'searchProducts')
		await db
			.update(products)
			.set({ title: 'Laço Azul Celeste' })
			.where(eq(products.id, bow?.id ?? ''))
		expect((await get('laço azul')).body.results.map((r) => r.title)).toEqual(['Laço Azul'])
		expect(search).not.toHaveBeenCalled()

		// The catalogue's event (what a back-office save publishes) empties it at once.
		await publish(STORE_CHANNEL, { type: 'catalog', id: bow?.id ?? '' })
		const { body } = await get('laço azul')
		expect(body.query).toBe('laço azul')
		expect(body.results.map((r) => r.title)).toEqual(['Laço Azul Celeste'])
		expect(search).toHaveBeenCalledOnce()
		search.mockRestore()
	})
})

describe('oneLine', () => {
	test('keeps short text, folds whitespace and cuts long text on a word with an ellipsis', () => {
		expect(oneLine('  Bandana\n de  algodão ')).toBe('Bandana de algodão')
		expect(oneLine('palavra '.repeat(40), 30)).toBe('palavra palavra palavra…')
		expect(oneLine('x'.repeat(50), 20)).toBe(`${'x'.repeat(19)}…`)
	})
})
