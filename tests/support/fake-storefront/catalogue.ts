/**
 * The fake Storefront server's catalogue: plain data in the API's terms (gid ids, Decimal
 * amounts as strings, ISO dates). FIXED_CATALOGUE is small and hand-written so that tests can
 * state exact prices, counts and orders; it holds the handles the shop's pages look up (the
 * personalization bases, the gift, an add-on, the wholesale base, the subscription collection).
 */

export type FakeVariant = {
	id: string
	title: string
	/** A Decimal as Shopify writes it ('29.9', '15.0', '12.99'). */
	price: string
	compareAtPrice: string | null
	availableForSale: boolean
	quantityAvailable: number | null
	selectedOptions: { name: string; value: string }[]
	/** Index into the product's images: the variant's own picture. */
	imageIndex: number | null
	/**
	 * The selling plans the store offers for it (checkoutCharge a Decimal). Absent: a variant of the
	 * 'assinatura' collection gets the prepaid 12-month plan (12 × its price), others none.
	 */
	sellingPlans?: { id: string; name: string; checkoutCharge: string }[]
}

export type FakeImage = { url: string; altText: string | null; width: number | null; height: number | null }

export type FakeProduct = {
	id: string
	handle: string
	title: string
	description: string
	descriptionHtml: string
	productType: string
	tags: string[]
	createdAt: string
	updatedAt: string
	/** Empty: the product has one variant and Shopify's 'Title' / 'Default Title' option. */
	options: { name: string; values: string[] }[]
	variants: FakeVariant[]
	images: FakeImage[]
	/** Units sold: the BEST_SELLING order. */
	unitsSold: number
}

export type FakeCollection = {
	id: string
	handle: string
	title: string
	description: string
	/** Product handles in the collection's own (manual) order. */
	products: string[]
}

export type FakeCatalogue = { products: FakeProduct[]; collections: FakeCollection[]; currencyCode: string }

let nextVariant = 2001

type VariantDef = Partial<Omit<FakeVariant, 'id' | 'selectedOptions'>> & { options?: Record<string, string>; price: string }

type ProductDef = {
	n: number
	handle: string
	title: string
	productType: string
	tags?: string[]
	description?: string
	createdAt: string
	options?: { name: string; values: string[] }[]
	variants: VariantDef[]
	images?: number
	unitsSold?: number
}

function product(def: ProductDef): FakeProduct {
	const description = def.description ?? `${def.title}: feito à mão para o seu pet.`
	return {
		id: `gid://shopify/Product/${def.n}`,
		handle: def.handle,
		title: def.title,
		description,
		descriptionHtml: `<p>${description}</p>`,
		productType: def.productType,
		tags: def.tags ?? [],
		createdAt: def.createdAt,
		updatedAt: def.createdAt.replace('T10', 'T12'),
		options: def.options ?? [],
		variants: def.variants.map((v) => {
			const selectedOptions = v.options
				? Object.entries(v.options).map(([name, value]) => ({ name, value }))
				: [{ name: 'Title', value: 'Default Title' }]
			return {
				id: `gid://shopify/ProductVariant/${nextVariant++}`,
				title: v.title ?? (v.options ? Object.values(v.options).join(' / ') : 'Default Title'),
				price: v.price,
				compareAtPrice: v.compareAtPrice ?? null,
				availableForSale: v.availableForSale ?? true,
				quantityAvailable: v.quantityAvailable === undefined ? 10 : v.quantityAvailable,
				selectedOptions,
				imageIndex: v.imageIndex ?? null,
			}
		}),
		images: Array.from({ length: def.images ?? 1 }, (_, i) => ({
			url: `https://cdn.shopify.com/s/files/1/0000/fake/${def.handle}-${i + 1}.jpg`,
			altText: i === 0 ? def.title : `${def.title} (${i + 1})`,
			width: 800,
			height: 800,
		})),
		unitsSold: def.unitsSold ?? 0,
	}
}

const sizes = (values: string[]) => ({ name: 'Tamanho', values })
const colours = (values: string[]) => ({ name: 'Cor', values })

const NATAL_SIZES = ['PP', 'P', 'M', 'G', 'GG', 'XG']
const NATAL_COLOURS = ['Vermelho', 'Verde']

