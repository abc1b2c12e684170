import { STORE_CHANNEL } from '~/server/event-channels.server'
import { publish } from '~/server/events.server'
import { logger } from '~/server/logger.server'

/**
 * A shop-wide change that anonymous pages show (issue 14): settings, reviews, stock after an
 * order, the breed table (the size guide and the pets' suggestions, issue 31). Subscribers (the
 * page cache, the kept reads, live updates) refetch; a lost event only costs freshness until the
 * safety timeouts.
 */
export function announceStoreChange(type: 'settings' | 'reviews' | 'stock' | 'breeds', id?: string) {
	publish(STORE_CHANNEL, { type, ...(id ? { id } : {}) }).catch((error: unknown) =>
		logger.warn({ error: String(error), type }, 'evento da loja não publicado'),
	)
}
