import { and, eq, sql } from 'drizzle-orm'
import { userProfiles, userRoles, users } from '~/db/schema'
import { forgetCachedUser, type SessionUser } from '~/server/auth/guards.server'
import { getDummyPasswordHash, hashPassword, verifyPassword } from '~/server/auth/password.server'
import { createSession, destroyAllSessionsForUser, destroySession } from '~/server/auth/session.server'
import { consumeVerificationToken, createVerificationToken, revokeVerificationTokens } from '~/server/auth/tokens.server'
import { forgetCartAtSignOut, mergeCartAtSignIn } from '~/server/cart/cart.server'
import { db } from '~/server/db.server'
import { publicUrl } from '~/server/env.server'
import { logger } from '~/server/logger.server'
import { awardPointsOnce } from '~/server/loyalty/points.server'
import { recordReferral } from '~/server/loyalty/referrals.server'
import { sendMail } from '~/server/mail.server'
import { confirmationEmail, passwordResetEmail, signUpAttemptEmail } from '~/server/mail/templates.server'
import { clearBuyerCookieHeader } from '~/server/orders/buyer-cookie.server'
import { enterSignIn, recordSignInFailure, recordSignInSuccess, resetSignInLimitsForAccount } from '~/server/auth/sign-in-throttle.server'
import { consumeRateLimit } from '~/server/rate-limit.server'
import { getStoreSettings } from '~/server/settings.server'
import {
	authMessages,
	emailSchema,
	firstNameSchema,
	newPasswordSchema,
	PASSWORD_MAX_LENGTH,
	PASSWORD_MIN_LENGTH,
} from '~/utils/auth-validation'

/**
 * Account operations: sign-up, sign-in, sign-out, e-mail confirmation, password reset.
 * Routes call these; this is the one place each of them happens.
 */

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, emailSchema, newPasswordSchema }
/** The Portuguese messages of account operations (shared with the pages). */
export const messages = authMessages

/** E-mails are compared and stored lower-cased and trimmed (the users table checks it). */
export function normalizeEmail(email: string): string {
	return email.trim().toLowerCase()
}

// Sign-in limits live in sign-in-throttle.server.ts (decision 021).
export { SIGN_IN_LIMITS } from '~/server/auth/sign-in-throttle.server'
// Reset e-mails per address requested: stops anyone from flooding a mailbox.
const RESET_REQUEST_LIMIT = { limit: 3, windowSeconds: 60 * 60 }
// 'Someone tried to sign up with your e-mail' notices per address: same reason.
const SIGN_UP_ATTEMPT_NOTICE_LIMIT = { limit: 3, windowSeconds: 60 * 60 }

// ---------------------------------------------------------------------------------------
// Hook points. Other modules register work that must happen at sign-in / sign-out, e.g.
// "merge the anonymous cart into the customer's cart" (spec decision 3) belongs in
// afterSignIn; "forget the cart cookie" in afterSignOut. A hook may append Set-Cookie
// headers to `headers`; they go out with the sign-in/out response. A failing hook is logged
// and does not undo the sign-in.
// ---------------------------------------------------------------------------------------
export type AuthHookEvent = { userId: string; request: Request; headers: Headers }
export type AuthHook = (event: AuthHookEvent) => void | Promise<void>
// Registered here, not from start-up code: the HTTP entry and the app build are separate
// bundles with separate copies of this module, so only an import from here is sure to count.
export const afterSignIn: AuthHook[] = [mergeCartAtSignIn]
export const afterSignOut: AuthHook[] = [forgetCartAtSignOut]

async function runHooks(name: string, hooks: AuthHook[], event: AuthHookEvent) {
	for (const hook of hooks) {
		try {
			await hook(event)
		} catch (error) {
			logger.error({ error: String(error), hook: hook.name || name, userId: event.userId }, `falha no gancho ${name}`)
		}
	}
}

async function loadSessionUserById(userId: string): Promise<SessionUser> {
	const [row] = await db
		.select({ id: users.id, email: users.email, fullName: userProfiles.fullName, emailVerifiedAt: users.emailVerifiedAt })
		.from(users)
		.leftJoin(userProfiles, eq(userProfiles.userId, users.id))
		.where(eq(users.id, userId))
		.limit(1)
	if (!row) throw new Error(`usuário ${userId} não encontrado`)
	const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))
	// As in the guards: admin only with a confirmed address (decision 021).
	const isAdmin = row.emailVerifiedAt !== null && roles.some((r) => r.role === 'admin')
	return { id: row.id, email: row.email, fullName: row.fullName ?? null, isAdmin }
}

// ------------------------------------------------------------------------------ sign-up

