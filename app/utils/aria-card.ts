/**
 * A product card in the chat (document 000 §2: image, title, price, 'Adicionar ao Carrinho'),
 * as the server sends it to the panel: only what the card shows and the variants it may add.
 */
export type AriaProductCard = {
	handle: string
	title: string
	priceCents: number
	priceVaries: boolean
	image: { url: string; alt: string } | null
	/** Sellable variants (id, title), in the product's order; the card offers a choice when there are several. */
	variants: { id: string; title: string }[]
	/** Subscriptions are not added from a card (document 000 §4): the card links to their page. */
	isSubscription: boolean
}

/** document 000 §7: the panel asks for the cards of the handles a reply names (at most this many). */
export const ARIA_CARD_LIMIT = 12

/** A message of the conversation as GET /resources/aria returns it (content with its PRODUCT tags). */
export type AriaChatMessage = { id: string; role: 'user' | 'assistant'; content: string; products: AriaProductCard[] }
export type AriaConversationResponse = { messages: AriaChatMessage[] }
