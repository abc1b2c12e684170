import { contentWords, fold, mentions, normalizeMessage } from './message-text'

/**
 * What a shopper's message asks (issue 12, decision 044): the topics it touches, the products it
 * names, a neck measure, a breed or size class. Pure rules over the normalized text; the
 * embedded engine (embedded-engine.server.ts) turns this into an answer from the shop's data.
 */

export const ARIA_TOPICS = [
	'greeting',
	'thanks',
	'shipping',
	'freeShipping',
	'production',
	'payment',
	'gift',
	'personalization',
	'wholesale',
	'subscription',
	'returns',
	'care',
	'size',
	'contact',
	'orderStatus',
	'price',
	'discount',
] as const
export type AriaTopic = (typeof ARIA_TOPICS)[number]

/** Stems (folded, matched at the start of a word) or phrases that point at each topic. */
const TOPIC_STEMS: Readonly<Record<AriaTopic, readonly string[]>> = {
	greeting: ['oi', 'ola', 'bom dia', 'boa tarde', 'boa noite', 'e ai', 'opa', 'hey', 'hello', 'eae'],
	thanks: ['obrigad', 'valeu', 'agradec', 'brigad'],
	shipping: ['frete', 'entreg', 'envia', 'enviam', 'envio', 'chega', 'correio', 'sedex', 'transportadora', 'mandam', 'despach', 'receb'],
	freeShipping: ['frete gratis', 'frete gratuito', 'frete free', 'sem frete', 'frete de graca'],
	production: ['produc', 'produz', 'feito', 'feita', 'fabric', 'pronto', 'pronta', 'prazo', 'demor', 'quanto tempo', 'quantos dias'],
	payment: ['pag', 'pix', 'cartao', 'credito', 'debito', 'parcel', 'boleto', 'vezes', '6x', 'juros', 'forma de pagamento'],
	gift: ['brinde', 'presentinho', 'ganho algo', 'ganhar algo', 'lacinho gratis', 'ganha algo'],
	personalization: [
		'personaliz',
		'bordad',
		'bordar',
		'nome do pet',
		'nome dele',
		'nome dela',
		'rosto',
		'estampa',
		'customiz',
		'com o nome',
		'crie sua',
		'criar',
	],
	wholesale: ['atacado', 'revend', 'revenda', 'petshop', 'pet shop', 'lote', 'grande quantidade', 'cnpj', 'minimo', 'quantidade minima'],
	subscription: ['assinatura', 'assinar', 'assinante', 'clube', 'mensal', 'todo mes', 'plano'],
	returns: ['troca', 'trocar', 'devolu', 'devolv', 'garantia', 'defeito', 'reembolso', 'arrepend', 'estorno', 'desist'],
	care: ['lava', 'lavo', 'lave', 'lavagem', 'limpa', 'limpeza', 'cuidado', 'maquina de lavar', 'secar', 'alvejante'],
	size: ['tamanho', 'medida', 'medir', 'mede', 'serve', 'servir', 'pescoco', 'caber', 'cabe', 'porte', 'numero'],
	contact: ['whatsapp', 'zap', 'wpp', 'atendente', 'humano', 'falar com', 'telefone', 'contato', 'email', 'e mail', 'instagram', 'ligar'],
	orderStatus: [
		'meu pedido',
		'rastre',
		'rastrei',
		'codigo de rastreio',
		'status do pedido',
		'cade',
		'onde esta meu',
		'nao chegou',
		'acompanhar',
	],
	price: ['preco', 'custa', 'custam', 'valor', 'quanto e', 'quanto sai', 'barato', 'caro'],
	discount: ['cupom', 'desconto', 'promoc', 'promo', 'oferta', 'liquidac'],
}

/** A kind of product a shopper may ask for; `search` is the word in the catalogue's titles and tags. */
export type ProductKind = { key: string; search: string; stems: readonly string[]; sized: 'bandana' | 'collar' | null }

export const PRODUCT_KINDS: readonly ProductKind[] = [
	{ key: 'bandana', search: 'bandana', stems: ['bandan', 'bandada', 'bandna'], sized: 'bandana' },
	{ key: 'colar', search: 'colar', stems: ['colar', 'colares', 'coleira', 'colera'], sized: 'collar' },
	{ key: 'lacinho', search: 'lacinho', stems: ['laco', 'lacinho', 'lacos', 'lacinhos', 'lacarote'], sized: null },
	{ key: 'gravata', search: 'gravata', stems: ['gravat'], sized: null },
	{ key: 'cachecol', search: 'cachecol', stems: ['cachecol', 'cachecois', 'cachicol'], sized: null },
	{ key: 'shinebox', search: 'shinebox', stems: ['shinebox', 'shine box', 'box', 'caixa', 'kit presente', 'presente'], sized: null },
	{ key: 'shampoo', search: 'shampoo', stems: ['shampoo', 'xampu'], sized: null },
	{ key: 'perfume', search: 'perfume', stems: ['perfume', 'colonia', 'cheirinho'], sized: null },
	{ key: 'higiene', search: 'higiene', stems: ['higien', 'banho', 'escova', 'lenco', 'condicionador', 'patinha'], sized: null },
]

