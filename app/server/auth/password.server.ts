import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto'

/**
 * Password hashing with scrypt from node:crypto (no native add-on, no auth library).
 * The hash string carries its own parameters — `scrypt$N$r$p$salt$hash` — so the cost can
 * be raised later without breaking existing accounts: old hashes verify with their own N/r/p.
 *
 * N=2^14, r=8, p=5 is one of OWASP's equivalent scrypt settings; it keeps memory per hash
 * at 16 MiB (several sign-ins at once stay cheap on RAM) while costing ~5 blocks of CPU.
 */
const DEFAULT_PARAMS = { N: 2 ** 14, r: 8, p: 5 } as const
type HashParams = { N: number; r: number; p: number }
let hashParams: HashParams = DEFAULT_PARAMS

/**
 * The unit tests' own cost (tests/setup/setup-test-env.ts): hundreds of sign-ups and sign-ins at
 * about half a second of CPU each were a minute of every unit stage and timed tests out on a loaded
 * machine (decision 125). Only a test can call it; no setting reaches it, so no production server can
 * store weaker hashes. password.server.test.ts puts the real cost back to test it. null: the real cost.
 */
export function setPasswordHashParamsForTests(params: HashParams | null) {
	hashParams = params ?? DEFAULT_PARAMS
	dummyHash = undefined
}
const SALT_BYTES = 16
const KEY_BYTES = 32

// Bounds for parameters read back from a stored hash: a tampered row must not be able to
// make verification allocate gigabytes or spin for minutes.
const MAX_N = 2 ** 20
const MAX_R = 32
const MAX_P = 16

function deriveKey(password: string, salt: Buffer, keyLength: number, params: { N: number; r: number; p: number }) {
	const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 }
	return new Promise<Buffer>((resolve, reject) => {
		// The async form runs on the libuv thread pool, so a sign-in does not block the event loop.
		scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)))
	})
}

export async function hashPassword(password: string): Promise<string> {
	const salt = randomBytes(SALT_BYTES)
	const key = await deriveKey(password, salt, KEY_BYTES, hashParams)
	const { N, r, p } = hashParams
	return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

type ParsedHash = { N: number; r: number; p: number; salt: Buffer; key: Buffer }

function parseHash(stored: string): ParsedHash | null {
	const parts = stored.split('$')
	if (parts.length !== 6 || parts[0] !== 'scrypt') return null
	const [, nText, rText, pText, saltText, keyText] = parts as [string, string, string, string, string, string]
	const N = Number(nText)
	const r = Number(rText)
	const p = Number(pText)
	const isPowerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0
	if (!isPowerOfTwo || N > MAX_N) return null
	if (!Number.isInteger(r) || r < 1 || r > MAX_R || !Number.isInteger(p) || p < 1 || p > MAX_P) return null
	const salt = Buffer.from(saltText, 'base64url')
	const key = Buffer.from(keyText, 'base64url')
	if (salt.length < 8 || key.length < 16 || key.length > 64) return null
	return { N, r, p, salt, key }
}

/** True when `password` matches `stored`. A malformed hash never matches (and never throws). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
	const parsed = parseHash(stored)
	if (!parsed) return false
	const candidate = await deriveKey(password, parsed.salt, parsed.key.length, parsed)
	return timingSafeEqual(candidate, parsed.key)
}

// A real hash of a random password. Sign-in verifies against it when the e-mail is unknown,
// so "no such account" costs the same time as "wrong password".
let dummyHash: Promise<string> | undefined
export function getDummyPasswordHash(): Promise<string> {
	dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
	return dummyHash
}
