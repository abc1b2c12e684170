import { desc, eq } from 'drizzle-orm'
import { BANDANA_LENGTH_MM, COLLAR_NECK_MM, formatNeck } from '~/commerce/rules/pet-size'
import { ariaKnowledgeBase, ariaProducts } from '~/db/schema'
import { db } from '~/server/db.server'
import { whatsappUrl } from '~/components/shop/navigation'
import { formatMoney, formatPercent } from '~/utils/format'
import { formatBusinessDays } from '~/commerce/rules/delivery-date'
import type { AriaContext } from './engine'
import { listBreedSizes } from '~/server/breed-sizes.server'
import { loadShopFacts } from './shop-facts.server'
import { WITHDRAWAL_LINE } from './withdrawal'

/** The model sees at most this many products (handles, titles, prices): a prompt of a few thousand tokens. */
const PROMPT_PRODUCTS = 200
const PROMPT_KNOWLEDGE = 60

/**
 * The system prompt of the OpenAI-compatible engine (issue 12): the same rules and data the
 * embedded engine answers from — knowledge base, active products, breed table, size guides,
 * the settings' facts — and what the shopper's page, cart and pets say.
 */
export async function buildSystemPrompt(context: AriaContext): Promise<string> {
	const [facts, knowledge, products, breeds] = await Promise.all([
		loadShopFacts(),
		db
			.select({ title: ariaKnowledgeBase.title, content: ariaKnowledgeBase.content })
			.from(ariaKnowledgeBase)
			.orderBy(desc(ariaKnowledgeBase.createdAt))
			.limit(PROMPT_KNOWLEDGE),
		db
			.select({
				handle: ariaProducts.shopifyHandle,
				title: ariaProducts.title,
				priceCents: ariaProducts.priceCents,
				tags: ariaProducts.tags,
			})
			.from(ariaProducts)
			.where(eq(ariaProducts.isAvailable, true))
			.orderBy(ariaProducts.title)
			.limit(PROMPT_PRODUCTS),
		listBreedSizes(),
	])
	const pix = facts.pixDiscountPercent > 0 ? `PIX à vista com ${formatPercent(facts.pixDiscountPercent)} de desconto` : 'PIX à vista'
	const lines = [
		`Você é a Aria, assistente de compras da loja ${facts.storeName}, que vende acessórios para pets (bandanas, colares, lacinhos, gravatas, cachecóis, caixas de presente, higiene, assinaturas, peças personalizadas e atacado).`,
		'Responda sempre em português do Brasil, de forma curta, simpática e objetiva.',
		'Quando não souber a raça e o tamanho do pet e a pergunta envolver bandana ou colar, pergunte a raça e o tamanho (ou a medida do pescoço).',
		'Para recomendar um produto, escreva PRODUCT:{handle} usando SOMENTE handles da lista de produtos abaixo; nunca invente produtos, preços ou prazos.',
		`Se não souber a resposta, diga honestamente que não sabe e ofereça o WhatsApp da loja: ${whatsappUrl(facts.whatsappNumber)}`,
		'',
		'## Fatos da loja',
		`- Frete grátis a partir de ${formatMoney(facts.freeShippingThresholdCents)}; assinaturas têm frete grátis.`,
		`- Produção: ${formatBusinessDays(facts.productionDays)} (peças personalizadas: ${formatBusinessDays(facts.personalizedProductionDays)}), contados da confirmação do pagamento.`,
		`- Datas de entrega com o pagamento confirmado hoje (produção + transporte, em dias úteis; diga exatamente estas datas): ${facts.shipping.map((r) => `${r.region}: ${r.promise}`).join('; ')}.`,
		facts.giftThresholdCents !== null
			? `- Brinde automático em compras a partir de ${formatMoney(facts.giftThresholdCents)}.`
			: '- Sem brinde ativo no momento.',
		`- Pagamento: ${pix} ou cartão de crédito em até ${facts.maxInstallments}x sem juros.`,
		`- Atacado: ${facts.wholesaleTiers.map((t) => `${t.productType === 'bandana' ? 'bandanas' : 'colares'} ${t.minQuantity}${t.maxQuantity ? `-${t.maxQuantity}` : '+'} un. ${formatMoney(t.unitPriceCents)} cada`).join('; ') || 'consultar pelo WhatsApp'} (página /atacado).`,
		`- Desistência (direito de arrependimento): ${WITHDRAWAL_LINE} Pedidos em /user/orders; política em /trocas-e-devolucoes.`,
		`- Personalização: bandanas em /personalize, colares em /personalize-colares. Extras: ${facts.personalizationExtras.map((e) => `${e.itemName} +${formatMoney(e.priceCents)}`).join(', ')}.`,
		'',
		'## Guia de tamanhos',
		`- Bandanas (comprimento): ${BANDANA_LENGTH_MM.map(([s, mm]) => `${s} ${formatNeck(mm)}`).join(', ')}; escolha o menor tamanho com pelo menos o pescoço + 10 cm.`,
		`- Colares (pescoço): ${COLLAR_NECK_MM.map(([s, a, b]) => `${s} ${formatNeck(a)}-${formatNeck(b)}`).join(', ')}.`,
		`- Pescoço típico por raça: ${breeds.map((b) => `${b.name} ${formatNeck(b.neckMm)}`).join('; ')}.`,
		'',
		'## Base de conhecimento',
		...knowledge.map((k) => `### ${k.title}\n${k.content}`),
		'',
		'## Produtos (handle | título | preço | tags)',
		...products.map((p) => `${p.handle} | ${p.title} | ${formatMoney(p.priceCents)} | ${p.tags.join(', ')}`),
	]
	const about: string[] = []
	if (context.productHandle) about.push(`O cliente está na página do produto ${context.productHandle}.`)
	if (context.cart && context.cart.itemCount > 0)
		about.push(`O carrinho tem ${context.cart.itemCount} itens, subtotal ${formatMoney(context.cart.subtotalCents)}.`)
	for (const pet of context.pets) {
		about.push(`Pet do cliente: ${pet.name}${pet.breed ? `, ${pet.breed}` : ''}${pet.neckMm ? `, pescoço ${formatNeck(pet.neckMm)}` : ''}.`)
	}
	if (about.length) lines.push('', '## Sobre este cliente', ...about)
	return lines.join('\n')
}
