import type {
	BadgeRuleType,
	BadgeTier,
	PersonalizationItemKey,
	PersonalizationProductType,
} from '~/db/schema'
import { PERSONALIZATION_SETTINGS } from '~/db/schema'
import { PERSONALIZATION_ADDONS } from './catalogue'

/**
 * The shop's reference data with the documents' values: personalization extras and
 * settings, wholesale tiers, loyalty levels and badges. The admin edits all of it later.
 */

/** document 001 §9, in the order the personalization page lists them. */
export const DEMO_PERSONALIZATION_ITEMS: {
	key: PersonalizationItemKey
	itemName: string
	priceCents: number
	productType: PersonalizationProductType
	addonProductHandle: string
}[] = (Object.keys(PERSONALIZATION_ADDONS) as PersonalizationItemKey[]).map((key) => ({
	key,
	itemName: PERSONALIZATION_ADDONS[key].itemName,
	priceCents: PERSONALIZATION_ADDONS[key].priceCents,
	productType: 'bandana',
	addonProductHandle: PERSONALIZATION_ADDONS[key].handle,
}))

export const DEMO_PERSONALIZATION_SETTINGS = [
	// The collar's base price is the base product's (catalogue.ts, R$ 19,90), not a setting (decision 134).
	{ ...PERSONALIZATION_SETTINGS.wholesaleExtraButtonCents, settingValue: '50' },
	{ ...PERSONALIZATION_SETTINGS.wholesaleSideNameCents, settingValue: '100' },
]

/** document 001 §9 wholesale tiers. */
export const DEMO_WHOLESALE_TIERS: {
	productType: PersonalizationProductType
	minQuantity: number
	maxQuantity: number | null
	unitPriceCents: number
}[] = [
	{ productType: 'bandana', minQuantity: 10, maxQuantity: 20, unitPriceCents: 1500 },
	{ productType: 'bandana', minQuantity: 21, maxQuantity: 40, unitPriceCents: 1300 },
	{ productType: 'bandana', minQuantity: 41, maxQuantity: null, unitPriceCents: 1000 },
	{ productType: 'collar', minQuantity: 10, maxQuantity: 20, unitPriceCents: 1000 },
	{ productType: 'collar', minQuantity: 21, maxQuantity: 40, unitPriceCents: 900 },
	{ productType: 'collar', minQuantity: 41, maxQuantity: null, unitPriceCents: 700 },
]

/** Decision 14: level thresholds, editable by the admin. */
export const DEMO_LOYALTY_LEVELS = [
	{ level: 1, name: 'Filhote', minPoints: 0 },
	{ level: 2, name: 'Companheiro', minPoints: 500 },
	{ level: 3, name: 'Melhor Amigo', minPoints: 2000 },
	{ level: 4, name: 'Lenda', minPoints: 5000 },
]

export const DEMO_BADGES: {
	name: string
	description: string
	icon: string
	badgeTier: BadgeTier
	pointsReward: number
	ruleType: BadgeRuleType
	ruleThreshold: number
}[] = [
	{ name: 'Primeira Compra', description: 'Fez o primeiro pedido na loja.', icon: '🛍️', badgeTier: 'bronze', pointsReward: 50, ruleType: 'orders_paid', ruleThreshold: 1 },
	{ name: 'Primeira Avaliação', description: 'Teve a primeira avaliação publicada.', icon: '⭐', badgeTier: 'bronze', pointsReward: 20, ruleType: 'reviews_approved', ruleThreshold: 1 },
	{ name: 'Primeira Foto', description: 'Teve a primeira foto do pet aprovada.', icon: '📸', badgeTier: 'bronze', pointsReward: 20, ruleType: 'photos_approved', ruleThreshold: 1 },
	{ name: 'Coração de Tutor', description: 'Favoritou 5 produtos.', icon: '❤️', badgeTier: 'bronze', pointsReward: 10, ruleType: 'favorites', ruleThreshold: 5 },
	{ name: 'Cliente Fiel', description: 'Fez 3 pedidos.', icon: '🐾', badgeTier: 'prata', pointsReward: 100, ruleType: 'orders_paid', ruleThreshold: 3 },
	{ name: 'Fotógrafo Pet', description: 'Teve 3 fotos aprovadas.', icon: '📷', badgeTier: 'prata', pointsReward: 75, ruleType: 'photos_approved', ruleThreshold: 3 },
	{ name: 'Crítico de Estilo', description: 'Teve 3 avaliações publicadas.', icon: '📝', badgeTier: 'prata', pointsReward: 75, ruleType: 'reviews_approved', ruleThreshold: 3 },
	{ name: 'Companheiro', description: 'Juntou 500 pontos.', icon: '🥈', badgeTier: 'prata', pointsReward: 0, ruleType: 'total_points', ruleThreshold: 500 },
	{ name: 'Cliente VIP', description: 'Fez 10 pedidos.', icon: '👑', badgeTier: 'ouro', pointsReward: 250, ruleType: 'orders_paid', ruleThreshold: 10 },
	{ name: 'Melhor Amigo', description: 'Juntou 2.000 pontos.', icon: '🏆', badgeTier: 'ouro', pointsReward: 0, ruleType: 'total_points', ruleThreshold: 2000 },
	{ name: 'Embaixador', description: 'Indicou 3 amigos que fizeram o primeiro pedido.', icon: '📣', badgeTier: 'ouro', pointsReward: 200, ruleType: 'referrals_paid', ruleThreshold: 3 },
	{ name: 'Lenda Pet', description: 'Juntou 5.000 pontos.', icon: '💎', badgeTier: 'diamante', pointsReward: 0, ruleType: 'total_points', ruleThreshold: 5000 },
	{ name: 'Colecionador', description: 'Fez 25 pedidos.', icon: '🎁', badgeTier: 'diamante', pointsReward: 500, ruleType: 'orders_paid', ruleThreshold: 25 },
]

