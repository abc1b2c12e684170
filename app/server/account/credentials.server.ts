import { and, eq, ne, sql } from 'drizzle-orm'
import { z } from 'zod'
import { users } from '~/db/schema'
import { hashPassword, verifyPassword } from '~/server/auth/password.server'
import { destroyOtherSessions } from '~/server/auth/session.server'
import { resetSignInLimitsForAccount } from '~/server/auth/sign-in-throttle.server'
import { consumeEmailChangeToken, createVerificationToken, revokeVerificationTokens } from '~/server/auth/tokens.server'
import { db } from '~/server/db.server'
import { publicUrl } from '~/server/env.server'
import { logger } from '~/server/logger.server'
import { sendMail } from '~/server/mail.server'
import { emailChangeConfirmationEmail, emailChangeNoticeEmail } from '~/server/mail/templates.server'
import { consumeRateLimit } from '~/server/rate-limit.server'
import { authMessages, emailSchema, newPasswordSchema } from '~/utils/auth-validation'
import { userText } from '~/utils/text-schema'

/**
 * Changing the e-mail and the password from 'Meu Perfil' (issue 10). Both need the current
 * password (a session left open on a shared computer must not be enough to take the account);
 * both end the account's other sessions. A new e-mail counts only once its owner clicks the
 * link sent to it; the old address is told of the request.
 */

export const CREDENTIAL_MESSAGES = {
	wrongPassword: 'Senha atual incorreta.',
	tooManyAttempts: 'Muitas tentativas. Tente novamente em uma hora.',
	sameEmail: 'Este já é o seu e-mail.',
	emailChangeSent: (email: string) => `Enviamos um link de confirmação para ${email}. O e-mail muda quando você confirmar.`,
	emailChanged: 'E-mail alterado com sucesso!',
	emailTaken: 'Este e-mail já está em uso por outra conta.',
	passwordChanged: 'Senha alterada com sucesso!',
	passwordsDiffer: authMessages.passwordsDiffer,
} as const

/** Attempts that check the current password, per account per hour: guessing it through these forms is slow. */
const PASSWORD_CHECK_LIMIT = { limit: 10, windowSeconds: 60 * 60 }

export type CredentialResult = { ok: true; message: string } | { ok: false; errors: Record<string, string> }

const currentPasswordSchema = userText({ error: 'Informe sua senha atual.' })
	.min(1, 'Informe sua senha atual.')
	.max(200, 'Senha atual incorreta.')

async function checkCurrentPassword(userId: string, password: string): Promise<CredentialResult | null> {
	const budget = await consumeRateLimit({ key: `credentials:${userId}`, ...PASSWORD_CHECK_LIMIT })
	if (!budget.allowed) return { ok: false, errors: { currentPassword: CREDENTIAL_MESSAGES.tooManyAttempts } }
	const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId))
	if (!user || !(await verifyPassword(password, user.passwordHash)))
		return { ok: false, errors: { currentPassword: CREDENTIAL_MESSAGES.wrongPassword } }
	return null
}

const emailChangeSchema = z.object({ newEmail: emailSchema, currentPassword: currentPasswordSchema })

export async function requestEmailChange(userId: string, input: { newEmail: string; currentPassword: string }): Promise<CredentialResult> {
	const parsed = emailChangeSchema.safeParse(input)
	if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) }
	const refused = await checkCurrentPassword(userId, parsed.data.currentPassword)
	if (refused) return refused
	const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
	if (!user) return { ok: false, errors: { newEmail: 'Conta não encontrada.' } }
	const newEmail = parsed.data.newEmail
	if (newEmail === user.email) return { ok: false, errors: { newEmail: CREDENTIAL_MESSAGES.sameEmail } }

	// The same answer whether or not another account has the address: the form must not tell
	// who is a customer. A taken address gets no link (the swap would fail anyway).
	const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, newEmail))
	if (!taken) {
		const token = await db.transaction(async (tx) => {
			// Only the latest request counts.
			await revokeVerificationTokens(userId, 'change_email', tx)
			return createVerificationToken(userId, 'change_email', tx, newEmail)
		})
		await sendMail({ to: newEmail, ...emailChangeConfirmationEmail({ baseUrl: publicUrl(), token }) })
	}
	await sendMail({ to: user.email, ...emailChangeNoticeEmail({ baseUrl: publicUrl(), newEmail }) }).catch((error: unknown) =>
		logger.warn({ error: String(error) }, 'aviso de troca de e-mail não enviado'),
	)
	return { ok: true, message: CREDENTIAL_MESSAGES.emailChangeSent(newEmail) }
}

export type EmailChangeConfirmation = { ok: true; userId: string } | { ok: false; message: string }

/**
 * Spends the link: the account's e-mail becomes the new one (confirmed: the link proves the
 * mailbox), and every session but the one confirming (when it is the same account's) ends.
 */
export async function confirmEmailChange(token: string, request: Request): Promise<EmailChangeConfirmation> {
	try {
		return await db.transaction(async (tx) => {
			const change = await consumeEmailChangeToken(token.slice(0, 200), tx)
			if (!change) return { ok: false, message: authMessages.invalidToken }
			const [other] = await tx
				.select({ id: users.id })
				.from(users)
				.where(and(eq(users.email, change.newEmail), ne(users.id, change.userId)))
			if (other) return { ok: false, message: CREDENTIAL_MESSAGES.emailTaken }
			await tx
				.update(users)
				.set({ email: change.newEmail, emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
				.where(eq(users.id, change.userId))
			await destroyOtherSessions(change.userId, request, tx)
			return { ok: true, userId: change.userId }
		})
	} catch (error) {
		// Taken between the check and the update (users_email_unique).
		if (String((error as { cause?: { code?: string } })?.cause?.code ?? (error as { code?: string })?.code) === '23505') {
			return { ok: false, message: CREDENTIAL_MESSAGES.emailTaken }
		}
		throw error
	}
}

const passwordChangeSchema = z
	.object({ currentPassword: currentPasswordSchema, newPassword: newPasswordSchema, confirmPassword: userText() })
	.refine((v) => v.newPassword === v.confirmPassword, { message: CREDENTIAL_MESSAGES.passwordsDiffer, path: ['confirmPassword'] })

export async function changePassword(
	userId: string,
	request: Request,
	input: { currentPassword: string; newPassword: string; confirmPassword: string },
): Promise<CredentialResult> {
	const parsed = passwordChangeSchema.safeParse(input)
	if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) }
	const refused = await checkCurrentPassword(userId, parsed.data.currentPassword)
	if (refused) return refused
	const passwordHash = await hashPassword(parsed.data.newPassword)
	const [user] = await db.transaction(async (tx) => {
		const updated = await tx
			.update(users)
			.set({ passwordHash, updatedAt: sql`now()` })
			.where(eq(users.id, userId))
			.returning({ email: users.email })
		await destroyOtherSessions(userId, request, tx)
		await revokeVerificationTokens(userId, 'reset_password', tx)
		return updated
	})
	if (user) await resetSignInLimitsForAccount(user.email)
	return { ok: true, message: CREDENTIAL_MESSAGES.passwordChanged }
}

function fieldErrors(error: z.ZodError): Record<string, string> {
	const errors: Record<string, string> = {}
	for (const issue of error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message
	return errors
}
