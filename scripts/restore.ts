/**
 * `npm run restore -- <arquivo.tar.gz> [--force]`: brings back a backup made by
 * `npm run backup` into DATA_DIR (embedded database and uploads) or, for a PostgreSQL
 * backup, into DATABASE_URL (pg_restore) and DATA_DIR/uploads. Decision 023.
 *
 * It refuses to overwrite a shop that has data (a database or uploaded files) unless --force;
 * with --force the embedded database and the uploads in place are moved aside to
 * DATA_DIR/antes-da-restauracao-<data-hora>/, not deleted. It never touches an embedded
 * database that a running shop has open. With STORAGE_DRIVER=s3 the uploads go into the bucket
 * (scripts/backup/bucket.ts), which must be empty unless --force.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import pg from 'pg'
import * as tar from 'tar'
import { pgliteLocation } from '~/server/db.server'
import { bucketHasUploads, copyFolderToBucket } from './backup/bucket'
import { MANIFEST_FILE, type Manifest, manifestSchema, UPLOADS_DIR } from './backup/manifest'
import {
	fail,
	isNonEmptyDir,
	pgliteInUse,
	postgresClientArgs,
	readEnvOrExit,
	runCommand,
	SHOP_RUNNING_MESSAGE,
} from './backup/shared'

const USAGE = 'Uso: npm run restore -- <arquivo.tar.gz> [--force]'

const args = process.argv.slice(2)
const force = args.includes('--force')
const file = args.find((arg) => !arg.startsWith('--'))
const env = readEnvOrExit()
const dataDir = path.resolve(env.DATA_DIR)
const uploadsDir = path.join(dataDir, 'uploads')
const stamp = new Date().toISOString().replace(/[:.]/g, '-').replace('T', '_').slice(0, 19)
// Beside the data, on the same file system: the uploads are moved in place, not copied.
const staging = path.join(dataDir, `.restauracao-${process.pid}`)

async function extract(archive: string): Promise<Manifest> {
	mkdirSync(staging, { recursive: true })
	// node-tar strips absolute paths and refuses '..' entries: the archive cannot write outside staging.
	await tar.extract({ file: archive, cwd: staging, strict: true }).catch((error: unknown) =>
		fail(`Não foi possível ler ${archive} como cópia de segurança (tar.gz): ${(error as Error).message}`),
	)
	const manifestPath = path.join(staging, MANIFEST_FILE)
	if (!existsSync(manifestPath)) fail(`${archive} não é uma cópia de segurança da loja (falta ${MANIFEST_FILE}).`)
	const parsed = manifestSchema.safeParse(JSON.parse(readFileSync(manifestPath, 'utf8')))
	if (!parsed.success) fail(`${MANIFEST_FILE} inválido em ${archive}: ${parsed.error.issues.map((i) => i.message).join('; ')}`)
	if (!existsSync(path.join(staging, parsed.data.database.file))) fail(`${archive} está incompleto: falta ${parsed.data.database.file}.`)
	return parsed.data
}

/** With --force: what is in place goes to DATA_DIR/antes-da-restauracao-<stamp>/. */
function moveAside(dir: string): string | null {
	if (!existsSync(dir)) return null
	const aside = path.join(dataDir, `antes-da-restauracao-${stamp}`)
	mkdirSync(aside, { recursive: true })
	const target = path.join(aside, path.basename(dir))
	renameSync(dir, target)
	return target
}

async function restorePglite(manifest: Manifest, location: string) {
	if (pgliteInUse(location)) fail(SHOP_RUNNING_MESSAGE(location))
	const occupied = [location, uploadsDir].filter(isNonEmptyDir)
	if (occupied.length > 0 && !force) {
		fail(
			`Já há dados aqui: ${occupied.join(', ')}.\n` +
				'A restauração não sobrescreve uma loja. Aponte DATA_DIR para uma pasta vazia, ou use --force:\n' +
				`os dados atuais serão movidos para ${path.join(dataDir, `antes-da-restauracao-${stamp}`)}.`,
		)
	}
	const moved = [moveAside(location), moveAside(uploadsDir)].filter(Boolean)
	mkdirSync(location, { recursive: true })
	const dump = readFileSync(path.join(staging, manifest.database.file))
	const client = await PGlite.create(location, { extensions: { pg_trgm, unaccent }, loadDataDir: new Blob([dump]) })
	try {
		const result = await client.query<{ n: number }>('select count(*)::int as n from orders')
		const orders = result.rows[0]?.n ?? 0
		if (manifest.counts.orders !== undefined && orders !== manifest.counts.orders) {
			fail(`O banco restaurado tem ${orders} pedidos; o manifesto diz ${manifest.counts.orders}. Restauração inválida.`)
		}
	} finally {
		await client.close()
	}
	return moved
}

