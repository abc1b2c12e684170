import { z } from 'zod'
import { userText } from './text-schema'

/**
 * Copy and validation for the 'Notificar Lançamento' form, shared by the /em-breve page
 * (client bundle) and the server, which is why it lives outside *.server.ts.
 */
export const launchNotificationMessages = {
	emailRequired: 'Informe seu e-mail.',
	invalidEmail: 'Informe um e-mail válido.',
	success: 'Pronto! Avisaremos você no lançamento.',
	rateLimited: 'Muitas tentativas. Tente novamente mais tarde.',
} as const

/** The e-mail as stored: trimmed and lower-cased, so one person is one row. */
export const launchEmailSchema = userText({ error: launchNotificationMessages.emailRequired })
	.trim()
	.min(1, launchNotificationMessages.emailRequired)
	.max(254, launchNotificationMessages.invalidEmail)
	.pipe(z.email(launchNotificationMessages.invalidEmail))
	.transform((email) => email.toLowerCase())
