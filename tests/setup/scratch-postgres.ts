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
