import pg from 'pg'

/** Runs one statement on the server behind `base` (create/drop database need no pool). */
async function onServer(base: string, statement: string) {
	const admin = new pg.Client({ connectionString: base })
	await admin.connect()
	try {
		await admin.query(statement)
	} finally {
		await admin.end()
	}
}

/**
 * A database `name` on the PostgreSQL server of `base`, and how to drop it: empty, or a copy of
 * `template` (a migrated database nobody is connected to; CREATE DATABASE … TEMPLATE copies its
 * files, far faster than running the migrations again). Test databases made by
 * withTestDatabase() are dropped by the global teardown instead.
 */
export async function createScratchPostgresDatabase(base: string, name: string, options: { template?: string } = {}) {
	await onServer(base, `create database "${name}"${options.template ? ` template "${options.template}"` : ''}`)
	const url = new URL(base)
	url.pathname = `/${name}`
	return {
		url: url.toString(),
		drop: () => onServer(base, `drop database if exists "${name}" with (force)`),
	}
}

/**
 * A pool on a scratch database. The database is dropped `with (force)` at the end: a client still
 * closing then hears PostgreSQL's 57P01 ('terminating connection due to administrator command'),
 * which the pool re-emits as an 'error' event; unheard, that is an unhandled error that fails the
 * whole run (ci35). The test's own queries still reject as usual.
 */
export function scratchPool(url: string, max: number): pg.Pool {
	const pool = new pg.Pool({ connectionString: url, max })
	pool.on('error', () => {})
	return pool
}
