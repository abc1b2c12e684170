import { randomInt } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { userProfiles, users } from '~/db/schema'
import { isUniqueViolation } from '~/server/database-errors.server'
import { db, type Executor, queryRows, type Transaction } from '~/server/db.server'
import { awardPointsOnce } from './points.server'
import { evaluateBadges } from './badges.server'

/**
 * Referrals (issue 10, decision 038): each customer has a share code; a friend who opens
 * `/auth?ref=CODE` carries it in a cookie through sign-up, which records who referred them;
 * when the friend's first order is paid the referrer earns the referral points, once per
 * friend (event 'referral:{friendUserId}').
 */

/** No 0/O, 1/I/L: codes are read aloud and typed from screenshots. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const CODE_LENGTH = 8
export const REFERRAL_CODE_PATTERN = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/

/** Normalises what a link carried ('abcd2345' → 'ABCD2345'); null when it cannot be a code. */
export function parseReferralCode(value: unknown): string | null {
	if (typeof value !== 'string') return null
	const code = value.trim().toUpperCase()
	return REFERRAL_CODE_PATTERN.test(code) ? code : null
}

function newCode(): string {
	let code = ''
	for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)]
	return code
}

/**
 * The customer's share code, made the first time it is asked for. Concurrent first calls
 * agree: the update only fills an empty code, and whoever lost reads the winner's.
 */
export async function referralCodeOf(userId: string): Promise<string> {
	for (let attempt = 0; attempt < 5; attempt++) {
		const [existing] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId))
		if (!existing) throw new Error('usuário não encontrado')
		if (existing.code) return existing.code
		try {
			await db
				.update(users)
				.set({ referralCode: newCode() })
				.where(and(eq(users.id, userId), isNull(users.referralCode)))
		} catch (error) {
			// A code another customer already has (about 1 in 800 billion): draw again.
			if (!isUniqueViolation(error)) throw error
		}
	}
	throw new Error('código de indicação não gerado')
}

/** The referrer behind a code, or null (unknown code, or the new customer's own). */
export async function referrerFor(code: string | null, executor: Executor = db): Promise<string | null> {
	if (!code) return null
	const [row] = await executor.select({ id: users.id }).from(users).where(eq(users.referralCode, code))
	return row?.id ?? null
}

/** Records who referred a new customer (at sign-up, in its transaction). */
export async function recordReferral(tx: Transaction, input: { friendUserId: string; code: string | null }): Promise<void> {
	const referrerId = await referrerFor(input.code, tx)
	if (!referrerId || referrerId === input.friendUserId) return
	await tx.update(userProfiles).set({ referredByUserId: referrerId }).where(eq(userProfiles.userId, input.friendUserId))
}

/**
 * Called when one of `friendUserId`'s orders is paid (inside that transaction): if someone
 * referred them, the referrer earns `points` once, and their 'referrals_paid' badges are
 * looked at even when the points are switched off. Returns the referrer's id, or null.
 */
export async function awardReferralOnFirstPaidOrder(
	tx: Transaction,
	input: { friendUserId: string; points: number },
): Promise<string | null> {
	const [row] = await queryRows<{ referrer_id: string; email: string }>(
		sql`select p.referred_by_user_id as referrer_id, u.email from user_profiles p join users u on u.id = p.user_id
			where p.user_id = ${input.friendUserId}::uuid and p.referred_by_user_id is not null`,
		tx,
	)
	if (!row) return null
	if (input.points > 0) {
		await awardPointsOnce(tx, {
			userId: row.referrer_id,
			actionType: 'referral',
			description: `Indicação: ${maskEmail(row.email)} fez o primeiro pedido`,
			points: input.points,
			eventKey: `referral:${input.friendUserId}`,
		})
	}
	await evaluateBadges(tx, row.referrer_id)
	return row.referrer_id
}

/** 'maria.silva@gmail.com' → 'ma***@gmail.com': the referrer sees who, not the friend's address. */
export function maskEmail(email: string): string {
	const [local = '', domain = ''] = email.split('@')
	return `${local.slice(0, 2)}***@${domain}`
}

/** The cookie that carries a share code from `/auth?ref=` to the sign-up (30 days). */
export const REFERRAL_COOKIE = 'loja_ref'
const REFERRAL_COOKIE_MAX_AGE = 60 * 60 * 24 * 30

export function referralCookie(code: string): string {
	const parts = [`${REFERRAL_COOKIE}=${code}`, 'Path=/', `Max-Age=${REFERRAL_COOKIE_MAX_AGE}`, 'HttpOnly', 'SameSite=Lax']
	if (process.env.NODE_ENV === 'production') parts.push('Secure')
	return parts.join('; ')
}

export function clearReferralCookie(): string {
	const parts = [`${REFERRAL_COOKIE}=`, 'Path=/', 'Max-Age=0', 'HttpOnly', 'SameSite=Lax']
	if (process.env.NODE_ENV === 'production') parts.push('Secure')
	return parts.join('; ')
}
