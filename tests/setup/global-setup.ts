import pg from 'pg'

/**
 * With TEST_DATABASE_URL (CI: postgres://postgres@127.0.0.1:5432/test) the integration
 * tests run on real PostgreSQL: each run gets a template database, migrated by the first
 * worker, and each test file a scratch copy. Without it, every file gets in-memory PGlite.
 */
export default async function globalSetup() {
	const base = process.env.TEST_DATABASE_URL
	if (!base) return
	const runId = `t${Date.now().toString(36)}${process.pid}`
	process.env.TEST_RUN_ID = runId
	const admin = new pg.Client({ connectionString: base })
	await admin.connect()
	return async () => {
		// Drop every scratch database this run made.
		const { rows } = await admin.query<{ datname: string }>(
			`select datname from pg_database where datname like $1`,
			[`${runId}%`],
		)
		for (const { datname } of rows) {
			await admin.query(`drop database if exists "${datname}" with (force)`)
		}
		await admin.end()
	}
}
