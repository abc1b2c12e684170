import { BASE_PRODUCT_HANDLES, INTERNAL_TAG } from '~/commerce/internal-products'
import type { SelectedOption } from '~/db/schema'
import { BANDANA_COLOURS, COLLAR_COLOURS, bandanaColour, collarColour, type DemoColour } from './colours'
import { type DemoImageInput, type DemoPattern, type DemoShape, demoImageUrl } from './demo-image'
import { type Random, slugify } from './prng'

/**
 * The demo shop's catalogue, as plain data. seed.server.ts writes it; nothing here
 * touches the database. Everything is derived from a seeded Random, so the same handles,
 * prices and stock come out every time.
 */

export type SeedVariant = {
	/** The picture of this variant's colour (issue 13, defect 4): one of the product's image URLs. */
	imageUrl?: string
	title: string
	sku: string
	priceCents: number
	/** null: made to order (stock not tracked); 0: sold out. */
	stock: number | null
	selectedOptions: SelectedOption[]
}

export type SeedImage = { url: string; altText: string }

export type SeedProduct = {
	handle: string
	title: string
	description: string
	descriptionHtml: string
	productType: string
	tags: string[]
	/** Collection handles, in the order the product should appear in each. */
	collections: string[]
	options: { name: string; values: string[] }[]
	variants: SeedVariant[]
	images: SeedImage[]
}

export type SeedCollection = { handle: string; title: string; description: string }

/** Every collection handle the documents use (document 000 §2/§7, 001 §7). */
export const DEMO_COLLECTIONS: readonly SeedCollection[] = [
	{ handle: 'bandana', title: 'Bandanas', description: 'Bandanas em tecido de algodão, do P ao XG, feitas à mão.' },
	{ handle: 'bandana-xadrez', title: 'Bandanas Xadrez', description: 'O clássico xadrez em várias combinações de cores.' },
	{ handle: 'bandana-neutra', title: 'Bandanas Neutras', description: 'Tons neutros que combinam com tudo.' },
	{ handle: 'lacinhos', title: 'Lacinhos', description: 'Lacinhos para deixar o visual do seu pet ainda mais fofo.' },
	{ handle: 'shinebox', title: 'Shinebox', description: 'Caixas de presente com acessórios escolhidos a dedo.' },
	{ handle: 'colar', title: 'Colares', description: 'Colares ajustáveis, confortáveis e resistentes.' },
	{ handle: 'gravatas', title: 'Gravatas', description: 'Gravatas borboleta para pets elegantes.' },
	{ handle: 'higiene', title: 'Higiene', description: 'Cuidados com banho, pelos e patinhas.' },
	{ handle: 'cachecol', title: 'Cachecóis', description: 'Cachecóis quentinhos para os dias frios.' },
	{ handle: 'assinatura', title: 'Assinaturas', description: 'Receba novidades todo mês, com frete grátis.' },
	{ handle: 'artes-personalizadas', title: 'Artes Personalizadas', description: 'Artes prontas para estampar a bandana do seu pet.' },
	{
		handle: 'personalizacao-de-colares',
		title: 'Personalização de Colares',
		description: 'Pingentes e acessórios para personalizar colares.',
	},
	{ handle: 'atacado', title: 'Atacado', description: 'Produtos para pet shops e revendedores, a partir de 10 unidades.' },
]

export const BANDANA_SIZES = ['P', 'M', 'U', 'G', 'GG', 'XG'] as const
/** document 000 §2 size guide: bandana length per size. */
export const BANDANA_SIZE_CM: Record<(typeof BANDANA_SIZES)[number], number> = { P: 25, M: 35, U: 45, G: 50, GG: 60, XG: 70 }
const BANDANA_PRICE: Record<(typeof BANDANA_SIZES)[number], number> = { P: 2990, M: 3490, U: 3790, G: 3990, GG: 4490, XG: 4990 }

export const COLLAR_SIZES = ['P', 'M', 'G'] as const
const COLLAR_PRICE: Record<(typeof COLLAR_SIZES)[number], number> = { P: 3490, M: 3990, G: 4490 }

/** Fixed handles the code looks products up by (documents 000 §4/§9, 001 §7/§9). */
export const FIXED_HANDLES = {
	gift: 'brinde-lacinho-pet',
	bandanaPersonalizationBase: BASE_PRODUCT_HANDLES.bandanaPersonalization,
	collarPersonalizationBase: BASE_PRODUCT_HANDLES.collarPersonalization,
	wholesaleBandanaBase: BASE_PRODUCT_HANDLES.wholesaleBandana,
	wholesaleCollarBase: BASE_PRODUCT_HANDLES.wholesaleCollar,
} as const

/** document 000 §9: the product page's add-ons (one cart line each, same quantity). */
export const PRODUCT_PAGE_ADDONS = {
	extensor: { handle: 'adicional-extensor', title: 'Adicional: Extensor', priceCents: 500 },
	petName: { handle: 'adicional-nome-pet', title: 'Adicional: Bordado do nome do pet', priceCents: 1000 },
	instagram: { handle: 'adicional-instagram-pet', title: 'Adicional: Bordado do Instagram do pet', priceCents: 1000 },
	perfume: { handle: 'adicional-perfume', title: 'Adicional: Perfume 10ml', priceCents: 1299 },
} as const

/**
 * document 001 §9: the personalization extras, keyed like personalization_items.key. The extras
 * the product page also sells (pet name, Instagram, extensor, perfume) are the same add-on
 * products: one product, one price, wherever it is bought or quoted (issue 31, decision 098).
 */
