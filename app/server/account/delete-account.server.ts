import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { userRoles, users } from '~/db/schema'
import { verifyPassword } from '~/server/auth/password.server'
import { hashToken } from '~/server/auth/session.server'
import { db, queryRows } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import { consumeRateLimit } from '~/server/rate-limit.server'
import { ANONYMOUS_REVIEW_EMAIL } from '~/server/reviews.server'
import { deleteUpload, parseUploadUrl } from '~/server/storage.server'
import { userText } from '~/utils/text-schema'

/**
 * 'Excluir minha conta' (issue 10; LGPD art. 18, VI). In one transaction: the shop's orders
 * are kept for the accounts (tax and consumer law require it) but lose everything that points
 * to the person (name, e-mail, CPF, phone, street address, the link token; city and state stay
 * for the books); personalized orders lose their link and the Instagram; published reviews stay
 * with a neutral name; the outbox's mails to the address go; then the account row, which takes
 * the profile, sessions, tokens, cart, favourites, points, badges and photo rows with it. After
 * the commit the customer's photo files are deleted from storage. The files of personalized
 * orders stay with their order: they are what the shop produces from.
 */

export const DELETE_ACCOUNT_MESSAGES = {
	deleted: 'Sua conta foi excluída.',
	wrongPassword: 'Senha incorreta.',
	confirmRequired: 'Marque a confirmação para excluir a conta.',
	admin: 'Contas de administrador não podem ser excluídas por aqui. Peça a outro administrador para remover o seu acesso primeiro.',
	tooManyAttempts: 'Muitas tentativas. Tente novamente em uma hora.',
} as const

const deleteSchema = z.object({
	password: userText({ error: 'Informe sua senha.' }).min(1, 'Informe sua senha.').max(200, DELETE_ACCOUNT_MESSAGES.wrongPassword),
	confirm: z.literal('on', DELETE_ACCOUNT_MESSAGES.confirmRequired),
})

export type DeleteAccountResult = { ok: true } | { ok: false; errors: Record<string, string> }

/** The placeholder an anonymised order carries (valid for the columns' checks, pointing at nobody). */
const REMOVED = { name: 'Cliente removido', email: 'cliente-removido@anonimo.invalid', cpf: '00000000000', cep: '00000000' } as const

export async function deleteAccount(userId: string, input: { password: string; confirm: string }): Promise<DeleteAccountResult> {
	const parsed = deleteSchema.safeParse(input)
	if (!parsed.success) {
		const errors: Record<string, string> = {}
		for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message
		return { ok: false, errors }
	}
	const budget = await consumeRateLimit({ key: `credentials:${userId}`, limit: 10, windowSeconds: 60 * 60 })
	if (!budget.allowed) return { ok: false, errors: { password: DELETE_ACCOUNT_MESSAGES.tooManyAttempts } }
	const [user] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId))
	if (!user || !(await verifyPassword(parsed.data.password, user.passwordHash))) {
		return { ok: false, errors: { password: DELETE_ACCOUNT_MESSAGES.wrongPassword } }
	}
	const [admin] = await db
		.select()
		.from(userRoles)
		.where(sql`${userRoles.userId} = ${userId} and ${userRoles.role} = 'admin'`)
	if (admin) return { ok: false, errors: { password: DELETE_ACCOUNT_MESSAGES.admin } }

	const photoUrls = await db.transaction(async (tx) => {
		const photos = await queryRows<{ photo_url: string }>(sql`select photo_url from user_photos where user_id = ${userId}::uuid`, tx)
		// Orders placed signed in, and those placed as a guest with the same address.
		await tx.execute(sql`
			update orders set customer_name = ${REMOVED.name}, email = ${REMOVED.email}, cpf = ${REMOVED.cpf}, phone = '',
				cep = ${REMOVED.cep}, street = '', number = '', complement = null, district = '',
				access_token = ${hashToken(randomBytes(32).toString('base64url'))}, user_id = null, updated_at = now()
			where user_id = ${userId}::uuid or email = ${user.email}`)
		await tx.execute(sql`
			update personalization_orders set user_id = null, pet_instagram = null where user_id = ${userId}::uuid`)
		await tx.execute(sql`
			update reviews set customer_name = 'Cliente', customer_email = ${ANONYMOUS_REVIEW_EMAIL}, user_id = null
			where user_id = ${userId}::uuid or customer_email = ${user.email}`)
		await tx.execute(sql`delete from mail_outbox where "to" = ${user.email}`)
		await tx.execute(sql`delete from launch_notifications where email = ${user.email}`)
		// Issue 31 (decision 120): her restock alerts, also those asked signed out with her address.
		await tx.execute(sql`delete from restock_alerts where user_id = ${userId}::uuid or email = ${user.email.toLowerCase()}`)
		await tx.delete(users).where(eq(users.id, userId))
		return photos.map((p) => p.photo_url)
	})
	for (const url of photoUrls) {
		const location = parseUploadUrl(url)
		if (!location) continue
		// A file left behind is logged, not fatal: the account and its rows are already gone.
		await deleteUpload(location.bucket, location.key).catch((error: unknown) =>
			logger.warn({ error: String(error), url }, 'arquivo de foto não apagado na exclusão da conta'),
		)
	}
	logger.info({ userId }, 'conta excluída a pedido do cliente')
	return { ok: true }
}
