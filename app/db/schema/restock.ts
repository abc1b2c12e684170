import { sql } from 'drizzle-orm'
import { index, inet, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth'
import { productVariants } from './catalog'

/**
 * Issue 31 (decision 120): 'Avise-me quando chegar' on a sold-out variant. One row per address and
 * variant (a second sign-up is the same row). An anonymous address is confirmed by the link of its
 * e-mail (double opt-in, LGPD); a signed-in shopper's own address at once. The restock job e-mails
 * the confirmed rows of a variant that can be sold again, once, and marks them notified.
 * Unsubscribing deletes the row: nothing is kept about an address that said no.
 */
export const restockAlerts = pgTable(
	'restock_alerts',
	{
		id: uuid().primaryKey().defaultRandom(),
		/** Trimmed and lower-cased (one person, one row). */
		email: text().notNull(),
		variantId: uuid()
			.notNull()
			.references(() => productVariants.id, { onDelete: 'cascade' }),
		/** The signed-in shopper who asked, if any: deleting the account deletes her alerts. */
		userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
		/**
		 * The link of the confirmation and of every alert's 'cancelar' (32 random bytes, base64url).
		 * Kept as it is, not hashed: the alert, days later, must carry it again; it only confirms or
		 * cancels this one row.
		 */
		token: text().notNull().unique(),
		/** The consent (LGPD): when, from which address; the variant is the row's own. */
		consentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
		consentIp: inet(),
		/** Null until the address is confirmed; only confirmed rows are e-mailed. */
		confirmedAt: timestamp({ withTimezone: true }),
		/** Set when the alert was sent: the next restock sends nothing unless she asks again. */
		notifiedAt: timestamp({ withTimezone: true }),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('restock_alerts_email_variant_unique').on(t.email, t.variantId),
		// The job's scan: confirmed rows still waiting, by variant.
		index('restock_alerts_waiting_idx')
			.on(t.variantId)
			.where(sql`${t.confirmedAt} is not null and ${t.notifiedAt} is null`),
		index('restock_alerts_user_idx').on(t.userId),
	],
)