export const PERSONALIZATION_ADDONS = {
	pet_name: { ...PRODUCT_PAGE_ADDONS.petName, itemName: 'Nome do pet' },
	instagram: { ...PRODUCT_PAGE_ADDONS.instagram, itemName: 'Instagram do pet' },
	extensor: { ...PRODUCT_PAGE_ADDONS.extensor, itemName: 'Extensor' },
	extra_button: {
		handle: 'personalizacao-botao-extra',
		title: 'Personalização: Botão extra',
		itemName: 'Botão extra',
		priceCents: 199,
	},
	perfume: { ...PRODUCT_PAGE_ADDONS.perfume, itemName: 'Perfume 10ml' },
	pet_face: { handle: 'personalizacao-rosto-pet', title: 'Personalização: Rosto do pet', itemName: 'Rosto do pet', priceCents: 2000 },
	exclusive_art: {
		handle: 'personalizacao-arte-exclusiva',
		title: 'Personalização: Arte exclusiva',
		itemName: 'Arte exclusiva',
		priceCents: 2000,
	},
} as const

/** document 001 §9: wholesale bandana extras, per unit. */
export const WHOLESALE_ADDONS = {
	extraButton: { handle: 'atacado-botao-extra', title: 'Atacado: Botão extra (por unidade)', priceCents: 50 },
	sideName: { handle: 'atacado-nome-lateral', title: 'Atacado: Nome lateral personalizado (por unidade)', priceCents: 100 },
} as const

/** Tag on products that exist for the cart (add-ons, bases, gift) and not for browsing; the commerce layer hides them. */
export { INTERNAL_TAG }

type Look = { shape: DemoShape; colour: string; second?: string; pattern?: DemoPattern }

const BACKGROUNDS = ['#fdf2f8', '#f0f9ff', '#fefce8', '#f0fdf4', '#faf5ff', '#fff7ed', '#f8fafc']
const ALT_SUFFIX = ['', ' – detalhe do tecido', ' – outra vista']

function images(random: Random, handle: string, title: string, look: Look, count: number): SeedImage[] {
	const backgrounds = random.sample(BACKGROUNDS, 3)
	return Array.from({ length: count }, (_, index) => {
		const params: DemoImageInput = {
			forma: look.shape,
			cor: look.colour,
			cor2: look.second,
			padrao: look.pattern ?? 'liso',
			fundo: backgrounds[index],
			vista: String(index + 1) as '1' | '2' | '3',
		}
		return { url: demoImageUrl(index === 0 ? handle : `${handle}-${index + 1}`, params), altText: `${title}${ALT_SUFFIX[index]}` }
	})
}

/** Colours named in the bows' and collars' options that the colour tables do not hold. */
const EXTRA_COLOUR_HEX: Readonly<Record<string, string>> = {
	Rosa: '#f48fb1',
	'Azul bebê': '#90caf9',
	Amarelo: '#fdd835',
	Lilás: '#b39ddb',
	Dourado: '#c9a227',
	Vinho: '#6d1a36',
	Azul: '#1e88e5',
	Verde: '#43a047',
	Vermelho: '#c62828',
	Preto: '#1c1c1c',
	Branco: '#fafafa',
	Pink: '#e91e63',
	'Azul marinho': '#1f2f5c',
}

function colourHex(name: string): string | null {
	return (
		EXTRA_COLOUR_HEX[name] ??
		COLLAR_COLOURS.find((c) => c.name === name)?.hex ??
		BANDANA_COLOURS.find((c) => c.name === name && !c.pattern)?.hex ??
		null
	)
}

/**
 * One picture per value of the product's 'Cor' option (issue 13, defect 4): the first colour
 * keeps the product's own pictures; every other known colour gets a drawing in that colour (same
 * shape and pattern), and each variant points at its colour's picture. Deterministic (no draw
 * from `random`), so the rest of the demo data stays as it was.
 */
function withColourImages(product: SeedProduct, look: Look): SeedProduct {
	const colours = product.options.find((o) => o.name === 'Cor')?.values ?? []
	if (colours.length < 2 || product.images.length === 0) return product
	const extra: SeedImage[] = []
	const urlOf = new Map<string, string>([[colours[0]!, product.images[0]!.url]])
	for (const colour of colours.slice(1)) {
		const hex = colourHex(colour)
		if (!hex) continue
		const url = demoImageUrl(`${product.handle}-${slugify(colour)}`, {
			forma: look.shape,
			cor: hex,
			cor2: look.second,
			padrao: look.pattern ?? 'liso',
			fundo: '#f8fafc',
		})
		extra.push({ url, altText: `${product.title} – ${colour}` })
		urlOf.set(colour, url)
	}
	return {
		...product,
		images: [...product.images, ...extra],
		variants: product.variants.map((variant) => {
			const colour = variant.selectedOptions.find((o) => o.name === 'Cor')?.value
			const imageUrl = colour ? urlOf.get(colour) : undefined
			return imageUrl ? { ...variant, imageUrl } : variant
		}),
	}
}

/** One variant per combination of option values, in option order (first value first). */
function variantMatrix(
	handle: string,
	options: { name: string; values: readonly string[] }[],
	price: (selected: Record<string, string>) => number,
	stock: (selected: Record<string, string>) => number | null,
): SeedVariant[] {
	let combos: SelectedOption[][] = [[]]
	for (const option of options) {
		combos = combos.flatMap((combo) => option.values.map((value) => [...combo, { name: option.name, value }]))
	}
	return combos.map((selectedOptions) => {
		const selected = Object.fromEntries(selectedOptions.map((o) => [o.name, o.value]))
		return {
			title: selectedOptions.map((o) => o.value).join(' / '),
			sku: [handle, ...selectedOptions.map((o) => slugify(o.value))].join('-'),
			priceCents: price(selected),
			stock: stock(selected),
			selectedOptions,
		}
	})
}

