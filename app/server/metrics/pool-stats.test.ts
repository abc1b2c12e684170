// Runs on both databases (decision 130): its subject is each engine's connection pool.
import { withTestDatabase } from '#tests/setup/with-database'
import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { db, getConnection, poolStats } from '~/server/db.server'

/**
 * The connection pool as /metrics reports it (decision 081), on the engine of the run: PGlite
 * (one connection; calls queued behind the running one wait) and PostgreSQL (node-postgres's pool
 * of 10: in use, idle, and requests waiting for a free connection).
 */
withTestDatabase()

test('in use and waiting, while the connections are busy and once they are free', async () => {
	const connection = getConnection()
	if (connection.kind === 'postgres') {
		const { max } = connection.pool.options as { max: number }
		const held = await Promise.all(Array.from({ length: max }, () => connection.pool.connect()))
		const queued = db.execute(sql`select 1`).then(() => undefined)
		await new Promise((resolve) => setImmediate(resolve))
		expect(poolStats(connection)).toMatchObject({ total: max, inUse: max, idle: 0, waiting: 1 })
		for (const client of held) client.release()
		await queued
		expect(poolStats(connection)).toMatchObject({ inUse: 0, waiting: 0 })
		return
	}
	let release = () => {}
	const gate = new Promise<void>((resolve) => (release = resolve))
	const holding = db.transaction(async () => {
		await gate
	})
	const queued = db.execute(sql`select 1`).then(() => undefined)
	await new Promise((resolve) => setImmediate(resolve))
	expect(poolStats(connection)).toEqual({ total: 1, inUse: 1, idle: 0, waiting: 1 })
	release()
	await Promise.all([holding, queued])
	expect(poolStats(connection)).toEqual({ total: 1, inUse: 0, idle: 1, waiting: 0 })
})
