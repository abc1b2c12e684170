/**
 * Tells "the database is unreachable right now" apart from every other database error.
 *
 * An unreachable database (restart, failover, network cut, pool exhausted) is not a bug
 * in the request: the honest answer is 503 with Retry-After, and the shop recovers by
 * itself when the database is back. Everything else (a constraint, a bad value, a bug)
 * stays a 500 or whatever the route makes of it.
 *
 * Drizzle wraps driver errors in DrizzleQueryError (the driver's error in `cause`), and
 * pg-pool throws plain Errors for its own timeouts, so the whole `cause` chain is walked.
 */

/** SQLSTATEs that mean the session could not be served, whatever the statement was. */
const UNAVAILABLE_SQLSTATES = new Set([
	'57P01', // admin_shutdown: the backend was terminated (pg_terminate_backend, fast shutdown)
	'57P02', // crash_shutdown
	'57P03', // cannot_connect_now: starting up, shutting down, in recovery
	'57014', // query_canceled: our statement_timeout fired, the database is overloaded or stuck
	'53300', // too_many_connections
])

/** Node socket errors of a database that went away or never answered. */
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])

/** node-postgres and pg-pool raise these as plain Errors, without a code. */
const UNAVAILABLE_MESSAGES = [
	'timeout exceeded when trying to connect', // pg-pool: connectionTimeoutMillis elapsed
	'Connection terminated', // the socket closed under a query ("…unexpectedly", "…due to connection timeout")
	'Client has encountered a connection error and is not queryable',
	'Query read timeout', // query_timeout elapsed
	'Cannot use a pool after calling end on the pool', // shutting down
]

type ErrorLike = { code?: unknown; severity?: unknown; message?: unknown; cause?: unknown }

function isUnavailableLink(error: ErrorLike): boolean {
	const code = typeof error.code === 'string' ? error.code : ''
	// Class 08: connection exceptions (08000, 08003, 08006, 08001, 08004…).
	if (/^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_NODE_CODES.has(code)) return true
	// A FATAL error ends the session: the server refused or dropped the connection, it did
	// not judge the statement (statement errors are severity ERROR).
	if (error.severity === 'FATAL' || error.severity === 'PANIC') return true
	const message = typeof error.message === 'string' ? error.message : ''
	return UNAVAILABLE_MESSAGES.some((fragment) => message.includes(fragment))
}

/** True when `error` (or any error in its `cause` chain) says the database is unreachable. */
export function isDatabaseUnavailableError(error: unknown): boolean {
	let current: unknown = error
	// The chain is short (DrizzleQueryError → pg error); the bound guards against cycles.
	for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
		if (isUnavailableLink(current as ErrorLike)) return true
		// AggregateError (e.g. ECONNREFUSED on both ::1 and 127.0.0.1) holds the reasons in `errors`.
		const aggregated = (current as { errors?: unknown }).errors
		if (Array.isArray(aggregated) && aggregated.some((inner) => isDatabaseUnavailableError(inner))) return true
		current = (current as ErrorLike).cause
	}
	return false
}

/**
 * For code that degrades gracefully when one section fails (a home-page row, a header
 * badge): an unreachable database is not a broken section, it is a whole-page 503.
 */
export function rethrowIfDatabaseUnavailable(error: unknown): void {
	if (isDatabaseUnavailableError(error)) throw error
}

/** SQLSTATE 23505 (a unique index refused the row), on the error or the driver error drizzle wraps. */
export function isUniqueViolation(error: unknown): boolean {
	for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
		if ((current as { code?: unknown }).code === '23505') return true
	}
	return false
}
