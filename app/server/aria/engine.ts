/**
 * The assistant's shared shapes (issue 12). Two engines stand behind one endpoint: the
 * embedded one (embedded-engine.server.ts, the default) and an OpenAI-compatible model
 * (model-engine.server.ts) when ARIA_API_URL is set; reply-stream.server.ts chooses.
 */

export type AriaTurn = { role: 'user' | 'assistant'; content: string }

/** What the server knows about the shopper asking, beyond the words. */
export type AriaContext = {
	/** The product page the chat was opened on (/produto/:handle), if any. */
	productHandle: string | null
	/** The browser's cart: the assistant can say how much is left for free shipping or the gift. */
	cart: { subtotalCents: number; itemCount: number } | null
	/** A signed-in customer's pets (issue 10): a measured neck sizes without asking. */
	pets: { name: string; breed: string | null; neckMm: number | null }[]
	/**
	 * Where the shopper receives (issue 31): a signed-in customer's last order's CEP and state.
	 * A delivery question is answered for that region unless the message names another place.
	 */
	address?: { cep: string | null; uf: string | null } | null
}

export type AriaReply = {
	/** The whole reply, with PRODUCT:{handle} tags. */
	text: string
	/** false: the assistant did not know; the question is listed for the owner. */
	answered: boolean
}

export type AriaEngineName = 'embutida' | 'modelo'

/** document 000 §9: the chat keeps the last 2 earlier messages as context. */
export const ARIA_CONTEXT_MESSAGES = 2
