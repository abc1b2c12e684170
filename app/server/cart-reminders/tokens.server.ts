import { createHash, randomBytes } from 'node:crypto'

/**
 * The reminder's link tokens (decision 121): 32 random bytes (256 bits, unguessable), sent only
 * in the e-mail; the database keeps their SHA-256, so a leaked backup opens no cart and
 * withdraws no consent. The shop has no signing secret of its own, and a stored token can be
 * checked and revoked row by row, which a signature cannot.
 */
export function newLinkToken(): string {
	return randomBytes(32).toString('base64url')
}

export function hashLinkToken(token: string): string {
	return createHash('sha256').update(token).digest('hex')
}

/** 43 base64url characters: anything else is not one of ours and reaches no query. */
export function isLinkTokenShape(token: string | undefined): token is string {
	return typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token)
}
