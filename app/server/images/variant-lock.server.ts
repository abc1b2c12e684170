import { sql } from 'drizzle-orm'
import { type Connection, getConnection, queryRows } from '~/server/db.server'

/**
 * Work done once across every app server (issue 33, decision 080): an image variant is encoded
 * by one server, the others wait for it and read what it stored, instead of each encoding its
 * own copy into a shared bucket.
 *
 * On PostgreSQL: a transaction-scoped advisory lock on the work's name (pg_advisory_xact_lock,
 * waiting, in a namespace of its own beside the jobs' and the migrations'), then `done()` is
 * asked again under the lock: whoever held it before may have made it. The lock goes with the
 * transaction, so a server that dies mid-encode frees it. The transaction holds one pool
 * connection for the encode (a second at most; the per-process single flight in
 * variants.server.ts keeps it to one per variant per process).
 *
 * PGlite has one process by construction: an in-process queue per name does the same.
 */

/** First key of the two-key advisory lock form (jobs: 727275, migrations: the one-key 727274). */
const VARIANT_LOCK_NAMESPACE = 727276

const localQueues = new Map<string, Promise<unknown>>()

function currentConnection(): Connection | null {
	try {
		return getConnection()
	} catch {
		return null
	}
}

export type OnceOutcome = 'made' | 'found'

export async function onceAcrossServers(name: string, done: () => Promise<boolean>, make: () => Promise<void>): Promise<OnceOutcome> {
	if (await done()) return 'found'
	const connection = currentConnection()
	// No database (a script measuring variants) is one process too.
	if (!connection || connection.kind === 'pglite') {
		const previous = localQueues.get(name) ?? Promise.resolve()
		const turn = previous.catch(() => {}).then(async (): Promise<OnceOutcome> => {
			if (await done()) return 'found'
			await make()
			return 'made'
		})
		localQueues.set(name, turn)
		try {
			return await turn
		} finally {
			if (localQueues.get(name) === turn) localQueues.delete(name)
		}
	}
	return connection.db.transaction(async (tx) => {
		await queryRows(sql`select pg_advisory_xact_lock(${VARIANT_LOCK_NAMESPACE}, hashtext(${name}))`, tx)
		if (await done()) return 'found'
		await make()
		return 'made'
	})
}
