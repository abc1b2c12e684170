import { eq } from 'drizzle-orm'
import { cartReminders } from '~/db/schema'
import { isCommerceError } from '~/commerce/errors'
import { restoreLinesToVisitorCart } from '~/server/cart/cart.server'
import { nowMs } from '~/server/clock.server'
import { db } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import { hashLinkToken, isLinkTokenShape } from './tokens.server'

/**
 * 'Voltar ao carrinho' (decision 121): the token names one reminder; its lines go back into the
 * visitor's cart (cart.server.ts). Nothing is signed in: the link carries a cart's contents, not
 * an identity.
 */

/** A month: the cart is long gone from her mind by then, and the link should not live forever. */
export const RESTORE_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000

export const RESTORE_MESSAGES = {
	invalid: 'Este link do carrinho não é válido. Confira se o endereço do e-mail foi copiado inteiro.',
	expired: 'Este link do carrinho expirou. Os produtos continuam na loja: é só escolher de novo.',
	failed: 'Não foi possível recuperar o carrinho agora. Tente de novo em instantes.',
} as const

export type RestoreOutcome = { ok: true; headers: Headers } | { ok: false; status: number; message: string }

export async function restoreCartFromReminder(
	request: Request,
	userId: string | null,
	token: string | undefined,
	now = new Date(nowMs()),
): Promise<RestoreOutcome> {
	if (!isLinkTokenShape(token)) return { ok: false, status: 404, message: RESTORE_MESSAGES.invalid }
	const [reminder] = await db
		.select({ id: cartReminders.id, lines: cartReminders.lines, sentAt: cartReminders.sentAt })
		.from(cartReminders)
		.where(eq(cartReminders.restoreTokenHash, hashLinkToken(token)))
		.limit(1)
	if (!reminder) return { ok: false, status: 404, message: RESTORE_MESSAGES.invalid }
	if (now.getTime() - reminder.sentAt.getTime() > RESTORE_LINK_TTL_MS) return { ok: false, status: 410, message: RESTORE_MESSAGES.expired }
	try {
		const headers = await restoreLinesToVisitorCart(
			request,
			userId,
			reminder.lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity, attributes: l.attributes, isSubscription: l.isSubscription })),
		)
		await db.update(cartReminders).set({ restoredAt: now }).where(eq(cartReminders.id, reminder.id))
		return { ok: true, headers }
	} catch (error) {
		if (!isCommerceError(error)) throw error
		logger.warn({ code: error.code, detail: error.message }, 'não foi possível recuperar o carrinho do lembrete')
		return { ok: false, status: 409, message: RESTORE_MESSAGES.failed }
	}
}