function buildFixedCatalogue(): FakeCatalogue {
	nextVariant = 2001
	const products: FakeProduct[] = [
		product({
			n: 1001,
			handle: 'bandana-xadrez-vermelha',
			title: 'Bandana Xadrez Vermelha',
			productType: 'Bandana',
			tags: ['bandana', 'xadrez', 'cachorro'],
			description: 'Bandana xadrez em algodão, vermelha e preta.',
			createdAt: '2026-01-10T10:00:00Z',
			options: [sizes(['P', 'M', 'G']), colours(['Vermelho'])],
			variants: [
				{ options: { Tamanho: 'P', Cor: 'Vermelho' }, price: '29.9', compareAtPrice: '39.90', quantityAvailable: 5, imageIndex: 1 },
				{ options: { Tamanho: 'M', Cor: 'Vermelho' }, price: '34.90', availableForSale: false, quantityAvailable: 0 },
				{ options: { Tamanho: 'G', Cor: 'Vermelho' }, price: '39.90', quantityAvailable: null },
			],
			images: 2,
			unitsSold: 40,
		}),
		product({
			n: 1002,
			handle: 'bandana-xadrez-azul',
			title: 'Bandana Xadrez Azul',
			productType: 'Bandana',
			tags: ['bandana', 'xadrez'],
			createdAt: '2026-02-01T10:00:00Z',
			options: [sizes(['P', 'M']), colours(['Azul'])],
			variants: [
				{ options: { Tamanho: 'P', Cor: 'Azul' }, price: '29.90' },
				{ options: { Tamanho: 'M', Cor: 'Azul' }, price: '34.90' },
			],
			unitsSold: 90,
		}),
		product({
			n: 1003,
			handle: 'bandana-neutra-bege',
			title: 'Bandana Neutra Bege',
			productType: 'Bandana',
			tags: ['bandana', 'neutra'],
			description: 'Tom bege que combina com tudo.',
			createdAt: '2026-03-05T10:00:00Z',
			options: [sizes(['P', 'M', 'G']), colours(['Bege'])],
			variants: ['P', 'M', 'G'].map((s) => ({ options: { Tamanho: s, Cor: 'Bege' }, price: '32' })),
			unitsSold: 5,
		}),
		product({
			n: 1004,
			handle: 'bandana-florida',
			title: 'Bandana Florida',
			productType: 'Bandana',
			tags: ['bandana', 'flores'],
			createdAt: '2025-12-01T10:00:00Z',
			options: [sizes(['M']), colours(['Rosa'])],
			variants: [{ options: { Tamanho: 'M', Cor: 'Rosa' }, price: '35.50', availableForSale: false, quantityAvailable: 0 }],
		}),
		product({
			n: 1005,
			handle: 'bandana-natal',
			title: 'Bandana de Natal',
			productType: 'Bandana',
			tags: ['bandana', 'natal'],
			createdAt: '2026-04-01T10:00:00Z',
			options: [sizes(NATAL_SIZES), colours(NATAL_COLOURS)],
			variants: NATAL_SIZES.flatMap((s, i) =>
				NATAL_COLOURS.map((c) => ({ options: { Tamanho: s, Cor: c }, price: `${29 + i * 4}.90`, quantityAvailable: 3 })),
			),
			images: 7,
			unitsSold: 12,
		}),
		product({
			n: 1006,
			handle: 'colar-couro-marrom',
			title: 'Colar de Couro Marrom',
			productType: 'Colar',
			tags: ['colar', 'couro'],
			createdAt: '2026-01-20T10:00:00Z',
			options: [sizes(['P', 'M', 'G']), colours(['Marrom'])],
			variants: [
				{ options: { Tamanho: 'P', Cor: 'Marrom' }, price: '34.90' },
				{ options: { Tamanho: 'M', Cor: 'Marrom' }, price: '39.90' },
				{ options: { Tamanho: 'G', Cor: 'Marrom' }, price: '44.90' },
			],
			unitsSold: 30,
		}),
		product({
			n: 1007,
			handle: 'colar-nylon-preto',
			title: 'Colar de Nylon Preto',
			productType: 'Colar',
			tags: ['colar'],
			createdAt: '2026-02-20T10:00:00Z',
			options: [sizes(['M']), colours(['Preto'])],
			variants: [{ options: { Tamanho: 'M', Cor: 'Preto' }, price: '39.9' }],
		}),
		product({
			n: 1008,
			handle: 'lacinho-rosa',
			title: 'Lacinho Rosa',
			productType: 'Lacinho',
			tags: ['lacinho', 'gato'],
			createdAt: '2026-01-05T10:00:00Z',
			variants: [{ price: '15.0', quantityAvailable: null }],
		}),
		product({
			n: 1009,
			handle: 'lacinho-azul',
			title: 'Lacinho Azul',
			productType: 'Lacinho',
			tags: ['lacinho'],
			createdAt: '2026-01-06T10:00:00Z',
			variants: [{ price: '15.00' }],
		}),
		product({
			n: 1010,
			handle: 'shampoo-neutro',
			title: 'Shampoo Neutro',
			productType: 'Higiene',
			tags: ['higiene', 'banho'],
			description: 'Limpa sem ressecar e deixa a pelagem macia.',
			createdAt: '2026-03-10T10:00:00Z',
			variants: [{ price: '42.5' }],
		}),
		product({
			n: 1011,
			handle: 'assinatura-bandanas-mensal',
			title: 'Assinatura Bandanas Mensal',
			productType: 'Assinatura',
			tags: ['assinatura'],
			createdAt: '2026-01-02T10:00:00Z',
			variants: [{ price: '49.90', quantityAvailable: null }],
		}),
		product({
			n: 1012,
			handle: 'assinatura-kit-higiene',
			title: 'Assinatura Kit Higiene',
			productType: 'Assinatura',
			tags: ['assinatura', 'higiene'],
			createdAt: '2026-01-03T10:00:00Z',
			variants: [{ price: '79.9', quantityAvailable: null }],
		}),
		product({
			n: 1013,
			handle: 'arte-patinhas',
			title: 'Arte Patinhas',
			productType: 'Arte',
			tags: ['arte'],
			createdAt: '2026-01-04T10:00:00Z',
			variants: [{ price: '19.90', quantityAvailable: null }],
		}),
		product({
			n: 1014,
			handle: 'guia-personalizada-base',
			title: 'Bandana Personalizada',
			productType: 'Personalizado',
			tags: ['uso-interno', 'bandana'],
			createdAt: '2025-11-01T10:00:00Z',
			options: [sizes(['P', 'M', 'G'])],
			variants: [
				{ options: { Tamanho: 'P' }, price: '59.90', quantityAvailable: null },
				{ options: { Tamanho: 'M' }, price: '64.90', quantityAvailable: null },
				{ options: { Tamanho: 'G' }, price: '69.90', quantityAvailable: null },
			],
		}),
		product({
			n: 1015,
			handle: 'guia-personalizada-base-colares',
			title: 'Colar Personalizado',
			productType: 'Personalizado',
			tags: ['uso-interno', 'colar'],
			createdAt: '2025-11-01T10:00:00Z',
			variants: [{ price: '49.90', quantityAvailable: null }],
		}),
		product({
			n: 1016,
			handle: 'brinde-lacinho-pet',
			title: 'Brinde: Lacinho Pet',
			productType: 'Brinde',
			tags: ['uso-interno', 'bandana'],
			createdAt: '2025-11-01T10:00:00Z',
			variants: [{ price: '0.0' }],
		}),
		product({
			n: 1017,
			handle: 'adicional-perfume',
			title: 'Adicional: Perfume 10ml',
			productType: 'Adicional',
			tags: ['uso-interno'],
			createdAt: '2025-11-01T10:00:00Z',
			variants: [{ price: '12.99', quantityAvailable: null }],
		}),
		product({
			n: 1018,
			handle: 'atacado-bandana-base',
			title: 'Bandana Atacado',
			productType: 'Atacado',
			tags: ['bandana', 'atacado'],
			createdAt: '2025-11-01T10:00:00Z',
			variants: [{ price: '12.00', quantityAvailable: null }],
		}),
	]
	const collection = (n: number, handle: string, title: string, handles: string[]): FakeCollection => ({
		id: `gid://shopify/Collection/${n}`,
		handle,
		title,
		description: `Coleção ${title}.`,
		products: handles,
	})
	const collections = [
		collection(501, 'bandana', 'Bandanas', [
			'bandana-natal',
			'bandana-xadrez-vermelha',
			'bandana-xadrez-azul',
			'bandana-neutra-bege',
			'bandana-florida',
			'guia-personalizada-base',
		]),
		collection(502, 'bandana-xadrez', 'Bandanas Xadrez', ['bandana-xadrez-azul', 'bandana-xadrez-vermelha']),
		collection(503, 'colar', 'Colares', ['colar-couro-marrom', 'colar-nylon-preto']),
		collection(504, 'lacinhos', 'Lacinhos', ['lacinho-rosa', 'lacinho-azul']),
		collection(505, 'higiene', 'Higiene', ['shampoo-neutro']),
		collection(506, 'assinatura', 'Assinaturas', ['assinatura-bandanas-mensal', 'assinatura-kit-higiene']),
		collection(507, 'artes-personalizadas', 'Artes Personalizadas', ['arte-patinhas']),
		collection(508, 'atacado', 'Atacado', ['atacado-bandana-base']),
		collection(509, 'vazia', 'Coleção Vazia', []),
	]
	return { products, collections, currencyCode: 'BRL' }
}

