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
	if (options.streaming) text = text.replace(PARTIAL_TAG_AT_END, '').replace(PARTIAL_LINK_AT_END, '')
	return text
		.replace(/[ \t]+\n/g, '\n')
		.replace(/\n{3,}/g, '\n\n')
		.replace(/[ \t]{2,}/g, ' ')
		.replace(/\s+([,.!?;:])/g, '$1')
		.trim()
}

/**
 * Links with words (issue 31): a reply says '[Abrir o criador de bandanas](/personalize)', never a
 * raw path; the panel shows the words as a link. Only the shop's own paths and https addresses.
 */
const LINK = /\[([^\]\n]{1,80})\]\((\/[a-z0-9][a-zA-Z0-9/?=&%._-]*|\/|https:\/\/[^\s)]+)\)/g
/** A link still arriving at the end of a streamed reply ('[Abrir o cri', '[Ver](/perso'). */
const PARTIAL_LINK_AT_END = /\[[^\]\n]{0,80}(\]\([^)\s]*)?$/

export function ariaLink(label: string, href: string): string {
	return `[${label}](${href})`
}

/** A list item line: '• ' (the embedded assistant) or '- ' / '* ' (a model's Markdown). */
const LIST_ITEM = /^\s*(?:•|-|\*)\s+/

export type ReplySegment = { kind: 'text'; text: string } | { kind: 'link'; label: string; href: string }
export type ReplyBlock = { kind: 'paragraph'; segments: ReplySegment[] } | { kind: 'list'; items: ReplySegment[][] }

/** Text with its links as segments. */
export function replySegments(text: string): ReplySegment[] {
	const segments: ReplySegment[] = []
	let last = 0
	for (const match of text.matchAll(LINK)) {
		if (match.index > last) segments.push({ kind: 'text', text: text.slice(last, match.index) })
		segments.push({ kind: 'link', label: match[1] as string, href: match[2] as string })
		last = match.index + match[0].length
	}
	if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) })
	return segments
}

/**
 * A reply (tags already stripped) as the panel lays it out (issue 31): paragraphs, and runs of
 * list item lines as one list, so a price list is a list and not one long paragraph.
 */
export function replyBlocks(text: string): ReplyBlock[] {
	const blocks: ReplyBlock[] = []
	let paragraph: string[] = []
	let items: string[] = []
	const flushParagraph = () => {
		if (paragraph.length > 0) blocks.push({ kind: 'paragraph', segments: replySegments(paragraph.join('\n')) })
		paragraph = []
	}
	const flushList = () => {
		if (items.length > 0) blocks.push({ kind: 'list', items: items.map(replySegments) })
		items = []
	}
	for (const line of text.split('\n')) {
		if (LIST_ITEM.test(line)) {
			flushParagraph()
			items.push(line.replace(LIST_ITEM, '').trim())
		} else if (line.trim() === '') {
			flushParagraph()
			flushList()
		} else {
			flushList()
			paragraph.push(line.trim())
		}
	}
	flushParagraph()
	flushList()
	return blocks
}

/** What the shopper reads: no tags, link words instead of links (tests and the admin's lists). */
export function readableReply(reply: string): string {
	return stripProductTags(reply).replace(LINK, '$1')
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
