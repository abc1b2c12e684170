import { getCommerce } from '~/commerce/index.server'
import { listPrice } from '~/commerce/rules/list-price'
import { BANDANA_LENGTH_MM, COLLAR_NECK_MM, formatNeck, suggestSize } from '~/commerce/rules/pet-size'
import type { ProductSummary } from '~/commerce/types'
import { logger } from '~/server/logger.server'
import { whatsappUrl } from '~/components/shop/navigation'
import { formatMoney, formatPercent } from '~/utils/format'
import { formatBusinessDays } from '~/commerce/rules/delivery-date'
import { ariaLink } from '~/utils/aria-reply'
import { planPriceText } from '~/utils/plan-price'
import type { AriaContext, AriaReply, AriaTurn } from './engine'
import { type BreedSize, breedNamed, findBreed, listBreedSizes } from '~/server/breed-sizes.server'
import { activeAriaHandles, knowledgeOfCategory, searchAriaProducts, searchKnowledge } from './knowledge.server'
import { mentions, normalizeMessage } from './message-text'
import { type AriaPlace, placeInMessage, placeOfShopper } from './place'
import { WITHDRAWAL_LINE, WITHDRAWAL_SHORT } from './withdrawal'
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
	// 'posso trocar o tamanho?' is a question about exchanges, not about sizes.
	const exchangeOnly = topics.has('returns') && !neck.fromMessage
	const sizeAsked = (topics.has('size') && !exchangeOnly) || neck.fromMessage
	if (sizeAsked || (neck.value && sizedKinds.length > 0 && !exchangeOnly)) {
		if (neck.value) {
			const named = sizedKinds.flatMap((k) => (k.sized ? [k.sized] : []))
			const kinds = named.length > 0 ? named : pageKind?.sized ? [pageKind.sized] : (['bandana', 'collar'] as const)
			parts.push(sizeAnswer(neck.value, new Set(kinds)))
			// Issue 31: a size is an answer to buy with: products in it (unless products are asked below) and a link to all.
			if (!understanding.wantsProducts && !pageProduct) {
				const offer = await productsInSize(kinds[0] as 'bandana' | 'collar', neck.value.neckMm)
				if (offer) parts.push(offer)
			}
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
			const intro = topics.has('price') && understanding.kinds[0] ? `${priceRangeLine(understanding.kinds[0], found.products)}` : found.intro
			parts.push(`${intro}\n${lines.join('\n')}`)
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
		if (!topics.has(topic) || skippedFact(topic, understanding)) continue
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
			`Hmm, essa eu não sei responder com certeza 🙈 Para não te passar uma informação errada, fale com a nossa equipe: ${whatsappLink(facts)}`,
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

/**
 * A fact topic the message touches but another answer already covers (issue 31: answer only
 * what was asked): the production time is part of the delivery answer; 'desconto no pix' is
 * the discount answer, not the list of payment methods.
 */
function skippedFact(topic: (typeof FACT_ORDER)[number], understanding: Understanding): boolean {
	const { topics, normalized } = understanding
	if (topic === 'production') return topics.has('shipping')
	if (topic === 'payment') return topics.has('discount') && mentions(normalized, ['pix'])
	return false
}

const whatsappLink = (facts: ShopFacts) => ariaLink('Falar no WhatsApp', whatsappUrl(facts.whatsappNumber))

/** 'você escolhe', not 'o cliente escolhe'; no raw paths (knowledge entries are written by the owner, often for staff). */
export function toShopper(text: string): string {
	return text
		.replace(/\s*\(\/[a-z0-9/-]*\)/g, '')
		.replace(/\b(o|a) client(e|a) (\p{L}+)/giu, (_m, _a, _b, verb: string) => `você ${verb}`)
		.replace(/\b(do|da) client(e|a)\b/giu, 'seu')
		.replace(/\b(ao|à) client(e|a)\b/giu, 'a você')
}

async function factAnswer(
	topic: (typeof FACT_ORDER)[number],
	facts: ShopFacts,
	input: { message: string; context: AriaContext },
	understanding: Understanding,
): Promise<string | null> {
	const { normalized } = understanding
	switch (topic) {
		case 'production': {
			const entry = await knowledgeOfCategory('produção', input.message)
			return entry ? toShopper(entry.content) : productionLine(facts)
		}
		case 'shipping':
			return shippingAnswer(facts, input, understanding)
		case 'freeShipping':
			return understanding.topics.has('shipping') ? null : freeShippingLine(facts, input.context)
		case 'payment': {
			const pix = facts.pixDiscountPercent > 0 ? `PIX à vista com ${formatPercent(facts.pixDiscountPercent)} de desconto` : 'PIX à vista'
			const instalments = `em até ${facts.maxInstallments}x sem juros no cartão de crédito`
			const askedInstalments = mentions(normalized, ['parcel', 'vezes', '6x', 'juros'])
			const askedPix = mentions(normalized, ['pix'])
			if (mentions(normalized, ['boleto'])) return `Não trabalhamos com boleto: você pode pagar com ${pix} ou ${instalments}.`
			if (askedInstalments && !askedPix) return `Sim! Você parcela ${instalments}.`
			if (askedPix && !askedInstalments) return `Sim, aceitamos ${pix}.`
			return `Você pode pagar com ${pix} ou ${instalments}.`
		}
		case 'discount': {
			const pix =
				facts.pixDiscountPercent > 0
					? `Sim: pagando com PIX você tem ${formatPercent(facts.pixDiscountPercent)} de desconto.`
					: 'No momento o pagamento no PIX não tem desconto: o preço é o mesmo do cartão, que parcela em até ' +
						`${facts.maxInstallments}x sem juros.`
			if (mentions(normalized, ['pix'])) return pix
			const coupon = 'Se você tem um cupom, é só aplicar no checkout.'
			if (mentions(normalized, ['cupom'])) return coupon
			return `${facts.pixDiscountPercent > 0 ? `${pix} ` : ''}${coupon} As promoções saem no nosso Instagram e no WhatsApp: ${whatsappLink(facts)}`
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
			const text = entry ? toShopper(entry.content) : 'Fazemos peças personalizadas para o seu pet.'
			const list = extras.length
				? `\nOs extras custam:\n${extras.map((extra) => `• ${extra.itemName}: + ${formatMoney(extra.priceCents)}`).join('\n')}`
				: ''
			const link = collar ? ariaLink('Abrir o criador de colares', '/personalize-colares') : ariaLink('Abrir o criador de bandanas', '/personalize')
			return `${text}${list}\n\n${link}`
		}
		case 'wholesale': {
			if (facts.wholesaleTiers.length === 0) return `Para compras no atacado, fale com a gente: ${whatsappLink(facts)}`
			const minimum = Math.min(...facts.wholesaleTiers.map((tier) => tier.minQuantity))
			const asksMinimum = mentions(normalized, ['minimo', 'quantidade minima']) && !mentions(normalized, ['como funciona', 'preco', 'valor', 'quanto'])
			if (asksMinimum) return `O pedido no atacado é a partir de ${minimum} unidades. ${ariaLink('Ver o atacado', '/atacado')}`
			const byType = (['bandana', 'collar'] as const).flatMap((type) => {
				const tiers = facts.wholesaleTiers.filter((tier) => tier.productType === type)
				if (tiers.length === 0) return []
				const label = type === 'bandana' ? 'Bandanas' : 'Colares'
				const steps = tiers.map(
					(tier) =>
						`• ${tier.maxQuantity ? `${tier.minQuantity} a ${tier.maxQuantity}` : `${tier.minQuantity} ou mais`} unidades: ${formatMoney(tier.unitPriceCents)} cada`,
				)
				return [`${label}:\n${steps.join('\n')}`]
			})
			return `Vendemos no atacado a partir de ${minimum} unidades, com preço por quantidade.\n\n${byType.join('\n\n')}\n\n${ariaLink('Fazer um pedido no atacado', '/atacado')}`
		}
		case 'subscription': {
			if (facts.subscriptions.length === 0) return null
			// Decision 100: the annual price (what is charged), then what it comes to per month.
			const lines = facts.subscriptions.map((s) => {
				const price = planPriceText(s.monthlyCents, facts.pixDiscountPercent)
				return `• ${s.title}: ${price.annual} ${price.period} (${price.monthly}) PRODUCT:${s.handle}`
			})
			return `Nossas assinaturas duram 12 meses, com frete grátis e novidades todo mês:\n${lines.join('\n')}\n\n${ariaLink('Ver as assinaturas', '/assinaturas')}`
		}
		case 'returns':
			return returnsAnswer(facts, input.message, understanding)
		case 'care': {
			const entry = await knowledgeOfCategory('cuidados', input.message)
			return entry ? toShopper(entry.content) : null
		}
		case 'orderStatus':
			return `Você acompanha seus pedidos em Minha Conta › Pedidos; se comprou sem conta, o link do pedido está no e-mail de confirmação. ${ariaLink('Ver meus pedidos', '/user/orders')} · ${whatsappLink(facts)}`
		case 'contact':
			return `Fale com a nossa equipe pelo WhatsApp: ${whatsappLink(facts)}`
	}
}

const RETURNS_LINKS = `${ariaLink('Desistir em Meus pedidos', '/user/orders')} · ${ariaLink('Ver a política de trocas e devoluções', '/trocas-e-devolucoes')}`

/**
 * Returns (issue 31, decision 117): an exchange or a defect gets the shop's own words (the 'trocas'
 * entry) and how to arrange it; giving up the purchase gets the 7-day right. Both say the 7 days —
 * the right the law gives every online purchase — and end with the two pages where it is done and
 * explained, as links with words.
 */
async function returnsAnswer(facts: ShopFacts, message: string, understanding: Understanding): Promise<string> {
	const { normalized } = understanding
	const asksExchange = mentions(normalized, ['troca', 'trocar', 'garantia', 'defeito', 'tamanho', 'serv', 'cabe'])
	const asksWithdrawal = mentions(normalized, ['devolv', 'devolu', 'arrepend', 'desist', 'reembolso', 'estorno', 'dinheiro de volta'])
	const entry = asksExchange ? await knowledgeOfCategory('trocas', message) : null
	if (!entry) return `${WITHDRAWAL_LINE}\n\n${RETURNS_LINKS}`
	const exchange = `${toShopper(entry.content)} Para combinar a troca: ${whatsappLink(facts)}`
	return `${exchange}\n\n${asksWithdrawal ? WITHDRAWAL_LINE : WITHDRAWAL_SHORT}\n\n${RETURNS_LINKS}`
}

/**
 * Delivery (decision 085: the checkout's dates): for the place named in the message, else the
 * shopper's own region, one line; with no place known, a list of the regions. The rate only
 * when the freight is asked ('frete', 'quanto').
 */
function shippingAnswer(facts: ShopFacts, input: { message: string; context: AriaContext }, understanding: Understanding): string {
	const named = placeInMessage(input.message)
	const where: AriaPlace | null = named ?? placeOfShopper(input.context.address)
	const asksRate = mentions(understanding.normalized, ['frete', 'quanto custa', 'valor', 'preco']) || understanding.topics.has('price')
	if (where) {
		const row = facts.shipping.find((r) => r.region === where.regionLabel)
		if (row) {
			const label = `${where.label}, região ${where.regionLabel}`
			const rate = asksRate
				? ` O frete para o ${where.regionLabel} é ${formatMoney(row.rateCents)}, grátis em compras a partir de ${formatMoney(facts.freeShippingThresholdCents)}.`
				: ''
			const intro = named ? 'Entregamos em todo o Brasil 😊 ' : ''
			return `${intro}Para ${label}, com o pagamento confirmado hoje: ${lowerFirst(row.promise)}. ${productionLine(facts)}${rate}`
		}
	}
	const dates = facts.shipping.map((row) => `• ${row.region}: ${lowerFirst(row.promise)}`).join('\n')
	const rate = asksRate ? ` ${freeShippingLine(facts, input.context)}` : ''
	return `Enviamos para todo o Brasil. ${productionLine(facts)} Com o pagamento confirmado hoje:\n${dates}\n\nA data exata e o frete aparecem no checkout pelo seu CEP.${rate}`
}

function freeShippingLine(facts: ShopFacts, context: AriaContext): string {
	const base = `Sim! Frete grátis em compras a partir de ${formatMoney(facts.freeShippingThresholdCents)}.`
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
 * measured neck, else her first pet whose breed is in the table.
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
	// A pet saved with a breed only: the breed table's neck, as the size guide suggests (issue 31).
	for (const saved of context.pets) {
		const known = saved.breed ? breedNamed(saved.breed, breeds) : null
		if (known)
			return {
				value: {
					neckMm: known.neckMm,
					source: `Para o ${saved.name} (${known.name}: o pescoço costuma medir uns ${formatNeck(known.neckMm)}; se puder, confira com uma fita métrica)`,
				},
				fromMessage: false,
			}
	}
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
	const bandana = BANDANA_LENGTH_MM.map(([size, mm]) => `• ${size}: ${formatNeck(mm)}`).join('\n')
	const collar = COLLAR_NECK_MM.map(([size, min, max]) => `• ${size}: ${formatNeck(min)} a ${formatNeck(max)} de pescoço`).join('\n')
	return `Bandanas (escolha uma que dê a volta no pescoço com uns 10 cm para o nó):\n${bandana}\n\nColares (ajustáveis):\n${collar}\n\n`
}

/**
 * After a size (issue 31): up to three products of that kind on sale in that size, as cards,
 * and a link with words to all of them ('Ver bandanas GG'). Null when the size is off the guide.
 */
async function productsInSize(kind: 'bandana' | 'collar', neckMm: number): Promise<string | null> {
	const size = suggestSize(kind, neckMm, kind === 'bandana' ? ALL_BANDANA_SIZES : ALL_COLLAR_SIZES)
	if (!size) return null
	const search = kind === 'bandana' ? 'bandana' : 'colar'
	const matches = await searchAriaProducts({ kind: search, attributes: [], limit: 24 })
	const products = matches.length
		? (await getCommerce().getProductsByHandles(matches.map((m) => m.handle).slice(0, 24))).filter((p) =>
				p.variants.some((v) => v.availableForSale && v.selectedOptions.some((o) => o.value.toUpperCase() === size)),
			)
		: []
	const label = `Ver ${kind === 'bandana' ? 'bandanas' : 'colares'} ${size}`
	const link = ariaLink(label, `/categoria/${search}?tamanho=${encodeURIComponent(size)}`)
	if (products.length === 0) return link
	const tags = products.slice(0, PRODUCTS_PER_ANSWER).map((p) => `PRODUCT:${p.handle}`)
	return `Algumas opções no tamanho ${size}: ${tags.join(' ')}\n\n${link}`
}

/** 'As bandanas custam a partir de R$ 29,90:' */
function priceRangeLine(kind: ProductKind, products: ProductSummary[]): string {
	const prices = products.flatMap((p) => p.variants.filter((v) => v.availableForSale).map((v) => v.price.amountCents))
	if (prices.length === 0) return `Algumas opções de ${plural(kind)}:`
	const min = Math.min(...prices)
	const max = Math.max(...prices)
	const range = max > min ? `de ${formatMoney(min)} a ${formatMoney(max)}` : formatMoney(min)
	return `Estas ${plural(kind)} custam ${range}:`
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
