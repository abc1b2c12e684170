// Runs on both databases (decision 130): its subject is migrations.
import { withTestDatabase } from '#tests/setup/with-database'
import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { db, migrationsApplied } from '~/server/db.server'

/**
 * /readyz's third check (decision 081): the database has every migration the code ships
 * (drizzle/meta/_journal.json). A server started with newer code than its database is not ready.
 */
withTestDatabase()

test('every committed migration applied → ready; the newest missing → not ready, with the counts', async () => {
	const before = await migrationsApplied()
	expect(before.ok).toBe(true)
	expect(before.applied).toBe(before.expected)
	await db.execute(
		sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
	)
	expect(await migrationsApplied()).toEqual({ ok: false, expected: before.expected, applied: before.expected - 1 })
})
