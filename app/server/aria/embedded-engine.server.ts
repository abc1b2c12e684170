import { getCommerce } from '~/commerce/index.server'
import { listPrice } from '~/commerce/rules/list-price'
import { BANDANA_LENGTH_MM, COLLAR_NECK_MM, formatNeck, suggestSize } from '~/commerce/rules/pet-size'
import type { ProductSummary } from '~/commerce/types'
import { logger } from '~/server/logger.server'
import { whatsappUrl } from '~/components/shop/navigation'
import { formatMoney, formatPercent } from '~/utils/format'
import { formatBusinessDays } from '~/commerce/rules/delivery-date'
import type { AriaContext, AriaReply, AriaTurn } from './engine'
import {
	type BreedSize,
	activeAriaHandles,
	findBreed,
	knowledgeOfCategory,
	listBreedSizes,
	searchAriaProducts,
	searchKnowledge,
} from './knowledge.server'
import { normalizeMessage } from './message-text'
import { type ShopFacts, loadShopFacts } from './shop-facts.server'
import { type ProductKind, PRODUCT_KINDS, type Understanding, neckMeasureMm, understand } from './understanding'

/**
 * The embedded assistant (issue 12, decision 044): no outside service. It reads the message
 * with rules (understanding.ts), then answers from the shop's own data: the knowledge base,
 * the breed table and size guides, the active products, the settings. It says so when it does
 * not know, and offers WhatsApp; such questions are marked for the owner (`answered: false`).
 */

/** Products shown per answer: enough to choose, few enough to read on a phone. */
const PRODUCTS_PER_ANSWER = 3
const ALL_BANDANA_SIZES = BANDANA_LENGTH_MM.map(([size]) => size)
const ALL_COLLAR_SIZES = COLLAR_NECK_MM.map(([size]) => size)
/** Below this full-text score a knowledge entry is not trusted as the answer to an open question. */
const KNOWLEDGE_MIN_SCORE = 0.12

export const ASK_BREED_AND_SIZE =
	'Qual a raça e o tamanho do seu pet? Se souber, me diga a medida do pescoço em cm, assim eu indico o tamanho certinho 😉'

type PetNeck = { neckMm: number; source: string }

