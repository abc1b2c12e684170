// Runs on both databases (decision 130): its subject is search: the trigram and unaccent extensions.
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { db } from '~/server/db.server'
import { seedDemoData } from '~/server/seed/seed.server'
import { clearStoreSettingsCache, updateStoreSettings } from '~/server/settings.server'
import { productHandlesOf, readableReply, replyBlocks, stripProductTags } from '~/utils/aria-reply'
import { setClockForTests } from '~/server/clock.server'
import { answerEmbedded } from './embedded-engine.server'
import type { AriaContext } from './engine'

/**
 * The embedded assistant against the demo shop (issue 12): questions as shoppers type them —
 * typos, no accents, chat spellings — and what each answer must hold (a fact, a size, products).
 */

withTestDatabase()

beforeAll(async () => {
	await seedDemoData(db)
}, 120_000)

const NO_CONTEXT: AriaContext = { productHandle: null, cart: null, pets: [] }

type Case = {
	question: string
	/** Pieces the answer must contain (compared without accents and case). */
	contains?: string[]
	/** The answer recommends at least one product, and every product named matches. */
	products?: RegExp
	/** No product is named. */
	noProducts?: boolean
	/** false: the assistant must say it does not know (and offer WhatsApp). */
	answered?: boolean
	/** Pieces the answer must not contain: what was not asked (compared without accents and case). */
	notContains?: string[]
	/** The answer holds a list the panel shows as <ul>. */
	list?: boolean
	/** Who asks: her last order's CEP and state. */
	address?: { cep: string | null; uf: string | null }
}

const fold = (text: string) =>
	text
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()

