import { createHash } from 'node:crypto'
import type { CartActionResult, CartView } from '~/components/cart/cart-view'
import { COMMERCE_MESSAGES, CommerceError, isCommerceError } from '~/commerce/errors'
import { StorefrontError } from '~/commerce/storefront/client.server'
import { giftRuleDecision } from '~/commerce/rules/totals'
import { assignLineGroups, groupOf, isAddonLine, LINE_GROUP_MESSAGES } from '~/commerce/rules/line-groups'
import type { Cart, CartLine } from '~/commerce/types'
import { cartCookieHeader, clearCartCookieHeader, getCartId } from '~/server/cart-cookie.server'
import { ensureBuyerToken } from '~/server/orders/buyer-cookie.server'
import { cartChannel } from '~/server/event-channels.server'
import { publish } from '~/server/events.server'
import { logger } from '~/server/logger.server'
import { type StoreSettings, getStoreSettings } from '~/server/settings.server'
import type { CartActionInput } from '~/utils/cart-form'
import { type CartBackend, type CartSession, type RuleLineInput, getCartBackend } from './backend.server'
import { ruleSubtotalCents, toCartView } from './view.server'

/**
 * The shopper's cart, whatever the commerce provider (decision 3): which cart a request may
 * see, the changes the /cart action makes, the gift rule after every change (document 000
 * §4), subscription lines (decision 6), checkout, and the sign-in merge / sign-out reset.
 */

export const CART_ERRORS = {
	giftLocked: 'O brinde é adicionado automaticamente e não pode ser alterado.',
	checkoutTitle: 'Erro ao criar checkout',
	/** document 000 §8: the drawer's 'Finalizar Compra'. */
	checkoutFailed: COMMERCE_MESSAGES.checkoutFailed,
	/** document 000 §8: the product page's 'Comprar Agora' (add, then checkout). */
	buyNowFailed: 'Tente novamente.',
} as const

/**
 * The cart this request may use: the cookie's cart if it is anonymous or the signed-in
 * person's own, else the signed-in person's cart. A cart that belongs to someone else (a
 * cookie left behind by a session that ended without signing out) is never shown.
 */
export async function resolveCartId(request: Request, userId: string | null, backend = getCartBackend()): Promise<string | null> {
	const cookieId = getCartId(request)
	if (cookieId) {
		const owner = await backend.ownerOf(cookieId)
		if (owner === null || (owner !== undefined && owner === userId)) return cookieId
	}
	return userId ? backend.userCartId(userId) : null
}

export async function getCartView(request: Request, userId: string | null): Promise<CartView> {
	const backend = getCartBackend()
	const cartId = await resolveCartId(request, userId, backend)
	const [cart, settings] = await Promise.all([cartId ? backend.getCart(cartId) : null, getStoreSettings()])
	return toCartView(cart, settings)
}

/**
 * Document 000 §4, inside the cart's lock so two tabs cannot both add a gift: add the gift
 * product's first variant once (free, quantity 1) when the non-gift subtotal reaches the
 * threshold; remove every gift line when it drops below. A gift that cannot be added (product
 * missing, out of stock) is logged only (document 000 §8). Returns whether a gift was added.
 */
export async function reconcileGift(session: CartSession, settings: StoreSettings): Promise<boolean> {
	const cart = await session.read()
	const giftLines = cart.lines.filter((l) => l.isGift)
	const decision = giftRuleDecision({
		nonGiftSubtotalCents: ruleSubtotalCents(cart),
		thresholdCents: settings.giftThresholdCents,
		hasGiftLine: giftLines.length > 0,
		giftConfigured: settings.giftProductHandle !== null,
	})
	if (decision === 'remove') {
		await session.removeLines(giftLines.map((l) => l.id))
		return false
	}
	if (decision !== 'add' || settings.giftProductHandle === null) return false
	const variantId = await session.giftVariantId(settings.giftProductHandle)
	if (!variantId) {
		logger.warn({ handle: settings.giftProductHandle }, 'produto brinde não encontrado')
		return false
	}
	try {
		await session.attempt((inner) => inner.addLines([{ variantId, quantity: 1, isGift: true }]))
		return true
	} catch (error) {
		logger.warn({ error: String(error), handle: settings.giftProductHandle }, 'não foi possível adicionar o brinde')
		return false
	}
}