function singleVariant(handle: string, priceCents: number, stock: number | null = null): SeedVariant[] {
	return [{ title: 'Único', sku: handle, priceCents, stock, selectedOptions: [] }]
}

function html(paragraphs: string[], bullets: string[]): string {
	const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
	const body = paragraphs.map((p) => `<p>${escape(p)}</p>`).join('')
	return bullets.length ? `${body}<ul>${bullets.map((b) => `<li>${escape(b)}</li>`).join('')}</ul>` : body
}

function describe(paragraphs: string[], bullets: string[]) {
	return { description: paragraphs.join(' '), descriptionHtml: html(paragraphs, bullets) }
}

// ——— Bandanas ———

type BandanaDef = { title: string; look: Look; collections: string[]; tags: string[]; velvet?: boolean }

function colourLook(colour: DemoColour): Look {
	return colour.pattern
		? { shape: 'bandana', colour: colour.hex, second: colour.second, pattern: 'xadrez' }
		: { shape: 'bandana', colour: colour.hex }
}

function bandanaDefs(): BandanaDef[] {
	const solid: [string, string][] = [
		['Preto', 'Bandana Preta'],
		['Vermelho', 'Bandana Vermelha'],
		['Azul marinho', 'Bandana Azul Marinho'],
		['Azul claro', 'Bandana Azul Claro'],
		['Pink', 'Bandana Pink'],
		['Rosa bebe', 'Bandana Rosa Bebê'],
		['Verde claro', 'Bandana Verde Claro'],
		['Verde escuro', 'Bandana Verde Escuro'],
		['Laranja', 'Bandana Laranja'],
		['Bege claro', 'Bandana Bege Claro'],
		['Branco', 'Bandana Branca'],
		['Marrom', 'Bandana Marrom'],
		['Verde lima', 'Bandana Verde Lima'],
		['Dourado veludo', 'Bandana Veludo Dourado'],
		['Rosé veludo', 'Bandana Veludo Rosé'],
		['Marrom veludo', 'Bandana Veludo Marrom'],
		['Azul veludo', 'Bandana Veludo Azul'],
	]
	const neutral = new Set(['Preto', 'Branco', 'Bege claro', 'Marrom'])
	const defs: BandanaDef[] = solid.map(([colourName, title]) => {
		const velvet = colourName.includes('veludo')
		return {
			title,
			look: colourLook(bandanaColour(colourName)),
			collections: neutral.has(colourName) ? ['bandana', 'bandana-neutra'] : ['bandana'],
			tags: ['lisa', slugify(colourName.replace(' veludo', '')), ...(velvet ? ['veludo'] : [])],
			velvet,
		}
	})
	const checkered: [string, string][] = [
		['Xadrez Amarelo', 'Bandana Xadrez Amarelo'],
		['Xadrez Vermelho', 'Bandana Xadrez Vermelho'],
		['Xadrez verde e preto', 'Bandana Xadrez Verde e Preto'],
		['Xadrez preto e rosa', 'Bandana Xadrez Preto e Rosa'],
		['Xadrez branco e preto', 'Bandana Xadrez Branco e Preto'],
		['Xadrez pink e preto', 'Bandana Xadrez Pink e Preto'],
		['Xadrez azul e preto', 'Bandana Xadrez Azul e Preto'],
	]
	for (const [colourName, title] of checkered) {
		defs.push({ title, look: colourLook(bandanaColour(colourName)), collections: ['bandana', 'bandana-xadrez'], tags: ['xadrez'] })
	}
	defs.push(
		{ title: 'Bandana Poá Rosa', look: { shape: 'bandana', colour: '#f8bbd0', second: '#ffffff', pattern: 'poa' }, collections: ['bandana'], tags: ['poá', 'rosa'] },
		{ title: 'Bandana Poá Azul Marinho', look: { shape: 'bandana', colour: '#1f2f5c', second: '#ffffff', pattern: 'poa' }, collections: ['bandana'], tags: ['poá', 'azul'] },
		{ title: 'Bandana Poá Vermelha', look: { shape: 'bandana', colour: '#c0392b', second: '#ffffff', pattern: 'poa' }, collections: ['bandana'], tags: ['poá', 'vermelho'] },
		{ title: 'Bandana Linho Cru', look: { shape: 'bandana', colour: '#d8cbb3' }, collections: ['bandana', 'bandana-neutra'], tags: ['linho', 'neutra'] },
		{ title: 'Bandana Cinza Mescla', look: { shape: 'bandana', colour: '#9e9e9e' }, collections: ['bandana', 'bandana-neutra'], tags: ['cinza', 'neutra'] },
	)
	return defs
}