export async function answerEmbedded(input: { message: string; history: AriaTurn[]; context: AriaContext }): Promise<AriaReply> {
	const understanding = understand(input.message)
	const [breeds, facts, pageProduct] = await Promise.all([listBreedSizes(), loadShopFacts(), loadPageProduct(input.context.productHandle)])
	const breedHit = findBreed(understanding.normalized, breeds)
	const attributes = understanding.attributes.filter((word) => !breedHit?.words.includes(word) && !SIZE_CLASS_WORDS.has(word))
	const neck = petNeck(understanding, breedHit?.breed ?? null, input.history, breeds, input.context)
	const { topics } = understanding
	const pageKind = pageProduct ? kindOf(pageProduct) : null
	const sizedKinds = understanding.kinds.filter((kind) => kind.sized)
	const parts: string[] = []
	let answered = false

	const onlyGreeting = topics.has('greeting') && topics.size === 1 && !understanding.wantsProducts && !neck.fromMessage
	if (onlyGreeting) {
		return {
			text: `Oi! Que bom te ver por aqui 🐾 Eu sou a Aria, a assistente da ${facts.storeName}. ${ASK_BREED_AND_SIZE}`,
			answered: true,
		}
	}
	if (topics.has('thanks') && topics.size === 1 && !understanding.wantsProducts) {
		return { text: 'Imagina! Fico feliz em ajudar 🐶 Se precisar de mais alguma coisa, é só chamar.', answered: true }
	}

	// Size: from a measure, a breed or size class, this chat's earlier messages, or the customer's pet.
	const sizeAsked = topics.has('size') || neck.fromMessage
	if (sizeAsked || (neck.value && sizedKinds.length > 0)) {
		if (neck.value) {
			const named = sizedKinds.flatMap((k) => (k.sized ? [k.sized] : []))
			const kinds = named.length > 0 ? named : pageKind?.sized ? [pageKind.sized] : (['bandana', 'collar'] as const)
			parts.push(sizeAnswer(neck.value, new Set(kinds)))
		} else {
			parts.push(`${sizeGuideSummary()} ${ASK_BREED_AND_SIZE}`)
		}
		answered = true
	}

	// Products: a kind of product, or words to look for.
	if (understanding.wantsProducts && !(topics.has('subscription') && understanding.kinds.length === 0)) {
		const found = await recommendProducts(understanding, attributes)
		if (found.products.length > 0) {
			const lines = found.products.map((p) => `• ${p.title} – ${priceText(p)} PRODUCT:${p.handle}`)
			parts.push(`${found.intro}\n${lines.join('\n')}`)
			if (sizedKinds.length > 0 && !neck.value) parts.push(ASK_BREED_AND_SIZE)
			answered = true
		} else if (found.looked) {
			parts.push(
				`Não encontrei ${found.description} disponível agora 😕 Dá uma olhada nas categorias da loja ou me diga outra cor ou modelo.`,
			)
		}
	}

	// The product page the shopper is on: its price, when asked.
	if (pageProduct && topics.has('price') && !understanding.wantsProducts) {
		parts.push(
			`O ${pageProduct.title} custa ${priceText(pageProduct)}, em até ${facts.maxInstallments}x sem juros no cartão. PRODUCT:${pageProduct.handle}`,
		)
		answered = true
	}

	for (const topic of FACT_ORDER) {
		if (!topics.has(topic)) continue
		const text = await factAnswer(topic, facts, input, understanding)
		if (text) {
			parts.push(text)
			answered = true
		}
	}

	// An open question: the knowledge base entry that matches it best.
	if (!answered) {
		const [entry] = await searchKnowledge(input.message, { limit: 1, minScore: KNOWLEDGE_MIN_SCORE })
		if (entry) {
			parts.push(entry.content)
			answered = true
		}
	}

	if (!answered) {
		parts.push(
			`Hmm, essa eu não sei responder com certeza 🙈 Para não te passar uma informação errada, fale com a nossa equipe pelo WhatsApp: ${whatsappUrl(facts.whatsappNumber)}`,
		)
	}
	return { text: parts.join('\n\n'), answered }
}

const FACT_ORDER = [
	'production',
	'shipping',
	'freeShipping',
	'payment',
	'discount',
	'gift',
	'personalization',
	'wholesale',
	'subscription',
	'returns',
	'care',
	'orderStatus',
	'contact',
] as const

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)

/** 'A produção leva 4 dias úteis (peças personalizadas, 6 dias úteis).' */
function productionLine(facts: ShopFacts): string {
	const personalised =
		facts.personalizedProductionDays > facts.productionDays ? ` (peças personalizadas, ${formatBusinessDays(facts.personalizedProductionDays)})` : ''
	return `A produção leva ${formatBusinessDays(facts.productionDays)}${personalised}.`
}