/** Runs one change and the gift rule in one transaction, then tells the cart's other tabs. */
async function changeCart(
	backend: CartBackend,
	cartId: string,
	settings: StoreSettings,
	change: (session: CartSession) => Promise<void>,
): Promise<{ cart: Cart; giftAdded: boolean }> {
	const giftAdded = await backend.change(cartId, async (session) => {
		await change(session)
		return reconcileGift(session, settings)
	})
	const cart = await backend.getCart(cartId)
	if (!cart) throw new CommerceError('cart_not_found', COMMERCE_MESSAGES.cartNotFound)
	notifyCartChanged(cartId)
	return { cart, giftAdded }
}

function notifyCartChanged(cartId: string) {
	publish(cartChannel(cartId), { type: 'changed' }).catch((error: unknown) => {
		logger.error({ error: String(error), cartId }, 'não foi possível avisar as outras abas do carrinho')
	})
}

/** Lines of products in the 'assinatura' collection are subscriptions: decided here, never by the browser. */
async function withSubscriptionFlags(backend: CartBackend, lines: RuleLineInput[]): Promise<RuleLineInput[]> {
	const subscriptions = await backend.subscriptionVariantIds(lines.map((l) => l.variantId))
	return lines.map((l) => ({ ...l, isSubscription: subscriptions.has(l.variantId) }))
}

/**
 * The line the shopper may change, with the add-on lines that follow it (its group), or []
 * when it is already gone and need not exist. Add-on lines of a group are not changed alone.
 */
async function assertEditableLine(session: CartSession, lineId: string, mustExist: boolean): Promise<CartLine[]> {
	const lines = (await session.read()).lines
	const line = lines.find((l) => l.id === lineId)
	if (!line) {
		if (mustExist) throw new CommerceError('line_not_found', COMMERCE_MESSAGES.lineNotFound)
		return []
	}
	const group = groupOf(line)
	if (group !== null && isAddonLine(line)) throw new CommerceError('invalid_input', LINE_GROUP_MESSAGES.addonLocked)
	// Document 000 §5: gift lines cannot be edited or removed by hand.
	if (line.isGift) throw new CommerceError('invalid_input', CART_ERRORS.giftLocked)
	return group === null ? [line] : lines.filter((l) => l.id === line.id || (groupOf(l) === group && isAddonLine(l)))
}

export type CartActionOutcome = {
	status: number
	body: CartActionResult
	headers: Headers
}

/** Input errors are 400, conflicts with the cart's state 409, a failing provider 502: never 500. */
function statusOf(error: CommerceError): number {
	if (error.code === 'invalid_input') return 400
	if (error.code === 'provider_error') return 502
	return 409
}

/**
 * The /cart action after validation. `checkout=1` (add, then checkout) and intent 'checkout'
 * go to checkout; on an empty cart that does nothing (document 000 §5).
 */
