import { z } from 'zod'
import { launchNotifications } from '~/db/schema'
import { db } from '~/server/db.server'

/**
 * 'Notificar Lançamento' (spec README decision 11): e-mail addresses to write to when the
 * tech products launch. Signing up twice is not an error and never reveals who signed up.
 */
export const launchNotificationMessages = {
	emailRequired: 'Informe seu e-mail.',
	invalidEmail: 'Informe um e-mail válido.',
	success: 'Pronto! Avisaremos você no lançamento.',
	rateLimited: 'Muitas tentativas. Tente novamente mais tarde.',
} as const

/** The e-mail as stored: trimmed and lower-cased, so one person is one row. */
export const launchEmailSchema = z
	.string({ error: launchNotificationMessages.emailRequired })
	.trim()
	.min(1, launchNotificationMessages.emailRequired)
	.max(254, launchNotificationMessages.invalidEmail)
	.pipe(z.email(launchNotificationMessages.invalidEmail))
	.transform((email) => email.toLowerCase())

export type LaunchTopic = 'tech'

/**
 * Records `email` for `topic`. Idempotent: an address already on the list is left as it is
 * (on conflict do nothing), so the caller answers the same either way.
 */
export async function subscribeToLaunch(email: string, topic: LaunchTopic = 'tech'): Promise<void> {
	const normalized = launchEmailSchema.parse(email)
	await db.insert(launchNotifications).values({ email: normalized, topic }).onConflictDoNothing({ target: launchNotifications.email })
}
