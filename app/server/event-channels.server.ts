import { z } from 'zod'
import type { SessionUser } from '~/server/auth/guards.server'
import type { StreamSubscription } from '~/server/event-stream.server'

/**
 * Which live channels a browser may ask for, and what each one means for this person.
 * The browser names a channel ('favorites'); the server decides whose it is
 * ('favorites:<their id>'), so nobody can listen to another person's channel.
 *
 * - store: shop-wide changes anyone may see (banner video replaced, settings, stock); no
 *   sign-in needed, events carry no personal data.
 * - favorites: the signed-in person's favourites.
 * - account: the signed-in person's points, level and badges (a new badge is toasted).
 * - cart: the cart this browser holds (its cart cookie, resolved by the caller), so two tabs
 *   stay consistent; without a cart there is nothing to listen to.
 * - order: one order's status (issue 29), for whoever may open that order's page (the caller
 *   resolves `?pedido=` as the order page does); nothing to hear otherwise.
 * - admin:*: back-office feeds, admin only.
 */
export const PUBLIC_CHANNELS = ['store', 'favorites', 'account', 'cart', 'order', 'admin:orders', 'admin:reviews', 'admin:photos'] as const
export type PublicChannel = (typeof PUBLIC_CHANNELS)[number]

export const channelListSchema = z
	.string()
	.max(200)
	.transform((value) => [...new Set(value.split(',').map((name) => name.trim()).filter(Boolean))])
	.pipe(z.array(z.enum(PUBLIC_CHANNELS, 'Canal desconhecido.')).min(1, 'Informe ao menos um canal.').max(5))

export type ChannelDecision =
	| { ok: true; subscriptions: StreamSubscription[] }
	| { ok: false; status: 400 | 401 | 403; message: string }

/**
 * Maps requested channel names to bus channels for `user`, or says why not. `holder.cartId`
 * is the cart the request may use (its cookie, checked against the signed-in user).
 */
export function authorizeChannels(
	requested: string | null,
	user: SessionUser | null,
	holder: { cartId: string | null; orderId?: string | null } = { cartId: null },
): ChannelDecision {
	const parsed = channelListSchema.safeParse(requested ?? '')
	if (!parsed.success) {
		return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? 'Canais inválidos.' }
	}
	const subscriptions: StreamSubscription[] = []
	for (const name of parsed.data) {
		if (name === 'store') {
			subscriptions.push({ name, channel: STORE_CHANNEL })
		} else if (name === 'favorites') {
			if (!user) return { ok: false, status: 401, message: 'Entre na sua conta para acompanhar seus favoritos.' }
			subscriptions.push({ name, channel: favoritesChannel(user.id) })
		} else if (name === 'account') {
			if (!user) return { ok: false, status: 401, message: 'Entre na sua conta para continuar.' }
			subscriptions.push({ name, channel: accountChannel(user.id) })
		} else if (name === 'order') {
			// Not this viewer's order (or none asked): nothing to hear, and nothing said about why.
			if (holder.orderId) subscriptions.push({ name, channel: orderChannel(holder.orderId) })
		} else if (name === 'cart') {
			// No cart yet: nothing to hear; the page subscribes again once it has one.
			if (holder.cartId) subscriptions.push({ name, channel: cartChannel(holder.cartId) })
		} else {
			if (!user) return { ok: false, status: 401, message: 'Entre na sua conta para continuar.' }
			if (!user.isAdmin) return { ok: false, status: 403, message: 'Você não tem permissão para acessar esta área.' }
			subscriptions.push({ name, channel: name })
		}
	}
	return { ok: true, subscriptions }
}

/** The bus channel for shop-wide changes (publishers use this). */
export const STORE_CHANNEL = 'store'

/** The bus channel for a user's favourites (publishers use this). */
export function favoritesChannel(userId: string): string {
	return `favorites:${userId}`
}

/** The bus channel for a user's points, level and badges (publishers use this). */
export function accountChannel(userId: string): string {
	return `account:${userId}`
}

/** The bus channel of one cart (publishers use this; only its holder may listen). */
export function cartChannel(cartId: string): string {
	return `cart:${cartId}`
}

/** The bus channel of one order's status (publishers use this; only its viewers may listen). */
export function orderChannel(orderId: string): string {
	return `order:${orderId}`
}
