import { itemsLabel } from '~/commerce/rules/line-groups'

/**
 * What the browser gets of a cart (GET /cart, the /cart action and the root loader's `cart`):
 * display-ready and computed on the server (decision 3): prices, totals, the free-shipping
 * and gift progress. Client-safe: no server imports.
 */
export type CartViewLine = {
	id: string
	productTitle: string
	productHandle: string
	image: { url: string; altText: string } | null
	/** Option values joined by ' • ' ('Único' for a gift). */
	optionsLabel: string
	/** Personalisation (e.g. 'Nome do pet: Thor'). */
	attributes: { key: string; value: string }[]
	quantity: number
	unitPriceCents: number
	totalCents: number
	isGift: boolean
	isSubscription: boolean
	/** The variant can no longer be sold: shown flagged, left out of the totals. */
	unavailable: boolean
	/**
	 * An add-on line (extensor, perfume, embroidery): the id of the product line it follows.
	 * It has that line's quantity and goes with it; it has no controls of its own.
	 */
	addonOf: string | null
	/** The least the line may hold: 10 for wholesale lines (document 001 §5), else 1 (minus then removes). */
	minQuantity: number
}

export type CartProgress = { remainingCents: number; percent: number; reached: boolean }

export type CartView = {
	lines: CartViewLine[]
	/**
	 * Products that can be bought, gift included, add-ons not (issue 31: one bandana with two
	 * extras is 1): the header badge and '{n} itens no carrinho'.
	 */
	itemCount: number
	/** Non-gift lines that can be bought. */
	subtotalCents: number
	totalCents: number
	/** Some line is a subscription (free shipping, no gift message). */
	isSubscription: boolean
	freeShipping: CartProgress
	/** `show`: document 000 §9, only when not a subscription and something remains. */
	gift: CartProgress & { show: boolean }
	/** Changes with the cart (not its id): the live-update subscription reconnects when it does. */
	liveKey: string | null
}

export const EMPTY_CART_VIEW: CartView = {
	lines: [],
	itemCount: 0,
	subtotalCents: 0,
	totalCents: 0,
	isSubscription: false,
	freeShipping: { remainingCents: 0, percent: 0, reached: false },
	gift: { remainingCents: 0, percent: 0, reached: false, show: false },
	liveKey: null,
}

/** What the /cart action answers (fetcher.data). */
export type CartActionResult =
	| { ok: true; cart: CartView; giftAdded: boolean; checkoutUrl?: string; external?: boolean }
	| {
			ok: false
			error: string
			title?: string
			/** A toast the hosted store's failure adds before the error's (document 000 §8: HTTP 402). */
			notice?: { title: string; description: string }
			/** The store's own error text as §8 writes it ('Payment required', 'Cart creation failed: …'), for the console. */
			detail?: string
	  }

export function isCartActionResult(value: unknown): value is CartActionResult {
	return typeof value === 'object' && value !== null && 'ok' in value && typeof (value as { ok: unknown }).ok === 'boolean'
}

/** '1 item no carrinho', '3 itens no carrinho' / 'Seu carrinho está vazio' (document 000 §2; issue 31: not 'item(s)'). */
export function cartSubtitle(view: Pick<CartView, 'lines' | 'itemCount'>): string {
	return view.lines.length === 0 ? 'Seu carrinho está vazio' : `${itemsLabel(view.itemCount)} no carrinho`
}

/** Decision 121: '?carrinho=abrir' opens the drawer on arrival (the reminder's restore link lands there). */
export const OPEN_CART_PARAM = 'carrinho'
