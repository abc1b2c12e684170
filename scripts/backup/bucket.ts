/**
 * Backups of a shop on an S3 bucket (STORAGE_DRIVER=s3, decision 080). The archive keeps its one
 * layout, `uploads/<bucket>/<key>` as under DATA_DIR, whatever the storage: `npm run backup` copies
 * the bucket's uploads into the staging folder (verified by SHA-256, streamed), and `npm run
 * restore` copies the archive's uploads into the configured bucket the same way. A backup of a
 * local shop restores into a bucket and the other way round. Image variants are left out (made
 * again on request).
 */
import path from 'node:path'
import type { Env } from '~/server/env.server'
import type { StorageBackend } from '~/server/storage/driver.server'
import { createLocalBackend, createS3Backend, s3ConfigOf } from '~/server/storage/backend.server'
import { BUCKETS } from '~/server/storage/keys.server'
import { migrateStorage } from '~/server/storage/migrate.server'
import { fail } from './shared'

async function withBucket<T>(env: Env, work: (bucket: StorageBackend) => Promise<T>): Promise<T> {
	const config = s3ConfigOf(env)
	if (!config) throw new Error('STORAGE_DRIVER não é s3')
	const bucket = createS3Backend(config)
	try {
		const ready = await bucket.check()
		if (!ready.ok) fail(`O bucket ${config.bucket} não respondeu (${ready.code}): ${ready.detail}`)
		return await work(bucket)
	} finally {
		await bucket.close()
	}
}

function failures(report: Awaited<ReturnType<typeof migrateStorage>>): string {
	return report.failed
		.slice(0, 10)
		.map((failure) => `  - ${failure.bucket}/${failure.key}: ${failure.reason}`)
		.join('\n')
}

/** Copies the bucket's uploads to `<root>/uploads` (the archive's layout); returns that folder. */
export async function copyBucketToFolder(env: Env, root: string): Promise<string> {
	return withBucket(env, async (bucket) => {
		const report = await migrateStorage({ source: bucket, target: createLocalBackend(root) })
		if (report.failed.length > 0) fail(`Não foi possível copiar ${report.failed.length} arquivo(s) do bucket:\n${failures(report)}`)
		return path.join(root, 'uploads')
	})
}

/** Whether the configured bucket already holds uploads (restore refuses them without --force). */
export async function bucketHasUploads(env: Env): Promise<boolean> {
	return withBucket(env, async (bucket) => {
		for (const name of BUCKETS) {
			const listing = bucket.bucket(name).list()[Symbol.asyncIterator]()
			const first = await listing.next()
			await listing.return?.()
			if (!first.done) return true
		}
		return false
	})
}

/** Copies `<root>/uploads` (an extracted archive) into the configured bucket. */
export async function copyFolderToBucket(env: Env, root: string): Promise<{ copied: number; skipped: number }> {
	return withBucket(env, async (bucket) => {
		const report = await migrateStorage({ source: createLocalBackend(root), target: bucket })
		if (report.failed.length > 0) fail(`Não foi possível enviar ${report.failed.length} arquivo(s) ao bucket:\n${failures(report)}`)
		return { copied: report.copied, skipped: report.skipped }
	})
}