/** What the assistant knows (document 001 §2 'Base de Conhecimento'), from documents 000 and 001. */
export const DEMO_ARIA_KNOWLEDGE: { title: string; content: string; category: string }[] = [
	{
		title: 'Guia de tamanhos: bandanas',
		category: 'tamanhos',
		content:
			'Tamanhos de bandana (comprimento, baseado em tamanho de camiseta): P 25 cm, M 35 cm, U 45 cm, G 50 cm, GG 60 cm, XG 70 cm. Meça o pescoço do pet e escolha o tamanho que dá a volta com folga para o nó. Pelo pescoço (com 10 cm para o nó): até 15 cm P, até 25 cm M, até 35 cm U, até 40 cm G, até 50 cm GG, até 60 cm XG. O tamanho de cada raça está na tabela de raças do guia de tamanhos.',
	},
	{
		title: 'Guia de tamanhos: colares',
		category: 'tamanhos',
		content:
			'Colares ajustáveis. P: diâmetro 5-10 cm, pescoço 17-30 cm. M: diâmetro 10-15 cm, pescoço 29-45 cm. G: diâmetro 15-20 cm, pescoço 45-60 cm (tamanho juvenil-infantil). Meça o pescoço com fita métrica deixando espaço para dois dedos.',
	},
	{
		title: 'Prazo de produção',
		category: 'produção',
		content: 'Nossos produtos são feitos à mão. O prazo de produção é de 4 dias úteis, e depois vem o prazo de entrega.',
	},
	{
		title: 'Frete e entrega',
		category: 'frete',
		content:
			'Enviamos para todo o Brasil. O frete e o prazo de entrega dependem da região e aparecem no checkout pelo CEP; acima do valor de frete grátis da loja o frete é por nossa conta. Assinaturas têm frete grátis.',
	},
	{
		title: 'Formas de pagamento',
		category: 'pagamento',
		content: 'Pagamento por PIX à vista ou no cartão de crédito em até 6x sem juros.',
	},
	{
		title: 'Brinde',
		category: 'promoções',
		content: 'Compras acima do valor do brinde ganham um lacinho de presente, adicionado automaticamente ao carrinho.',
	},
	{
		title: 'Cuidados e lavagem',
		category: 'cuidados',
		content:
			'Lave bandanas, lacinhos e gravatas à mão com sabão neutro e água fria; seque à sombra e não use alvejante. Peças de veludo: não torcer. Colares: limpar com pano úmido.',
	},
	{
		title: 'Garantia e trocas',
		category: 'trocas',
		content:
			'Você pode trocar o tamanho ou o modelo em até 30 dias depois de receber, com a peça sem uso e na embalagem original (o primeiro frete da troca é por nossa conta). Peças com defeito estão na garantia: avise em até 90 dias e consertamos, trocamos ou devolvemos o valor.',
	},
	{
		title: 'Bandana personalizada',
		category: 'personalização',
		content:
			'Na bandana personalizada você escolhe a cor (24 opções, incluindo xadrez), uma arte pronta ou exclusiva, e extras como o nome ou o Instagram do pet bordados, extensor, botão extra, perfume e o rosto do pet.',
	},
	{
		title: 'Colar personalizado',
		category: 'personalização',
		content: 'No colar personalizado você escolhe a cor (8 opções) e um acessório opcional, a partir de 10 unidades.',
	},
	{
		title: 'Atacado',
		category: 'atacado',
		content:
			'Atacado para pet shops e revendedores (/atacado), com preço por faixa de quantidade; logo da empresa e design exclusivo sem custo, botão extra e nome lateral cobrados por unidade.',
	},
	{
		title: 'Assinaturas',
		category: 'assinatura',
		content: 'Planos anuais de 12 meses, pagos pelo valor mensal × 12, com frete grátis e até 50% de desconto (/assinaturas). Todo mês chega uma novidade para o seu pet.',
	},
	{
		title: 'Como responder',
		category: 'instruções',
		content:
			'Seja simpática e breve, em português. Pergunte a raça e o tamanho do pet antes de recomendar um tamanho. Recomende no máximo 3 produtos por resposta, marcando cada um como PRODUCT:{handle}.',
	},
]

