import nodemailer, { type Transporter } from 'nodemailer'
import { mailOutbox } from '~/db/schema'
import { db } from '~/server/db.server'
import { getEnv } from '~/server/env.server'
import { logger } from '~/server/logger.server'
import { retryTransient } from '~/server/retry-transient.server'

/**
 * Outgoing e-mail (spec decision 17). Every message lands in `mail_outbox`: 'sent' when SMTP
 * delivered it, 'failed' (with the error) when SMTP refused, 'stored' when no SMTP_URL is
 * configured — then the admin reads it there and it is logged. Sending never throws: an
 * e-mail problem must not turn a sign-up or an order into an error page.
 */
export type MailMessage = {
	to: string
	subject: string
	text: string
	html?: string
	/**
	 * Extra headers for SMTP, e.g. List-Unsubscribe (decision 121). Not kept in the outbox: what the
	 * admin reads there is the message itself.
	 */
	headers?: Record<string, string>
}
export type MailResult = { id: string | null; status: 'sent' | 'failed' | 'stored' }

let transport: { url: string; transporter: Transporter } | undefined
function getTransporter(url: string): Transporter {
	if (transport?.url !== url) {
		transport?.transporter.close()
		transport = { url, transporter: nodemailer.createTransport(url) }
	}
	return transport.transporter
}

/** Tests only: make the outbox write fail as a busy pool does, and shorten the retry bound. */
export const mailTestHooks: { beforeOutboxWrite?: () => void | Promise<void>; retryBudgetMs?: number } = {}

export async function sendMail(message: MailMessage): Promise<MailResult> {
	const env = getEnv()
	let status: MailResult['status'] = 'stored'
	let error: string | null = null
	if (env.SMTP_URL) {
		try {
			await getTransporter(env.SMTP_URL).sendMail({ from: env.MAIL_FROM, ...message })
			status = 'sent'
		} catch (caught) {
			status = 'failed'
			error = caught instanceof Error ? caught.message : String(caught)
			logger.error({ to: message.to, subject: message.subject, error }, 'falha ao enviar e-mail por SMTP')
		}
	} else {
		logger.info({ to: message.to, subject: message.subject }, 'e-mail guardado na caixa de saída (SMTP não configurado)')
	}
	try {
		// A busy pool for a moment (the loadtest at 500 shoppers) must not lose an order's e-mail:
		// without SMTP the outbox row is the only copy (decision 059's retry, one insert).
		const [row] = await retryTransient(
			async () => {
				await mailTestHooks.beforeOutboxWrite?.()
				return db
					.insert(mailOutbox)
					.values({
						to: message.to,
						subject: message.subject,
						text: message.text,
						html: message.html ?? null,
						status,
						error,
						sentAt: status === 'sent' ? new Date() : null,
					})
					.returning({ id: mailOutbox.id })
			},
			{ label: 'gravar o e-mail na caixa de saída', budgetMs: mailTestHooks.retryBudgetMs },
		)
		return { id: row?.id ?? null, status }
	} catch (caught) {
		logger.error({ to: message.to, subject: message.subject, error: String(caught) }, 'falha ao gravar e-mail na caixa de saída')
		return { id: null, status }
	}
}

/** Closes the SMTP connection pool (tests, shutdown). */
export function closeMailTransport() {
	transport?.transporter.close()
	transport = undefined
}
