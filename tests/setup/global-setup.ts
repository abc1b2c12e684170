import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { ensureBuilt } from '#tests/support/app-server'
import { createScratchPostgresDatabase } from './scratch-postgres'
import { migrateConnection, openConnection } from '~/server/db.server'

declare module 'vitest' {
	export interface ProvidedContext {
		/** PostgreSQL: prefix of this run's scratch databases. */
		testRunId: string
		/** PGlite: a dump of a freshly migrated database that each test file loads. */
		pgliteTemplatePath: string
		/** PostgreSQL: a database migrated once per run that each test file's database copies. */
		postgresTemplate: string
	}
}

/**
 * With TEST_DATABASE_URL (CI: postgres://postgres@127.0.0.1:5432/test) each test file
 * gets a scratch PostgreSQL database named after this run. Without it, each file loads a
 * dump of one in-memory PGlite database migrated here, once per run.
 */
export default async function globalSetup(project: TestProject) {
	// The server tests (server/*.test.ts) run the production build. Built once here, before
	// any test file starts: files that each found it stale would build into build/ at once.
	ensureBuilt()
	const base = process.env.TEST_DATABASE_URL
	if (!base) {
		const connection = await openConnection('pglite://memory', '/nonexistent')
		await migrateConnection(connection)
		if (connection.kind !== 'pglite') throw new Error('esperava PGlite')
		const dump = await connection.client.dumpDataDir('none')
		await connection.close()
		const file = path.join(tmpdir(), `loja-test-template-${process.pid}.tar`)
		writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
		project.provide('pgliteTemplatePath', file)
		project.provide('testRunId', '')
		project.provide('postgresTemplate', '')
		return
	}
	const runId = `t${Date.now().toString(36)}${process.pid}`
	project.provide('testRunId', runId)
	project.provide('pgliteTemplatePath', '')
	// Migrated once here; each file's database is a copy (CREATE DATABASE … TEMPLATE), not 23
	// migrations per file. Its name starts with the run id, so the teardown drops it too.
	const template = `${runId}_template`
	const { url } = await createScratchPostgresDatabase(base, template)
	const connection = await openConnection(url, '/nonexistent')
	await migrateConnection(connection)
	await connection.close()
	project.provide('postgresTemplate', template)
	return async () => {
		// Drop every scratch database this run made.
		const admin = new pg.Client({ connectionString: base })
		await admin.connect()
		const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
			`${runId}%`,
		])
		for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`)
		await admin.end()
	}
}
