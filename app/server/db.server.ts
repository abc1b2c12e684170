import { mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { type SQL, sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import * as schema from '~/db/schema'
import { logger } from '~/server/logger.server'
import { countQuery } from '~/server/request-metrics.server'

/** One query API whichever engine is behind it: PGlite and node-postgres share PgDatabase. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>
/** The transaction handle drizzle passes to `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
/** Functions that may run inside or outside a transaction take this. */
export type Executor = Database | Transaction

export type Connection =
	| { kind: 'pglite'; db: Database; client: PGlite; close(): Promise<void> }
	| { kind: 'postgres'; db: Database; pool: pg.Pool; url: string; close(): Promise<void> }

const MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'drizzle')

/** Where the embedded database lives for a given DATABASE_URL / DATA_DIR, or 'memory'. */
export function pgliteLocation(databaseUrl: string | undefined, dataDir: string): string | null {
	if (!databaseUrl) return path.resolve(dataDir, 'db')
	if (databaseUrl === 'pglite://memory') return 'memory'
	if (databaseUrl.startsWith('pglite://')) return path.resolve(databaseUrl.slice('pglite://'.length))
	return null
}

/** Every statement drizzle sends is counted for the request it serves (request-metrics.server.ts). */
const QUERY_COUNTER = { logQuery: countQuery }

export async function openConnection(
	databaseUrl: string | undefined,
	dataDir: string,
	options: { pgliteTemplate?: Blob } = {},
): Promise<Connection> {
	const location = pgliteLocation(databaseUrl, dataDir)
	if (location !== null) {
		if (location !== 'memory') mkdirSync(location, { recursive: true })
		const client = await PGlite.create(location === 'memory' ? undefined : location, {
			extensions: { pg_trgm, unaccent },
			// Tests start from a dump of an already-migrated database: ~1 s instead of ~5 s.
			...(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {}),
		})
		countPgliteCalls(client)
		const db = drizzlePglite(client, { schema, casing: 'snake_case', logger: QUERY_COUNTER }) as unknown as Database
		return { kind: 'pglite', db, client, close: () => client.close() }
	}
	const url = databaseUrl as string
	const pool = createPool(url)
	const db = drizzleNodePg(pool, { schema, casing: 'snake_case', logger: QUERY_COUNTER }) as unknown as Database
	return { kind: 'postgres', db, pool, url, close: () => pool.end() }
}

/** Calls into each PGlite client not yet finished (the one running and those queued behind it). */
const pgliteCalls = new WeakMap<PGlite, { pending: number }>()

/**
 * PGlite runs one statement (or transaction) at a time and queues the rest: counting the calls
 * in progress gives /metrics the same picture as a pool's (one in use, the others waiting).
 */
function countPgliteCalls(client: PGlite) {
	const counter = { pending: 0 }
	pgliteCalls.set(client, counter)
	for (const method of ['query', 'exec', 'transaction'] as const) {
		const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>
		;(client as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
			counter.pending += 1
			try {
				return await original(...args)
			} finally {
				counter.pending -= 1
			}
		}
	}
}

/** The connection pool as /metrics reports it (decision 081), for both engines. */
export function poolStats(connection: Connection): { total: number; inUse: number; idle: number; waiting: number } {
	if (connection.kind === 'postgres') {
		const { totalCount, idleCount, waitingCount } = connection.pool
		return { total: totalCount, inUse: totalCount - idleCount, idle: idleCount, waiting: waitingCount }
	}
	const pending = pgliteCalls.get(connection.client)?.pending ?? 0
	return { total: 1, inUse: Math.min(pending, 1), idle: pending > 0 ? 0 : 1, waiting: Math.max(pending - 1, 0) }
}

/** Whether every committed migration is applied (/readyz): the journal's newest against the database's. */
export async function migrationsApplied(): Promise<{ ok: boolean; expected: number; applied: number }> {
	const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
		entries: Array<{ when: number }>
	}
	const newest = Math.max(0, ...journal.entries.map((entry) => entry.when))
	const rows = await queryRows<{ applied: number; newest: string | null }>(
		sql`select count(*)::int as applied, max(created_at)::text as newest from drizzle.__drizzle_migrations`,
	)
	const applied = rows[0]?.applied ?? 0
	return { ok: Number(rows[0]?.newest ?? 0) >= newest, expected: journal.entries.length, applied }
}

/**
 * Limits that keep a web request from hanging on an unreachable or stuck database: it
 * fails fast, becomes a 503 with Retry-After (app/server/database-outage.server.ts), and
 * the shopper retries. Long enough for the slowest legitimate statement (a back-office
 * export), far shorter than a browser's patience.
 */