/** A fresh copy each call: a test may change its copy (a price, a stock) without touching another's. */
export function fixedCatalogue(): FakeCatalogue {
	return buildFixedCatalogue()
}

/**
 * A collection with `count` generated products (handles `gerado-1`…), to exercise paging past
 * the API's 250 per request.
 */
export function withGeneratedCollection(catalogue: FakeCatalogue, handle: string, count: number): FakeCatalogue {
	const generated = Array.from({ length: count }, (_, i) =>
		product({
			n: 100_000 + i,
			handle: `gerado-${i + 1}`,
			title: `Produto Gerado ${i + 1}`,
			productType: 'Gerado',
			tags: ['gerado'],
			createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
			options: [sizes([i % 2 === 0 ? 'P' : 'M'])],
			variants: [{ options: { Tamanho: i % 2 === 0 ? 'P' : 'M' }, price: `${10 + (i % 50)}.00` }],
		}),
	)
	return {
		...catalogue,
		products: [...catalogue.products, ...generated],
		collections: [
			...catalogue.collections,
			{ id: 'gid://shopify/Collection/999', handle, title: 'Gerados', description: '', products: generated.map((p) => p.handle) },
		],
	}
}

/**
 * The demo shop's catalogue (app/server/seed, the one the e2e suite knows) in the API's terms:
 * the storefront e2e run points the fake server at it, so pages find the same handles, titles
 * and prices as on the built-in provider. Newest first in the seed's order; stock as quantity.
 */