async function factAnswer(
	topic: (typeof FACT_ORDER)[number],
	facts: ShopFacts,
	input: { message: string; context: AriaContext },
	understanding: Understanding,
): Promise<string | null> {
	const whatsapp = whatsappUrl(facts.whatsappNumber)
	switch (topic) {
		case 'production':
			return (await knowledgeOfCategory('produção', input.message))?.content ?? null
		case 'shipping': {
			// Decision 085: the same dates as the checkout (production + transit, business days, holidays).
			const dates = facts.shipping.map((row) => `${row.region}: ${lowerFirst(row.promise)}`).join('; ')
			return `Enviamos para todo o Brasil. ${productionLine(facts)} Com o pagamento confirmado hoje: ${dates}. O frete e a data exata aparecem no checkout pelo seu CEP. ${freeShippingLine(facts, input.context)}`
		}
		case 'freeShipping':
			return understanding.topics.has('shipping') ? null : freeShippingLine(facts, input.context)
		case 'payment': {
			const pix = facts.pixDiscountPercent > 0 ? `PIX à vista com ${formatPercent(facts.pixDiscountPercent)} de desconto` : 'PIX à vista'
			return `Você pode pagar com ${pix} ou no cartão de crédito em até ${facts.maxInstallments}x sem juros.`
		}
		case 'discount': {
			const pix = facts.pixDiscountPercent > 0 ? `Pagando com PIX você tem ${formatPercent(facts.pixDiscountPercent)} de desconto. ` : ''
			return `${pix}Se você tem um cupom, é só aplicar no checkout. As novidades e promoções saem no nosso Instagram e no WhatsApp: ${whatsapp}`
		}
		case 'gift': {
			if (facts.giftThresholdCents === null) return 'No momento não temos brinde ativo nas compras.'
			const remaining = input.context.cart ? facts.giftThresholdCents - input.context.cart.subtotalCents : null
			const cart =
				remaining !== null && remaining > 0
					? ` Faltam ${formatMoney(remaining)} no seu carrinho para ganhar.`
					: remaining !== null
						? ' Seu carrinho já garante o brinde! 🎁'
						: ''
			return `Em compras a partir de ${formatMoney(facts.giftThresholdCents)} você ganha um brinde, colocado automaticamente no carrinho 🎁${cart}`
		}
		case 'personalization': {
			const collar = understanding.kinds.some((kind) => kind.sized === 'collar')
			const type = collar ? 'collar' : 'bandana'
			const entry = await knowledgeOfCategory('personalização', collar ? 'colar colares' : 'bandana')
			const extras = facts.personalizationExtras.filter((extra) => extra.productType === type)
			const list = extras.length
				? ` Extras: ${extras.map((extra) => `${extra.itemName} (+${formatMoney(extra.priceCents)})`).join(', ')}.`
				: ''
			const where = collar ? 'Monte o seu em /personalize-colares.' : 'Crie a sua em /personalize.'
			return `${entry?.content ?? 'Fazemos peças personalizadas para o seu pet.'}${list} ${where}`
		}
		case 'wholesale': {
			if (facts.wholesaleTiers.length === 0) return `Para compras no atacado, fale com a gente pelo WhatsApp: ${whatsapp}`
			const minimum = Math.min(...facts.wholesaleTiers.map((tier) => tier.minQuantity))
			const byType = (['bandana', 'collar'] as const)
				.map((type) => {
					const tiers = facts.wholesaleTiers.filter((tier) => tier.productType === type)
					if (tiers.length === 0) return null
					const label = type === 'bandana' ? 'Bandanas' : 'Colares'
					const steps = tiers.map(
						(tier) =>
							`${tier.maxQuantity ? `${tier.minQuantity} a ${tier.maxQuantity}` : `${tier.minQuantity} ou mais`} un.: ${formatMoney(tier.unitPriceCents)} cada`,
					)
					return `${label}: ${steps.join('; ')}`
				})
				.filter(Boolean)
			return `Vendemos no atacado a partir de ${minimum} unidades, com preço por quantidade. ${byType.join('. ')}. Faça o pedido em /atacado.`
		}
		case 'subscription': {
			if (facts.subscriptions.length === 0) return null
			const lines = facts.subscriptions.map((s) => `• ${s.title} – ${formatMoney(s.monthlyCents)}/mês PRODUCT:${s.handle}`)
			return `Nossas assinaturas duram 12 meses, com frete grátis e novidades todo mês:\n${lines.join('\n')}\nVeja todas em /assinaturas.`
		}
		case 'returns':
			return (await knowledgeOfCategory('trocas', input.message))?.content ?? null
		case 'care':
			return (await knowledgeOfCategory('cuidados', input.message))?.content ?? null
		case 'orderStatus':
			return `Você acompanha seus pedidos em Minha Conta › Pedidos (/user/orders); se comprou sem conta, o link do pedido está no e-mail de confirmação. Qualquer dúvida, fale com a gente pelo WhatsApp: ${whatsapp}`
		case 'contact':
			return `Fale com a nossa equipe pelo WhatsApp: ${whatsapp}`
	}
}

