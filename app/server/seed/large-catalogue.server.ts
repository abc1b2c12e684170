import { like, sql } from 'drizzle-orm'
import { collections, products } from '~/db/schema'
import type { Database } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import type { SeedProduct } from './catalogue'
import { type DemoPattern, type DemoShape, demoImageUrl } from './demo-image'
import { createRandom, slugify } from './prng'
import { insertCatalogueProducts } from './seed.server'

/**
 * Extra generated products for load tests (the benchmark uses 5,000): believable titles,
 * sizes, prices and one picture each, written in batches of one transaction each.
 * Handles are 'gerado-{n}-…', numbered on from the ones already there, so it can be
 * called again to add more.
 */

const KINDS: { word: string; type: string; shape: DemoShape; collection: string; sizes: string[]; base: number }[] = [
	{ word: 'Bandana', type: 'Bandana', shape: 'bandana', collection: 'bandana', sizes: ['P', 'M', 'U', 'G', 'GG', 'XG'], base: 2990 },
	{ word: 'Lacinho', type: 'Lacinho', shape: 'laco', collection: 'lacinhos', sizes: [], base: 1490 },
	{ word: 'Colar', type: 'Colar', shape: 'coleira', collection: 'colar', sizes: ['P', 'M', 'G'], base: 3490 },
	{ word: 'Gravata Borboleta', type: 'Gravata', shape: 'gravata', collection: 'gravatas', sizes: ['P', 'M', 'G'], base: 2490 },
	{ word: 'Cachecol', type: 'Cachecol', shape: 'cachecol', collection: 'cachecol', sizes: ['P', 'M', 'G'], base: 3990 },
]
const STYLES: { word: string; pattern: DemoPattern }[] = [
	{ word: 'Lisa', pattern: 'liso' },
	{ word: 'Xadrez', pattern: 'xadrez' },
	{ word: 'Poá', pattern: 'poa' },
]
const COLOURS: [string, string][] = [
	['Vermelho', '#c0392b'],
	['Azul', '#1e4fa3'],
	['Verde', '#2e7d32'],
	['Rosa', '#f48fb1'],
	['Amarelo', '#f4c430'],
	['Lilás', '#b39ddb'],
	['Preto', '#1c1c1c'],
	['Bege', '#e8d8c3'],
	['Laranja', '#f57c00'],
	['Turquesa', '#26a69a'],
]
const THEMES = ['Verão', 'Inverno', 'Festa', 'Passeio', 'Clássica', 'Tropical', 'Retrô', 'Boho', 'Natal', 'Primavera', 'Praia', 'Urbana']

function generatedProduct(n: number): SeedProduct {
	const random = createRandom(n * 7919)
	const kind = random.pick(KINDS)
	const style = random.pick(STYLES)
	const [colourName, hex] = random.pick(COLOURS)
	const theme = random.pick(THEMES)
	const title = `${kind.word} ${style.word === 'Lisa' ? '' : `${style.word} `}${colourName} ${theme} Nº ${n}`
	const handle = `gerado-${n}-${slugify(`${kind.word} ${colourName} ${theme}`)}`
	const price = kind.base + random.int(0, 4) * 500
	const description = `${title}: ${kind.word.toLowerCase()} ${style.word.toLowerCase()} na cor ${colourName.toLowerCase()}, coleção ${theme}. Produção em até 4 dias úteis.`
	const options = kind.sizes.length ? [{ name: 'Tamanho', values: kind.sizes }] : []
	const variants = kind.sizes.length
		? kind.sizes.map((size, i) => ({
				title: size,
				sku: `${handle}-${slugify(size)}`,
				priceCents: price + i * 300,
				stock: random.chance(0.1) ? 0 : null,
				selectedOptions: [{ name: 'Tamanho', value: size }],
			}))
		: [{ title: 'Único', sku: handle, priceCents: price, stock: null, selectedOptions: [] }]
	return {
		handle,
		title,
		description,
		descriptionHtml: `<p>${description}</p>`,
		productType: kind.type,
		tags: [kind.type.toLowerCase(), slugify(style.word), slugify(colourName), slugify(theme), 'gerado'],
		collections: [kind.collection],
		options,
		variants,
		images: [
			{
				url: demoImageUrl(handle, { forma: kind.shape, cor: hex, padrao: style.pattern }),
				altText: title,
			},
		],
	}
}

/**
 * Search's GIN indexes take each write at once (decision 061), which makes a bulk insert ~4×
 * slower (5,000 products: 3 s → 12 s). For the length of `write` they buffer in a pending list
 * again; afterwards the list is merged in one sorted pass and direct writes resume, so searches
 * never scan a pending list.
 */
async function withSearchIndexesBuffered(db: Database, write: () => Promise<void>): Promise<void> {
	const result = (await db.execute(sql`
		select c.relname as name from pg_class c join pg_am a on a.oid = c.relam
		where a.amname = 'gin' and c.reloptions && array['fastupdate=false', 'fastupdate=off']`)) as unknown as { rows: { name: string }[] }
	const names = result.rows.map((r) => r.name)
	for (const name of names) await db.execute(sql`alter index ${sql.identifier(name)} set (fastupdate = on)`)
	try {
		await write()
	} finally {
		for (const name of names) {
			await db.execute(sql`select gin_clean_pending_list(${name}::regclass)`)
			await db.execute(sql`alter index ${sql.identifier(name)} set (fastupdate = off)`)
		}
	}
}

export async function seedLargeCatalogue(db: Database, count: number, batchSize = 1000): Promise<void> {
	const started = Date.now()
	const [existing] = await db
		.select({ n: sql<number>`count(*)::int` })
		.from(products)
		.where(like(products.handle, 'gerado-%'))
	const first = Number(existing?.n ?? 0) + 1
	const collectionIds = new Map(
		(await db.select({ id: collections.id, handle: collections.handle }).from(collections)).map((c) => [c.handle, c.id]),
	)
	await withSearchIndexesBuffered(db, async () => {
		for (let start = first; start < first + count; start += batchSize) {
			const end = Math.min(start + batchSize, first + count)
			const batch = Array.from({ length: end - start }, (_, i) => generatedProduct(start + i))
			// Generated products go after the demo ones in each collection.
			await db.transaction((tx) => insertCatalogueProducts(tx, batch, collectionIds, 1000 + start))
		}
	})
	logger.info({ count, ms: Date.now() - started }, 'catálogo grande gerado')
}
