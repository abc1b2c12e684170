import { sql } from 'drizzle-orm'
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/**
 * The three video slots (document 000 §3, 001 §4): banner, subscription CTA and
 * personalization. Saving deactivates the previous row and inserts a new active one;
 * removing only deactivates. The partial unique index makes "at most one active row"
 * hold even when two admins save at once.
 */
function videoSlotTable<Name extends string>(name: Name) {
	return pgTable(
		name,
		{
			id: uuid().primaryKey().defaultRandom(),
			videoUrl: text().notNull(),
			/** A still taken from the video (issue 11), painted before the video plays; null for none. */
			posterUrl: text(),
			isActive: boolean().notNull().default(true),
			createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
		},
		(t) => [uniqueIndex(`${name}_one_active`).on(t.isActive).where(sql`is_active`)],
	)
}

export const heroVideo = videoSlotTable('hero_video')
export const subscriptionCtaVideo = videoSlotTable('subscription_cta_video')
export const personalizationVideo = videoSlotTable('personalization_video')