export async function performCartAction(request: Request, userId: string | null, input: CartActionInput): Promise<CartActionOutcome> {
	const backend = getCartBackend()
	const settings = await getStoreSettings()
	const headers = new Headers()
	let cartId = await resolveCartId(request, userId, backend)
	if (cartId && cartId !== getCartId(request)) headers.append('Set-Cookie', cartCookieHeader(cartId))
	try {
		let cart: Cart | null = cartId ? await backend.getCart(cartId) : null
		let giftAdded = false
		if (input.intent === 'add') {
			if (!cartId) {
				cartId = await backend.createCart(userId)
				headers.append('Set-Cookie', cartCookieHeader(cartId))
				// The buyer cookie comes with the cart, not with the first checkout: tabs that submit
				// the checkout at once then share one buyer token, so each can open the one order
				// their cart makes (decision 019) instead of racing to set different tokens.
				const buyer = ensureBuyerToken(request)
				if (buyer.setCookie) headers.append('Set-Cookie', buyer.setCookie)
			}
			const grouped = assignLineGroups(
				input.lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity, attributes: l.attributes })),
				(text) => createHash('sha256').update(text).digest('hex'),
			)
			if (!grouped.ok) throw new CommerceError('invalid_input', grouped.message)
			const lines = await withSubscriptionFlags(backend, grouped.lines)
			;({ cart, giftAdded } = await changeCart(backend, cartId, settings, (session) => session.addLines(lines)))
		} else if (input.intent === 'update' || input.intent === 'remove') {
			if (!cartId) throw new CommerceError('line_not_found', COMMERCE_MESSAGES.lineNotFound)
			const { lineId } = input
			const quantity = input.intent === 'update' ? input.quantity : 0
			;({ cart, giftAdded } = await changeCart(backend, cartId, settings, async (session) => {
				const lines = await assertEditableLine(session, lineId, input.intent === 'update')
				// The product line takes its add-ons along (issue 13, defect 3).
				const ids = lines.map((l) => l.id)
				// quantity ≤ 0 removes (document 000 §4); a line already gone is fine for 'remove'.
				if (quantity <= 0) await session.removeLines(ids.length > 0 ? ids : [lineId])
				else await session.updateLines(ids.map((id) => ({ lineId: id, quantity })))
			}))
		}

		const view = toCartView(cart, settings)
		const wantsCheckout = input.intent === 'checkout' || (input.intent === 'add' && input.checkout === '1')
		if (wantsCheckout && cartId && cart && cart.lines.some((l) => !l.unavailable)) {
			try {
				const checkout = await backend.createCheckout(cartId)
				// Answered, not redirected: the page navigates itself (cart-drawer.tsx). React Router
				// drops a fetcher's redirect when a revalidation (a live cart event) starts while the
				// action runs, which left 'Comprar Agora' on the product page (issue 13, defect 1).
				return {
					status: 200,
					body: { ok: true, cart: view, giftAdded, checkoutUrl: checkout.checkoutUrl, ...(checkout.external ? { external: true } : {}) },
					headers,
				}
			} catch (error) {
				logger.error({ error: String(error), cartId }, 'erro ao criar checkout')
				const fromProductPage = input.intent === 'add'
				const store = error instanceof StorefrontError ? error : null
				return {
					status: isCommerceError(error) ? statusOf(error) : 502,
					body: {
						ok: false,
						title: CART_ERRORS.checkoutTitle,
						error: fromProductPage ? CART_ERRORS.buyNowFailed : CART_ERRORS.checkoutFailed,
						// A hosted store's failure (decision 046): §8's 402 toast and its error text.
						...(store?.toast ? { notice: store.toast } : {}),
						...(store ? { detail: store.message } : {}),
					},
					headers,
				}
			}
		}
		return { status: 200, body: { ok: true, cart: view, giftAdded }, headers }
	} catch (error) {
		if (!isCommerceError(error)) throw error
		logger.info({ code: error.code, detail: error.message }, 'alteração do carrinho recusada')
		return { status: statusOf(error), body: { ok: false, error: error.userMessage }, headers }
	}
}

/**
 * Adds lines the server's own rules built and priced from the catalogue (a personalized
 * bandana and its extras, a wholesale order): the same cart, cookies, gift rule and live
 * event as the /cart 'add', but the lines' attributes come from the server, not the browser.
 * A refusal (stock, limits) is a CommerceError answered in Portuguese, never a 500.
 */
export async function addServerBuiltLines(request: Request, userId: string | null, lines: RuleLineInput[]): Promise<CartActionOutcome> {
	const backend = getCartBackend()
	const settings = await getStoreSettings()
	const headers = new Headers()
	let cartId = await resolveCartId(request, userId, backend)
	if (cartId && cartId !== getCartId(request)) headers.append('Set-Cookie', cartCookieHeader(cartId))
	try {
		if (!cartId) {
			cartId = await backend.createCart(userId)
			headers.append('Set-Cookie', cartCookieHeader(cartId))
			const buyer = ensureBuyerToken(request)
			if (buyer.setCookie) headers.append('Set-Cookie', buyer.setCookie)
		}
		const { cart, giftAdded } = await changeCart(backend, cartId, settings, (session) => session.addServerLines(lines))
		return { status: 200, body: { ok: true, cart: toCartView(cart, settings), giftAdded }, headers }
	} catch (error) {
		if (!isCommerceError(error)) throw error
		logger.info({ code: error.code, detail: error.message }, 'itens personalizados recusados pelo carrinho')
		return { status: statusOf(error), body: { ok: false, error: error.userMessage }, headers }
	}
}

/**
 * Moves one line into a cart as the cart's own rules allow: added when it fits; else kept as it
 * is (marked unavailable, sold out since); a line neither can take is logged with `why`, and the
 * others go on. Shared by the sign-in merge and the reminder's restore link.
 */
async function addOrKeepLine(session: CartSession, line: RuleLineInput, why: string): Promise<void> {
	try {
		await session.attempt((inner) => inner.addLines([line]))
	} catch {
		try {
			await session.attempt((inner) => inner.keepLines([line]))
		} catch (error) {
			logger.warn({ error: String(error), variantId: line.variantId }, why)
		}
	}
}