function bandanaProduct(random: Random, def: BandanaDef): SeedProduct {
	const handle = slugify(def.title)
	const fabric = def.velvet ? 'veludo macio' : def.title.includes('Linho') ? 'linho' : 'tricoline 100% algodão'
	const opener = random.pick([
		`A ${def.title} é feita à mão em ${fabric}, com acabamento em viés e costura reforçada.`,
		`${def.title} em ${fabric}: leve, fresquinha e com costura reforçada para durar.`,
		`Estilo para o passeio: ${def.title.toLowerCase()} em ${fabric}, feita à mão no nosso ateliê.`,
	])
	const paragraphs = [
		opener,
		'É só amarrar no pescoço do seu pet, sem apertar. Confira a tabela de medidas antes de escolher o tamanho.',
		'Produção em até 4 dias úteis.',
	]
	const bullets = [
		`Tecido: ${fabric}`,
		'Tamanhos: P (25 cm), M (35 cm), U (45 cm), G (50 cm), GG (60 cm) e XG (70 cm)',
		'Lavar à mão com sabão neutro e secar à sombra',
	]
	const soldOut = new Set(random.chance(0.4) ? random.sample(['P', 'GG', 'XG', 'U'], random.int(1, 2)) : [])
	const options = [{ name: 'Tamanho', values: [...BANDANA_SIZES] }]
	return {
		handle,
		title: def.title,
		...describe(paragraphs, bullets),
		productType: 'Bandana',
		tags: ['bandana', 'cachorro', 'gato', ...def.tags],
		collections: def.collections,
		options,
		variants: variantMatrix(
			handle,
			options,
			(s) => BANDANA_PRICE[s.Tamanho as (typeof BANDANA_SIZES)[number]] + (def.velvet ? 500 : 0),
			(s) => (soldOut.has(s.Tamanho ?? '') ? 0 : null),
		),
		images: images(random, handle, def.title, def.look, random.int(1, 3)),
	}
}

// ——— Other ranges ———

type SimpleDef = {
	title: string
	look: Look
	priceCents: number
	options?: { name: string; values: string[] }[]
	/** Extra cents per option value, e.g. { G: 500 }. */
	priceBump?: Record<string, number>
	tags?: string[]
	paragraphs: string[]
	bullets?: string[]
	/** Units on hand per variant (tracked), or null for made to order. */
	stock?: 'tracked' | null
	handle?: string
}

function simpleProduct(random: Random, def: SimpleDef, base: Omit<SeedProduct, 'handle' | 'title' | 'description' | 'descriptionHtml' | 'options' | 'variants' | 'images'>): SeedProduct {
	const handle = def.handle ?? slugify(def.title)
	const options = def.options ?? []
	const tracked = def.stock === 'tracked'
	const variants = options.length
		? variantMatrix(
				handle,
				options,
				(s) => def.priceCents + Object.values(s).reduce((sum, value) => sum + (def.priceBump?.[value] ?? 0), 0),
				() => (tracked ? (random.chance(0.12) ? 0 : random.int(3, 40)) : null),
			)
		: singleVariant(handle, def.priceCents, tracked ? random.int(5, 60) : null)
	return withColourImages(
		{
			...base,
			handle,
			title: def.title,
			...describe(def.paragraphs, def.bullets ?? []),
			tags: [...base.tags, ...(def.tags ?? [])],
			options,
			variants,
			images: images(random, handle, def.title, def.look, random.int(1, 3)),
		},
		def.look,
	)
}

function collarProducts(random: Random): SeedProduct[] {
	const sizes = { name: 'Tamanho', values: [...COLLAR_SIZES] }
	const bullets = [
		'Tamanho P: diâmetro 5-10 cm, pescoço 17-30 cm',
		'Tamanho M: diâmetro 10-15 cm, pescoço 29-45 cm',
		'Tamanho G: diâmetro 15-20 cm, pescoço 45-60 cm',
	]
	const defs: (SimpleDef & { colours: string[] })[] = [
		{ title: 'Colar Ajustável Nylon', colours: ['Vermelho', 'Preto', 'Azul bebe', 'Pink'], look: { shape: 'coleira', colour: '#c62828' }, priceCents: 0, paragraphs: ['Colar de nylon resistente com fivela de engate rápido e argola para guia.'] },
		{ title: 'Colar Couro Sintético', colours: ['Marrom', 'Preto', 'Vermelho'], look: { shape: 'coleira', colour: '#6d4c41' }, priceCents: 0, tags: ['couro'], paragraphs: ['Colar em couro sintético macio, que não marca o pelo, com fivela metálica.'] },
		{ title: 'Colar Refletivo Passeio Noturno', colours: ['Verde', 'Rosa neon', 'Preto'], look: { shape: 'coleira', colour: '#2e7d32' }, priceCents: 0, tags: ['refletivo'], paragraphs: ['Faixa refletiva costurada em todo o comprimento: seu pet visível nos passeios à noite.'] },
		{ title: 'Colar Xadrez Clássico', colours: ['Vermelho', 'Azul bebe', 'Verde'], look: { shape: 'coleira', colour: '#b22222', second: '#1c1c1c', pattern: 'xadrez' }, priceCents: 0, tags: ['xadrez'], paragraphs: ['O xadrez das nossas bandanas agora em colar, forrado e com fivela reforçada.'] },
		{ title: 'Colar com Plaquinha de Identificação', colours: ['Roxo', 'Pink', 'Preto', 'Azul bebe'], look: { shape: 'coleira', colour: '#6a1b9a' }, priceCents: 0, tags: ['identificação'], paragraphs: ['Colar ajustável com plaquinha para gravar o nome do pet e o telefone do tutor.'] },
		{ title: 'Colar Poá Fofura', colours: ['Pink', 'Rosa neon', 'Roxo'], look: { shape: 'coleira', colour: '#e91e63', second: '#ffffff', pattern: 'poa' }, priceCents: 0, tags: ['poá'], paragraphs: ['Colar estampado de poá, leve e confortável para o dia a dia.'] },
	]
	return defs.map((def) => {
		const handle = slugify(def.title)
		const options = [sizes, { name: 'Cor', values: def.colours }]
		const first = collarColour(def.colours[0] ?? 'Preto')
		const look = def.look.pattern ? def.look : { ...def.look, colour: first.hex }
		return withColourImages({
			handle,
			title: def.title,
			...describe([...def.paragraphs, 'Ajustável: confira a tabela de medidas (juvenil-infantil no tamanho G).'], bullets),
			productType: 'Colar',
			tags: ['colar', 'coleira', 'cachorro', 'ajustável', ...(def.tags ?? [])],
			collections: ['colar'],
			options,
			variants: variantMatrix(
				handle,
				options,
				(s) => COLLAR_PRICE[s.Tamanho as (typeof COLLAR_SIZES)[number]],
				() => (random.chance(0.1) ? 0 : random.int(2, 30)),
			),
			images: images(random, handle, def.title, look, random.int(1, 3)),
		}, look)
	})
}

