import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { type CartReminderConsentSource, type CartReminderWithdrawalVia, cartReminderConsents } from '~/db/schema'
import { db } from '~/server/db.server'
import { CART_REMINDER_CONSENT_TEXT } from '~/utils/cart-reminder-copy'

/**
 * The shopper's consent to the abandoned-cart reminder (LGPD, decision 121): off until she
 * ticks it, recorded with the sentence she saw, when and from which address; withdrawn from
 * the settings or by the e-mail's link, at any time.
 */
export { CART_REMINDER_CONSENT_TEXT }

export type CartReminderConsent = { grantedAt: Date; consentText: string } | null

export async function getCartReminderConsent(userId: string): Promise<CartReminderConsent> {
	const [row] = await db
		.select({ grantedAt: cartReminderConsents.grantedAt, consentText: cartReminderConsents.consentText })
		.from(cartReminderConsents)
		.where(and(eq(cartReminderConsents.userId, userId), isNull(cartReminderConsents.withdrawnAt)))
		.orderBy(desc(cartReminderConsents.grantedAt))
		.limit(1)
	return row ?? null
}

/** Yes: a new open row, unless one is open already (a double submit records nothing twice). */
export async function grantCartReminderConsent(
	userId: string,
	at: { ip: string | null; source: CartReminderConsentSource; now?: Date },
): Promise<void> {
	await db
		.insert(cartReminderConsents)
		.values({ userId, consentText: CART_REMINDER_CONSENT_TEXT, source: at.source, grantedIp: at.ip, grantedAt: at.now ?? new Date() })
		// The open row's partial unique index is the conflict target (its predicate, unqualified, names it).
		.onConflictDoNothing({ target: cartReminderConsents.userId, where: sql`withdrawn_at is null` })
}

/** No: closes the open row (kept as proof); true when there was one. */
export async function withdrawCartReminderConsent(userId: string, via: CartReminderWithdrawalVia, now = new Date()): Promise<boolean> {
	const rows = await db
		.update(cartReminderConsents)
		.set({ withdrawnAt: now, withdrawnVia: via })
		.where(and(eq(cartReminderConsents.userId, userId), isNull(cartReminderConsents.withdrawnAt)))
		.returning({ id: cartReminderConsents.id })
	return rows.length > 0
}
