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
 * An empty database `name` on the PostgreSQL server of `base`, and how to drop it. Test
 * databases made by withTestDatabase() are dropped by the global teardown instead.
 */
export async function createScratchPostgresDatabase(base: string, name: string) {
	await onServer(base, `create database "${name}"`)
	const url = new URL(base)
	url.pathname = `/${name}`
	return {
		url: url.toString(),
		drop: () => onServer(base, `drop database if exists "${name}" with (force)`),
	}
}