function bowProducts(random: Random): SeedProduct[] {
	const base = { productType: 'Lacinho', tags: ['lacinho', 'laço', 'cachorro', 'gato'], collections: ['lacinhos'] }
	const defs: SimpleDef[] = [
		{ title: 'Lacinho Clássico', look: { shape: 'laco', colour: '#f48fb1' }, priceCents: 1490, options: [{ name: 'Cor', values: ['Rosa', 'Vermelho', 'Azul bebê', 'Amarelo', 'Lilás'] }], paragraphs: ['O lacinho que não sai de moda, em cetim com acabamento delicado.'] },
		{ title: 'Lacinho Poá', look: { shape: 'laco', colour: '#e91e63', second: '#ffffff', pattern: 'poa' }, priceCents: 1690, options: [{ name: 'Cor', values: ['Pink', 'Azul marinho', 'Preto'] }], tags: ['poá'], paragraphs: ['Lacinho de poá para deixar a produção ainda mais fofa.'] },
		{ title: 'Lacinho Xadrez', look: { shape: 'laco', colour: '#b22222', second: '#1c1c1c', pattern: 'xadrez' }, priceCents: 1690, options: [{ name: 'Cor', values: ['Vermelho', 'Azul', 'Verde'] }], tags: ['xadrez'], paragraphs: ['Combina com as bandanas xadrez: monte o look completo.'] },
		{ title: 'Lacinho Veludo', look: { shape: 'laco', colour: '#c9a227' }, priceCents: 1990, options: [{ name: 'Cor', values: ['Dourado', 'Pink', 'Vinho'] }], tags: ['veludo'], paragraphs: ['Veludo macio com brilho suave, perfeito para ocasiões especiais.'] },
		{ title: 'Lacinho com Pérola', look: { shape: 'laco', colour: '#fafafa', second: '#e0e0e0' }, priceCents: 2290, options: [{ name: 'Cor', values: ['Branco', 'Rosa'] }], tags: ['festa'], paragraphs: ['Lacinho com pérola aplicada à mão, para festas e ensaios de fotos.'] },
		{ title: 'Lacinho Floral', look: { shape: 'laco', colour: '#ffcc80', second: '#f06292', pattern: 'poa' }, priceCents: 1790, options: [{ name: 'Cor', values: ['Rosa', 'Amarelo'] }], tags: ['floral'], paragraphs: ['Estampa floral alegre, ideal para a primavera.'] },
		{ title: 'Kit 4 Lacinhos Sortidos', look: { shape: 'laco', colour: '#ba68c8' }, priceCents: 4990, options: [{ name: 'Cor', values: ['Tons pastel', 'Tons vibrantes'] }], tags: ['kit'], paragraphs: ['Quatro lacinhos sortidos para variar o visual a semana inteira.'] },
		{ title: 'Lacinho Duplo', look: { shape: 'laco', colour: '#c0392b' }, priceCents: 1890, options: [{ name: 'Cor', values: ['Vermelho', 'Preto'] }], paragraphs: ['Duas camadas de tecido para um laço cheio e elegante.'] },
	]
	return defs.map((def) =>
		simpleProduct(
			random,
			{
				...def,
				paragraphs: [...def.paragraphs, 'Escolha a fixação: elástico de cabelo, presilha ou elástico ajustável.'],
				bullets: ['Tamanho aproximado: 7 cm', 'Fixações: Elástico de cabelo, Presilha ou Elástico ajustável'],
			},
			base,
		),
	)
}

function tieProducts(random: Random): SeedProduct[] {
	const base = { productType: 'Gravata', tags: ['gravata', 'gravata borboleta', 'cachorro', 'gato'], collections: ['gravatas'] }
	const sizes = [{ name: 'Tamanho', values: ['P', 'M', 'G'] }]
	const bump = { G: 400 }
	const defs: SimpleDef[] = [
		{ title: 'Gravata Borboleta Preta', look: { shape: 'gravata', colour: '#1c1c1c' }, priceCents: 2490, paragraphs: ['A gravata borboleta preta para casamentos, festas e ensaios.'] },
		{ title: 'Gravata Borboleta Xadrez Vermelha', look: { shape: 'gravata', colour: '#b22222', second: '#1c1c1c', pattern: 'xadrez' }, priceCents: 2690, tags: ['xadrez'], paragraphs: ['Xadrez vermelho clássico, com elástico confortável.'] },
		{ title: 'Gravata Borboleta Poá Azul', look: { shape: 'gravata', colour: '#1f2f5c', second: '#ffffff', pattern: 'poa' }, priceCents: 2690, tags: ['poá'], paragraphs: ['Azul marinho com poá branco: elegante e divertida.'] },
		{ title: 'Gravata Borboleta Azul Marinho', look: { shape: 'gravata', colour: '#1f2f5c' }, priceCents: 2490, paragraphs: ['Lisa em azul marinho, combina com qualquer bandana.'] },
		{ title: 'Gravata Borboleta Veludo Vinho', look: { shape: 'gravata', colour: '#6d1a36' }, priceCents: 3290, tags: ['veludo'], paragraphs: ['Veludo vinho para as ocasiões mais especiais.'] },
		{ title: 'Gravata Borboleta Verde Musgo', look: { shape: 'gravata', colour: '#556b2f' }, priceCents: 2490, paragraphs: ['Verde musgo, um tom terroso e sofisticado.'] },
	]
	return defs.map((def) =>
		simpleProduct(
			random,
			{ ...def, options: sizes, priceBump: bump, bullets: ['Presa por elástico ajustável', 'P: até 30 cm de pescoço; M: até 45 cm; G: até 60 cm'] },
			base,
		),
	)
}

