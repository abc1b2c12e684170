/**
 * `npm run backup [-- <arquivo.tar.gz>]`: one tar.gz with the database, the uploaded files
 * (DATA_DIR/uploads) and manifest.json (time, last migration, row counts). Decision 023.
 *
 * - Embedded database (PGlite): the shop must be stopped. PGlite is one process's files;
 *   the copy is PGlite's own dump of its data directory, consistent because nobody writes.
 * - PostgreSQL: pg_dump in custom format, a consistent snapshot while the shop runs; without
 *   pg_dump on this machine the command says what to install or run instead.
 *
 * - STORAGE_DRIVER=s3: the bucket's uploads are copied into the archive (scripts/backup/bucket.ts).
 *
 * Default file: backups/loja-<data-hora>.tar.gz under the current directory.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as tar from 'tar'
import { openConnection, pgliteLocation } from '~/server/db.server'
import {
	appliedMigration,
	countRows,
	MANIFEST_FILE,
	type Manifest,
	PGLITE_DUMP_FILE,
	POSTGRES_DUMP_FILE,
	UPLOADS_DIR,
} from './backup/manifest'
import { copyBucketToFolder } from './backup/bucket'
import {
	directoryStats,
	fail,
	formatBytes,
	pgliteInUse,
	postgresClientArgs,
	readEnvOrExit,
	runCommand,
	SHOP_RUNNING_MESSAGE,
} from './backup/shared'

const env = readEnvOrExit()
const createdAt = new Date()
const stamp = createdAt.toISOString().replace(/[:.]/g, '-').replace('T', '_').slice(0, 19)
const output = path.resolve(process.argv[2] ?? path.join('backups', `loja-${stamp}.tar.gz`))
const uploadsDir = path.resolve(env.DATA_DIR, 'uploads')
const staging = mkdtempSync(path.join(tmpdir(), 'loja-backup-'))
mkdirSync(path.join(staging, 'database'))

async function dumpPglite(location: string) {
	if (!existsSync(path.join(location, 'PG_VERSION'))) fail(`Não há banco embutido em ${location} (DATA_DIR=${env.DATA_DIR}).`)
	if (pgliteInUse(location)) fail(SHOP_RUNNING_MESSAGE(location))
	const connection = await openConnection(env.DATABASE_URL, env.DATA_DIR)
	if (connection.kind !== 'pglite') throw new Error('esperado PGlite')
	try {
		const counts = await countRows(connection.db)
		const migration = await appliedMigration(connection.db)
		const dump = await connection.client.dumpDataDir('gzip')
		writeFileSync(path.join(staging, PGLITE_DUMP_FILE), Buffer.from(await dump.arrayBuffer()))
		return { kind: 'pglite' as const, file: PGLITE_DUMP_FILE, migration, counts }
	} finally {
		await connection.close()
	}
}

async function dumpPostgres(url: string) {
	const probe = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' })
	if (probe.error || probe.status !== 0) {
		fail(
			'pg_dump não foi encontrado nesta máquina: a cópia do PostgreSQL precisa dele.\n' +
				'  - Instale o cliente da mesma versão do servidor (Debian/Ubuntu: apt-get install postgresql-client) e rode de novo; ou\n' +
				'  - no servidor do banco: pg_dump --format=custom --no-owner --file=loja.dump "<DATABASE_URL>"\n' +
				`    e copie também a pasta dos arquivos enviados: ${uploadsDir}`,
		)
	}
	const connection = await openConnection(url, env.DATA_DIR)
	let counts: Record<string, number>
	let migration: string | null
	try {
		counts = await countRows(connection.db)
		migration = await appliedMigration(connection.db)
	} finally {
		await connection.close()
	}
	const { dbname, env: childEnv } = postgresClientArgs(url)
	const dump = spawnSync(
		'pg_dump',
		['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(staging, POSTGRES_DUMP_FILE)}`, `--dbname=${dbname}`],
		{ env: childEnv, encoding: 'utf8' },
	)
	if (dump.status !== 0) {
		fail(
			`pg_dump falhou (${probe.stdout.trim()}):\n${dump.stderr.trim()}\n` +
				'Se a mensagem fala de versão ("server version mismatch"), instale o pg_dump da versão do servidor.',
		)
	}
	return { kind: 'postgres' as const, file: POSTGRES_DUMP_FILE, migration, counts }
}

async function main() {
	const location = pgliteLocation(env.DATABASE_URL, env.DATA_DIR)
	if (location === 'memory') fail('DATABASE_URL=pglite://memory é um banco temporário: não há o que copiar.')
	const database = location ? await dumpPglite(location) : await dumpPostgres(env.DATABASE_URL as string)

	// On S3 the bucket's uploads are copied into the staging folder first (decision 080), after the
	// database: every file the copy of the database names was there before it (files are never changed).
	const uploadsSource = env.STORAGE_DRIVER === 's3' ? await copyBucketToFolder(env, path.join(staging, 'bucket')) : uploadsDir
	const uploads = directoryStats(uploadsSource)
	// The archive takes the uploads through a link: nothing is copied twice on disk.
	if (uploads.files > 0) symlinkSync(uploadsSource, path.join(staging, UPLOADS_DIR), 'dir')
	const manifest: Manifest = {
		format: 'loja-pet-backup',
		version: 1,
		createdAt: createdAt.toISOString(),
		database: { kind: database.kind, file: database.file, migration: database.migration },
		counts: database.counts,
		uploads,
		storage: env.STORAGE_DRIVER,
	}
	writeFileSync(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)

	mkdirSync(path.dirname(output), { recursive: true })
	const partial = `${output}.parcial`
	await tar.create({ gzip: true, file: partial, cwd: staging, follow: true, portable: true }, [
		MANIFEST_FILE,
		'database',
		...(uploads.files > 0 ? [UPLOADS_DIR] : []),
	])
	renameSync(partial, output)

	const counts = Object.entries(manifest.counts)
		.map(([table, n]) => `${table}: ${n}`)
		.join(', ')
	console.log(
		[
			`Cópia de segurança gravada em ${output} (${formatBytes(statSync(output).size)})`,
			`  banco: ${database.kind === 'pglite' ? 'embutido (PGlite)' : 'PostgreSQL (pg_dump)'}, migração ${manifest.database.migration ?? 'desconhecida'}`,
			`  linhas: ${counts}`,
			`  arquivos enviados: ${uploads.files} (${formatBytes(uploads.bytes)})${env.STORAGE_DRIVER === 's3' ? `, do bucket ${env.S3_BUCKET}` : ''}`,
			`Para restaurar: npm run restore -- ${output}`,
		].join('\n'),
	)
}

await runCommand(main, () => rmSync(staging, { recursive: true, force: true }))
