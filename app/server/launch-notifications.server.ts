import { launchNotifications } from '~/db/schema'
import { db } from '~/server/db.server'
import { launchEmailSchema } from '~/utils/launch-notification'

/**
 * 'Notificar Lançamento' (spec README decision 11): e-mail addresses to write to when the
 * tech products launch. Signing up twice is not an error and never reveals who signed up.
 */
export type LaunchTopic = 'tech'

/**
 * Records `email` for `topic`. Idempotent: an address already on the list is left as it is
 * (on conflict do nothing), so the caller answers the same either way.
 */
export async function subscribeToLaunch(email: string, topic: LaunchTopic = 'tech'): Promise<void> {
	const normalized = launchEmailSchema.parse(email)
	await db.insert(launchNotifications).values({ email: normalized, topic }).onConflictDoNothing({ target: launchNotifications.email })
}
