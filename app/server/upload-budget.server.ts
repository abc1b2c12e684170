import { clientAddressGroup } from '~/server/address-group.server'
import { consumeRateLimit } from '~/server/rate-limit.server'

/**
 * How many files a shopper may upload (decision 071): customer photos (/user/photos) and
 * personalization files (/resources/personalizacao/arquivo) draw from the same budgets, counted
 * before the body is read, so a refused upload costs the server no disk and no parsing.
 *
 * - per account (signed-in uploads): 20 per 10 minutes. A person sending pictures of their pet
 *   or trying a few faces for a bandana stays far below; a script sending 30 photos in 9 seconds
 *   (the audit's case) is stopped at the 21st.
 * - per address group (an IPv6 /64 is one): 120 per hour, whoever is signed in, so new accounts
 *   or new browsers from one place do not each bring a fresh budget. The personalization upload
 *   also keeps its per-browser budget (files.server.ts).
 */
export const UPLOAD_RATE_LIMITS = {
	account: { limit: 20, windowSeconds: 10 * 60 },
	address: { limit: 120, windowSeconds: 60 * 60 },
} as const

export const UPLOAD_RATE_LIMITED_MESSAGE = 'Muitos arquivos enviados em pouco tempo. Aguarde alguns minutos e tente novamente.'

export type UploadBudget = { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string }

/** Counts one upload against the account's (when signed in) and the address group's budgets. */
export async function consumeUploadBudget(who: { userId: string | null; clientIp: string }): Promise<UploadBudget> {
	const results = await Promise.all([
		consumeRateLimit({ key: `upload:address:${clientAddressGroup(who.clientIp)}`, ...UPLOAD_RATE_LIMITS.address }),
		...(who.userId ? [consumeRateLimit({ key: `upload:account:${who.userId}`, ...UPLOAD_RATE_LIMITS.account })] : []),
	])
	const refused = results.filter((result) => !result.allowed)
	if (refused.length === 0) return { allowed: true }
	return {
		allowed: false,
		retryAfterSeconds: Math.max(...refused.map((result) => result.retryAfterSeconds)),
		message: UPLOAD_RATE_LIMITED_MESSAGE,
	}
}
