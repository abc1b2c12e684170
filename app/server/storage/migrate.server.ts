import { createHash } from 'node:crypto'
import type { StorageBackend, StorageDriver } from './driver.server'
import { BUCKETS } from './keys.server'

/**
 * `npm run storage:migrate` (issue 33, decision 080): copies a local shop's uploads into the
 * S3 bucket, key for key, so the same /uploads/… URLs in the database keep working once
 * STORAGE_DRIVER=s3.
 *
 * - Resumable: an object already in the bucket with the same SHA-256 (recorded with it at the
 *   copy) is skipped, so a run cut short is simply run again.
 * - Verified: each copy is read back from the bucket and hashed; a mismatch deletes it and
 *   counts as a failure. An object that is in the bucket with other bytes is never overwritten:
 *   it is reported.
 * - Streamed: a 50 MB video goes through as a stream (putStream), never whole in memory.
 * - Image variants are not copied: the bucket's are made on first request, and the background
 *   job makes the AVIFs of product pictures again.
 */
export type MigrationReport = {
	copied: number
	skipped: number
	failed: Array<{ bucket: string; key: string; reason: string }>
	bytes: number
}

export async function sha256Of(stream: ReadableStream<Uint8Array>): Promise<string> {
	const hash = createHash('sha256')
	for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) hash.update(chunk)
	return hash.digest('hex')
}

async function remoteSha256(target: StorageDriver, key: string): Promise<string | null> {
	const recorded = await target.storedSha256(key)
	if (recorded) return recorded
	const object = await target.get(key)
	return object ? sha256Of(object.body()) : null
}

export async function migrateStorage(options: {
	source: StorageBackend
	target: StorageBackend
	onObject?: (event: { bucket: string; key: string; result: 'copiado' | 'já estava' | 'falhou'; reason?: string }) => void
}): Promise<MigrationReport> {
	const report: MigrationReport = { copied: 0, skipped: 0, failed: [], bytes: 0 }
	for (const bucket of BUCKETS) {
		const source = options.source.bucket(bucket)
		const target = options.target.bucket(bucket)
		for await (const entry of source.list()) {
			const fail = (reason: string) => {
				report.failed.push({ bucket, key: entry.key, reason })
				options.onObject?.({ bucket, key: entry.key, result: 'falhou', reason })
			}
			try {
				const object = await source.get(entry.key)
				if (!object) continue
				// The bytes' hash, read from the file itself (the recorded one may predate a disk fault).
				const localSha = await sha256Of(object.body())
				if (await target.exists(entry.key)) {
					if ((await remoteSha256(target, entry.key)) === localSha) {
						report.skipped += 1
						options.onObject?.({ bucket, key: entry.key, result: 'já estava' })
					} else {
						fail('o bucket já tem outro conteúdo com esta chave (não foi sobrescrito)')
					}
					continue
				}
				const body = object.body()
				const stored = await target.putStream(entry.key, body, object.contentType, { sha256: localSha })
				if (!stored) {
					await body.cancel().catch(() => {})
					fail('outra cópia gravou esta chave ao mesmo tempo; rode de novo para conferir')
					continue
				}
				const copy = await target.get(entry.key)
				const copySha = copy ? await sha256Of(copy.body()) : null
				if (copySha !== localSha) {
					await target.delete(entry.key)
					fail(`soma de verificação diferente depois da cópia (${copySha?.slice(0, 12) ?? 'ausente'} ≠ ${localSha.slice(0, 12)})`)
					continue
				}
				report.copied += 1
				report.bytes += object.size
				options.onObject?.({ bucket, key: entry.key, result: 'copiado' })
			} catch (error) {
				fail(String((error as Error).message ?? error))
			}
		}
	}
	return report
}
