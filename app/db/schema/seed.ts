import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Data sets written once per database (the demo shop). The row is written in the same
 * transaction as the data, so its presence means the whole set is there.
 */
export const seedRuns = pgTable('seed_runs', {
	name: text().primaryKey(),
	appliedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
