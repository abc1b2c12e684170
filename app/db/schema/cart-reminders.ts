import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth'
import { jsonb } from './jsonb-column'
import { type LineAttribute, carts } from './orders'

/**
 * Issue 31 (decision 121): the abandoned-cart reminder, for signed-in shoppers who said yes
 * (LGPD art. 7, I and art. 8: consent recorded, free to withdraw at any time).
 */
/** Where a 'yes' was given: the settings page, the sign-up form, or the checkout (issue 31). */
export const CART_REMINDER_CONSENT_SOURCES = ['configuracoes', 'cadastro', 'checkout'] as const
export type CartReminderConsentSource = (typeof CART_REMINDER_CONSENT_SOURCES)[number]
/** Where a consent was withdrawn: the settings page, or the e-mail's one-click link. */
export const CART_REMINDER_WITHDRAWAL_VIAS = ['configuracoes', 'email'] as const
export type CartReminderWithdrawalVia = (typeof CART_REMINDER_WITHDRAWAL_VIAS)[number]

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/**
 * One row per 'yes': when, from which address, and the exact sentence the shopper saw. A
 * withdrawal closes the row (withdrawn_at) instead of deleting it, so the history proves what
 * was agreed and when it ended; saying yes again opens a new row. At most one open row each.
 */
export const cartReminderConsents = pgTable(
	'cart_reminder_consents',
	{
		id: uuid().primaryKey().defaultRandom(),
		userId: uuid()
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		consentText: text().notNull(),
		source: text().$type<CartReminderConsentSource>().notNull(),
		grantedIp: text(),
		grantedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
		withdrawnAt: timestamp({ withTimezone: true }),
		withdrawnVia: text().$type<CartReminderWithdrawalVia>(),
	},
	(t) => [
		uniqueIndex('cart_reminder_consents_open_key').on(t.userId).where(sql`${t.withdrawnAt} is null`),
		check('cart_reminder_consents_source_valid', sql`${t.source} in (${inList(CART_REMINDER_CONSENT_SOURCES)})`),
		check(
			'cart_reminder_consents_withdrawal_valid',
			sql`(${t.withdrawnAt} is null and ${t.withdrawnVia} is null) or (${t.withdrawnAt} is not null and ${t.withdrawnVia} in (${inList(CART_REMINDER_WITHDRAWAL_VIAS)}))`,
		),
	],
)

/** A line as the reminder showed it: what the restore link puts back, and what the e-mail listed. */
export type CartReminderLine = {
	variantId: string
	quantity: number
	attributes: LineAttribute[]
	isSubscription: boolean
	/** An add-on (embroidery, extender) listed under the product it goes with. */
	isAddon: boolean
	productTitle: string
	optionsLabel: string
	totalCents: number
}

/**
 * One row per reminder sent. `cart_updated_at` is the cart's state the reminder was about (the
 * cart's updated_at then): the same state is never reminded twice. The two links carry random
 * tokens kept here only as SHA-256 hashes: restoring the cart (expires) and withdrawing the
 * consent without signing in (does not).
 */
export const cartReminders = pgTable(
	'cart_reminders',
	{
		id: uuid().primaryKey().defaultRandom(),
		userId: uuid()
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		cartId: uuid().references(() => carts.id, { onDelete: 'set null' }),
		cartUpdatedAt: timestamp({ withTimezone: true }).notNull(),
		lines: jsonb().$type<CartReminderLine[]>().notNull(),
		restoreTokenHash: text().notNull(),
		unsubscribeTokenHash: text().notNull(),
		sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
		restoredAt: timestamp({ withTimezone: true }),
	},
	(t) => [
		uniqueIndex('cart_reminders_restore_token_key').on(t.restoreTokenHash),
		uniqueIndex('cart_reminders_unsubscribe_token_key').on(t.unsubscribeTokenHash),
		// Never twice for one cart state, even if two runs overlapped.
		uniqueIndex('cart_reminders_cart_state_key').on(t.cartId, t.cartUpdatedAt),
		index('cart_reminders_user_idx').on(t.userId, t.sentAt),
	],
)