/** Words that belong to a topic or kind and must not be searched as a product attribute. */
const NOT_ATTRIBUTES = new Set(
	[
		'tamanho',
		'medida',
		'pescoco',
		'porte',
		'cm',
		'raca',
		'serve',
		'indica',
		'indicar',
		'recomenda',
		'recomendar',
		'sugestao',
		'sugere',
		'opcao',
		'opcoes',
		'modelo',
		'modelos',
		'produto',
		'produtos',
		'loja',
		'cor',
		'cores',
		'disponivel',
		'estoque',
		'legal',
		'bonita',
		'bonito',
		'linda',
		'lindo',
		'fofa',
		'fofo',
		'tipo',
		'usar',
		'passeio',
		'anos',
		'ano',
		'kg',
		'quilos',
		'quero',
		'unidade',
		'unidades',
		'gratis',
		'gratuito',
		'gratuita',
		'graca',
		'regiao',
		'cidade',
		'estado',
		'cep',
	].map(fold),
)

export type Understanding = {
	normalized: string
	topics: Set<AriaTopic>
	kinds: ProductKind[]
	/** Other meaningful words (colours, patterns, fabrics) to look for in product titles and tags. */
	attributes: string[]
	/** A neck measure stated in the message, in millimetres. */
	neckMm: number | null
	/** The message asks for products ('tem', 'quero', 'indica', a kind of product…). */
	wantsProducts: boolean
}

/** '45cm', '45 cm', '32,5 cm', 'pescoço de 45' → millimetres (10-90 cm), else null. */
export function neckMeasureMm(normalized: string): number | null {
	const withUnit = /(\d{1,3}(?:\.\d)?) cm\b/.exec(normalized)
	const bare = withUnit ? null : /pescoco\D{0,20}?(\d{1,2}(?:\.\d)?)\b/.exec(normalized)
	const value = Number((withUnit ?? bare)?.[1])
	if (!Number.isFinite(value) || value < 10 || value > 90) return null
	return Math.round(value * 10)
}

/** Topics that make a message a question about the shop rather than a request for products. */
const QUESTION_TOPICS = new Set<AriaTopic>([
	'care',
	'returns',
	'shipping',
	'production',
	'payment',
	'personalization',
	'wholesale',
	'price',
	'size',
	'freeShipping',
	'gift',
])

const ASKING_FOR_PRODUCTS = [
	'tem ',
	'quero',
	'queria',
	'procur',
	'indica',
	'recomend',
	'sugest',
	'sugere',
	'vende',
	'comprar',
	'mostra',
	'gostaria',
	'opcoes',
	'algum',
	'alguma',
]

export function understand(message: string): Understanding {
	const normalized = normalizeMessage(message)
	const topics = new Set<AriaTopic>()
	for (const topic of Object.keys(TOPIC_STEMS) as AriaTopic[]) {
		if (mentions(normalized, TOPIC_STEMS[topic])) topics.add(topic)
	}
	// 'o frete é grátis?', 'frete sai de graça?': free shipping, however it is put.
	if (mentions(normalized, ['frete']) && mentions(normalized, ['gratis', 'gratuit', 'graca', 'free'])) topics.add('freeShipping')
	// 'frete grátis' is its own question, not the delivery one (unless both are asked).
	if (topics.has('freeShipping') && !mentions(normalized, ['entreg', 'chega', 'demor', 'prazo', 'quanto tempo'])) topics.delete('shipping')
	const neckMm = neckMeasureMm(normalized)
	if (neckMm !== null) topics.add('size')
	// A greeting counts only when the message is little more than that.
	if (topics.has('greeting') && contentWords(normalized).length > 2) topics.delete('greeting')

	const kinds = PRODUCT_KINDS.filter((kind) => mentions(normalized, kind.stems))
	// 'presente' alone is a gift box only when nothing more specific is named.
	const specific = kinds.filter((kind) => kind.key !== 'shinebox' || mentions(normalized, ['shinebox', 'box', 'caixa']))
	const chosenKinds = specific.length > 0 ? specific : kinds
	// 'personalizada'/'assinatura' name a service, not a search word; the kind stays.
	const kindStems = chosenKinds.flatMap((kind) => kind.stems)
	const topicStems = (Object.values(TOPIC_STEMS) as (readonly string[])[]).flat().filter((stem) => !stem.includes(' '))
	const attributes = contentWords(normalized).filter(
		(word) =>
			!NOT_ATTRIBUTES.has(word) &&
			!kindStems.some((stem) => word.startsWith(stem.split(' ')[0] as string)) &&
			!topicStems.some((stem) => word.startsWith(stem)) &&
			!/^\d/.test(word),
	)
	// A kind named in a question about something else ('como lavo a bandana?') is not a request for products.
	const asking = mentions(normalized, ASKING_FOR_PRODUCTS)
	const otherQuestion = [...topics].some((topic) => QUESTION_TOPICS.has(topic))
	// 'qnto custa a bandana' asks for bandanas with their prices; 'tem frete gratis?' asks for no product (issue 31).
	const pricedKind = chosenKinds.length > 0 && topics.has('price')
	const wantsProducts =
		(chosenKinds.length > 0 && (asking || !otherQuestion || pricedKind)) || (asking && attributes.length > 0 && !otherQuestion)
	return { normalized, topics, kinds: chosenKinds, attributes, neckMm, wantsProducts }
}