function scarfProducts(random: Random): SeedProduct[] {
	const base = { productType: 'Cachecol', tags: ['cachecol', 'inverno', 'cachorro'], collections: ['cachecol'] }
	const sizes = [{ name: 'Tamanho', values: ['P', 'M', 'G'] }]
	const bump = { M: 500, G: 1000 }
	const defs: SimpleDef[] = [
		{ title: 'Cachecol Tricô Vermelho', look: { shape: 'cachecol', colour: '#c0392b' }, priceCents: 3990, tags: ['tricô'], paragraphs: ['Cachecol de tricô feito à mão, quentinho e macio.'] },
		{ title: 'Cachecol Xadrez Inverno', look: { shape: 'cachecol', colour: '#2e7d32', second: '#1c1c1c', pattern: 'xadrez' }, priceCents: 4490, tags: ['xadrez'], paragraphs: ['Flanela xadrez com franjas, para os dias mais frios.'] },
		{ title: 'Cachecol Lã Cinza', look: { shape: 'cachecol', colour: '#9e9e9e' }, priceCents: 4290, tags: ['lã'], paragraphs: ['Lã cinza mescla, combina com tudo.'] },
		{ title: 'Cachecol Listrado Azul', look: { shape: 'cachecol', colour: '#1e4fa3', second: '#ffffff', pattern: 'xadrez' }, priceCents: 4490, paragraphs: ['Listras azul e branco com franjas nas pontas.'] },
	]
	return defs.map((def) =>
		simpleProduct(random, { ...def, options: sizes, priceBump: bump, stock: 'tracked', bullets: ['Lavar à mão em água fria', 'Não usar secadora'] }, base),
	)
}

function boxProducts(random: Random): SeedProduct[] {
	const base = { productType: 'Box', tags: ['box', 'presente', 'kit'], collections: ['shinebox'] }
	const sizes = [{ name: 'Tamanho', values: ['P', 'M', 'G'] }]
	const defs: SimpleDef[] = [
		{ title: 'Shinebox Aniversário', look: { shape: 'caixa', colour: '#f48fb1', second: '#ffffff' }, priceCents: 8990, tags: ['aniversário'], paragraphs: ['Tudo para a festa do seu pet: bandana temática, lacinho, chapéu de festa e cartão.'] },
		{ title: 'Shinebox Passeio', look: { shape: 'caixa', colour: '#4fc3f7', second: '#1f2f5c' }, priceCents: 11990, tags: ['passeio'], paragraphs: ['Kit para o passeio: colar, bandana, porta-saquinhos e um brinquedo.'] },
		{ title: 'Shinebox Spa Day', look: { shape: 'caixa', colour: '#a5d6a7', second: '#ffffff' }, priceCents: 9990, tags: ['higiene', 'spa'], paragraphs: ['Shampoo neutro, colônia, escova e bandana para depois do banho.'] },
		{ title: 'Shinebox Estilo Completo', look: { shape: 'caixa', colour: '#1c1c1c', second: '#c9a227' }, priceCents: 14990, tags: ['premium'], paragraphs: ['Bandana de veludo, gravata borboleta, lacinho e colar: o look completo.'] },
	]
	return defs.map((def) =>
		simpleProduct(
			random,
			{ ...def, options: sizes, priceBump: { G: 1000 }, stock: 'tracked', bullets: ['Embalagem de presente inclusa', 'O tamanho vale para as peças de vestir da caixa'] },
			base,
		),
	)
}

