import { eq } from 'drizzle-orm'
import { userPhotos } from '~/db/schema'
import { db } from '~/server/db.server'
import { getEnv } from '~/server/env.server'
import { getBucketStorage, parseUploadUrl } from '~/server/storage.server'

/**
 * The storage quota of one account's photos (decision 071): the rate limit slows a script
 * down, the quota bounds what one account can leave on the disk (UPLOAD_QUOTA_MB_PER_ACCOUNT,
 * 50 MB by default: ten photos at the 5 MB limit, dozens once the browser has shrunk them).
 *
 * The bytes are the stored files' own sizes, asked of the storage, so nothing can drift from
 * what is really on the disk. A rejected photo is deleted with its file and frees its share.
 */
export function photoQuotaBytes(): number {
	return getEnv().UPLOAD_QUOTA_MB_PER_ACCOUNT * 1024 * 1024
}

/** Bytes stored for this account's photos, pending and approved. */
export async function storedPhotoBytes(userId: string): Promise<number> {
	const rows = await db.select({ url: userPhotos.photoUrl }).from(userPhotos).where(eq(userPhotos.userId, userId))
	const sizes = await Promise.all(
		rows.map(async ({ url }) => {
			const location = parseUploadUrl(url)
			if (!location) return 0
			return (await getBucketStorage(location.bucket).get(location.key))?.size ?? 0
		}),
	)
	return sizes.reduce((sum, size) => sum + size, 0)
}

const megabytes = (bytes: number) =>
	`${(bytes / (1024 * 1024)).toLocaleString('pt-BR', { maximumFractionDigits: bytes < 10 * 1024 * 1024 ? 1 : 0 })} MB`

/** The refusal, in Portuguese, with what is used and what the account may keep. */
export function photoQuotaMessage(usedBytes: number, quotaBytes: number): string {
	return `Limite de armazenamento atingido: suas fotos já ocupam ${megabytes(usedBytes)} dos ${megabytes(quotaBytes)} da sua conta. Esta foto não foi enviada; fale com a loja se precisar enviar mais.`
}