const CASES: Case[] = [
	// Greetings and manners
	{ question: 'oi', contains: ['aria', 'raca', 'tamanho'], noProducts: true },
	{ question: 'Boa tarde!', contains: ['raca'], noProducts: true },
	{ question: 'obrigada!!', contains: ['imagina'], noProducts: true },
	// Delivery and production
	{ question: 'qto tempo demora pra chegar', contains: ['4 dias uteis', 'sudeste', 'dias uteis'] },
	{ question: 'vcs entregam em manaus?', contains: ['todo o brasil', 'norte'] },
	{ question: 'qual o prazo de producao?', contains: ['4 dias uteis'] },
	{ question: 'quanto tempo pra ficar pronto', contains: ['4 dias uteis'] },
	{ question: 'o frete e gratis?', contains: ['frete gratis', 'r$ 100,00'] },
	{ question: 'a partir de quanto o frete sai de graca', contains: ['r$ 100,00'] },
	// Payment, discounts and the gift
	{ question: 'da pra parcelar no cartao?', contains: ['6x sem juros'] },
	{ question: 'aceita pix?', contains: ['pix'] },
	{ question: 'quais as formas de pagamento', contains: ['pix', 'cartao', '6x'] },
	{ question: 'ganho brinde?', contains: ['brinde', 'r$ 100,00'] },
	{ question: 'tem cupom de desconto?', contains: ['cupom', 'checkout'] },
	// Sizes
	{ question: 'meu golden tem 45cm de pescoço, qual tamanho?', contains: ['45 cm', 'gg'] },
	{ question: 'qual tamanho de bandana pra shih tzu', contains: ['shih tzu', 'bandana tamanho u'] },
	{ question: 'qual tamanho de colar para um pescoço de 32 cm', contains: ['colar tamanho m'] },
	{ question: 'meu cachorro tem 25cm de pescoco', contains: ['bandana tamanho m', 'colar tamanho p'] },
	{ question: 'que tamanho serve num labrador?', contains: ['labrador', 'gg'] },
	{ question: 'tabela de medidas', contains: ['xg', '70 cm'] },
	{ question: 'qual o tamanho certo pra minha cachorra?', contains: ['raca', 'pescoco'] },
	{ question: 'pescoço de 32,5 cm serve colar M?', contains: ['32,5 cm', 'colar tamanho m'] },
	{ question: 'minha gata usa qual tamanho de bandana', contains: ['gato', 'bandana tamanho'] },
	// Products
	{ question: 'tem bandana xadrez?', products: /xadrez/ },
	{ question: 'quero uma bandana para cachorro medio', products: /^bandana-/, contains: ['bandana tamanho g'] },
	{ question: 'vcs tem gravata borboleta?', products: /^gravata-/ },
	{ question: 'procuro um lacinho de veludo', products: /^lacinho-veludo/ },
	{ question: 'tem colar refletivo pra passeio a noite', products: /refletivo/ },
	{ question: 'queria um cachecol pro inverno', products: /^cachecol-/ },
	{ question: 'tem shampoo pra cachorro?', products: /shampoo/ },
	{ question: 'quero dar um presente pro meu dog, tem box?', products: /^shinebox-/ },
	{ question: 'bandana vermelha tem?', products: /^bandana-.*vermelh/ },
	{ question: 'tem bandana rosa bebe', products: /rosa-bebe/ },
	{ question: 'quero uma bandana', products: /^bandana-/, contains: ['raca'] },
	// Services
	{ question: 'vcs fazem bandana personalizada com o nome do pet?', contains: ['/personalize', 'nome do pet', 'r$ 10,00'] },
	{ question: 'como funciona o atacado? sou de um pet shop', contains: ['a partir de 10 unidades', '/atacado', 'r$ 15,00'] },
	{ question: 'qual a quantidade minima pra revenda', contains: ['10 unidades'] },
	{ question: 'como funciona a assinatura?', contains: ['12 meses', 'por mes'], products: /^assinatura-/ },
	{ question: 'posso trocar se nao servir?', contains: ['30 dias', '7 dias', 'desistir em meus pedidos'] },
	{ question: 'tem garantia?', contains: ['garantia', '7 dias', 'ver a politica de trocas e devolucoes'] },
	{ question: 'como lavo a bandana?', contains: ['sabao neutro'] },
	{ question: 'cade meu pedido? quero rastrear', contains: ['/user/orders', 'wa.me'] },
	{ question: 'quero falar com uma atendente', contains: ['whatsapp', 'wa.me'] },
	// What it does not know
	{ question: 'vcs abrem no feriado de carnaval?', answered: false, contains: ['whatsapp'], noProducts: true },
	{ question: 'qual a previsao do tempo amanha', answered: false, noProducts: true },

	// Issue 31: only what was asked, for the shopper, with cards and links with words
	{ question: 'tem frete grátis?', contains: ['r$ 100,00'], notContains: ['assinatura'], noProducts: true },
	{ question: 'frete gratis?', contains: ['gratis'], noProducts: true },
	{ question: 'prazo de entrega pra BH?', contains: ['belo horizonte', 'sudeste', 'chega entre'], notContains: ['norte', 'nordeste', 'centro-oeste'] },
	{ question: 'vcs entregam em manaus?', contains: ['manaus', 'norte'], notContains: ['sudeste', 'nordeste'] },
	{ question: 'entrega em minas?', contains: ['minas gerais', 'sudeste'], notContains: ['norte'] },
	{ question: 'qnto tempo demora pra chegar em porto alegre', contains: ['porto alegre', 'sul', '4 dias uteis'], notContains: ['sudeste', 'norte'] },
	{ question: 'qual o frete pra SP', contains: ['sudeste', 'r$'], notContains: ['nordeste', 'norte'] },
	{ question: 'quanto fica o frete pro rio?', contains: ['rio de janeiro', 'sudeste', 'r$'], notContains: ['norte'] },
	{ question: 'entregam em recife', contains: ['recife', 'nordeste'], notContains: ['sudeste'] },
	{ question: 'chega antes do natal?', contains: ['sudeste', 'norte'], list: true, notContains: ['rn'] },
	{ question: 'qual o prazo de entrega?', address: { cep: '30130-000', uf: 'MG' }, contains: ['30130-000', 'sudeste'], notContains: ['norte'] },
	{ question: 'demora quanto pra chegar no df', address: { cep: '30130-000', uf: 'MG' }, contains: ['centro-oeste'], notContains: ['sudeste'] },
	{ question: 'qnto custa a bandana', products: /^bandana-/, contains: ['r$'] },
	{ question: 'quanto custa o colar?', products: /^colar-/, contains: ['r$'] },
	{ question: 'meu dog é um golden qual tamanho', contains: ['golden', 'tamanho gg', 'ver bandanas gg'], products: /^bandana-/ },
	{ question: 'cachorro com 40cm de pescoço', contains: ['bandana tamanho g', 'ver bandanas g'], products: /^bandana-/ },
	{ question: 'tem desconto no pix?', contains: ['pix'], notContains: ['cupom', 'instagram', 'boleto'], noProducts: true },
	{ question: 'da pra parcelar?', contains: ['6x sem juros'], notContains: ['pix'], noProducts: true },
	{ question: 'parcela em quantas vezes?', contains: ['6x'], noProducts: true },
	{ question: 'aceita boleto?', contains: ['boleto', 'pix'], noProducts: true },
	{ question: 'tem promoçao?', contains: ['cupom'], noProducts: true },
	{
		question: 'vcs fazem bandana personalizada?',
		contains: ['voce escolhe', 'abrir o criador de bandanas', 'r$ 10,00'],
		notContains: ['o cliente'],
		list: true,
	},
	{ question: 'como funciona o colar personalizado', contains: ['voce escolhe', 'abrir o criador de colares'], notContains: ['o cliente'] },
	{ question: 'qual o valor no atacado', contains: ['10 a', 'r$ 15,00', 'fazer um pedido no atacado'], list: true },
	{ question: 'quais os planos de assinatura', contains: ['por 12 meses', 'por mes'], notContains: ['/mes'], products: /^assinatura-/, list: true },
	{ question: 'tabela de medidas', contains: ['gg', 'xg'], list: true },
	{ question: 'vcs tem lacinho?', products: /^lacinho-/ },
	{ question: 'tem coleira?', products: /^colar-/ },
	{ question: 'como lavar a bandana', contains: ['sabao neutro'], noProducts: true },
	// Returns (decision 117): the 7 days to give up, with the pages where it is done and explained.
	{ question: 'posso devolver?', contains: ['7 dias', 'frete incluido', 'desistir em meus pedidos', 'ver a politica de trocas'], noProducts: true },
	{ question: 'quero devolver', contains: ['7 dias', 'desistir da compra', 'desistir em meus pedidos'], notContains: ['frete da troca'], noProducts: true },
	{
		question: 'posso trocar o tamanho?',
		contains: ['30 dias', 'falar no whatsapp', '7 dias', 'ver a politica de trocas'],
		notContains: ['qual a raca', 'xg'],
		noProducts: true,
	},
	{ question: 'me arrependi da compra', contains: ['7 dias', 'personalizadas', 'desistir em meus pedidos'], notContains: ['30 dias'], noProducts: true },
	{ question: 'a bandana nao serviu, como faço pra trocar', contains: ['30 dias', 'falar no whatsapp', '7 dias'], noProducts: true },
	{ question: 'qro falar com alguem', contains: ['falar no whatsapp'], noProducts: true },
	{ question: 'onde ta meu pedido', contains: ['ver meus pedidos'], noProducts: true },
	{ question: 'ganha brinde comprando?', contains: ['brinde'], notContains: ['assinatura'], noProducts: true },
	{ question: 'oii', contains: ['aria'], noProducts: true },
	{ question: 'pescoco de 50 cm qual colar', contains: ['colar tamanho'] },
]