function hygieneProducts(random: Random): SeedProduct[] {
	const base = { productType: 'Higiene', tags: ['higiene', 'banho', 'cuidados'], collections: ['higiene'] }
	const defs: SimpleDef[] = [
		{ title: 'Colônia Pet 60ml', look: { shape: 'frasco', colour: '#ce93d8' }, priceCents: 3490, options: [{ name: 'Fragrância', values: ['Talco', 'Lavanda', 'Frutas vermelhas'] }], tags: ['perfume', 'colônia'], paragraphs: ['Colônia suave, desenvolvida para pets, com fixação de até 3 dias.'] },
		{ title: 'Perfume Pet 10ml', look: { shape: 'frasco', colour: '#f8bbd0' }, priceCents: 1299, tags: ['perfume'], paragraphs: ['Tamanho de bolsa: perfume para o pós-banho e para retocar no passeio.'] },
		{ title: 'Shampoo Neutro Pet 500ml', look: { shape: 'frasco', colour: '#80deea' }, priceCents: 3990, tags: ['shampoo'], paragraphs: ['Shampoo neutro e hipoalergênico, pH balanceado para a pele dos pets.'] },
		{ title: 'Condicionador Hidratante 500ml', look: { shape: 'frasco', colour: '#fff59d' }, priceCents: 4290, tags: ['condicionador'], paragraphs: ['Hidrata e desembaraça, deixando o pelo macio e brilhante.'] },
		{ title: 'Lenço Umedecido Pet (50 unidades)', look: { shape: 'caixa', colour: '#b2dfdb', second: '#00796b' }, priceCents: 1990, tags: ['lenço'], paragraphs: ['Limpeza rápida de patinhas, focinho e pelos, sem álcool.'] },
		{ title: 'Spray Desembaraçante 200ml', look: { shape: 'frasco', colour: '#aed581' }, priceCents: 3290, tags: ['pelos'], paragraphs: ['Facilita a escovação e reduz os nós em pelos longos.'] },
		{ title: 'Limpador de Patinhas 150ml', look: { shape: 'frasco', colour: '#90caf9' }, priceCents: 2990, tags: ['patinhas'], paragraphs: ['Espuma de limpeza sem enxágue para depois do passeio.'] },
		{ title: 'Escova Rasqueadeira', look: { shape: 'pingente', colour: '#8d6e63' }, priceCents: 3590, options: [{ name: 'Tamanho', values: ['P', 'G'] }], priceBump: { G: 1000 }, tags: ['escova', 'pelos'], paragraphs: ['Remove os pelos soltos e evita nós; cerdas com pontas protegidas.'] },
	]
	return defs.map((def) => simpleProduct(random, { ...def, stock: 'tracked', bullets: ['Uso externo', 'Mantenha fora do alcance de crianças'] }, base))
}

function subscriptionProducts(random: Random): SeedProduct[] {
	const base = { productType: 'Assinatura', tags: ['assinatura', 'mensal'], collections: ['assinatura'] }
	const defs: SimpleDef[] = [
		{ title: 'Assinatura Clube da Bandana', look: { shape: 'bandana', colour: '#e91e63', second: '#ffffff', pattern: 'poa' }, priceCents: 3990, paragraphs: ['Uma bandana nova todo mês, com estampa exclusiva do clube.', 'Plano anual de 12 meses com frete grátis.'] },
		{ title: 'Assinatura Box Mimo Mensal', look: { shape: 'caixa', colour: '#ba68c8', second: '#ffffff' }, priceCents: 7990, paragraphs: ['Uma caixa surpresa por mês com acessórios e mimos para o seu pet.', 'Plano anual de 12 meses com frete grátis.'] },
		{ title: 'Assinatura Kit Higiene', look: { shape: 'frasco', colour: '#4dd0e1' }, priceCents: 4990, paragraphs: ['Shampoo, colônia e lenços todo mês, para o banho nunca faltar.', 'Plano anual de 12 meses com frete grátis.'] },
	]
	return defs.map((def) =>
		simpleProduct(random, { ...def, bullets: ['12 meses', 'Frete grátis', 'Até 50% de desconto em relação à compra avulsa'] }, base),
	)
}

function artProducts(random: Random): SeedProduct[] {
	const base = { productType: 'Arte', tags: ['arte', 'estampa', 'personalização'], collections: ['artes-personalizadas'] }
	const defs: SimpleDef[] = [
		{ title: 'Arte Patinhas', look: { shape: 'arte', colour: '#f8bbd0', second: '#e91e63' }, priceCents: 990, paragraphs: ['Patinhas espalhadas em tons de rosa.'] },
		{ title: 'Arte Ossinhos', look: { shape: 'arte', colour: '#bbdefb', second: '#1f2f5c' }, priceCents: 990, paragraphs: ['Ossinhos divertidos em fundo azul claro.'] },
		{ title: 'Arte Corações', look: { shape: 'arte', colour: '#ffcdd2', second: '#c0392b', pattern: 'poa' }, priceCents: 1290, paragraphs: ['Corações vermelhos para quem ama o seu pet.'] },
		{ title: 'Arte Estrelinhas', look: { shape: 'arte', colour: '#1f2f5c', second: '#f4c430', pattern: 'poa' }, priceCents: 1290, paragraphs: ['Estrelinhas douradas em azul marinho.'] },
		{ title: 'Arte Arco-íris', look: { shape: 'arte', colour: '#fff59d', second: '#7e57c2' }, priceCents: 1590, paragraphs: ['Arco-íris colorido e alegre.'] },
		{ title: 'Arte Floral', look: { shape: 'arte', colour: '#c8e6c9', second: '#f06292', pattern: 'poa' }, priceCents: 1590, paragraphs: ['Flores delicadas em fundo verde claro.'] },
	]
	return defs.map((def) =>
		simpleProduct(random, { ...def, paragraphs: [...def.paragraphs, 'Arte pronta para estampar a bandana personalizada.'] }, base),
	)
}

function collarAccessoryProducts(random: Random): SeedProduct[] {
	const base = { productType: 'Acessório', tags: ['acessório', 'pingente', 'personalização'], collections: ['personalizacao-de-colares'] }
	const defs: SimpleDef[] = [
		{ title: 'Pingente Osso Dourado', look: { shape: 'pingente', colour: '#c9a227' }, priceCents: 1490, paragraphs: ['Pingente em formato de osso, banhado a dourado.'] },
		{ title: 'Pingente Coração Prateado', look: { shape: 'coracao', colour: '#b0bec5' }, priceCents: 1490, paragraphs: ['Pingente de coração prateado, leve e resistente.'] },
		{ title: 'Plaquinha de Identificação Gravada', look: { shape: 'plaquinha', colour: '#90a4ae' }, priceCents: 1990, paragraphs: ['Plaquinha gravada com o nome do pet e o telefone do tutor.'] },
		{ title: 'Sininho Dourado', look: { shape: 'sino', colour: '#f4c430' }, priceCents: 590, paragraphs: ['Sininho para saber sempre onde o seu pet está.'] },
		{ title: 'Laço para Acessório de Pescoço', look: { shape: 'laco', colour: '#e91e63' }, priceCents: 990, paragraphs: ['Laço que se prende ao colar com velcro.'] },
	]
	return defs.map((def) => simpleProduct(random, { ...def, stock: 'tracked' }, base))
}