/**
 * `created` is false when the address already had an account: the caller answers exactly as
 * for a new one (the page must not reveal who is a customer) and the address's owner gets an
 * e-mail saying someone tried (decision 021). `userId` is then the existing account's.
 */
export type SignUpResult =
	| { ok: true; userId: string; created: boolean }
	| { ok: false; field: 'email' | 'password' | 'firstName'; message: string }

export async function signUp(input: {
	email: string
	password: string
	/** Asked by the sign-up form (issue 31); optional for callers that create accounts otherwise. */
	firstName?: string
	request?: Request
	/** A share code from `/auth?ref=` (issue 10): who referred this customer. */
	referralCode?: string | null
}): Promise<SignUpResult> {
	const email = emailSchema.safeParse(input.email)
	if (!email.success) return { ok: false, field: 'email', message: messages.invalidEmail }
	const password = newPasswordSchema.safeParse(input.password)
	if (!password.success) return { ok: false, field: 'password', message: password.error.issues[0]?.message ?? messages.passwordTooShort }
	const firstName = input.firstName === undefined ? null : firstNameSchema.safeParse(input.firstName)
	if (firstName && !firstName.success) {
		return { ok: false, field: 'firstName', message: firstName.error.issues[0]?.message ?? messages.firstNameRequired }
	}

	// Hashed whether or not the address is taken: both answers cost the same scrypt.
	const passwordHash = await hashPassword(password.data)
	const { signupBonus } = (await getStoreSettings()).loyaltyPoints
	const userId = await db.transaction(async (tx) => {
		// The unique index decides between two simultaneous sign-ups with the same e-mail.
		const [created] = await tx
			.insert(users)
			.values({ email: email.data, passwordHash })
			.onConflictDoNothing({ target: users.email })
			.returning({ id: users.id })
		if (!created) return null
		await tx.insert(userProfiles).values({ userId: created.id, fullName: firstName?.data ?? null })
		await tx.insert(userRoles).values({ userId: created.id, role: 'customer' })
		await recordReferral(tx, { friendUserId: created.id, code: input.referralCode ?? null })
		if (signupBonus > 0) {
			await awardPointsOnce(tx, {
				userId: created.id,
				actionType: 'signup',
				description: 'Bônus de cadastro',
				points: signupBonus,
				eventKey: `signup:${created.id}`,
			})
		}
		return created.id
	})
	if (!userId) {
		const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.data)).limit(1)
		if (!existing) throw new Error(`cadastro de ${email.data}: conta nem criada nem encontrada`)
		await sendSignUpAttemptNotice(email.data)
		return { ok: true, userId: existing.id, created: false }
	}

	await sendConfirmationEmail(userId, email.data)
	return { ok: true, userId, created: true }
}

async function sendSignUpAttemptNotice(email: string) {
	const budget = await consumeRateLimit({ key: `signup-notice:${email}`, ...SIGN_UP_ATTEMPT_NOTICE_LIMIT })
	if (!budget.allowed) {
		logger.warn({ email }, 'aviso de tentativa de cadastro não enviado: limite atingido')
		return
	}
	await sendMail({ to: email, ...signUpAttemptEmail({ baseUrl: publicUrl() }) })
}

export async function sendConfirmationEmail(userId: string, email: string) {
	const token = await createVerificationToken(userId, 'confirm_email')
	await sendMail({ to: email, ...confirmationEmail({ baseUrl: publicUrl(), token }) })
}

// ------------------------------------------------------------------------------ sign-in

export type SignInResult =
	| { ok: true; user: SessionUser; headers: Headers }
	| { ok: false; reason: 'invalid_credentials'; message: string }
	| { ok: false; reason: 'rate_limited'; message: string; retryAfterSeconds: number }

/**
 * Checks the password and starts a session. Returns the headers for the response (the new
 * session cookie plus whatever the afterSignIn hooks add). Does not require a confirmed
 * e-mail from customers (the sign-up message says 'Você já pode fazer login.'), but does
 * from admins (decision 021). Throttled per sign-in-throttle.server.ts.
 */
