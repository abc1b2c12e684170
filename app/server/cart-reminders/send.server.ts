import { sql } from 'drizzle-orm'
import { type CartReminderLine, cartReminders } from '~/db/schema'
import { isHiddenAttribute } from '~/commerce/rules/line-groups'
import { getCartBackend } from '~/server/cart/backend.server'
import { toCartView } from '~/server/cart/view.server'
import { nowMs } from '~/server/clock.server'
import { db, queryRows } from '~/server/db.server'
import { publicUrl } from '~/server/env.server'
import { logger } from '~/server/logger.server'
import { sendMail } from '~/server/mail.server'
import { getStoreSettings } from '~/server/settings.server'
import { restoreUrl, unsubscribeUrl } from './links.server'
import { cartReminderEmail } from './reminder-mail.server'
import { hashLinkToken, newLinkToken } from './tokens.server'

/**
 * The abandoned-cart reminder job (issue 31, decision 121). Who gets one: a signed-in shopper
 * with an open consent whose cart still has lines, was last changed REMINDER_DELAY_MS ago, and
 * from which (and by whom) no order was placed since. Never twice for one cart state (the
 * cart's updated_at), and at most one reminder per shopper every RENOTIFY_AFTER_MS, however
 * often she changes the cart: a reminder is a favour, not a campaign.
 */

/** Three hours: long enough that she has not just stepped away, short enough that she still remembers the cart. */
export const REMINDER_DELAY_MS = 3 * 60 * 60 * 1000
/** A cart changed after its reminder may be reminded again, but only a week after the last one. */
export const RENOTIFY_AFTER_MS = 7 * 24 * 60 * 60 * 1000
/**
 * Carts last changed more than two days ago are left alone: a reminder a week late reads as
 * spam, and switching the job on must not mail every old cart at once.
 */
export const STALE_AFTER_MS = 2 * 24 * 60 * 60 * 1000
/** One run's batch: the job runs again soon, and the outbox is not flooded in one go. */
const BATCH = 50

type Candidate = { cart_id: string; user_id: string; email: string; full_name: string | null; updated_at: Date | string }

/** The carts due a reminder at `now`, oldest change first. */
export async function dueCartReminders(now: Date): Promise<Candidate[]> {
	const dueBefore = new Date(now.getTime() - REMINDER_DELAY_MS).toISOString()
	const staleBefore = new Date(now.getTime() - STALE_AFTER_MS).toISOString()
	const lastReminderAfter = new Date(now.getTime() - RENOTIFY_AFTER_MS).toISOString()
	return queryRows<Candidate>(sql`
		select c.id as cart_id, c.user_id, u.email, p.full_name, c.updated_at
		from carts c
		join users u on u.id = c.user_id
		left join user_profiles p on p.user_id = c.user_id
		where c.updated_at <= ${dueBefore} and c.updated_at > ${staleBefore}
			and exists (select 1 from cart_reminder_consents k where k.user_id = c.user_id and k.withdrawn_at is null)
			and (exists (select 1 from cart_lines l where l.cart_id = c.id and not l.is_gift)
				or exists (select 1 from remote_cart_lines l where l.cart_id = c.id and not l.is_gift))
			and not exists (
				select 1 from orders o
				where (o.cart_id = c.id or o.user_id = c.user_id) and o.created_at >= c.updated_at)
			and not exists (select 1 from cart_reminders r where r.cart_id = c.id and r.cart_updated_at >= c.updated_at)
			and not exists (select 1 from cart_reminders r where r.user_id = c.user_id and r.sent_at > ${lastReminderAfter})
		order by c.updated_at
		limit ${BATCH}`)
}

function firstName(fullName: string | null): string | null {
	return fullName?.trim().split(/\s+/)[0] || null
}

/** Sends the reminders due at `now` (tests pass a later time); returns how many were sent. */
export async function sendCartReminders({ now = new Date(nowMs()) }: { now?: Date } = {}): Promise<number> {
	const candidates = await dueCartReminders(now)
	if (candidates.length === 0) return 0
	const backend = getCartBackend()
	const settings = await getStoreSettings()
	const base = publicUrl()
	let sent = 0
	for (const candidate of candidates) {
		// The cart module prices the lines (decision 3): the e-mail shows what the drawer would.
		const cart = await backend.getCart(candidate.cart_id)
		if (!cart) continue
		const byId = new Map(cart.lines.map((l) => [l.id, l]))
		const view = toCartView(cart, settings)
		const lines: CartReminderLine[] = view.lines.flatMap((v) => {
			const line = byId.get(v.id)
			if (!line || line.isGift || line.unavailable) return []
			return [
				{
					variantId: line.merchandise.id,
					quantity: line.quantity,
					attributes: line.attributes,
					isSubscription: line.isSubscription,
					isAddon: v.addonOf !== null,
					productTitle: v.productTitle,
					optionsLabel: v.optionsLabel,
					totalCents: v.totalCents,
				},
			]
		})
		if (!lines.some((l) => !l.isAddon)) continue
		const restoreToken = newLinkToken()
		const unsubscribeToken = newLinkToken()
		// The row first: a second run (or server) racing on the same cart state loses on the unique key.
		const inserted = await db
			.insert(cartReminders)
			.values({
				userId: candidate.user_id,
				cartId: candidate.cart_id,
				cartUpdatedAt: new Date(candidate.updated_at),
				lines,
				restoreTokenHash: hashLinkToken(restoreToken),
				unsubscribeTokenHash: hashLinkToken(unsubscribeToken),
				sentAt: now,
			})
			.onConflictDoNothing()
			.returning({ id: cartReminders.id })
		if (inserted.length === 0) continue
		const mail = cartReminderEmail({
			storeName: settings.storeName,
			firstName: firstName(candidate.full_name),
			lines: lines.map((l) => ({ ...l, attributes: l.attributes.filter((a) => !isHiddenAttribute(a.key)) })),
			subtotalCents: lines.reduce((sum, l) => sum + l.totalCents, 0),
			restoreUrl: restoreUrl(base, restoreToken),
			unsubscribeUrl: unsubscribeUrl(base, unsubscribeToken),
		})
		await sendMail({ to: candidate.email, ...mail })
		sent++
	}
	if (sent > 0) logger.info({ sent }, 'lembretes de carrinho enviados')
	return sent
}