export function demoCatalogue(products: SeedProductLike[], collections: readonly SeedCollectionLike[]): FakeCatalogue {
	let variantId = 500_000
	const fake = products.map((p, index): FakeProduct => {
		const createdAt = new Date(Date.UTC(2026, 0, 1) + (products.length - index) * 60_000).toISOString()
		return {
			id: `gid://shopify/Product/${300_000 + index}`,
			handle: p.handle,
			title: p.title,
			description: p.description,
			descriptionHtml: p.descriptionHtml,
			productType: p.productType,
			tags: [...p.tags],
			createdAt,
			updatedAt: createdAt,
			options: p.options.map((o) => ({ name: o.name, values: [...o.values] })),
			variants: p.variants.map((v) => ({
				id: `gid://shopify/ProductVariant/${variantId++}`,
				title: v.title,
				price: (v.priceCents / 100).toFixed(2),
				compareAtPrice: null,
				availableForSale: v.stock === null || v.stock > 0,
				quantityAvailable: v.stock,
				selectedOptions:
					v.selectedOptions.length > 0 ? v.selectedOptions.map((o) => ({ ...o })) : [{ name: 'Title', value: 'Default Title' }],
				imageIndex: v.imageUrl
					? Math.max(
							0,
							p.images.findIndex((i) => i.url === v.imageUrl),
						)
					: null,
			})),
			images: p.images.map((i) => ({ url: i.url, altText: i.altText, width: 800, height: 800 })),
			unitsSold: 0,
		}
	})
	return {
		products: fake,
		collections: collections.map((c, index) => ({
			id: `gid://shopify/Collection/${400_000 + index}`,
			handle: c.handle,
			title: c.title,
			description: c.description,
			products: products.filter((p) => p.collections.includes(c.handle)).map((p) => p.handle),
		})),
		currencyCode: 'BRL',
	}
}

/** The parts of app/server/seed's SeedProduct this adapter reads (kept structural: no import of the seed here). */
export type SeedProductLike = {
	handle: string
	title: string
	description: string
	descriptionHtml: string
	productType: string
	tags: string[]
	collections: string[]
	options: { name: string; values: string[] }[]
	variants: {
		imageUrl?: string
		title: string
		priceCents: number
		stock: number | null
		selectedOptions: { name: string; value: string }[]
	}[]
	images: { url: string; altText: string }[]
}
export type SeedCollectionLike = { handle: string; title: string; description: string }
