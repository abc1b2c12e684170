import { STORE_CHANNEL } from '~/server/event-channels.server'
import { publish } from '~/server/events.server'
import { logger } from '~/server/logger.server'

/**
 * A shop-wide change that anonymous pages show (issue 14): settings, reviews, stock after an
 * order. Subscribers (the page cache, live updates) refetch; a lost event only costs freshness
 * until the page cache's safety timeout.
 */
export function announceStoreChange(type: 'settings' | 'reviews' | 'stock', id?: string) {
	publish(STORE_CHANNEL, { type, ...(id ? { id } : {}) }).catch((error: unknown) =>
		logger.warn({ error: String(error), type }, 'evento da loja não publicado'),
	)
}
