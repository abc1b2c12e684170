/**
 * An error as it may be written to the log: what failed and where, without the values.
 *
 * Drizzle's DrizzleQueryError says "Failed query: <sql>\nparams: <values>" in its message
 * and stack, and those values are customers' e-mails, CPFs and addresses. PostgreSQL adds
 * values too: in `detail` ("Key (email)=(ana@…) already exists") and in the message of
 * data errors ('invalid input syntax for type integer: "ana@…"'). So the log keeps the SQL
 * text (placeholders only), the SQLSTATE, the table/column/constraint names and the stack
 * frames, and never the parameters, `detail` or a value quoted in a message.
 */

export type LoggableError = {
	type: string
	message: string
	/** SQL text with $1… placeholders, never the parameter values. */
	query?: string
	/** SQLSTATE (e.g. '23505') or a Node error code (e.g. 'ECONNREFUSED'). */
	code?: string
	severity?: string
	table?: string
	column?: string
	constraint?: string
	/** Stack frames only: the first line of a stack repeats the message. */
	stack?: string
	cause?: LoggableError
}

const MAX_DEPTH = 4

export function errorForLog(error: unknown, depth = 0): LoggableError {
	if (!(error instanceof Error)) {
		// Something thrown that is not an Error (a string, an object): its type only.
		return { type: typeof error, message: 'valor lançado que não é um Error' }
	}
	const fields = error as Error & Record<string, unknown>
	const code = typeof fields.code === 'string' ? fields.code : undefined
	const result: LoggableError = { type: error.constructor?.name || error.name, message: safeMessage(error, code) }
	if (isDrizzleQueryError(fields)) result.query = fields.query
	if (code) result.code = code
	for (const key of ['severity', 'table', 'column', 'constraint'] as const) {
		if (typeof fields[key] === 'string') result[key] = fields[key]
	}
	const frames = stackFrames(error.stack)
	if (frames) result.stack = frames
	if (error.cause !== undefined && error.cause !== error && depth < MAX_DEPTH) {
		result.cause = errorForLog(error.cause, depth + 1)
	}
	return result
}

function isDrizzleQueryError(error: Record<string, unknown>): error is Record<string, unknown> & { query: string } {
	return typeof error.query === 'string' && 'params' in error
}

function safeMessage(error: Error, code: string | undefined): string {
	let message = error.message
	if (isDrizzleQueryError(error as Error & Record<string, unknown>)) return 'Failed query (parâmetros omitidos)'
	// Any other wrapper that copied a drizzle message: cut at the parameters.
	const params = message.search(/\bparams:/)
	if (params >= 0) message = `${message.slice(0, params)}(parâmetros omitidos)`
	// Class 22 (data exception) messages end with the offending value in quotes.
	if (code?.startsWith('22')) message = message.replace(/: ".*"$/s, ': [valor omitido]')
	return message
}

function stackFrames(stack: string | undefined): string | undefined {
	if (!stack) return undefined
	const frames = stack
		.split('\n')
		.filter((line) => /^\s+at /.test(line))
		.map((line) => line.trim())
	return frames.length > 0 ? frames.join('\n') : undefined
}
