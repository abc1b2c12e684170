import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { jsonb } from './jsonb-column'

/**
 * Store settings (spec README decision 16): one row per key, the value validated by the
 * zod schema in app/server/settings.server.ts, which also holds the documents' defaults.
 */
export const storeSettings = pgTable('store_settings', {
	key: text().primaryKey(),
	value: jsonb().notNull(),
	updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** Every e-mail the shop sends, kept whether or not SMTP is configured (decision 17). */
export const mailOutbox = pgTable(
	'mail_outbox',
	{
		id: uuid().primaryKey().defaultRandom(),
		to: text().notNull(),
		subject: text().notNull(),
		text: text().notNull(),
		html: text(),
		/** 'stored' (no SMTP configured), 'sent', or 'failed'. */
		status: text().notNull(),
		error: text(),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
		sentAt: timestamp({ withTimezone: true }),
	},
	(t) => [
		index('mail_outbox_created_idx').on(t.createdAt),
		check('mail_outbox_status_valid', sql`${t.status} in ('stored', 'sent', 'failed')`),
	],
)

/** 'Notificar Lançamento' on /em-breve (decision 11). */
export const launchNotifications = pgTable('launch_notifications', {
	id: uuid().primaryKey().defaultRandom(),
	email: text().notNull().unique(),
	topic: text().notNull().default('tech'),
	notified: boolean().notNull().default(false),
	createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
