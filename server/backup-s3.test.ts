// Runs on both databases (decision 130): its subject is the embedded database's backup beside its bucket (skipped on PostgreSQL, whose dump backup.test.ts covers).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { mp4Bytes } from '#tests/fixtures/media'
import { type RunningS3Server, startS3Server } from '#tests/support/s3-server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { migrateConnection, openConnection } from '~/server/db.server'
import { createS3Backend } from '~/server/storage/backend.server'
import type { StorageBackend } from '~/server/storage/driver.server'

/**
 * `npm run backup` / `restore` of a shop whose uploads are in an S3 bucket (decision 080): the
 * bucket's files go into the archive, and come back into another (empty) bucket, checked by
 * SHA-256; a restore into a bucket that has files is refused without --force. The embedded
 * database of a stopped shop, as in server/backup.test.ts (which covers the database part on both
 * engines); no app server is needed here.
 */
const TSX = path.resolve('node_modules/.bin/tsx')

function runScript(script: string, args: string[], env: Record<string, string>) {
	const result = spawnSync(TSX, [script, ...args], { env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env }, encoding: 'utf8' })
	return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

function backendOf(server: RunningS3Server): StorageBackend {
	return createS3Backend({
		endpoint: server.endpoint,
		bucket: server.bucket,
		region: 'us-east-1',
		accessKeyId: 'S3RVER',
		secretAccessKey: 'S3RVER',
		forcePathStyle: true,
	})
}

describe.skipIf(!!process.env.TEST_DATABASE_URL)('backup and restore with the uploads in a bucket', () => {
	const work = mkdtempSync(path.join(tmpdir(), 'loja-backup-s3-'))
	const shopDir = path.join(work, 'loja')
	const restoredDir = path.join(work, 'restaurada')
	const archive = path.join(work, 'copia.tar.gz')
	let origin: RunningS3Server
	let destination: RunningS3Server
	const video = mp4Bytes(200_000)

	beforeAll(async () => {
		;[origin, destination] = await Promise.all([startS3Server('loja-origem'), startS3Server('loja-destino')])
		// A stopped shop: its embedded database migrated, its files in the bucket.
		const connection = await openConnection(undefined, shopDir)
		await migrateConnection(connection)
		await connection.close()
		const bucket = backendOf(origin)
		await bucket.bucket('hero-videos').put('hero-1.mp4', video, 'video/mp4')
		await bucket.bucket('user-photos').put('u1/1.png', new TextEncoder().encode('foto'), 'image/png')
		await bucket.close()
	}, 60_000)

	afterAll(async () => {
		await origin?.stop()
		await destination?.stop()
		rmSync(work, { recursive: true, force: true })
	})

	test('the bucket goes into the archive and comes back into an empty bucket; a bucket with files is not overwritten', async () => {
		const backup = runScript('scripts/backup.ts', [archive], { ...origin.env, DATA_DIR: shopDir })
		expect(backup.output).toContain('Cópia de segurança gravada em')
		expect(backup.output).toContain('do bucket loja-origem')
		expect(backup.status).toBe(0)

		const restore = runScript('scripts/restore.ts', [archive], { ...destination.env, DATA_DIR: restoredDir })
		expect(restore.output).toContain('no bucket loja-destino')
		expect(restore.status).toBe(0)
		const restored = backendOf(destination)
		try {
			const object = await restored.bucket('hero-videos').get('hero-1.mp4')
			expect(object).toMatchObject({ contentType: 'video/mp4', size: video.byteLength })
			expect(new Uint8Array(await new Response(object!.body()).arrayBuffer())).toEqual(video)
			expect(await restored.bucket('user-photos').exists('u1/1.png')).toBe(true)
		} finally {
			await restored.close()
		}

		// Into a fresh data directory, but the bucket has the files now: refused without --force.
		const again = runScript('scripts/restore.ts', [archive], { ...destination.env, DATA_DIR: path.join(work, 'outra') })
		expect(again.status).toBe(1)
		expect(again.output).toContain('O bucket loja-destino já tem arquivos enviados')
	}, 120_000)
})
