import { eq, sql } from 'drizzle-orm'
import { personalizationFiles } from '~/db/schema'
import { nowMs } from '~/server/clock.server'
import { db, queryRows } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import { deleteUpload, getBucketStorage, uploadUrl } from '~/server/storage.server'
import { PERSONALIZATION_FILE_BUCKET } from './files.server'

/**
 * Issue 9: a personalization file uploaded but never ordered (the shopper changed their mind,
 * or never pressed 'Adicionar ao Carrinho') is deleted after a day. Files a custom order names
 * are kept, ordered or not: the admin may still need them.
 */
export const UNORDERED_FILE_MAX_AGE_MS = 24 * 60 * 60 * 1000

export async function purgeUnorderedPersonalizationFiles(): Promise<number> {
	const cutoff = nowMs() - UNORDERED_FILE_MAX_AGE_MS
	const storage = getBucketStorage(PERSONALIZATION_FILE_BUCKET)
	const old: string[] = []
	for await (const object of storage.list()) {
		if (object.lastModified.getTime() < cutoff) old.push(object.key)
	}
	let deleted = 0
	// In slices, so a bucket of thousands of files does not become one huge query.
	for (let start = 0; start < old.length; start += 200) {
		const slice = old.slice(start, start + 200)
		const urls = slice.map((key) => uploadUrl(PERSONALIZATION_FILE_BUCKET, key))
		const referenced = await queryRows<{ url: string }>(sql`
			select url from (
				select pet_face_file_url as url from personalization_orders
				union all select exclusive_art_file_url from personalization_orders
				union all select design_file_url from personalization_orders
			) files where url in (${sql.join(
				urls.map((url) => sql`${url}`),
				sql`, `,
			)})`)
		const kept = new Set(referenced.map((r) => r.url))
		for (const key of slice) {
			if (kept.has(uploadUrl(PERSONALIZATION_FILE_BUCKET, key))) continue
			await deleteUpload(PERSONALIZATION_FILE_BUCKET, key)
			await db.delete(personalizationFiles).where(eq(personalizationFiles.key, key))
			deleted += 1
		}
	}
	if (deleted > 0) logger.info({ deleted }, 'arquivos de personalização não pedidos removidos')
	return deleted
}
