// Runs on both databases (decision 130): its subject is the connection to each engine.
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { db, getConnection, queryRows } from './db.server'
import { users } from '~/db/schema'

withTestDatabase()

describe('database', () => {
	test('migrations create the schema and the search extensions work', async () => {
		const [row] = await queryRows<{ a: string; sim: number }>(
			sql`select f_unaccent('Laço Xadrez') as a, similarity('bandana xadres', 'bandana xadrez') as sim`,
		)
		if (!row) throw new Error('sem resultado')
		expect(row.a).toBe('Laco Xadrez')
		expect(Number(row.sim)).toBeGreaterThan(0.5)
		expect(['pglite', 'postgres']).toContain(getConnection().kind)
	})

	test('e-mails must be stored lower-cased and unique', async () => {
		await db.insert(users).values({ email: 'ana@example.com', passwordHash: 'x' })
		await expect(db.insert(users).values({ email: 'ana@example.com', passwordHash: 'x' })).rejects.toThrow()
		await expect(db.insert(users).values({ email: 'Bia@example.com', passwordHash: 'x' })).rejects.toThrow()
	})
})