function freeShippingLine(facts: ShopFacts, context: AriaContext): string {
	const base = `Frete grátis em compras a partir de ${formatMoney(facts.freeShippingThresholdCents)}, e as assinaturas têm frete grátis.`
	if (!context.cart || context.cart.subtotalCents <= 0) return base
	const remaining = facts.freeShippingThresholdCents - context.cart.subtotalCents
	return remaining > 0
		? `${base} Faltam ${formatMoney(remaining)} no seu carrinho para o frete grátis.`
		: `${base} Seu carrinho já tem frete grátis! 🎉`
}

/** Size classes live in the breed table ('Porte médio'); their words are not product attributes. */
const SIZE_CLASS_WORDS = new Set(['pequeno', 'pequena', 'medio', 'media', 'grande', 'gigante', 'mini', 'porte', 'filhote', 'raca'])

/**
 * The neck to size for: a measure in this message, else a breed or size class named in it,
 * else one from the chat's earlier messages, else the signed-in customer's first pet with a
 * measured neck.
 */
function petNeck(
	understanding: Understanding,
	breed: BreedSize | null,
	history: AriaTurn[],
	breeds: readonly BreedSize[],
	context: AriaContext,
): { value: PetNeck | null; fromMessage: boolean } {
	if (understanding.neckMm)
		return { value: { neckMm: understanding.neckMm, source: `Para um pescoço de ${formatNeck(understanding.neckMm)}` }, fromMessage: true }
	if (breed) return { value: breedNeck(breed), fromMessage: true }
	for (const turn of [...history].reverse()) {
		if (turn.role !== 'user') continue
		const normalized = normalizeMessage(turn.content)
		const measure = neckMeasureMm(normalized)
		if (measure)
			return { value: { neckMm: measure, source: `Para o pescoço de ${formatNeck(measure)} que você me disse` }, fromMessage: false }
		const earlier = findBreed(normalized, breeds)
		if (earlier) return { value: breedNeck(earlier.breed), fromMessage: false }
	}
	const pet = context.pets.find((p) => p.neckMm)
	if (pet?.neckMm)
		return { value: { neckMm: pet.neckMm, source: `Para o ${pet.name} (pescoço de ${formatNeck(pet.neckMm)})` }, fromMessage: false }
	return { value: null, fromMessage: false }
}

function breedNeck(breed: BreedSize): PetNeck {
	const name = /^porte /i.test(breed.name) ? `um pet de ${breed.name.toLowerCase()}` : `um ${breed.name}`
	return {
		neckMm: breed.neckMm,
		source: `Para ${name} (o pescoço costuma medir uns ${formatNeck(breed.neckMm)}; se puder, confira com uma fita métrica)`,
	}
}

function sizeAnswer(neck: PetNeck, kinds: Set<'bandana' | 'collar'>): string {
	const lines: string[] = []
	if (kinds.has('bandana')) {
		const size = suggestSize('bandana', neck.neckMm, ALL_BANDANA_SIZES)
		const length = BANDANA_LENGTH_MM.find(([s]) => s === size)?.[1]
		lines.push(
			size && length
				? `bandana tamanho ${size} (${formatNeck(length)}, com folga para o nó)`
				: 'a bandana precisaria ser maior que o nosso XG (70 cm): fale com a gente para fazer sob medida',
		)
	}
	if (kinds.has('collar')) {
		const size = suggestSize('collar', neck.neckMm, ALL_COLLAR_SIZES)
		const range = COLLAR_NECK_MM.find(([s]) => s === size)
		lines.push(
			size && range
				? `colar tamanho ${size} (ajustável de ${formatNeck(range[1])} a ${formatNeck(range[2])})`
				: 'nenhum dos nossos colares (17 a 60 cm) fica bem nesse pescoço',
		)
	}
	return `${neck.source}, eu indico ${lines.join(' e ')}.`
}

