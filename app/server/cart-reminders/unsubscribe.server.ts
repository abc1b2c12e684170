import { eq } from 'drizzle-orm'
import { cartReminders } from '~/db/schema'
import { nowMs } from '~/server/clock.server'
import { db } from '~/server/db.server'
import { withdrawCartReminderConsent } from './consent.server'
import { hashLinkToken, isLinkTokenShape } from './tokens.server'

/**
 * The reminder's one-click way out (LGPD art. 8 §5, decision 121): the token names the reminder,
 * the reminder names the shopper, and her open consent is withdrawn, without signing in. The
 * link does not expire: a way out must keep working. Opening it again says the same.
 */
export const UNSUBSCRIBE_MESSAGES = {
	done: 'Pronto: você não vai mais receber lembretes de carrinho.',
	invalid: 'Este link para cancelar os lembretes não é válido. Confira se o endereço do e-mail foi copiado inteiro, ou desligue os lembretes em Minha conta › Configurações.',
} as const

export type UnsubscribeOutcome = { ok: true; withdrawn: boolean } | { ok: false }

export async function unsubscribeWithToken(token: string | undefined, now = new Date(nowMs())): Promise<UnsubscribeOutcome> {
	if (!isLinkTokenShape(token)) return { ok: false }
	const [reminder] = await db
		.select({ userId: cartReminders.userId })
		.from(cartReminders)
		.where(eq(cartReminders.unsubscribeTokenHash, hashLinkToken(token)))
		.limit(1)
	if (!reminder) return { ok: false }
	return { ok: true, withdrawn: await withdrawCartReminderConsent(reminder.userId, 'email', now) }
}
