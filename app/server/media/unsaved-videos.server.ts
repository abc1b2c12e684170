import { sql } from 'drizzle-orm'
import { nowMs } from '~/server/clock.server'
import { queryRows } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import { deleteUpload, getBucketStorage, uploadUrl } from '~/server/storage.server'

/**
 * Issue 11: a video (or poster) uploaded on the admin's video pages but never saved (the page
 * was left, the upload replaced before 'Salvar Vídeo') is deleted after a day. Files any slot
 * row names, active or not, are kept: removing a video only deactivates its row (§4).
 */
export const UNSAVED_VIDEO_MAX_AGE_MS = 24 * 60 * 60 * 1000

export async function purgeUnsavedVideos(): Promise<number> {
	const cutoff = nowMs() - UNSAVED_VIDEO_MAX_AGE_MS
	const storage = getBucketStorage('hero-videos')
	const old: string[] = []
	for await (const object of storage.list()) {
		if (object.lastModified.getTime() < cutoff) old.push(object.key)
	}
	let deleted = 0
	for (let start = 0; start < old.length; start += 200) {
		const slice = old.slice(start, start + 200)
		const urls = slice.map((key) => uploadUrl('hero-videos', key))
		const list = sql.join(
			urls.map((url) => sql`${url}`),
			sql`, `,
		)
		const referenced = await queryRows<{ url: string }>(sql`
			select url from (
				select video_url as url from hero_video union all select poster_url from hero_video
				union all select video_url from subscription_cta_video union all select poster_url from subscription_cta_video
				union all select video_url from personalization_video union all select poster_url from personalization_video
			) files where url in (${list})`)
		const kept = new Set(referenced.map((r) => r.url))
		for (const key of slice) {
			if (kept.has(uploadUrl('hero-videos', key))) continue
			await deleteUpload('hero-videos', key)
			deleted += 1
		}
	}
	if (deleted > 0) logger.info({ deleted }, 'vídeos enviados e não salvos removidos')
	return deleted
}
