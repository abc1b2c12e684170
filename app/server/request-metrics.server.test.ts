// Runs on both databases (decision 130): its subject is counting each engine's statements.
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { db, getConnection, queryRows } from '~/server/db.server'
import { countQuery, measureRequest } from './request-metrics.server'

withTestDatabase()

describe('request metrics', () => {
	test('every statement sent inside a measured request is counted for it, and only for it', async () => {
		const [first, second] = await Promise.all([
			measureRequest(async (metrics) => {
				await db.execute(sql`select 1`)
				await queryRows(sql`select 2 as n`)
				await db.transaction(async (tx) => {
					await tx.execute(sql`select 3`)
				})
				return metrics.queries
			}),
			measureRequest(async (metrics) => {
				await db.execute(sql`select 4`)
				return metrics.queries
			}),
		])
		// node-postgres sends the transaction's begin and commit as statements too (PGlite does not).
		const transactionStatements = getConnection().kind === 'postgres' ? 2 : 0
		expect(first).toBe(3 + transactionStatements)
		expect(second).toBe(1)
		// Outside a measured request nothing is kept (and nothing fails).
		expect(() => countQuery()).not.toThrow()
	})
})
