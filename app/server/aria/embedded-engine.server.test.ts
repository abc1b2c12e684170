import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { db } from '~/server/db.server'
import { seedDemoData } from '~/server/seed/seed.server'
import { clearStoreSettingsCache, updateStoreSettings } from '~/server/settings.server'
import { productHandlesOf } from '~/utils/aria-reply'
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
	{ question: 'como funciona a assinatura?', contains: ['12 meses', '/mes'], products: /^assinatura-/ },
	{ question: 'posso trocar se nao servir?', contains: ['30 dias'] },
	{ question: 'tem garantia?', contains: ['garantia'] },
	{ question: 'como lavo a bandana?', contains: ['sabao neutro'] },
	{ question: 'cade meu pedido? quero rastrear', contains: ['/user/orders', 'wa.me'] },
	{ question: 'quero falar com uma atendente', contains: ['whatsapp', 'wa.me'] },
	// What it does not know
	{ question: 'vcs abrem no feriado de carnaval?', answered: false, contains: ['whatsapp'], noProducts: true },
	{ question: 'qual a previsao do tempo amanha', answered: false, noProducts: true },
]

describe('Aria (embedded): questions shoppers ask', () => {
	test.each(CASES)('$question', async ({ question, contains = [], products, noProducts, answered = true }) => {
		const reply = await answerEmbedded({ message: question, history: [], context: NO_CONTEXT })
		const text = fold(reply.text)
		for (const piece of contains) expect(text, reply.text).toContain(fold(piece))
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
		const reply = await answerEmbedded({ message: 'vcs entregam em manaus?', history: [], context: NO_CONTEXT })
		expect(reply.text).toContain('A produção leva 4 dias úteis.')
		// Sudeste 4 + 2–5, Norte 4 + 6–12 (the defaults).
		expect(reply.text).toContain('Sudeste: chega entre 8 e 11 de dezembro')
		expect(reply.text).toContain('Norte: chega entre 14 e 22 de dezembro')
	})
})
