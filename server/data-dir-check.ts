import { pgliteLocation } from '~/server/db.server'
import type { Env } from '~/server/env.server'
import { logger } from '~/server/logger.server'
import { probeWritableDir, unwritableDataDirMessage } from '~/server/storage/writable-dir.server'

/**
 * Start-up check (issue 28): DATA_DIR (uploads, and the embedded database unless DATABASE_URL
 * points elsewhere) must take a write. If not, the shop says so, naming the directory, in
 * Portuguese and English, and exits with 1 — on PostgreSQL too, where it used to start and then
 * answer 500 to every upload.
 */
export async function assertDataDirWritable(env: Pick<Env, 'DATA_DIR' | 'DATABASE_URL' | 'STORAGE_DRIVER'>): Promise<void> {
	const pglite = pgliteLocation(env.DATABASE_URL, env.DATA_DIR)
	// On PostgreSQL with the uploads in a bucket (decision 080) the shop keeps nothing in DATA_DIR.
	const needsDataDir = env.STORAGE_DRIVER !== 's3' || pglite !== null
	const directories = [...(needsDataDir ? [env.DATA_DIR] : []), ...(pglite && pglite !== 'memory' ? [pglite] : [])]
	for (const directory of directories) {
		const probe = await probeWritableDir(directory)
		if (probe.writable) continue
		const message = unwritableDataDirMessage(directory, probe)
		logger.fatal({ dataDir: directory, code: probe.code }, message)
		// Also as plain text: the JSON log line is not what a person starting the shop reads first.
		console.error(message)
		process.exit(1)
	}
}
