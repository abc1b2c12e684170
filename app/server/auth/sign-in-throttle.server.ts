import { setTimeout as sleep } from 'node:timers/promises'
import { consumeRateLimit, peekRateLimit, refundRateLimit, resetRateLimit, resetRateLimitsWithPrefix } from '~/server/rate-limit.server'
import { clientAddressGroup } from '~/server/address-group.server'

/**
 * Sign-in throttling (decision 021). The goal is two-sided: a guesser gets few tries, and a
 * stranger who knows the owner's e-mail cannot lock the owner out by failing on purpose.
 *
 * - Per (account, client address): blocks. Five attempts per 15 minutes on one account from
 *   one address; the sixth, even with the right password, is refused (429). It blocks the
 *   guesser's address, not the account.
 * - Per client address: blocks. Thirty attempts per 15 minutes across all accounts, so one
 *   address cannot spray passwords over many accounts.
 * - Per account, from every address: never blocks, only slows down. Past five failures in the
 *   window each further attempt waits 1 s, 2 s, 4 s … up to 10 s before the password is
 *   checked. A botnet pays in time; the owner, from their own address, still signs in.
 *
 * Unknown e-mails are counted and slowed exactly like known ones, so the limits do not tell
 * which addresses have accounts.
 */
export const SIGN_IN_LIMITS = {
	accountAddress: { limit: 5, windowSeconds: 15 * 60 },
	address: { limit: 30, windowSeconds: 15 * 60 },
	account: { freeFailures: 5, windowSeconds: 15 * 60, firstDelayMs: 1000, maxDelayMs: 10_000 },
} as const

// Per address group (decision 071): an IPv6 guesser cannot take a fresh budget per address of its /64.
const accountAddressKey = (email: string, ip: string) => `signin:account-ip:${email}:${clientAddressGroup(ip)}`
const addressKey = (ip: string) => `signin:ip:${clientAddressGroup(ip)}`
const accountFailuresKey = (email: string) => `signin:account:${email}`

/** The wait before checking a password, given the account's failures in the current window. */
export function signInSlowdownMs(failures: number): number {
	const { freeFailures, firstDelayMs, maxDelayMs } = SIGN_IN_LIMITS.account
	if (failures <= freeFailures) return 0
	return Math.min(firstDelayMs * 2 ** (failures - freeFailures - 1), maxDelayMs)
}

export type SignInGate = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/**
 * Spends one attempt from both blocking budgets (atomically, before the password is checked,
 * so parallel guesses cannot slip past), then waits out the account's slowdown.
 */
export async function enterSignIn(email: string, ip: string): Promise<SignInGate> {
	const [byAccountAddress, byAddress] = await Promise.all([
		consumeRateLimit({ key: accountAddressKey(email, ip), ...SIGN_IN_LIMITS.accountAddress }),
		consumeRateLimit({ key: addressKey(ip), ...SIGN_IN_LIMITS.address }),
	])
	if (!byAccountAddress.allowed || !byAddress.allowed) {
		return {
			allowed: false,
			retryAfterSeconds: Math.max(
				byAccountAddress.allowed ? 0 : byAccountAddress.retryAfterSeconds,
				byAddress.allowed ? 0 : byAddress.retryAfterSeconds,
			),
		}
	}
	const failures = await peekRateLimit({ key: accountFailuresKey(email), windowSeconds: SIGN_IN_LIMITS.account.windowSeconds })
	const delay = signInSlowdownMs(failures)
	if (delay > 0) await sleep(delay)
	return { allowed: true }
}

/** A wrong password (or unknown e-mail): one more failure on the account's slowdown counter. */
export async function recordSignInFailure(email: string): Promise<void> {
	await consumeRateLimit({ key: accountFailuresKey(email), limit: Number.MAX_SAFE_INTEGER, windowSeconds: SIGN_IN_LIMITS.account.windowSeconds })
}

/**
 * The right password: this address's budget on the account and the account's slowdown start
 * over, and the attempt is given back to the address's budget. That budget is there to stop
 * guessing across accounts; a shared address (an office, a mobile carrier's CGNAT) where many
 * people sign in successfully must not lock everyone out.
 */
export async function recordSignInSuccess(email: string, ip: string): Promise<void> {
	await Promise.all([
		resetRateLimit(accountAddressKey(email, ip)),
		resetAccountSignInFailures(email),
		refundRateLimit({ key: addressKey(ip), windowSeconds: SIGN_IN_LIMITS.address.windowSeconds }),
	])
}

async function resetAccountSignInFailures(email: string): Promise<void> {
	await resetRateLimit(accountFailuresKey(email))
}

/**
 * After a password reset the account starts with a clean slate, the owner's own address
 * included (they may have locked it by mistyping): guesses against the old password are moot.
 */
export async function resetSignInLimitsForAccount(email: string): Promise<void> {
	await Promise.all([resetAccountSignInFailures(email), resetRateLimitsWithPrefix(`${accountAddressKey(email, '')}`)])
}