export async function signIn(input: { email: string; password: string; ip: string; request: Request }): Promise<SignInResult> {
	const email = normalizeEmail(input.email)
	const gate = await enterSignIn(email, input.ip)
	if (!gate.allowed) {
		logger.warn({ email, ip: input.ip }, 'login bloqueado por excesso de tentativas')
		return { ok: false, reason: 'rate_limited', message: messages.rateLimited, retryAfterSeconds: gate.retryAfterSeconds }
	}

	const [user] =
		email.length <= 254
			? await db
					.select({ id: users.id, passwordHash: users.passwordHash, emailVerifiedAt: users.emailVerifiedAt })
					.from(users)
					.where(eq(users.email, email))
					.limit(1)
			: []
	const password = input.password.slice(0, PASSWORD_MAX_LENGTH + 1)
	// Unknown e-mail: still spend the time of one hash check.
	const valid = user ? await verifyPassword(password, user.passwordHash) : (await verifyPassword(password, await getDummyPasswordHash()), false)
	if (!user || !valid) {
		await recordSignInFailure(email)
		return { ok: false, reason: 'invalid_credentials', message: messages.invalidCredentials }
	}
	if (!user.emailVerifiedAt && (await hasAdminRole(user.id))) {
		// setUserRole never makes this state; an admin row added by hand must not open /admin
		// to whoever registered the address first.
		logger.warn({ email }, 'login de administrador recusado: e-mail não confirmado')
		return { ok: false, reason: 'invalid_credentials', message: messages.invalidCredentials }
	}

	await recordSignInSuccess(email, input.ip)
	return { ok: true, ...(await startSession(user.id, input.request, input.ip)) }
}

/**
 * A new session for the account (sign-in, and sign-up which signs the new customer in at once,
 * issue 31): the cookie, then the afterSignIn hooks (the anonymous cart joins the account's).
 */
export async function startSession(userId: string, request: Request, ip: string): Promise<{ user: SessionUser; headers: Headers }> {
	const headers = new Headers()
	headers.append('Set-Cookie', await createSession(userId, request, { ip }))
	forgetCachedUser(request)
	await runHooks('afterSignIn', afterSignIn, { userId, request, headers })
	return { user: await loadSessionUserById(userId), headers }
}

async function hasAdminRole(userId: string): Promise<boolean> {
	const rows = await db
		.select({ role: userRoles.role })
		.from(userRoles)
		.where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')))
		.limit(1)
	return rows.length > 0
}

// ----------------------------------------------------------------------------- sign-out

/** Ends this request's session; returns headers that clear the cookie (and hooks' cookies). */
export async function signOut(request: Request, userId: string | null): Promise<Headers> {
	const headers = new Headers()
	headers.append('Set-Cookie', await destroySession(request))
	// The order pages this browser opened as a buyer close with the session (shared computers).
	headers.append('Set-Cookie', clearBuyerCookieHeader())
	forgetCachedUser(request)
	if (userId) await runHooks('afterSignOut', afterSignOut, { userId, request, headers })
	return headers
}

// ------------------------------------------------------------------- e-mail confirmation

export async function confirmEmail(token: string): Promise<{ ok: true; userId: string } | { ok: false; message: string }> {
	const userId = await consumeVerificationToken(token, 'confirm_email')
	if (!userId) return { ok: false, message: messages.invalidToken }
	await db.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId))
	return { ok: true, userId }
}

// ------------------------------------------------------------------------ password reset

/**
 * Sends a reset link if the account exists. The caller always shows the same answer, so
 * the page does not reveal which e-mails have accounts.
 */
export async function requestPasswordReset(rawEmail: string): Promise<void> {
	const email = emailSchema.safeParse(rawEmail)
	if (!email.success) return
	const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.data)).limit(1)
	if (!user) return
	const budget = await consumeRateLimit({ key: `reset:${email.data}`, ...RESET_REQUEST_LIMIT })
	if (!budget.allowed) {
		logger.warn({ email: email.data }, 'pedido de redefinição de senha ignorado: limite atingido')
		return
	}
	const token = await createVerificationToken(user.id, 'reset_password')
	await sendMail({ to: email.data, ...passwordResetEmail({ baseUrl: publicUrl(), token }) })
}

export type ResetPasswordResult = { ok: true; userId: string } | { ok: false; field: 'password' | 'token'; message: string }

/** Sets a new password with a reset token; every session of that user is ended. */
export async function resetPassword(token: string, newPassword: string): Promise<ResetPasswordResult> {
	const password = newPasswordSchema.safeParse(newPassword)
	if (!password.success) return { ok: false, field: 'password', message: password.error.issues[0]?.message ?? messages.passwordTooShort }
	// Hash first: the token is only spent once the new password is ready to be written.
	const passwordHash = await hashPassword(password.data)
	const userId = await db.transaction(async (tx) => {
		const owner = await consumeVerificationToken(token, 'reset_password', tx)
		if (!owner) return null
		// Opening the link proves the mailbox, so the address counts as confirmed too.
		await tx
			.update(users)
			.set({ passwordHash, updatedAt: new Date(), emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
			.where(eq(users.id, owner))
		await revokeVerificationTokens(owner, 'reset_password', tx)
		// Whoever knew the old password is signed out everywhere.
		await destroyAllSessionsForUser(owner, tx)
		return owner
	})
	if (!userId) return { ok: false, field: 'token', message: messages.invalidToken }
	await resetSignInLimitsForAccount((await loadSessionUserById(userId)).email)
	return { ok: true, userId }
}