export const POOL_LIMITS = {
	/** Waiting for a connection (a new one, or a free one from a busy pool). */
	connectionTimeoutMillis: 5_000,
	/** Server side: PostgreSQL cancels a statement running longer (SQLSTATE 57014). */
	statementTimeoutMillis: 15_000,
	/** Client side, for a server that stopped answering altogether (no error, no FIN). */
	queryTimeoutMillis: 20_000,
} as const

/**
 * The node-postgres pool. A connection that PostgreSQL drops (restart, failover,
 * pg_terminate_backend) emits 'error' on its client and, while idle, on the pool; an
 * 'error' event without a listener ends the Node process, so both get one. The pool then
 * discards the broken client and opens a new one on the next query: the shop recovers by
 * itself once the database answers again.
 */
function createPool(url: string): pg.Pool {
	const pool = new pg.Pool({
		connectionString: url,
		max: 10,
		connectionTimeoutMillis: POOL_LIMITS.connectionTimeoutMillis,
		statement_timeout: POOL_LIMITS.statementTimeoutMillis,
		query_timeout: POOL_LIMITS.queryTimeoutMillis,
		// Notice a silently dead peer (a failover that leaves no FIN) instead of waiting forever.
		keepAlive: true,
	})
	pool.on('error', (error) => {
		logger.warn({ err: error }, 'conexão ociosa com o PostgreSQL caiu; o pool abre outra quando precisar')
	})
	// A client checked out of the pool has no pool listener; if its connection drops
	// between two queries of a transaction, this keeps the process alive. Its next query
	// fails ('not queryable'), the transaction rolls back, and the pool discards it on release.
	pool.on('connect', (client) => {
		client.on('error', (error) => {
			logger.warn({ err: error }, 'conexão com o PostgreSQL caiu durante o uso')
		})
	})
	return pool
}

/**
 * Applies the committed migrations. On PostgreSQL several app servers may start at
 * once, so the run is serialised with an advisory lock.
 */
export async function migrateConnection(connection: Connection): Promise<void> {
	if (connection.kind === 'pglite') {
		await migratePglite(connection.db as never, { migrationsFolder: MIGRATIONS_FOLDER })
		return
	}
	// A client of its own, without the pool's web-request timeouts: waiting for another
	// server's migration, or a long migration, is legitimate at start-up.
	const client = new pg.Client({ connectionString: connection.url })
	client.on('error', (error) => logger.warn({ err: error }, 'conexão de migração com o PostgreSQL caiu'))
	await client.connect()
	try {
		await client.query('SELECT pg_advisory_lock(727274)')
		await migrateNodePg(drizzleNodePg(client) as never, { migrationsFolder: MIGRATIONS_FOLDER })
	} finally {
		await client.query('SELECT pg_advisory_unlock(727274)').catch(() => {})
		await client.end().catch(() => {})
	}
}

// The connection is process-wide. It sits on globalThis because the HTTP entry and
// the React Router build are separate bundles (and Vite re-evaluates modules in dev).
const KEY = Symbol.for('loja.db.connection')
type GlobalWithDb = typeof globalThis & { [KEY]?: Connection }

export function setConnection(connection: Connection | undefined) {
	;(globalThis as GlobalWithDb)[KEY] = connection
}

export function getConnection(): Connection {
	const connection = (globalThis as GlobalWithDb)[KEY]
	if (!connection) throw new Error('Banco de dados não conectado: chame connectDatabase() na inicialização.')
	return connection
}

export async function connectDatabase(
	databaseUrl: string | undefined,
	dataDir: string,
	options: { pgliteTemplate?: Blob } = {},
): Promise<Connection> {
	const existing = (globalThis as GlobalWithDb)[KEY]
	if (existing) return existing
	const connection = await openConnection(databaseUrl, dataDir, options)
	await migrateConnection(connection)
	setConnection(connection)
	return connection
}

/**
 * The database. Importable anywhere on the server; it forwards to the process-wide
 * connection, so tests can swap the connection under it.
 */
export const db: Database = new Proxy({} as Database, {
	get(_target, property) {
		const real = getConnection().db
		const value = Reflect.get(real, property, real) as unknown
		return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(real) : value
	},
})

/**
 * Raw SQL returning rows, the same on both engines (both drivers answer `{ rows }`).
 * Prefer the query builder; this is for what it cannot say (similarity, unaccent, locks).
 */
export async function queryRows<Row extends Record<string, unknown>>(
	query: SQL,
	executor: Executor = db,
): Promise<Row[]> {
	const result = (await executor.execute(query)) as unknown as { rows: Row[] }
	return result.rows
}

export async function pingDatabase(): Promise<boolean> {
	try {
		await db.execute(sql`select 1`)
		return true
	} catch {
		return false
	}
}

export { schema }