describe('Aria (embedded): questions shoppers ask', () => {
	test.each(CASES)('$question', async ({ question, contains = [], notContains = [], list, address, products, noProducts, answered = true }) => {
		const reply = await answerEmbedded({ message: question, history: [], context: { ...NO_CONTEXT, address: address ?? null } })
		const text = fold(reply.text)
		for (const piece of contains) expect(text, reply.text).toContain(fold(piece))
		for (const piece of notContains) expect(text, reply.text).not.toContain(fold(piece))
		// Issue 31: links with words, never a raw path; written to the shopper.
		const readable = readableReply(reply.text)
		expect(readable, reply.text).not.toMatch(/(^|[\s(])\/[a-z]/)
		expect(fold(readable), reply.text).not.toMatch(/\b(o|a) client[ea]\b/)
		if (list) expect(replyBlocks(stripProductTags(reply.text)).some((b) => b.kind === 'list'), reply.text).toBe(true)
		const handles = productHandlesOf(reply.text)
		if (products) {
			expect(handles.length, reply.text).toBeGreaterThan(0)
			for (const handle of handles) expect(handle, reply.text).toMatch(products)
		}
		if (noProducts) expect(handles, reply.text).toEqual([])
		expect(reply.answered, reply.text).toBe(answered)
	})
})

describe('Aria (embedded): the conversation and the shopper', () => {
	test('remembers the breed from an earlier message', async () => {
		const reply = await answerEmbedded({
			message: 'quero uma bandana xadrez',
			history: [
				{ role: 'user', content: 'tenho um beagle' },
				{ role: 'assistant', content: 'Para um Beagle, eu indico bandana tamanho G.' },
			],
			context: NO_CONTEXT,
		})
		expect(reply.text).toContain('tamanho G')
		expect(reply.text).not.toContain('Qual a raça')
		expect(productHandlesOf(reply.text).every((h) => h.includes('xadrez'))).toBe(true)
	})

	test("sizes from a signed-in customer's pet without asking", async () => {
		const reply = await answerEmbedded({
			message: 'qual tamanho de bandana?',
			history: [],
			context: { ...NO_CONTEXT, pets: [{ name: 'Thor', breed: null, neckMm: 400 }] },
		})
		expect(reply.text).toContain('Thor')
		expect(reply.text).toContain('bandana tamanho G')
	})

	test('a pet saved with a breed only is sized from the breed table, as the size guide does (issue 31)', async () => {
		const reply = await answerEmbedded({
			message: 'qual tamanho de bandana?',
			history: [],
			context: { ...NO_CONTEXT, pets: [{ name: 'Thor', breed: 'golden', neckMm: null }] },
		})
		expect(reply.text).toContain('Thor (Golden Retriever')
		expect(reply.text).toContain('bandana tamanho GG')
	})

	test('says how much the cart lacks for free shipping', async () => {
		const reply = await answerEmbedded({
			message: 'frete gratis?',
			history: [],
			context: { ...NO_CONTEXT, cart: { subtotalCents: 7000, itemCount: 2 } },
		})
		expect(reply.text).toContain('Faltam R$ 30,00')
	})

	test('answers the price of the product page it is opened on', async () => {
		const reply = await answerEmbedded({
			message: 'quanto custa esse?',
			history: [],
			context: { ...NO_CONTEXT, productHandle: 'bandana-preta' },
		})
		expect(reply.text).toContain('Bandana Preta')
		expect(reply.text).toContain('R$')
		expect(productHandlesOf(reply.text)).toEqual(['bandana-preta'])
	})

	test('states the settings as they are now, not a copy', async () => {
		await updateStoreSettings({ freeShippingThresholdCents: 15_000, giftThresholdCents: 20_000 })
		try {
			const shipping = await answerEmbedded({ message: 'frete gratis a partir de quanto?', history: [], context: NO_CONTEXT })
			expect(shipping.text).toContain('R$ 150,00')
			const gift = await answerEmbedded({ message: 'tem brinde?', history: [], context: NO_CONTEXT })
			expect(gift.text).toContain('R$ 200,00')
		} finally {
			await db.execute(sql`delete from store_settings`)
			clearStoreSettingsCache()
		}
	})

	test('a product the owner switched off is not recommended, and breeds come from the table', async () => {
		await db.execute(sql`update aria_products set is_available = false where shopify_handle like 'gravata-%'`)
		await db.execute(sql`insert into aria_breed_sizes (name, aliases, neck_mm) values ('Corgi', '{}', 420)`)
		try {
			const ties = await answerEmbedded({ message: 'tem gravata?', history: [], context: NO_CONTEXT })
			expect(productHandlesOf(ties.text).filter((h) => h.startsWith('gravata-'))).toEqual([])
			const corgi = await answerEmbedded({ message: 'bandana pra corgi', history: [], context: NO_CONTEXT })
			expect(corgi.text).toContain('Corgi')
			expect(corgi.text).toContain('bandana tamanho GG')
		} finally {
			await db.execute(sql`update aria_products set is_available = true where shopify_handle like 'gravata-%'`)
			await db.execute(sql`delete from aria_breed_sizes where name = 'Corgi'`)
		}
	})
})

describe('Aria tells the dates the checkout shows (decision 085)', () => {
	test('production + transit in business days, from now, as dates', async () => {
		// Tuesday 1 December 2026, 10:00 in São Paulo: before the cut-off, the day counts.
		setClockForTests(Date.parse('2026-12-01T13:00:00Z'))
		const reply = await answerEmbedded({ message: 'qto tempo demora pra chegar', history: [], context: NO_CONTEXT })
		expect(reply.text).toContain('A produção leva 4 dias úteis.')
		// Sudeste 4 + 2–5, Norte 4 + 6–12 (the defaults).
		expect(reply.text).toContain('Sudeste: chega entre 8 e 11 de dezembro')
		expect(reply.text).toContain('Norte: chega entre 14 e 22 de dezembro')
		// A place named: its region only (issue 31).
		const manaus = await answerEmbedded({ message: 'vcs entregam em manaus?', history: [], context: NO_CONTEXT })
		expect(manaus.text).toContain('região Norte, com o pagamento confirmado hoje: chega entre 14 e 22 de dezembro')
		expect(manaus.text).not.toContain('Sudeste')
	})
})