function sizeGuideSummary(): string {
	const bandana = BANDANA_LENGTH_MM.map(([size, mm]) => `${size} ${formatNeck(mm)}`).join(', ')
	const collar = COLLAR_NECK_MM.map(([size, min, max]) => `${size} ${formatNeck(min)}–${formatNeck(max)}`).join(', ')
	return `Nossas bandanas medem ${bandana} (escolha uma que dê a volta no pescoço com uns 10 cm para o nó). Os colares são ajustáveis: ${collar} de pescoço.`
}

function priceText(product: ProductSummary): string {
	const price = listPrice(product)
	return price.varies ? `a partir de ${formatMoney(price.minCents)}` : formatMoney(price.minCents)
}

function kindOf(product: ProductSummary): ProductKind | null {
	const text = normalizeMessage(`${product.productType} ${product.title}`)
	return PRODUCT_KINDS.find((kind) => kind.stems.some((stem) => text.split(' ').some((word) => word.startsWith(stem)))) ?? null
}

async function loadPageProduct(handle: string | null): Promise<ProductSummary | null> {
	if (!handle) return null
	try {
		const [product] = await getCommerce().getProductsByHandles([handle])
		return product ?? null
	} catch (error) {
		logger.warn({ err: error, handle }, 'Aria: produto da página indisponível')
		return null
	}
}

/**
 * Up to PRODUCTS_PER_ANSWER products on sale for the kind and attributes asked: the assistant's
 * own list first (aria_products, active), then the catalogue search for words the list does not
 * hold; every product is checked on sale in the catalogue, so a card can always be added.
 */
async function recommendProducts(
	understanding: Understanding,
	attributes: string[],
): Promise<{ products: ProductSummary[]; intro: string; looked: boolean; description: string }> {
	const kind = understanding.kinds[0] ?? null
	const description = [kind?.search ?? 'produto', ...attributes].join(' ')
	if (!kind && attributes.length === 0) return { products: [], intro: '', looked: false, description }
	const limit = PRODUCTS_PER_ANSWER * 3
	let matches = await searchAriaProducts({ kind: kind?.search ?? null, attributes, limit })
	let intro = kind
		? `Separei algumas opções de ${plural(kind)}${attributes.length ? ` (${attributes.join(', ')})` : ''}:`
		: 'Encontrei estas opções:'
	let handles = matches.map((m) => m.handle)
	if (handles.length === 0) {
		const searched = await getCommerce()
			.searchProducts(description, { first: limit })
			.catch(() => [] as ProductSummary[])
		const active = await activeAriaHandles(searched.map((p) => p.handle))
		handles = searched.map((p) => p.handle).filter((h) => active.has(h))
	}
	if (handles.length === 0 && kind && attributes.length > 0) {
		matches = await searchAriaProducts({ kind: kind.search, attributes: [], limit })
		handles = matches.map((m) => m.handle)
		intro = `Não achei ${plural(kind)} com ${attributes.join(', ')}, mas olha estas opções:`
	}
	if (handles.length === 0) return { products: [], intro, looked: true, description }
	const products = (await getCommerce().getProductsByHandles(handles.slice(0, 50)))
		.filter((p) => p.availableForSale)
		.slice(0, PRODUCTS_PER_ANSWER)
	return { products, intro, looked: true, description }
}

function plural(kind: ProductKind): string {
	switch (kind.key) {
		case 'colar':
			return 'colares'
		case 'cachecol':
			return 'cachecóis'
		case 'higiene':
			return 'produtos de higiene'
		default:
			return `${kind.search}s`
	}
}
