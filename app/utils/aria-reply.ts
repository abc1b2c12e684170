/**
 * The assistant's product tags (document 000 §7): a reply names a product as PRODUCT:{handle},
 * sometimes wrapped in asterisks or brackets by a model. The panel shows the text without them
 * and a card for each product. Shared by the server (what it stores and checks) and the panel.
 */

const TAG = /[ \t]*\*{0,2}\[?[ \t]*PRODUCT:[ \t]*([a-z0-9]+(?:-[a-z0-9]+)*)[ \t]*\]?\*{0,2}/gi
/** A tag still arriving at the end of a streamed reply ('… PROD', '… PRODUCT:band'). */
const PARTIAL_TAG_AT_END = /[ \t]*\*{0,2}\[?[ \t]*P(?:R(?:O(?:D(?:U(?:C(?:T(?::[a-z0-9-]*)?)?)?)?)?)?)?$/

/** The handles named by the reply, in order, without repeats. */
export function productHandlesOf(reply: string): string[] {
	const handles = [...reply.matchAll(TAG)].map((match) => (match[1] as string).toLowerCase())
	return [...new Set(handles)]
}

/** The reply as the shopper reads it: tags removed, the spaces they leave tidied. */
export function stripProductTags(reply: string, options: { streaming?: boolean } = {}): string {
	let text = reply.replace(TAG, '')
	if (options.streaming) text = text.replace(PARTIAL_TAG_AT_END, '')
	return text
		.replace(/[ \t]+\n/g, '\n')
		.replace(/\n{3,}/g, '\n\n')
		.replace(/[ \t]{2,}/g, ' ')
		.replace(/\s+([,.!?;:])/g, '$1')
		.trim()
}

/** Characters a shopper's message may have (checked on the server; the box stops there too). */
export const ARIA_MESSAGE_MAX_LENGTH = 500

/** The chat's words (document 000 §2, §8), shared by the panel and the server. */
export const ARIA_COPY = {
	greeting: 'Oi! Sou a Aria 🐾 Qual a raça e tamanho do seu pet?',
	placeholder: 'Digite sua mensagem...',
	connectFailed: 'Falha ao conectar com o assistente',
	emptyBody: 'Resposta vazia do servidor',
	errorToast: 'Desculpe, houve um erro ao processar sua mensagem.',
	tooLong: `A mensagem pode ter no máximo ${ARIA_MESSAGE_MAX_LENGTH} caracteres.`,
	empty: 'Digite uma mensagem.',
	rateLimited: 'Você enviou muitas mensagens seguidas. Espere alguns minutos e tente de novo, ou fale com a gente pelo WhatsApp.',
} as const