/** Products that exist for the cart and personalization flows, not for browsing. */
function internalProducts(random: Random): SeedProduct[] {
	const internal = (productType: string) => ({ productType, tags: [INTERNAL_TAG], collections: [] as string[] })
	const products: SeedProduct[] = []
	products.push(
		simpleProduct(
			random,
			{
				handle: FIXED_HANDLES.gift,
				title: 'Lacinho Pet (Brinde)',
				look: { shape: 'laco', colour: '#f48fb1', second: '#ffffff', pattern: 'poa' },
				priceCents: 1490,
				tags: ['brinde', 'lacinho'],
				paragraphs: ['Um lacinho de presente para compras a partir de R$ 100,00. Adicionado automaticamente ao carrinho.'],
			},
			internal('Brinde'),
		),
	)
	const bandanaBase = simpleProduct(
		random,
		{
			handle: FIXED_HANDLES.bandanaPersonalizationBase,
			title: 'Bandana Personalizada',
			look: { shape: 'bandana', colour: '#f472b6' },
			priceCents: 2990,
			options: [{ name: 'Tamanho', values: [...BANDANA_SIZES] }],
			tags: ['bandana', 'personalizada'],
			paragraphs: ['Base da bandana personalizada: cor, nome, Instagram e arte escolhidos em Crie sua bandana.'],
		},
		internal('Bandana'),
	)
	const collarBase = simpleProduct(
		random,
		{
			handle: FIXED_HANDLES.collarPersonalizationBase,
			title: 'Colar Personalizado',
			look: { shape: 'coleira', colour: '#f472b6' },
			priceCents: 1990,
			tags: ['colar', 'personalizado'],
			paragraphs: ['Base do colar personalizado: cor e acessório escolhidos na personalização de colares.'],
		},
		internal('Colar'),
	)
	products.push(bandanaBase, collarBase)
	const all = [...Object.values(PRODUCT_PAGE_ADDONS), ...Object.values(PERSONALIZATION_ADDONS), ...Object.values(WHOLESALE_ADDONS)]
	// The extras the builder shares with the product page are one product each (decision 098).
	const addons = [...new Map(all.map((addon) => [addon.handle, addon])).values()]
	for (const addon of addons) {
		products.push(
			simpleProduct(
				random,
				{
					handle: addon.handle,
					title: addon.title,
					look: { shape: 'etiqueta', colour: '#f9a8d4', second: '#ffffff' },
					priceCents: addon.priceCents,
					tags: ['adicional'],
					paragraphs: ['Adicional cobrado junto com o produto principal.'],
				},
				internal('Adicional'),
			),
		)
	}
	return products
}

function wholesaleProducts(random: Random): SeedProduct[] {
	const base = { productType: 'Atacado', tags: ['atacado', 'revenda'], collections: ['atacado'] }
	return [
		simpleProduct(
			random,
			{
				handle: FIXED_HANDLES.wholesaleBandanaBase,
				title: 'Bandana Atacado',
				look: { shape: 'bandana', colour: '#1f2f5c', second: '#ffffff', pattern: 'xadrez' },
				priceCents: 1500,
				tags: ['bandana'],
				paragraphs: ['Bandanas para revenda a partir de 10 unidades, com logo da empresa e design exclusivo sem custo.'],
				bullets: ['10 a 20 unidades: R$ 15,00 cada', '21 a 40 unidades: R$ 13,00 cada', '41 ou mais: R$ 10,00 cada'],
			},
			base,
		),
		simpleProduct(
			random,
			{
				handle: FIXED_HANDLES.wholesaleCollarBase,
				title: 'Colar Atacado',
				look: { shape: 'coleira', colour: '#6a1b9a' },
				priceCents: 1000,
				tags: ['colar'],
				paragraphs: ['Colares para revenda a partir de 10 unidades.'],
				bullets: ['10 a 20 unidades: R$ 10,00 cada', '21 a 40 unidades: R$ 9,00 cada', '41 ou mais: R$ 7,00 cada'],
			},
			base,
		),
	]
}

/** The whole demo catalogue. */
export function buildDemoCatalogue(random: Random): SeedProduct[] {
	const products = [
		...bandanaDefs().map((def) => bandanaProduct(random, def)),
		...bowProducts(random),
		...collarProducts(random),
		...tieProducts(random),
		...scarfProducts(random),
		...boxProducts(random),
		...hygieneProducts(random),
		...subscriptionProducts(random),
		...artProducts(random),
		...collarAccessoryProducts(random),
		...wholesaleProducts(random),
		...internalProducts(random),
	]
	const handles = new Set<string>()
	for (const product of products) {
		if (handles.has(product.handle)) throw new Error(`handle repetido no catálogo de demonstração: ${product.handle}`)
		handles.add(product.handle)
	}
	return products
}

/** Shopper-facing products (not add-ons, bases or the gift): reviews and Aria use these. */
export function isBrowsable(product: SeedProduct): boolean {
	return !product.tags.includes(INTERNAL_TAG) && !product.collections.includes('atacado')
}
