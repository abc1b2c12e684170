import { accountChannel } from '~/server/event-channels.server'
import { publish } from '~/server/events.server'
import { logger } from '~/server/logger.server'

/**
 * Tells the customer's open pages that their account changed (points, level, a new badge):
 * they revalidate, and the root loader announces new badges as a toast. Call after the
 * change's transaction committed; a lost signal only delays the toast to the next page.
 */
export function publishAccountChange(userId: string): void {
	publish(accountChannel(userId), { type: 'changed' }).catch((error: unknown) =>
		logger.warn({ error: String(error) }, 'aviso de mudança na conta não publicado'),
	)
}
