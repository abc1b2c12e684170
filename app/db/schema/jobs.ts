import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * When each scheduled job last started, across every app server (issue 33, decision 123): a
 * server whose timer fires within the job's interval of another's run skips its turn, so a job
 * runs once per interval whatever the number of servers (the advisory lock alone only kept two
 * runs from overlapping, not from following each other).
 */
export const jobRuns = pgTable('job_runs', {
	name: text().primaryKey(),
	lastStartedAt: timestamp({ withTimezone: true }).notNull(),
})
