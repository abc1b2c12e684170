import { desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { heroVideo, personalizationVideo, subscriptionCtaVideo } from '~/db/schema'
import { isUniqueViolation } from '~/server/database-errors.server'
import { db } from '~/server/db.server'
import { STORE_CHANNEL } from '~/server/event-channels.server'
import { publish } from '~/server/events.server'
import { logger } from '~/server/logger.server'
import type { VideoPrefix } from '~/server/storage.server'

/**
 * The three video slots of the home page (document 001 §4: banner, subscription CTA,
 * personalization). At most one active row per slot (a partial unique index): saving
 * deactivates the active row and inserts a new one, removing deactivates; nothing is deleted,
 * so an earlier video's file stays where its old row points.
 */
export const VIDEO_SLOTS = ['banner', 'subscription-cta', 'personalization'] as const
export type VideoSlot = (typeof VIDEO_SLOTS)[number]

const TABLES = { banner: heroVideo, 'subscription-cta': subscriptionCtaVideo, personalization: personalizationVideo } as const

/** Where a slot's uploads go (document 001 §7 names: hero-…, subscription-cta-…, personalization-…). */
export const SLOT_UPLOAD_PREFIX: Record<VideoSlot, VideoPrefix> = {
	banner: 'hero',
	'subscription-cta': 'subscription-cta',
	personalization: 'personalization',
}

/**
 * A stored video address is shown as `<video src>`: a path on this site, or an http(s) URL
 * (the CTA and personalization pages take a pasted one). Anything else (javascript:, data:,
 * protocol-relative //host) is refused.
 */
export const videoAddressSchema = z
	.string()
	.trim()
	.max(2000, 'O endereço do vídeo é longo demais.')
	.refine((v) => /^\/(?!\/)\S*$/.test(v) || /^https?:\/\/[^\s/]+\S*$/i.test(v), 'Informe um endereço de vídeo válido (https://…).')

export type ActiveVideo = { id: string; videoUrl: string; posterUrl: string | null; createdAt: string }

export async function getActiveVideo(slot: VideoSlot): Promise<ActiveVideo | null> {
	const table = TABLES[slot]
	const [row] = await db
		.select({ id: table.id, videoUrl: table.videoUrl, posterUrl: table.posterUrl, createdAt: table.createdAt })
		.from(table)
		.where(eq(table.isActive, true))
		.orderBy(desc(table.createdAt))
		.limit(1)
	return row ? { ...row, createdAt: row.createdAt.toISOString() } : null
}

function announce(slot: VideoSlot) {
	// Open home pages revalidate and show the new video (or the still) at once.
	publish(STORE_CHANNEL, { type: 'videos', id: slot }).catch((error: unknown) =>
		logger.warn({ error: String(error) }, 'evento de vídeo não publicado'),
	)
}

/**
 * Makes `videoUrl` the slot's active video. Two admins saving at once: the unique index lets
 * one insert win and the other's fails; it simply runs again, deactivating the winner, so the
 * last save stands, as it would one after the other.
 */
export async function saveVideo(slot: VideoSlot, video: { videoUrl: string; posterUrl: string | null }): Promise<void> {
	const table = TABLES[slot]
	for (let attempt = 1; ; attempt++) {
		try {
			await db.transaction(async (tx) => {
				await tx.update(table).set({ isActive: false }).where(eq(table.isActive, true))
				await tx.insert(table).values({ videoUrl: video.videoUrl, posterUrl: video.posterUrl, isActive: true })
			})
			break
		} catch (error) {
			if (!isUniqueViolation(error) || attempt >= 3) throw error
		}
	}
	announce(slot)
}

/** Deactivates the slot's video (the home page falls back to its default or its still). */
export async function removeVideo(slot: VideoSlot): Promise<boolean> {
	const table = TABLES[slot]
	const removed = await db.update(table).set({ isActive: false }).where(eq(table.isActive, true)).returning({ id: table.id })
	announce(slot)
	return removed.length > 0
}