async function restorePostgres(manifest: Manifest) {
	const url = env.DATABASE_URL
	if (!url?.startsWith('postgres')) {
		fail('Esta cópia é de um PostgreSQL: defina DATABASE_URL=postgres://… com o banco de destino (vazio) e rode de novo.')
	}
	const probe = spawnSync('pg_restore', ['--version'], { encoding: 'utf8' })
	if (probe.error || probe.status !== 0) {
		fail(
			'pg_restore não foi encontrado nesta máquina. Instale o cliente do PostgreSQL (Debian/Ubuntu: apt-get install postgresql-client)\n' +
				`ou, no servidor do banco: pg_restore --no-owner --dbname="<DATABASE_URL>" ${manifest.database.file} (extraído do arquivo).`,
		)
	}
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	let tables = 0
	try {
		const result = await client.query<{ n: number }>(
			`select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
		)
		tables = result.rows[0]?.n ?? 0
	} finally {
		await client.end()
	}
	if ((tables > 0 || isNonEmptyDir(uploadsDir)) && !force) {
		fail(
			`O banco de destino já tem ${tables} tabela(s)${isNonEmptyDir(uploadsDir) ? ` e ${uploadsDir} tem arquivos` : ''}.\n` +
				'A restauração não sobrescreve uma loja. Use um banco vazio, ou --force (apaga e recria as tabelas da cópia; os arquivos atuais vão para antes-da-restauracao-…).',
		)
	}
	const moved = [moveAside(uploadsDir)].filter(Boolean)
	const { dbname, env: childEnv } = postgresClientArgs(url)
	const restore = spawnSync(
		'pg_restore',
		['--no-owner', '--no-privileges', '--clean', '--if-exists', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, path.join(staging, manifest.database.file)],
		{ env: childEnv, encoding: 'utf8' },
	)
	if (restore.status !== 0) fail(`pg_restore falhou (nada foi alterado no banco: uma transação só):\n${restore.stderr.trim()}`)
	return moved
}

async function main() {
	if (!file) fail(USAGE)
	const archive = path.resolve(file)
	if (!existsSync(archive)) fail(`Arquivo não encontrado: ${archive}\n${USAGE}`)
	const manifest = await extract(archive)
	// STORAGE_DRIVER=s3: the archive's uploads go into the bucket (decision 080). A bucket cannot be
	// moved aside: with --force, what it holds stays, and only what the archive adds is written.
	if (env.STORAGE_DRIVER === 's3' && !force && (await bucketHasUploads(env))) {
		fail(
			`O bucket ${env.S3_BUCKET} já tem arquivos enviados.\n` +
				'A restauração não sobrescreve uma loja. Use um bucket vazio, ou --force (os arquivos do bucket ficam; os da cópia são acrescentados, e uma chave com outro conteúdo é informada, nunca sobrescrita).',
		)
	}

	let moved: (string | null)[]
	if (manifest.database.kind === 'pglite') {
		const location = pgliteLocation(env.DATABASE_URL, env.DATA_DIR)
		if (location === null || location === 'memory') {
			fail('Esta cópia é do banco embutido (PGlite): deixe DATABASE_URL vazio (ou pglite://<pasta>) e rode de novo.')
		}
		moved = await restorePglite(manifest, location)
	} else {
		moved = await restorePostgres(manifest)
	}
	const stagedUploads = path.join(staging, UPLOADS_DIR)
	let uploadsPlace = `em ${uploadsDir}`
	if (env.STORAGE_DRIVER === 's3') {
		if (existsSync(stagedUploads)) await copyFolderToBucket(env, staging)
		uploadsPlace = `no bucket ${env.S3_BUCKET}`
	} else if (existsSync(stagedUploads)) renameSync(stagedUploads, uploadsDir)

	console.log(
		[
			`Cópia de ${manifest.createdAt} restaurada (migração ${manifest.database.migration ?? 'desconhecida'}).`,
			`  linhas: ${Object.entries(manifest.counts)
				.map(([table, n]) => `${table}: ${n}`)
				.join(', ')}`,
			`  arquivos enviados: ${manifest.uploads.files} ${uploadsPlace}`,
			...(moved.length > 0 ? [`  os dados anteriores estão em: ${moved.join(', ')}`] : []),
			'Inicie a loja normalmente (npm start): migrações mais novas do código são aplicadas na partida.',
		].join('\n'),
	)
}

await runCommand(main, () => rmSync(staging, { recursive: true, force: true }))