/** A line's identity in a cart: the same variant, kind and attributes merge into one line. */
function lineKey(line: { variantId: string; isSubscription?: boolean; attributes?: readonly { key: string; value: string }[] }): string {
	const attributes = [...(line.attributes ?? [])].sort((a, b) => a.key.localeCompare(b.key)).map((a) => [a.key, a.value])
	return JSON.stringify([line.variantId, line.isSubscription ?? false, attributes])
}

/**
 * Decision 121: the reminder's 'Voltar ao carrinho', on any device and signing nothing in. Its
 * lines go into the visitor's cart (her own when she is signed in, else the browser's anonymous
 * one, made if needed) once: a line that is already there is left as it is, so opening the link
 * twice, or as the owner whose cart still holds them, adds nothing. A line a normal add now
 * refuses (sold out since) is kept flagged 'Indisponível', as at sign-in. Returns the cookies.
 */
export async function restoreLinesToVisitorCart(request: Request, userId: string | null, lines: RuleLineInput[]): Promise<Headers> {
	const backend = getCartBackend()
	const settings = await getStoreSettings()
	const headers = new Headers()
	let cartId = await resolveCartId(request, userId, backend)
	if (cartId && cartId !== getCartId(request)) headers.append('Set-Cookie', cartCookieHeader(cartId))
	if (!cartId) {
		cartId = await backend.createCart(userId)
		headers.append('Set-Cookie', cartCookieHeader(cartId))
		const buyer = ensureBuyerToken(request)
		if (buyer.setCookie) headers.append('Set-Cookie', buyer.setCookie)
	}
	await changeCart(backend, cartId, settings, async (session) => {
		const present = new Set(
			(await session.read()).lines.map((l) => lineKey({ variantId: l.merchandise.id, isSubscription: l.isSubscription, attributes: l.attributes })),
		)
		for (const line of lines) {
			if (present.has(lineKey(line))) continue
			await addOrKeepLine(session, line, 'item do lembrete não coube no carrinho')
		}
	})
	return headers
}

// ------------------------------------------------------------------ sign-in and sign-out

type AuthEvent = { userId: string; request: Request; headers: Headers }

/**
 * afterSignIn (decision 3): the anonymous cart's lines go into the customer's cart (or the
 * anonymous cart becomes theirs when they have none), and the cookie points at it. Nothing
 * the shopper had vanishes: a line a normal add refuses (sold out, stock short, old
 * attributes) is kept as it was, flagged 'Indisponível' when it can no longer be sold, as
 * the anonymous cart showed it. Only a line over the 100-line limit cannot move; it is
 * logged. The gift is not moved but re-decided on the merged cart.
 */
export async function mergeCartAtSignIn({ userId, request, headers }: AuthEvent): Promise<void> {
	const backend = getCartBackend()
	const cookieId = getCartId(request)
	const anonymousId = cookieId && (await backend.ownerOf(cookieId)) === null ? cookieId : null
	let userCartId = await backend.userCartId(userId)

	if (anonymousId && !userCartId) {
		if (await backend.claimCart(anonymousId, userId)) return
		userCartId = await backend.userCartId(userId)
	}
	if (anonymousId && userCartId) {
		const anonymous = await backend.getCart(anonymousId)
		const lines: RuleLineInput[] = (anonymous?.lines ?? [])
			.filter((l) => !l.isGift)
			.map((l) => ({ variantId: l.merchandise.id, quantity: l.quantity, attributes: l.attributes, isSubscription: l.isSubscription }))
		const settings = await getStoreSettings()
		await changeCart(backend, userCartId, settings, async (session) => {
			for (const line of lines) {
				await addOrKeepLine(session, line, 'item do carrinho anônimo não coube no carrinho do cliente')
			}
		})
		await backend.deleteCart(anonymousId)
		notifyCartChanged(anonymousId)
	}
	if (userCartId) headers.append('Set-Cookie', cartCookieHeader(userCartId))
	else if (cookieId && !anonymousId) headers.append('Set-Cookie', clearCartCookieHeader())
}

/**
 * afterSignOut (decision 3): the browser forgets the customer's cart; the next add starts a
 * new anonymous one. The customer's cart stays theirs for their next sign-in.
 */
export function forgetCartAtSignOut({ headers }: AuthEvent): void {
	headers.append('Set-Cookie', clearCartCookieHeader())
}