/**
 * Issue 12: typical neck circumferences (mm) the assistant sizes from when a shopper names a
 * breed or a size class; the owner edits them on /admin/aria. Rounded from common collar
 * charts of Brazilian pet shops; a measured neck always wins.
 */
export const DEMO_BREED_SIZES: { name: string; aliases: string[]; neckMm: number }[] = [
	{ name: 'Chihuahua', aliases: [], neckMm: 200 },
	{ name: 'Yorkshire Terrier', aliases: ['yorkshire', 'yorkie', 'york'], neckMm: 220 },
	{ name: 'Pinscher', aliases: [], neckMm: 220 },
	{ name: 'Spitz Alemão', aliases: ['spitz', 'lulu', 'lulu da pomerânia', 'pomerânia'], neckMm: 250 },
	{ name: 'Maltês', aliases: ['maltes'], neckMm: 260 },
	{ name: 'Shih Tzu', aliases: ['shitzu', 'shih-tzu', 'shitsu', 'shi tzu', 'chitzu'], neckMm: 300 },
	{ name: 'Poodle', aliases: [], neckMm: 300 },
	{ name: 'Lhasa Apso', aliases: ['lhasa'], neckMm: 320 },
	{ name: 'Dachshund', aliases: ['salsicha', 'teckel'], neckMm: 320 },
	{ name: 'Pug', aliases: [], neckMm: 350 },
	{ name: 'Schnauzer', aliases: [], neckMm: 350 },
	{ name: 'Beagle', aliases: [], neckMm: 370 },
	{ name: 'Cocker Spaniel', aliases: ['cocker'], neckMm: 380 },
	{ name: 'Bulldog Francês', aliases: ['buldogue francês', 'frenchie', 'bulldog frances'], neckMm: 400 },
	{ name: 'Border Collie', aliases: ['border'], neckMm: 450 },
	{ name: 'Husky Siberiano', aliases: ['husky'], neckMm: 450 },
	{ name: 'Bulldog Inglês', aliases: ['buldogue inglês', 'bulldog'], neckMm: 480 },
	{ name: 'Labrador', aliases: ['labrador retriever', 'lab'], neckMm: 500 },
	{ name: 'Golden Retriever', aliases: ['golden'], neckMm: 500 },
	{ name: 'Pastor Alemão', aliases: ['pastor'], neckMm: 550 },
	{ name: 'Rottweiler', aliases: ['rotweiler', 'rottweiller'], neckMm: 580 },
	{ name: 'Gato', aliases: ['gatos', 'felino'], neckMm: 220 },
	{ name: 'Porte mini', aliases: ['mini', 'toy', 'bem pequeno'], neckMm: 200 },
	{ name: 'Porte pequeno', aliases: ['pequeno', 'pequena', 'pequeno porte', 'pequenininho'], neckMm: 270 },
	{ name: 'Porte médio', aliases: ['medio', 'media', 'médio porte', 'porte medio'], neckMm: 380 },
	{ name: 'Porte grande', aliases: ['grande', 'grande porte', 'grandao'], neckMm: 500 },
	{ name: 'Porte gigante', aliases: ['gigante'], neckMm: 620 },
]
